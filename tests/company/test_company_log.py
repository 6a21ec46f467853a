"""The company's log: players by name, renames, merges and their undo, matches added by their
edit link and removed; today's names derived by replaying the log, a match's own names kept."""

from __future__ import annotations

import pytest

from rules.stats import MatchInput
from scorekeeper.company import services as cs
from scorekeeper.company.log import replay
from scorekeeper.company.models import Company, CompanyEntry
from scorekeeper.models import Match
from scorekeeper.services import Invalid, NonceReused, StaleForm
from tests.company.helpers import create_match, nonce

pytestmark = pytest.mark.django_db

FOUR = ["Аня", "Боря", "Вика", "Гоша"]


def roster(company: Company):  # type: ignore[no-untyped-def]
    return replay(CompanyEntry.objects.filter(company=company))


def names(company: Company) -> list[str]:
    r = roster(company)
    return [r.names[p] for p in r.players()]


def edit_link(public_id: str, secret: str) -> str:
    return f"https://kozel.example/m/{public_id}/e/{secret}/"


def test_create_adds_players_and_keeps_only_the_secrets_hash() -> None:
    company, secret = cs.company_create(name="Пятница", time_zone="Asia/Novosibirsk", players=["Аня", "Боря"])
    assert names(company) == ["Аня", "Боря"]
    assert company.time_zone == "Asia/Novosibirsk"
    assert secret not in company.secret_hash and len(company.secret_hash) == 64
    assert len(secret) == 32  # 192 bits, as a match's


@pytest.mark.parametrize("tz", ["", "Mars/Olympus", "UTC; DROP", "europe/moscow "])
def test_a_time_zone_zoneinfo_does_not_know_is_refused(tz: str) -> None:
    with pytest.raises(Invalid) as e:
        cs.company_create(name="x", time_zone=tz)
    assert e.value.error.code == "bad_time_zone"
    assert not Company.objects.exists()


def test_rename_merge_and_undo_are_entries_and_the_names_are_replayed() -> None:
    c, _ = cs.company_create(name="Пятница", time_zone="Europe/Moscow", players=["Аня", "Вася", "Василий"])
    r = roster(c)
    anya, vasya, vasily = r.players()
    cs.player_rename(company=c, player=anya, name="Анна", nonce=nonce(), version=c.version)
    with pytest.raises(Invalid) as e:
        cs.player_rename(company=c, player=anya, name="василий", nonce=nonce(), version=c.version)
    assert e.value.error.code == "name_taken"
    merge, _ = cs.players_merge(company=c, keep=vasily, fold=vasya, nonce=nonce(), version=c.version)
    assert names(c) == ["Анна", "Василий"]
    assert roster(c).find("Вася") == vasya and roster(c).canonical(vasya) == vasily
    cs.merge_undo(company=c, merge=merge.seq, nonce=nonce(), version=c.version)
    assert names(c) == ["Анна", "Вася", "Василий"]
    actions = list(CompanyEntry.objects.filter(company=c).values_list("action", flat=True))
    assert actions == ["player", "player", "player", "rename", "merge", "unmerge"]
    with pytest.raises(Invalid):
        cs.merge_undo(company=c, merge=merge.seq, nonce=nonce(), version=c.version)


def test_a_stale_form_and_a_reused_nonce_change_nothing() -> None:
    c, _ = cs.company_create(name="Пятница", time_zone="Europe/Moscow", players=["Аня"])
    (anya,) = roster(c).players()
    old = c.version
    cs.player_add(company=c, name="Боря", nonce="same", version=c.version)
    again, created = cs.player_add(company=c, name="Боря", nonce="same", version=old)
    assert not created
    with pytest.raises(StaleForm):
        cs.player_add(company=c, name="Вика", nonce=nonce(), version=old)
    with pytest.raises(NonceReused):
        cs.player_rename(company=c, player=anya, name="Анна", nonce="same", version=c.version)
    assert names(c) == ["Аня", "Боря"]


def test_a_match_joins_by_its_edit_link_and_keeps_its_own_names() -> None:
    c, _ = cs.company_create(name="Пятница", time_zone="Europe/Moscow", players=["Аня", "Боря"])
    match, secret = create_match(MatchInput("classic-sixes", FOUR, [], seats=4))
    with pytest.raises(Invalid) as e:  # the view link is not enough
        cs.match_add(
            company=c, link=f"https://kozel.example/m/{match.public_id}/", nonce=nonce(), version=c.version
        )
    assert e.value.error.code == "not_edit_link"
    with pytest.raises(Invalid):
        cs.match_add(company=c, link=edit_link(match.public_id, "x" * 32), nonce=nonce(), version=c.version)
    cs.match_add(company=c, link=edit_link(match.public_id, secret), nonce=nonce(), version=c.version)
    r = roster(c)
    assert names(c) == FOUR  # Вика and Гоша joined as players
    assert [r.names[p] for p in r.matches[match.pk] if p is not None] == FOUR
    cs.player_rename(company=c, player=r.players()[0], name="Анна", nonce=nonce(), version=c.version)
    match.refresh_from_db()
    assert match.player_names == FOUR  # the match keeps the names it was played with
    with pytest.raises(Invalid) as e:
        cs.match_add(company=c, link=edit_link(match.public_id, secret), nonce=nonce(), version=c.version)
    assert e.value.error.code == "match_there"
    cs.match_remove(company=c, match=match.pk, nonce=nonce(), version=c.version)
    assert match.pk not in roster(c).matches and c.rows.count() == 0


def test_players_who_sat_in_one_match_cannot_be_merged() -> None:
    c, _ = cs.company_create(name="Пятница", time_zone="Europe/Moscow")
    match, secret = create_match(MatchInput("classic-sixes", FOUR, [], seats=4))
    cs.match_add(company=c, link=edit_link(match.public_id, secret), nonce=nonce(), version=c.version)
    a, b, *_ = roster(c).players()
    with pytest.raises(Invalid) as e:
        cs.players_merge(company=c, keep=a, fold=b, nonce=nonce(), version=c.version)
    assert e.value.error.code == "played_together"


def test_a_match_without_its_players_names_cannot_join() -> None:
    c, _ = cs.company_create(name="Пятница", time_zone="Europe/Moscow")
    match, secret = create_match(MatchInput("classic-sixes", ["Аня", "", "Вика", "Гоша"], [], seats=4))
    with pytest.raises(Invalid) as e:
        cs.match_add(company=c, link=edit_link(match.public_id, secret), nonce=nonce(), version=c.version)
    assert e.value.error.code == "unnamed_seat"
    assert not CompanyEntry.objects.filter(company=c).exists()


def test_a_match_started_from_the_company_joins_it_or_is_not_made() -> None:
    """``match_start``: the company's new-match path as a service (a page that draws the seats
    calls it as the new-match page does)."""
    c, _ = cs.company_create(name="Пятница", time_zone="Europe/Moscow", players=FOUR)
    table = {"variant": "classic-sixes", "options": {}, "team_names": ["Красные", "Чёрные"], "seats": 4}
    match, secret = cs.match_start(company=c, player_names=FOUR, first_dealer=2, **table)
    assert match.first_dealer == 2 and len(secret) == 32
    assert match.pk in roster(c).matches and names(c) == FOUR
    made = Match.objects.count()
    with pytest.raises(Invalid) as e:  # a seat without a name: the company cannot count it
        cs.match_start(company=c, player_names=["Аня", "", "Вика", "Гоша"], **table)
    assert e.value.error.code == "unnamed_seat" and Match.objects.count() == made
