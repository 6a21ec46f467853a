"""The solver at the boundaries where bugs hide, its properties, and its answers to bad input
(docs/rules.md#analysis). The brute-force reference is the one of ``test_solver``."""

from __future__ import annotations

import random

import pytest

from rules.engine import (
    GOALS,
    AnalysisError,
    KozelError,
    analyse_deal,
    parse_cards,
    play_deal,
    resolve,
)
from rules.engine.variants import Ruleset

from .test_solver import Ref, State, check_position, deal

# ---------------------------------------------------------------- boundaries


def play_to(ref: Ref, st: State, rnd: random.Random, plays: list[list[str]], count: int) -> State:
    """Random legal plays until ``count`` plays are made."""
    while ref.to_move(st) is not None and len(plays) < count:
        p = rnd.choice(ref.plays(st))
        plays.append([c.code for c in p])
        st = ref.apply(st, p)
    return st


@pytest.mark.parametrize("extra", [4])
def test_duel_around_the_prikup(extra: int) -> None:
    """One play into the prikup's first trick (test_solo_twelve_second_four crosses from one
    round into the next)."""
    rs = resolve("yc-duel", {}, seats=2)
    rnd = random.Random(f"duel{extra}")
    for _ in range(1):
        hands, prikup, _ = deal(rs, rnd)
        leader = rnd.randrange(2)
        ref = Ref(rs, leader, hands, prikup)
        plays: list[list[str]] = []
        target = 2 * rs.hand_size - 3 + extra  # the prikup taken up, or one play after
        st = play_to(ref, ref.start, rnd, plays, target)
        check_position(rs, ref, st, leader, hands, prikup, [], plays)


@pytest.mark.parametrize("extra", [2, 4])
def test_solo_twelve_second_four(extra: int) -> None:
    """Four players: the first four's last trick and the second four's first."""
    rs = resolve("solo-twelve", {"trump_suit": "H"}, seats=4)
    rnd = random.Random(f"solo{extra}")
    for _ in range(2):
        hands, prikup, _ = deal(rs, rnd)
        leader = rnd.randrange(4)
        ref = Ref(rs, leader, hands, prikup)
        plays: list[list[str]] = []
        target = 12 + extra
        st = play_to(ref, ref.start, rnd, plays, target)
        check_position(rs, ref, st, leader, hands, prikup, [], plays)


@pytest.mark.parametrize(("lead", "cut"), [(2, 3), (3, 1), (3, 2)])
def test_draw_four_drawing(lead: int, cut: int) -> None:
    """The trick after which the last cards are drawn (the winner first), cut ``cut`` plays in:
    a lead of ``lead`` cards with four cards left in the stock."""
    rs = resolve("draw-four", {"trump_suit": "D"})
    rnd = random.Random(f"draw{lead}{cut}")
    checked = 0
    while checked < 1:
        hands, _, stock = deal(rs, rnd)
        leader = rnd.randrange(4)
        ref = Ref(rs, leader, hands, None, stock)
        plays: list[list[str]] = []
        st = ref.start
        while ref.to_move(st) is not None and (len(st.stock) > 4 or st.trick):
            p = rnd.choice([p for p in ref.plays(st) if len(p) == 1])
            plays.append([c.code for c in p])
            st = ref.apply(st, p)
        leads = [p for p in ref.plays(st)] if len(st.stock) == 4 else []
        leads = [p for p in leads if len(p) == lead]
        if not leads:
            continue
        for i in range(cut):
            p = rnd.choice(leads if i == 0 else ref.plays(st))
            plays.append([c.code for c in p])
            st = ref.apply(st, p)
        check_position(rs, ref, st, leader, hands, None, stock, plays)
        checked += 1


# ---------------------------------------------------------------- properties


def random_deal(rs: Ruleset, seed: int) -> dict[str, object]:
    rnd = random.Random(seed)
    hands, prikup, stock = deal(rs, rnd)
    out: dict[str, object] = {"hands": hands, "leader": rnd.randrange(rs.seats)}
    if prikup:
        out["prikup"] = prikup
    if stock:
        out["stock"] = stock
    return out


def best_line(rs: Ruleset, d: dict[str, object], start: list[str] | None = None) -> list[str]:
    """Plays a deal out by the solver's first best move, with a random bad play now and then."""
    rnd = random.Random(str(d["hands"]))
    plays: list[str] = list(start or [])
    while True:
        a = analyse_deal(rs, d["leader"], d["hands"], plays, prikup=d.get("prikup"), review=False)  # type: ignore[arg-type]
        if a.to_move is None:
            return plays
        good = [m for m in a.moves if m.cost == 0]
        m = rnd.choice(a.moves) if rnd.random() < 0.3 else good[0]
        assert isinstance(m.card, object)
        plays.append(str(m.card))


