"""Rule-sheet facts that come from the variant data say what the engine does (yc-belka#trumps,
draw-four#scoring, DECISIONS draw_four_system_options)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from rules.engine import resolve
from rules.sheets import facts


@pytest.mark.parametrize(
    ("key", "options", "queens"),
    [
        ("classic-sixes", {}, "trumps"),
        ("classic-sixes", {"trump_suit": "D"}, "trumps"),
        ("yc-hvalyony", {}, "trumps"),
        (
            "yc-belka",
            {},
            "plain cards",
        ),  # yc-belka#capture: queens are plain; only the trump suit's queen is a trump
        ("yc-belka", {"trump_suit": "H"}, "plain cards"),
    ],
    ids=["2.1", "2.1-diamonds", "2.4", "2.5-clubs", "2.5-hearts"],
)
def test_queens_row(key: str, options: dict, queens: str) -> None:
    with translation.override("en"):
        rows = dict((str(a), str(b)) for a, b in facts.ruleset_rows(resolve(key, options)))
    assert rows["Queens"] == queens


def _scoring_table(html: str) -> str:
    return html.split('<table class="scoring">')[1].split("</table>")[0]


@pytest.mark.parametrize(
    ("url", "dry_goat"),
    [
        ("/rules/classic-sixes/", True),
        ("/rules/draw-four/?opt_scoring=pairs", True),  # pairs bring their dry goat (on)
        ("/rules/draw-four/?opt_scoring=pairs&opt_dry_goat_first_hand=0", False),
    ],
    ids=["classic", "draw-four-pairs", "draw-four-pairs-dry-goat-off"],
)
def test_dry_goat_row_only_where_the_option_is_on(en: Client, url: str, dry_goat: bool) -> None:
    table = _scoring_table(en.get(url).content.decode())
    assert ("dry goat" in table) is dry_goat
    assert "Third redeal" in table


def _options_table(html: str) -> str:
    return html.split('<section id="options">')[1].split("</section>")[0]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("scoring", "shown", "hidden"),
    [
        (
            "penalty-goats",
            ("6 козлов команде без единой взятки", "После яиц козлы следующего кона удваиваются"),
            ("«сухой козёл»",),
        ),
        (
            "pairs",
            ("«сухой козёл»",),
            ("6 козлов команде без единой взятки", "После яиц козлы следующего кона удваиваются"),
        ),
    ],
)
def test_draw_four_sheet_shows_only_the_chosen_scores_options(client: Client, scoring, shown, hidden) -> None:
    html = client.get(f"/rules/draw-four/?opt_scoring={scoring}").content.decode()
    table = _options_table(html)
    for label in shown:
        assert label in table, label
    for label in hidden:
        assert label not in table, label
