"""The folds from a kept tally (a checkpoint): two tables in play taking turns at being the
newest, a correction in the middle of a long history, and a fold read before the company's
lock that another write overtook. The kept figures equal a recomputation from scratch
throughout, checkpoints included (``check`` compares every row with a rebuild)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import HandRecord
from scorekeeper import services
from scorekeeper.company import figures as kept
from scorekeeper.company import fold
from scorekeeper.company import services as company_services
from scorekeeper.company.models import Company, CompanyMatch
from scorekeeper.models import Line, Match
from scripts.company_fixture import make_company
from tests.company.helpers import SETTINGS, assert_same, company_of, create_match, nonce, play
from tests.stats.strategies import histories

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def checkpoints_every_other_row(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fold, "EVERY", 2)


@SETTINGS
@given(history=histories(min_size=2, max_size=6), data=st.data())
def test_two_tables_in_play_taking_turns_keep_the_figures_of_a_recomputation(
    history, data, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    *done, a, b = history
    company = company_of(done, django_capture_on_commit_callbacks)
    tables = []
    for m in (a, b):
        match, _s = create_match(m)
        company.refresh_from_db()
        company_services.match_link(company=company, match=match, nonce=nonce(), version=company.version)
        tables.append((match, list(m.hands)))
    turns = data.draw(st.permutations([0] * len(a.hands) + [1] * len(b.hands)))
    for k, t in enumerate(turns):
        match, hands = tables[t]
        with django_capture_on_commit_callbacks(execute=True):
            play(match, [hands.pop(0)])
        if k == len(turns) // 2:
            assert_same(company)
    company.refresh_from_db()
    assert not company.stale
    assert_same(company)


def _rows(company: Company) -> list[tuple[int, dict, dict]]:
    return list(CompanyMatch.objects.filter(company=company).values_list("match_id", "ratings", "tally"))


def test_a_correction_in_the_middle_folds_from_there_on(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    fx = make_company(11, open_matches=0)
    company = Company.objects.get(public_id=fx.public_id)
    before = _rows(company)
    middle = before[5][0]
    match = Match.objects.get(pk=middle)
    line = Line.objects.filter(match=match).order_by("number")[1]
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_delete(match=match, slot=line.slot, nonce=nonce(), version=match.version)
    company.refresh_from_db()
    after = _rows(company)
    assert after[:5] == before[:5]  # the rows before it kept as they were
    assert after != before
    assert_same(company)


def test_a_fold_read_before_the_lock_that_another_write_overtook_is_folded_again(
    django_capture_on_commit_callbacks,
) -> None:  # type: ignore[no-untyped-def]
    fx = make_company(5)
    company = Company.objects.get(public_id=fx.public_id)
    first, second = (Match.objects.get(public_id=pid) for pid, _s in fx.open)
    hand = HandRecord.from_dict({"points": [90, 30]})
    with django_capture_on_commit_callbacks(execute=False):
        services.hand_record(match=first, record=hand, nonce=nonce(), version=0)
    read = kept.change_of(company, Match.objects.get(pk=first.pk))
    assert read is not None
    with django_capture_on_commit_callbacks(execute=True):  # the other table's hand lands first
        services.hand_record(match=second, record=hand, nonce=nonce(), version=0)
    assert not kept.settle(company.pk, first.pk, read)  # the company moved: folded again
    assert_same(company)
    with django_capture_on_commit_callbacks(execute=False):
        services.hand_record(match=first, record=hand, nonce=nonce(), version=1)
    company.refresh_from_db()
    read = kept.change_of(company, Match.objects.get(pk=first.pk))
    assert kept.settle(company.pk, first.pk, read)  # nothing moved meanwhile: written as read
    assert_same(company)


def test_rows_kept_without_checkpoints_still_fold_right(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    fx = make_company(6)
    company = Company.objects.get(public_id=fx.public_id)
    CompanyMatch.objects.filter(company=company).update(tally={})  # as rows kept before them
    match = Match.objects.get(public_id=fx.open[0][0])
    with django_capture_on_commit_callbacks(execute=True):
        play(match, [{"points": [90, 30]}] * 3)
    assert_same(company, checked=False)
    assert not kept.check(company)  # the checkpoints missing before the change: check finds them
    kept.check(company, fix=True)
    assert_same(company)