PROPERTY_TABLES = [
    ("yc-duel", {}, 2),
    ("solo-twelve", {}, 4),
    ("yc-belka", {}, None),
    ("voon-series", {}, None),
]


@pytest.mark.parametrize(("key", "options", "seats"), PROPERTY_TABLES)
def test_properties_along_a_played_deal(key: str, options: dict[str, object], seats: int | None) -> None:
    """Every position of a deal played out: values add to 120, a best card keeps the mover's
    entry, each goal the mover can force is kept by some card, and each play's review is what
    the moves said before it."""
    rs = resolve(key, options, seats=seats)
    whole = rs.seats < 4 or key == "solo-twelve"  # fast enough to review from the first lead
    for seed in range(3):
        d = random_deal(rs, seed)
        opening: list[str] = []
        if not whole:  # a four-seat team game: three random tricks first
            rnd = random.Random(seed)
            ref = Ref(rs, d["leader"], d["hands"])  # type: ignore[arg-type]
            st = ref.start
            while st.number <= 3:
                p = rnd.choice(ref.plays(st))
                opening.append(p[0].code)
                st = ref.apply(st, p)
        plays = best_line(rs, d, opening)
        full = analyse_deal(rs, d["leader"], d["hands"], plays, prikup=d.get("prikup")) if whole else None  # type: ignore[arg-type]
        for j in range(len(opening), len(plays) + 1):
            a = analyse_deal(rs, d["leader"], d["hands"], plays[:j], prikup=d.get("prikup"), review=False)  # type: ignore[arg-type]
            if len(rs.sides) == 2:
                assert sum(a.value) == 120
                assert all(sum(m.value) == 120 for m in a.moves)
            if a.to_move is None:
                assert a.value == a.taken and not a.moves
                continue
            side = rs.side_of(a.to_move)
            assert max(m.value[side] for m in a.moves) == a.value[side]
            assert all(m.value[side] == a.value[side] for m in a.moves if m.cost == 0)
            for goal in GOALS:
                if a.goals[side][goal]:
                    assert any(goal not in m.lost_goals for m in a.moves), (goal, a)
            if full is not None and j < len(plays):
                r = full.plays[j]
                played = next(m for m in a.moves if str(m.card) == plays[j])
                assert r.seat == a.to_move and r.legal
                assert (r.cost, r.lost_goals) == (played.cost, played.lost_goals)
                assert sorted(map(str, r.best)) == sorted(str(m.card) for m in a.moves if m.cost == 0)
        if full is not None:
            turning = next((j for j, r in enumerate(full.plays) if r.lost_goals), None)
            assert full.turning_point == turning


def test_finished_deal_is_what_it_took() -> None:
    rs = resolve("yc-duel", {}, seats=2)
    d = random_deal(rs, 7)
    plays = best_line(rs, d)
    a = analyse_deal(rs, d["leader"], d["hands"], plays, prikup=d["prikup"])  # type: ignore[arg-type]
    done = play_deal(rs, d["leader"], d["hands"], plays, prikup=d["prikup"])  # type: ignore[arg-type]
    assert a.to_move is None and a.moves == ()
    assert a.value == a.taken == done.points
    assert len(a.plays) == len(plays) == 32
    assert all(p.cost is not None and p.cost >= 0 for p in a.plays)


def test_a_queen_capture_does_not_end_the_analysis() -> None:
    """voon: 7C takes the opponents' QC in the first trick; the deal is analysed to its end."""
    rs = resolve("voon-series")
    hands = [
        "7C AH 10H KH 9H 8H 7H AS",
        "QC 10S KS 9S 8S 7S AD 10D",
        "QS QH QD JC JS JH JD AC",
        "KD 9D 8D 7D 10C KC 9C 8C",
    ]
    plays = ["7C", "QC", "QS", "KD"]
    a = analyse_deal(rs, 0, hands, plays)
    assert a.goals[0]["capture"] is True and a.goals[1]["capture"] is False
    assert a.to_move == 0 and a.taken == (10, 0)
    assert len(a.moves) == 7 and sum(a.value) == 120


def test_illegal_play_has_no_cost_and_the_analysis_goes_on() -> None:
    rs = resolve("yc-hvalyony")
    hands = [
        "6C QC QS AH 10H KH 9H 8H",
        "QH QD JC JS JH JD AD 10D",
        "KD 9D 8D 6D AS 10S KS 9S",
        "AC 10C KC 9C 8C 6S 8S 6H",
    ]
    # seat 2 holds no heart and must trump, but discards AS; seat 3 answers with a spade while
    # holding 6H: both illegal, the analysis goes on from the trick as played
    plays = ["AH", "QH", "AS", "6S"]
    a = analyse_deal(rs, 0, hands, plays)
    assert [p.legal for p in a.plays] == [True, True, False, False]
    assert a.plays[2].cost is None and a.plays[3].cost is None
    assert a.plays[0].cost is not None and a.plays[1].cost is not None
    assert a.to_move == 1 and a.taken == (0, 25)


