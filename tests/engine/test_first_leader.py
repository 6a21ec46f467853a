"""Hand 1's record may name its first leader where a card's holder leads it (voon's ace of
diamonds: voon-series#leading; Belka's jack of clubs: yc-belka#scoring): from hand 2 on the next
deal names the leader, and Belka's seats their suits. It is kept in the fold's snapshot, changes
no score, and a match's given first leader comes first."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import HandRecord, next_deal, replay, resolve, seat_suits_of, trump_lead
from rules.engine.fold import Fold, fold_of, fold_replay, new_fold


def P(a: int, b: int, **kw: Any) -> dict[str, Any]:  # noqa: N802 - reads like a score line
    return {"points": [a, b], **kw}


def test_the_record_reads_and_writes_its_first_leader() -> None:
    rec = HandRecord.from_dict(P(72, 48, first_leader=2))
    assert rec.first_leader == 2
    assert rec.to_dict() == {"points": [72, 48], "first_leader": 2}
    assert HandRecord.from_dict(rec.to_dict()) == rec
    assert "first_leader" not in HandRecord.from_dict(P(72, 48)).to_dict()


@pytest.mark.parametrize(("variant", "card"), [("voon-series", "AD"), ("yc-belka", "JC")])
def test_the_card_whose_holder_is_asked(variant: str, card: str) -> None:
    assert resolve(variant).first_lead_card == card


@pytest.mark.parametrize("variant", ["classic-sixes", "penalty-goats", "yc-hvalyony", "yc-duel", "draw-four"])
def test_other_variants_ask_nobody(variant: str) -> None:
    assert resolve(variant).first_lead_card is None


@pytest.mark.parametrize(
    ("records", "leader"),
    [
        ([P(72, 48, first_leader=2)], 3),  # a hand with a winner: the lead moves one seat
        ([P(60, 60, first_leader=2)], 2),  # eggs: it stays
        ([P(60, 60, first_leader=2), P(30, 90), P(94, 26)], 0),
    ],
)
def test_voon_names_the_leader_from_hand_2_on(records: list[dict[str, Any]], leader: int) -> None:
    deal = next_deal("voon-series", None, records, first_dealer=0)
    assert (deal.leader, deal.rule) == (leader, "rotates")
    # the team of the leader, and it alone, may lead trumps (voon-series#leading)
    assert trump_lead(resolve("voon-series"), deal, (2, 0)) == "leader_team"
    assert deal.leader_team == leader % 2
    # a first leader given at the start comes first
    assert next_deal("voon-series", None, records, first_dealer=0, first_leader=1).leader != leader


def test_the_snapshot_keeps_it_and_gives_what_a_replay_gives() -> None:
    records = [P(72, 48, first_leader=1), P(60, 60), P(40, 80)]
    fold, _results = fold_replay(new_fold("voon-series"), records)
    state = replay("voon-series", None, records)
    assert fold == fold_of(state)
    assert fold.first_leader == 1
    d = fold.to_dict()
    assert d["first_leader"] == 1
    assert Fold.from_dict(fold.ruleset, d) == fold
    assert fold.next_deal(first_dealer=0) == next_deal("voon-series", None, records, first_dealer=0)
    # a match without it: the snapshot is the one it always was
    plain, _r = fold_replay(new_fold("voon-series"), [P(72, 48)])
    assert "first_leader" not in plain.to_dict()


def test_belkas_seats_own_their_suits_from_hand_2() -> None:
    rs = resolve("yc-belka")
    fold, _r = fold_replay(new_fold(rs), [P(60, 60, first_leader=1)])
    deal = fold.next_deal(first_dealer=0)
    suits = seat_suits_of(rs, deal, fold.first_leader)
    assert suits is not None and suits[1] == "C"  # the jack of clubs' seat owns clubs


@pytest.mark.parametrize(
    ("variant", "records"),
    [
        ("voon-series", [P(72, 48), P(60, 60), P(94, 26), {"queen_capture": 1}, P(120, 0, all_tricks=True)]),
        (
            "yc-belka",
            [P(91, 29, obyaz=0), P(60, 60), P(30, 90, obyaz=0), P(120, 0, obyaz=1, all_tricks=True)],
        ),
    ],
)
def test_it_changes_no_score(variant: str, records: list[dict[str, Any]]) -> None:
    named = [{**records[0], "first_leader": 3}, *records[1:]]
    plain, told = replay(variant, None, records), replay(variant, None, named)
    assert [(h.score, h.notes, h.winner) for h in plain.hands] == [
        (h.score, h.notes, h.winner) for h in told.hands
    ]
    assert (plain.score, plain.finished, plain.titles) == (told.score, told.finished, told.titles)
