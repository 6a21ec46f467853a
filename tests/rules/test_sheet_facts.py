"""Rule-sheet facts that come from the variant data say what the engine does (yc-belka#deck, draw-four#deck)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from rules import facts, sheets
from rules.engine import resolve


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


@pytest.mark.parametrize(
    ("key", "options", "dry_goat"),
    [
        ("classic-sixes", {}, True),
        ("draw-four", {"scoring": "pairs"}, False),  # draw-four#scoring has no dry-goat option
    ],
    ids=["2.1", "2.6-pairs"],
)
def test_dry_goat_row_only_where_the_option_exists(key: str, options: dict, dry_goat: bool) -> None:
    with translation.override("en"):
        rows = sheets.scoring_rows("pairs", resolve(key, options).options)
    assert any("dry goat" in b for _a, b in rows) is dry_goat
    assert any("Third redeal" in a for a, _b in rows)


@pytest.mark.django_db
def test_draw_four_sheet_says_no_dry_goat(client: Client) -> None:
    html = client.get("/rules/draw-four/?opt_scoring=pairs").content.decode()
    assert "«сухого козла» в этой игре нет" in html
    assert "«сухой козёл»: матч выигран" not in html
