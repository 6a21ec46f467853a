"""The exact analysis as the pages ask for it (rules.analysis.exact): an answer kept in Django's
``analysis`` cache as its JSON form and read back whole, the node budget's refusal kept with it,
nothing else kept, and a position named the same in every process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import caches
from django.test import RequestFactory

from rules.analysis import exact, gate
from rules.analysis.answer import analysis_of, analysis_state
from rules.deals import DealIn
from rules.engine import Analysis, KozelError, TrickContext, analyse_deal, resolve
from tests.rules.helpers import past_the_budget, revoke_deal, table_deal

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def fresh() -> None:
    exact.forget()


def real_answers() -> list[Analysis]:
    """Answers that fill every field: a review with its turning point, the plays that kept its
    goal and a goal given back; a table of leads of several cards; a review past the budget."""
    params, _trick, _seat = revoke_deal()
    rs = resolve("classic-sixes")
    hands = [params[f"h{s}"].split() for s in range(4)]
    review = analyse_deal(rs, 0, hands, params["plays"].split(), partial=True, alternatives=True)
    assert review.turning_keeps and review.given_back and review.first_goals
    multi, _ = table_deal("classic-sixes", options={"multi_leads": "1"})
    several = analyse_deal(
        resolve("classic-sixes", {"multi_leads": True}),
        0,
        [multi[f"h{s}"].split() for s in range(4)],
        multi["plays"].split()[:20],
    )
    assert any(isinstance(m.card, tuple) and len(m.card) > 1 for m in several.moves)
    whole, partial, _budget = past_the_budget(*table_deal("classic-sixes")[:1], [])
    assert partial.unvalued
    return [review, several, whole, partial]


def test_an_answer_s_json_form_reads_back_the_same_answer() -> None:
    for answer in real_answers():
        state = json.loads(json.dumps(analysis_state(answer)))  # JSON, nothing but
        assert analysis_of(state) == answer


def kept_review(budget: int | None = None) -> Analysis:
    """The deal review's question; with a ``budget`` of its own, the whole answer or none."""
    params, _trick, _seat = revoke_deal()
    rs = resolve("classic-sixes")
    hands = [params[f"h{s}"].split() for s in range(4)]
    table = {"budget": budget or exact.budget(), "partial": budget is None, "alternatives": True}
    return exact.kept(RequestFactory().get("/"), DealIn(rs, 0, hands, params["plays"].split()), **table)


def test_a_kept_answer_is_read_from_the_cache_without_a_solve() -> None:
    first = kept_review()
    assert len(caches["analysis"]._cache) == 1  # type: ignore[attr-defined]
    with gate.one_solve():  # another solve would be refused as busy
        again = kept_review()
    assert again == first


def test_the_node_budget_s_refusal_is_kept_and_raised_again() -> None:
    with pytest.raises(KozelError) as refused:
        kept_review(budget=50)
    assert refused.value.code == "too_complex"
    with gate.one_solve(), pytest.raises(KozelError) as again:
        kept_review(budget=50)
    assert again.value.code == "too_complex" and again.value.params == refused.value.params


def test_another_refusal_is_not_kept() -> None:
    rs = resolve("classic-sixes")
    request = RequestFactory().get("/")
    deal = DealIn(rs, 0, [["7C", "QC"], [], [], []], [])  # most cards' places unknown
    for _ in range(2):
        with pytest.raises(KozelError) as refused:
            exact.kept(request, deal)
        assert refused.value.code == "incomplete_deal"
    with gate.one_solve(), pytest.raises(gate.Busy):
        exact.kept(request, deal)


def test_a_cached_value_written_otherwise_is_a_miss() -> None:
    first = kept_review()
    (name,) = caches["analysis"]._cache  # type: ignore[attr-defined]
    caches["analysis"].set(name.split(":")[-1], {"to_move": 0})  # an older release's form
    assert kept_review() == first


QUESTION = (
    "from rules.analysis.exact import key; from rules.deals import DealIn; "
    "from rules.engine import TrickContext, resolve; "
    "print(key(DealIn(resolve('classic-sixes'), 1, [['AH', '10H']], ['AH'], "
    "TrickContext(hand_number=3, score=(2, 4), led_suits=frozenset('CSHD'))), {'budget': 9}))"
)


def test_a_position_has_one_name_in_every_process() -> None:
    names = {
        subprocess.run(
            [sys.executable, "-c", "import django; django.setup(); " + QUESTION],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed, "DJANGO_SETTINGS_MODULE": "kozel_site.settings"},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in ("1", "2", "3")
    }
    context = TrickContext(hand_number=3, score=(2, 4), led_suits=frozenset("CSHD"))
    here = exact.key(DealIn(resolve("classic-sixes"), 1, [["AH", "10H"]], ["AH"], context), {"budget": 9})
    assert names == {here}


def test_the_budget_the_answer_was_asked_with_is_part_of_its_name() -> None:
    deal = DealIn(resolve("classic-sixes"), 0, [], [])
    assert exact.key(deal, {"budget": 50}) != exact.key(deal, {"budget": 51})
