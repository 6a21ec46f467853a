"""The compiled search against the reference search in the games whose plays may be several cards
(draw-four, the eight-card games' option multi_leads).

The reference is held to a brute force by test_solver.py; here every field of the analysis but the
nodes must come out the same from both, on random positions deeper than the brute force reaches:
draw-four while its stock is still drawn, and the multi-card leads of the eight-card tables.
"""

from __future__ import annotations

import random

import pytest

from rules.engine import AnalysisError, DealInput, TrickContext, analyse, analyse_midway, resolve, solver
from rules.engine.cards import Card
from rules.engine.solver import Budget
from rules.engine.solver.multi import MultiGame
from rules.engine.variants import Ruleset
from tests.engine.test_solver import POSITIONS, deal
from tests.engine.test_solver_compiled import same

COMPILED_ONLY = pytest.mark.skipif(
    solver.COMPILED is None,
    reason="the compiled search is not built (scripts/build_solver.py needs Cython, gcc, python3-dev)",
)
# (table, options, cards still to play at most where the analysis starts, positions in make test;
# 0: one per thousand of KOZEL_SOLVER_POSITIONS, make test-solver's alone, where the reference
# search takes seconds a position; make test meets the last drawing against the brute force in
# test_solver_cases.py)
MULTI = [
    ("draw-four", {}, 16, 6),  # the stock drawn
    ("draw-four", {}, 20, 0),  # four cards still in the stock
    ("draw-four", {"four_trumps_lead": True, "trump_suit": "S"}, 16, 4),
    ("classic-sixes", {"multi_leads": True}, 16, 8),
    ("classic-sixes", {"multi_leads": True, "blind_seat": "1"}, 16, 4),
    ("penalty-goats", {"multi_leads": True, "deck": "24", "trump_row": "court"}, 16, 4),
    ("classic-sixes", {"multi_leads": "suit_or_rank", "ace_discard_ban": True}, 16, 2),
    ("classic-sixes", {"multi_leads": "suit", "blind_seats": "1,2"}, 16, 2),
]


def _game(rs: Ruleset, d: dict[str, object]) -> MultiGame:
    return MultiGame(
        rs,
        rs,
        [tuple(h) for h in d["hands"]],  # type: ignore[attr-defined]
        list(d["stock"] or []),  # type: ignore[call-overload]
        d["leader"],  # type: ignore[arg-type]
        TrickContext(),
        Budget(10**12),
    )


def _played_to(rs: Ruleset, rnd: random.Random, left: int) -> tuple[dict[str, object], list[list[str]]]:
    """A random deal played at random until at most ``left`` cards are still to play (held or in
    the stock), stopping at a trick start or inside a trick."""
    hands, _, stock = deal(rs, rnd)
    d: dict[str, object] = {
        "hands": hands,
        "stock": stock if rs.draws else None,
        "leader": rnd.randrange(rs.seats),
    }
    game = _game(rs, d)
    pos, plays = game.start(), []
    on_table = rnd.randrange(rs.seats)  # plays of the trick made where it stops
    while game.to_move(pos) is not None:
        held = sum(bin(h).count("1") for h in pos.hands) + len(game.stock_bits) - pos.drawn
        if held <= left and len(pos.trick) == on_table:
            break
        moves = game.legal(pos)
        singles = [m for m in moves if len(m) == 1]
        m = rnd.choice(singles if singles and rnd.random() < 0.7 else moves)
        plays.append([c.code for c in game.cards(m)])
        pos = game.apply(pos, m)
    return d, plays


