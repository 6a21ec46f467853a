"""The analysis taken up at a trick in the middle of a deal (``analyse_midway``) against the
brute-force reference of ``test_solver``, which played the same deal from its first lead: from
the trick's start, every value and every play's value are the whole deal's less what was taken
before (docs/rules.md#analysis)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.engine import AnalysisError, TrickContext, analyse_deal, analyse_midway, resolve
from rules.engine.cards import Card, KozelError

from .test_solver import POSITIONS, TABLES, Ref, deal, random_position


def _codes(cards: object) -> list[str]:
    return [c.code for c in sorted(cards, key=lambda c: c.index)]  # type: ignore[attr-defined]


def _play(rs: object, p: tuple[Card, ...]) -> object:
    """A play as the analysis takes it: a card, or the cards of a multi-card play."""
    return _codes(p) if rs.multi_card_leads else p[0].code  # type: ignore[attr-defined]


def _key(m: object) -> frozenset[Card]:
    return frozenset(m if isinstance(m, tuple) else (m,))  # type: ignore[arg-type]


# every table: those dealt in two rounds are met in their last, draw-four once its stock is drawn
# (up to three tricks left)
@pytest.mark.parametrize(("key", "options", "seats", "context"), TABLES)
def test_a_trick_in_the_middle_gives_what_the_whole_deal_gives_from_there(
    key: str, options: dict[str, object], seats: int | None, context: TrickContext | None
) -> None:
    rs = resolve(key, options, seats=seats)
    rnd = random.Random(f"midway {key}{options}{seats}{context}")
    checked = reviewed = 0
    # on until a trick's start was met too: the whole-trick review below is tested on every table
    while (
        checked < (max(6, POSITIONS // 50) if rs.multi_card_leads else max(20, POSITIONS // 8))
        or not reviewed
    ):
        ref, st, leader, _hands, _prikup, _stock, _plays = random_position(rs, rnd, context=context)
        if ref.to_move(st) is None:
            continue
        checked += 1
        n = rs.seats
        held = [set(h) for h in st.hands]
        for i, p in enumerate(st.trick):
            held[(st.leader + i) % n].update(p)
        ctx = replace(
            context or TrickContext(), first_leader=leader, led_suits=st.led, trick_number=st.number
        )
        where = f"{key} {options} hands {[_codes(h) for h in held]} trick {st.trick} led {sorted(st.led)}"
        stock = [] if rs.draws else None  # random_position stops draw-four with its stock drawn
        trick = [_play(rs, p) for p in st.trick]
        a = analyse_midway(
            rs, st.leader, [_codes(h) for h in held], trick, context=ctx, stock=stock, review=False
        )
        shift = st.points  # taken before this trick (the dealer's undealt cards included)
        assert a.to_move == ref.to_move(st), where
        assert a.taken == (0,) * len(rs.sides), where
        assert a.value == tuple(v - t for v, t in zip(ref.values(st), shift, strict=True)), where
        assert all(v is None for g in a.goals for v in g.values()), where
        assert {_key(m.card) for m in a.moves} == {frozenset(p) for p in ref.plays(st)}, where
        side = rs.side_of(a.to_move or 0)
        for m in a.moves:
            after = ref.values(ref.apply(st, tuple(_key(m.card))))
            assert m.value == tuple(v - t for v, t in zip(after, shift, strict=True)), (where, m)
            assert m.cost == a.value[side] - m.value[side]
            assert m.lost_goals == ()
        if trick:
            continue
        # a whole trick from its start: what each card cost, as the reference values it
        states, plays = [st], []
        for _ in range(n):
            p = rnd.choice(ref.plays(states[-1]))
            plays.append(_play(rs, p))
            states.append(ref.apply(states[-1], p))
        r = analyse_midway(rs, st.leader, [_codes(h) for h in held], plays, context=ctx, stock=stock)
        assert [_play(rs, tuple(_key(p.card))) for p in r.plays] == plays, where
        for j, p in enumerate(r.plays):
            s = rs.side_of(p.seat)
            before, after = ref.values(states[j])[s], ref.values(states[j + 1])[s]
            assert p.legal and p.cost == before - after, (where, plays, j)
            best = {c for c in ref.plays(states[j]) if ref.values(ref.apply(states[j], c))[s] == before}
            assert {_key(b) for b in p.best} == {frozenset(c) for c in best}, (where, plays, j)
        reviewed += 1


def _deal(rs: object, seed: int) -> list[list[Card]]:
    deck = list(rs.deck)  # type: ignore[attr-defined]
    random.Random(seed).shuffle(deck)
    size = rs.hand_size  # type: ignore[attr-defined]
    return [deck[i * size : (i + 1) * size] for i in range(rs.seats)]  # type: ignore[attr-defined]


def test_hands_as_dealt_are_the_deals_first_trick() -> None:
    rs = resolve("yc-belka", {})
    hands = [[c.code for c in h] for h in _deal(rs, 7)]
    whole = analyse_deal(rs, 1, hands, [hands[1][0]], review=False)
    got = analyse_midway(rs, 1, hands, [hands[1][0]], review=False)
    assert got == whole
    assert got.goals[0]["win"] is not None  # the points taken are known: the goals are judged


def test_what_the_middle_of_a_deal_cannot_be() -> None:
    rs = resolve("classic-sixes", {})
    hands = [[c.code for c in h[:3]] for h in _deal(rs, 3)]
    for bad in (hands[:3] + [hands[3][:2]], [*hands[:3], None], [hands[0], hands[0], *hands[2:]]):
        with pytest.raises(KozelError) as e:
            analyse_midway(rs, 0, bad, [])  # type: ignore[arg-type]
        assert e.value.code == "bad_hand", bad
    with pytest.raises(KozelError) as e:
        analyse_midway(rs, 0, hands, [h[0] for h in hands] + [hands[0][1]])
    assert e.value.code == "too_many_plays"
    for key, seats, trick in (
        ("yc-duel", 2, None),
        ("yc-duel", 2, 8),
        ("solo-twelve", 4, 4),
    ):
        with pytest.raises(AnalysisError) as a:
            analyse_midway(
                resolve(key, {}, seats=seats),
                0,
                [["AS"]] * (seats or 4),
                [],
                context=TrickContext(trick_number=trick),
            )
        assert a.value.code == "midway_unsupported", (key, trick)
    # the duel's last round at trick 15: two cards each, not three
    duel = resolve("yc-duel", {}, seats=2)
    with pytest.raises(KozelError) as e:
        analyse_midway(
            duel, 0, [["AS", "KS", "QS"], ["AH", "KH", "QH"]], [], context=TrickContext(trick_number=15)
        )
    assert e.value.code == "bad_hand" and "2 cards" in str(e.value)


def test_the_lead_rights_of_the_deal_hold_in_its_middle() -> None:
    """Voon, a later hand: only the team of the deal's first leader may lead a trump while
    holding a plain card (voon-series#leading), whoever leads the trick taken up."""
    rs = resolve("voon-series", {})
    hands = [["QC", "7S"], ["JC", "8H"], ["AS", "9D"], ["KH", "10D"]]
    leads = {}
    for first in (0, 1):
        ctx = TrickContext(hand_number=4, score=(3, 5), first_leader=first, led_suits=frozenset("SHD"))
        a = analyse_midway(rs, 1, hands, [], context=ctx)
        leads[first] = {m.card.code for m in a.moves}  # type: ignore[union-attr]
    assert leads == {0: {"8H"}, 1: {"JC", "8H"}}


def test_draw_four_is_taken_up_with_what_is_left_of_its_stock() -> None:
    """A trick taken up while the stock lasts, its cards given in their order: after the trick
    the hands are drawn back up from it, winner first, and the analysis goes on from there as
    from the same hands with the stock drawn (the whole position is past a test's time)."""
    rs = resolve("draw-four", {})
    rnd = random.Random("draw-four midway")
    hands, _, stock = deal(rs, rnd)
    ref = Ref(rs, 0, hands, None, stock)
    st = ref.start
    while st.trick or len(st.stock) > 4:
        st = ref.apply(st, rnd.choice([p for p in ref.plays(st) if len(p) == 1]))
    assert st.stock and all(len(h) == 4 for h in st.hands)
    trick, after = [], st
    while after.trick or after is st:
        p = rnd.choice(ref.plays(after))
        trick.append(_codes(p))
        after = ref.apply(after, p)
    assert not after.stock
    ctx = TrickContext(first_leader=0, led_suits=st.led)
    pile = [c.code for c in st.stock]
    got = analyse_midway(
        rs, st.leader, [_codes(h) for h in st.hands], trick, context=ctx, stock=pile, review=False
    )
    rest = analyse_midway(
        rs,
        after.leader,
        [_codes(h) for h in after.hands],
        [],
        context=replace(ctx, led_suits=after.led),
        stock=[],
        review=False,
    )
    taken = tuple(a - b for a, b in zip(after.points, st.points, strict=True))
    assert got.to_move == after.leader
    assert got.taken == taken
    assert got.value == tuple(t + v for t, v in zip(taken, rest.value, strict=True))
    assert [m.value for m in got.moves] == [
        tuple(t + v for t, v in zip(taken, m.value, strict=True)) for m in rest.moves
    ]


def test_what_draw_four_s_middle_cannot_be() -> None:
    rs = resolve("draw-four", {})
    hands = [
        ["AS", "KS", "QS", "JS"],
        ["AH", "KH", "QH", "JH"],
        ["AD", "KD", "QD", "JD"],
        ["AC", "KC", "QC", "JC"],
    ]
    with pytest.raises(AnalysisError) as a:
        analyse_midway(rs, 0, hands, [])
    assert a.value.code == "incomplete_deal" and len(a.value.params["cards"]) == 36 - 16
    for bad, stock, field in (
        ([h[:3] for h in hands], ["6S", "7S", "8S", "9S"], "hands"),  # the stock lasts: four each
        ([*hands[:3], [*hands[3], "6S"]], [], "hands"),  # five cards
        ([*hands[:3], []], [], "hands"),  # a seat with none
        # drawn one card a seat at a time from a stock of whole rounds, the hands stay even
        ([*hands[:3], hands[3][:3]], [], "hands"),
        (hands, ["6S", "7S", "8S"], "stock"),
        (hands, ["6S", "AS", "7S", "8S"], "stock"),  # held and in the stock
    ):
        with pytest.raises(KozelError) as e:
            analyse_midway(rs, 0, bad, [], stock=stock)
        assert (e.value.code, e.value.field) == ("bad_hand", field), (bad, stock)
