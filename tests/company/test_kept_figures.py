"""The company's kept figures equal a recomputation from scratch (rules.stats over the boards),
through matches joining, hands recorded after the match's write has committed, corrections
and deletions of old hands, matches leaving, and a merge then its undo."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import HandRecord
from rules.stats import MatchInput
from scorekeeper import services
from scorekeeper.company import figures as kept
from scorekeeper.company import fold
from scorekeeper.company import services as company_services
from scorekeeper.company.models import Company
from scorekeeper.models import Line
from tests.company.helpers import SETTINGS, assert_same, company_of, nonce, play
from tests.stats.strategies import histories

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def checkpoints_every_other_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """The histories are short: a tally kept every other row puts the folds from a checkpoint
    in every example."""
    monkeypatch.setattr(fold, "EVERY", 2)


@SETTINGS
@given(history=histories(min_size=1, max_size=6))
def test_kept_figures_equal_a_recomputation(history, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    company = company_of(history, django_capture_on_commit_callbacks)
    assert not company.stale
    assert_same(company)


@SETTINGS
@given(history=histories(min_size=2, max_size=5), data=st.data())
def test_correcting_an_old_match_changes_figures_as_a_recomputation(
    history, data, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    company = company_of(history, django_capture_on_commit_callbacks)
    rows = list(company.rows.select_related("match"))
    row = data.draw(st.sampled_from(rows[:-1]))
    match = row.match
    lines = list(Line.objects.filter(match=match))
    if not lines:
        return
    line = data.draw(st.sampled_from(lines))
    match.refresh_from_db()
    version = match.version
    with django_capture_on_commit_callbacks(execute=True):
        try:
            if data.draw(st.booleans()):
                services.hand_delete(match=match, slot=line.slot, nonce=nonce(), version=match.version)
            else:  # the hand with the points of another hand (or the same): the engine decides
                other = {k: v for k, v in data.draw(st.sampled_from(lines)).record.items() if k != "dealer"}
                services.hand_edit(
                    match=match,
                    slot=line.slot,
                    record=HandRecord.from_dict(other),
                    nonce=nonce(),
                    version=match.version,
                )
        except services.Invalid:  # a change a later hand no longer fits: refused, nothing written
            match.refresh_from_db()
            assert match.version == version
    company.refresh_from_db()
    assert_same(company)


@SETTINGS
@given(history=histories(min_size=2, max_size=5), data=st.data())
def test_a_merge_then_its_undo_restores_everything(history, data, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    from scorekeeper.company.log import replay
    from scorekeeper.company.models import CompanyEntry, CompanyMatch

    company = company_of(history, django_capture_on_commit_callbacks)
    before = kept.kept_state(company)
    roster = replay(CompanyEntry.objects.filter(company=company))
    players = roster.players()
    pairs = [
        (a, b)
        for a in players
        for b in players
        if a != b and not any(a in roster.seated(m) and b in roster.seated(m) for m in roster.matches)
    ]
    if not pairs:  # everyone played with everyone: a player who never played is merged instead
        company_services.player_add(company=company, name="Тот же", nonce=nonce(), version=company.version)
        roster = replay(CompanyEntry.objects.filter(company=company))
        pairs = [(players[0], roster.players()[-1])]
        before = kept.kept_state(company)
    keep, fold = data.draw(st.sampled_from(pairs))
    entry, _ = company_services.players_merge(
        company=company, keep=keep, fold=fold, nonce=nonce(), version=company.version
    )
    assert_same(company)
    company_services.merge_undo(company=company, merge=entry.seq, nonce=nonce(), version=company.version)
    company.refresh_from_db()
    assert kept.same(kept.kept_state(company), before)
    assert CompanyMatch.objects.filter(company=company).count() == len(history)
    assert_same(company)


def test_a_match_leaving_and_a_stale_company_rebuilt_on_its_next_write(
    django_capture_on_commit_callbacks,
) -> None:  # type: ignore[no-untyped-def]
    hands = [{"points": [90, 30]}] * 3  # a match won 6:0
    ms = [
        MatchInput("classic-sixes", ["Аня", "Боря", "Вика", "Гоша"], hands, seats=4),
        MatchInput("classic-sixes", ["Вика", "Аня", "Гоша", "Боря"], hands, seats=4),
    ]
    company = company_of(ms, django_capture_on_commit_callbacks)
    first = company.rows.first()
    company_services.match_remove(
        company=company, match=first.match_id, nonce=nonce(), version=company.version
    )
    assert company.rows.count() == 1
    assert_same(company)
    Company.objects.filter(pk=company.pk).update(stale=True, figures={})
    company.refresh_from_db()
    assert not kept.check(company)
    company_services.player_add(company=company, name="Дина", nonce=nonce(), version=company.version)
    company.refresh_from_db()
    assert not company.stale
    assert_same(company)


def test_check_companies_finds_and_fixes_a_difference(django_capture_on_commit_callbacks, capsys) -> None:  # type: ignore[no-untyped-def]
    hands = [{"points": [90, 30]}] * 3
    company = company_of(
        [MatchInput("classic-sixes", ["Аня", "Боря", "Вика", "Гоша"], hands, seats=4)],
        django_capture_on_commit_callbacks,
    )
    call_command("check_companies")
    assert "0 differ" in capsys.readouterr().out
    Company.objects.filter(pk=company.pk).update(figures={"scopes": {}})
    with pytest.raises(CommandError):
        call_command("check_companies")
    assert "1 differ" in capsys.readouterr().out
    call_command("check_companies", "--fix")
    company.refresh_from_db()
    assert_same(company)


def test_the_figures_move_only_after_the_matchs_write_has_committed(
    django_capture_on_commit_callbacks,
) -> None:  # type: ignore[no-untyped-def]
    hands = [{"points": [90, 30]}] * 3
    company = company_of(
        [MatchInput("classic-sixes", ["Аня", "Боря", "Вика", "Гоша"], hands[:2], seats=4)],
        django_capture_on_commit_callbacks,
    )
    assert company.figures["scopes"]["*"]["tally"]["players"] == {}  # not finished yet
    match = company.rows.get().match
    with django_capture_on_commit_callbacks(execute=False) as pending:
        play(match, hands[2:])
        company.refresh_from_db()
        assert company.figures["scopes"]["*"]["tally"]["players"] == {}  # inside the write: untouched
    assert len(pending) == 1
    pending[0]()
    company.refresh_from_db()
    assert company.figures["scopes"]["*"]["count"] == 1
    assert len(company.figures["scopes"]["*"]["tally"]["players"]) == 4
    assert_same(company)


def test_check_companies_finds_nothing_wrong_with_a_company_just_made(client, capsys) -> None:  # type: ignore[no-untyped-def]
    """A company without a match keeps what the rebuild would: the check does not cry wolf."""
    posted = client.post("/c/new/", {"name": "Пятница", "time_zone": "Europe/Moscow", "players": "Аня\nБоря"})
    assert posted.status_code == 302
    company_services.company_create(name="Без игроков", time_zone="Europe/Moscow")
    assert Company.objects.count() == 2
    call_command("check_companies")
    assert "2 company(ies) checked, 0 differ" in capsys.readouterr().out