def test_mid_trick_moves_are_the_legal_answers() -> None:
    rs = resolve("classic-sixes")
    hands = [
        "7C AH 10H KH 9H 8H 7H AS",
        "QC 10S KS 9S 8S 7S AD 10D",
        "QS QH QD JC JS JH JD AC",
        "KD 9D 8D 7D 10C KC 9C 8C",
    ]
    a = analyse_deal(rs, 3, hands, ["KD"], review=False)
    assert a.to_move == 0
    assert {str(m.card) for m in a.moves} == {c.code for c in parse_cards("7C AH 10H KH 9H 8H 7H AS")}
    b = analyse_deal(rs, 3, hands, ["KD", "AS"], review=False)
    assert {str(m.card) for m in b.moves} == {"AD", "10D"}  # seat 1 follows diamonds


def test_draw_four_moves_are_card_tuples() -> None:
    rs = resolve("draw-four")
    d = random_deal(rs, 3)
    ref = Ref(rs, d["leader"], d["hands"], None, d["stock"])  # type: ignore[arg-type]
    st = ref.start
    plays: list[list[str]] = []
    rnd = random.Random(3)
    while len(st.stock) > 0 or sum(len(h) for h in st.hands) > 9:
        p = rnd.choice([p for p in ref.plays(st) if len(p) == 1])
        plays.append([c.code for c in p])
        st = ref.apply(st, p)
    a = analyse_deal(rs, d["leader"], d["hands"], plays, stock=d["stock"], review=False)  # type: ignore[arg-type]
    assert a.moves and all(isinstance(m.card, tuple) for m in a.moves)


# ---------------------------------------------------------------- refusals


def test_incomplete_deal_names_the_unknown_cards() -> None:
    rs = resolve("yc-duel", {}, seats=2)
    d = random_deal(rs, 1)
    with pytest.raises(AnalysisError) as e:
        analyse_deal(rs, 0, d["hands"], [])  # type: ignore[arg-type]
    assert e.value.code == "incomplete_deal"
    assert sorted(e.value.params["cards"]) == sorted(c.code for h in d["prikup"] for c in h)  # type: ignore[attr-defined]
    four = resolve("draw-four")
    d4 = random_deal(four, 1)
    with pytest.raises(AnalysisError) as e:
        analyse_deal(four, 0, d4["hands"], [])  # type: ignore[arg-type]
    assert e.value.code == "incomplete_deal" and len(e.value.params["cards"]) == 20  # type: ignore[arg-type]
    solo = resolve("solo-twelve", {}, seats=4)
    with pytest.raises(AnalysisError) as e:
        analyse_deal(solo, 0, random_deal(solo, 2)["hands"], [])  # type: ignore[arg-type]
    assert len(e.value.params["cards"]) == 16  # type: ignore[arg-type]
    classic = resolve("classic-sixes")
    hands = random_deal(classic, 2)["hands"]
    with pytest.raises(AnalysisError) as e:
        analyse_deal(classic, 0, [hands[0], None, hands[2], hands[3]], [])  # type: ignore[list-item, index]
    assert sorted(e.value.params["cards"]) == sorted(c.code for c in hands[1])  # type: ignore[index]


def test_solo_at_three_knows_the_undealt_cards() -> None:
    rs = resolve("solo-twelve", {}, seats=3)
    d = random_deal(rs, 4)
    a = analyse_deal(rs, 1, d["hands"], [], review=False)  # type: ignore[arg-type]
    kitty = sum(c.points for c in rs.deck if not any(c in h for h in d["hands"]))  # type: ignore[attr-defined]
    assert a.taken == (kitty, 0, 0)  # the dealer (the seat before the leader) has them


def test_bad_input_fails_as_the_deal_does() -> None:
    rs = resolve("classic-sixes")
    d = random_deal(rs, 6)
    hands = d["hands"]
    with pytest.raises(KozelError) as e:
        analyse_deal(rs, 0, hands, ["AH", "AH"])  # type: ignore[arg-type]
    assert e.value.code in ("duplicate_card", "card_not_in_hand")
    with pytest.raises(KozelError) as e:
        analyse_deal(rs, 0, hands, [hands[1][0].code])  # type: ignore[index]
    assert e.value.code == "card_not_in_hand" and e.value.field == "plays[0]"
    with pytest.raises(KozelError) as e:
        analyse_deal(rs, 7, hands, [])  # type: ignore[arg-type]
    assert e.value.code == "bad_seat"