@COMPILED_ONLY
@pytest.mark.parametrize(("key", "options", "left", "count"), MULTI)
def test_compiled_equals_reference(key: str, options: dict[str, object], left: int, count: int) -> None:
    rs = resolve(key, options)
    rnd = random.Random(f"multi core {key}{options}{left}")
    runs = count * max(1, POSITIONS // 200) if count else POSITIONS // 1000
    if not runs:
        pytest.skip("make test-solver's alone")
    for _ in range(runs):
        d, plays = _played_to(rs, rnd, left)
        deal_in = DealInput(rs, d["leader"], d["hands"], plays, None, d["stock"])  # type: ignore[arg-type]
        fast = analyse(deal_in, review=False)
        assert same(fast, analyse(deal_in, 10**12, review=False, reference=True)), (d, plays)
        assert fast.nodes > 0


@COMPILED_ONLY
def test_compiled_equals_reference_in_the_middle_of_a_deal() -> None:
    """The trick page's best play: a game taken up at a trick."""
    rs = resolve("classic-sixes", {"multi_leads": True})
    rnd = random.Random("multi core midway")
    for _ in range(4):
        hands, _, _ = deal(rs, rnd)
        k = rnd.randint(3, 4)  # cards each seat still holds
        held = [[c.code for c in h[:k]] for h in hands]
        ctx = TrickContext(first_leader=0)
        fast = analyse_midway(rs, 0, held, [], context=ctx, review=False)
        slow = analyse_midway(rs, 0, held, [], context=ctx, review=False, budget=10**12, reference=True)
        assert same(fast, slow), held


@COMPILED_ONLY
def test_a_whole_deal_past_a_small_budget_is_refused_with_it() -> None:
    rs = resolve("draw-four")
    hands, _, stock = deal(rs, random.Random(2))
    with pytest.raises(AnalysisError) as e:
        analyse(DealInput(rs, 0, hands, [], None, stock), 30_000)
    assert e.value.code == "too_complex" and e.value.params["budget"] == 30_000


@pytest.mark.parametrize(("key", "options", "left", "count"), MULTI)
def test_the_kept_plays_are_the_engines_at_every_moment(
    key: str, options: dict[str, object], left: int, count: int
) -> None:
    """:meth:`MultiGame.plays` keeps a hand's plays by the hand and what the engine reads of the
    lead, not by the moment: on many random lines through one deal, where the kept plays are
    met again at other moments, they are those a game that never kept any judges there (its
    context, led suits and trick number included)."""
    rs = resolve(key, options)
    rnd = random.Random(f"multi kept {key}{options}")
    met_again = 0
    for _ in range(2):
        d, _ = _played_to(rs, rnd, 0)
        game = _game(rs, d)
        for _ in range(24):
            pos = game.start()
            while game.to_move(pos) is not None:
                before = len(game._kept)
                kept = game.legal(pos)
                met_again += len(game._kept) == before
                assert kept == _game(rs, d).legal(pos), (d, pos)
                moves = [m for m in kept if len(m) == 1] if rnd.random() < 0.7 else kept
                pos = game.apply(pos, rnd.choice(moves or kept))
    assert met_again > 50


@COMPILED_ONLY
def test_cards_of_one_worth_and_suit_differ_by_rank_where_leads_of_one_rank_go_together() -> None:
    """classic-sixes#leading ``multi_leads=suit_or_rank``: 9S and 8S are worth the same and no
    live card parts them, yet 10S 8S leaves 9S to go with 9H and 10S 9S leaves 8S to go with 8H;
    the search that took them for alike gave 10S 8S the value of 10S 9S."""
    rs = resolve("classic-sixes", {"multi_leads": "suit_or_rank"})
    hands = [
        "9C 8D 7D KS 7S KC JH QH",
        "8S KD 8H 10D AC 10S 9S 8C",
        "10H QS QC AS AD 7C 9D AH",
        "7H 10C JS JC KH QD JD 9H",
    ]
    plays = "JC+JD KC+9C AC+8C 7C+QC QS JS QH KD 9D 7H 7D 10D"
    deal_in = DealInput(rs, 3, [h.split() for h in hands], [p.split("+") for p in plays.split()], None)
    fast = analyse(deal_in, review=False)
    assert same(fast, analyse(deal_in, 10**12, review=False, reference=True))
    assert {m.card: m.cost for m in fast.moves}[(Card.parse("10S"), Card.parse("8S"))] == 12


@COMPILED_ONLY
@pytest.mark.parametrize(
    ("options", "leader", "hands", "plays"),
    [
        (
            {"multi_leads": "suit", "ace_discard_ban": True},
            2,
            [
                "10C AD QC JD 7S KH JS 8H",
                "KC KD 10H KS 8S 7C JC AC",
                "QS 9C 7D 9S QH QD 10D AS",
                "AH 9H 10S 8D JH 7H 9D 8C",
            ],
            "QS JH JS KC QH 8C QC JC 7S 8S 9S 10S",
        ),
        (
            {"multi_leads": "suit_or_rank", "ace_discard_ban": True},
            1,
            [
                "9H 7D AH QC QH JC 7S 9C",
                "JS 8H 8D JH 9S JD KD 10C",
                "KS 10S 10H 8C KH QS 10D AS",
                "7C QD 7H 9D 8S KC AC AD",
            ],
            "JH 8C QD 9C KC QH JS QS 10H 7H 9H 8H",
        ),
        (
            {"multi_leads": "suit_or_rank", "ace_discard_ban": True},
            0,
            [
                "KS 8S 8C AH 9D JD 7D 8H",
                "AC 10D JS 8D 7H JH AS QD",
                "7S 7C 9S QH QC 10S KD 9H",
                "KC AD 9C QS JC KH 10C 10H",
            ],
            "7D 10D KD AD QS JD JS QC 10S+7S 10C+9C KS+8S AS+8D",
        ),
    ],
)
def test_the_plays_kept_with_the_ace_ban_are_those_of_the_suits_led(
    options: dict[str, object], leader: int, hands: list[str], plays: str
) -> None:
    """classic-sixes#following: with leads of several cards the ace ban makes an answer hang on
    the suits led before, each plain suit of a lead among them; positions where plays kept by the
    hand and the lead alone, met again after other suits were led, or a lead of one rank counted
    as leading one suit, gave the compiled search another value than the reference's."""
    rs = resolve("classic-sixes", options)
    deal_in = DealInput(rs, leader, [h.split() for h in hands], [p.split("+") for p in plays.split()], None)
    assert same(analyse(deal_in, review=False), analyse(deal_in, 10**12, review=False, reference=True))
