"""Properties over random legal deals of every variant (docs/rules.md#cards, docs/rules.md#variants).

A deal is dealt at random and played out by choosing, at each turn, a random legal play.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.cards import Card
from rules.engine.checks import first_leader
from rules.engine.deal import play_deal
from rules.engine.tricks import TrickContext, covers, resolve_trick
from rules.engine.variants import resolve
from tests.engine.dealplay import play_out

CONFIGS = [
    ("classic-sixes", {}, None),
    ("classic-sixes", {"trump_suit": "D", "ace_discard_ban": True}, None),
    ("classic-sixes", {"ace_discard_ban": True}, None),
    ("penalty-goats", {}, None),
    ("voon-series", {}, TrickContext(hand_number=1, score=(0, 0))),
    ("voon-series", {}, TrickContext(hand_number=3, score=(4, 6))),
    ("voon-series", {}, TrickContext(hand_number=9, score=(10, 10))),
    ("yc-hvalyony", {}, None),
    ("yc-hvalyony", {"sevens": True, "six_of_clubs": False}, None),
    ("yc-belka", {}, None),
    ("yc-belka", {"sevens": True, "trump_suit": "H"}, None),
    # the seed rules gained as options (classic-sixes#leading, penalty-goats#deck, penalty-goats#trumps)
    ("classic-sixes", {"trump_lead": "hvalyonka_only"}, None),
    ("classic-sixes", {"trump_lead": "hvalyonka_only"}, TrickContext(boaster=2)),
    ("classic-sixes", {"revoke_penalty": "four_points"}, None),
    ("penalty-goats", {"deck": "24"}, None),
    ("penalty-goats", {"trump_row": "court"}, None),
    ("penalty-goats", {"deck": "24", "trump_row": "court"}, None),
]
IDS = [
    f"{k}{'-' + '-'.join(f'{a}={b}' for a, b in o.items()) if o else ''}-{i}"
    for i, (k, o, _) in enumerate(CONFIGS)
]

FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_legal_deal(rs, rnd: random.Random, ctx: TrickContext | None, *, revoke: bool = False):
    """Deal at random and play legal cards; with ``revoke``, the first answer that can be a revoke
    is one. Returns (leader, hands, plays, injected (trick, seat, card) or None)."""
    deck = list(rs.deck)
    rnd.shuffle(deck)
    n = rs.hand_size
    hands = [deck[i * n : (i + 1) * n] for i in range(4)]
    fl = first_leader(rs, hands, hand_number=ctx.hand_number if ctx and ctx.hand_number else 1)
    leader = fl.seat if fl.seat is not None else rnd.randrange(4)
    injected = None

    def choose(k, seat, hand, legal, trick):
        nonlocal injected
        illegal = [x for x in hand if x not in legal]
        if revoke and injected is None and trick and illegal:
            injected = (k, seat, rnd.choice(illegal))
            return injected[2]
        return rnd.choice(legal)

    plays, _ended = play_out(rs, leader, hands, choose, ctx)
    return leader, hands, plays, injected


def check_trick_winner(rs, t):
    cards = [p.cards[0] for p in t.plays]
    win = t.winning[0]
    trumps = [c for c in cards if rs.is_trump(c)]
    if trumps:
        assert win == min(trumps, key=lambda c: rs.trump_index[c])
    else:
        led = [c for c in cards if c.suit == t.led_group]
        assert win == min(led, key=lambda c: rs.plain_index[c.rank])
    assert [p.seat for p in t.plays].count(t.winner) == 1


@pytest.mark.parametrize("key,options,ctx", CONFIGS, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_deal(key, options, ctx, seed):
    rs = resolve(key, options)
    leader, hands, plays, _ = random_legal_deal(rs, random.Random(seed), ctx)
    d = play_deal(rs, leader, hands, plays, context=ctx)
    assert d.violations == () and d.first_violation is None and d.unknown == 0
    played = [c for t in d.tricks for p in t.plays for c in p.cards]
    assert len(played) == len(set(played)) == len(plays)
    assert set(played) <= set(rs.deck)
    assert sum(d.tricks_won) == len(d.tricks)
    for k, t in enumerate(d.tricks):
        check_trick_winner(rs, t)
        if k + 1 < len(d.tricks):
            assert d.tricks[k + 1].leader == t.winner
    if d.ended_early:
        assert d.record["queen_capture"] == d.events[-1].team
        assert not d.complete
    else:
        assert d.complete and len(played) == len(rs.deck)
        assert sum(d.points) == rs.total_points == 120
        assert d.record["points"] == list(d.points)
        assert d.record.get("all_tricks", False) == (0 in d.tricks_won)


@pytest.mark.parametrize("key,options,ctx", CONFIGS, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_injected_revoke_is_first_violation(key, options, ctx, seed):
    rs = resolve(key, options)
    leader, hands, plays, injected = random_legal_deal(rs, random.Random(seed), ctx, revoke=True)
    d = play_deal(rs, leader, hands, plays, context=ctx)
    if injected is None:
        assert d.violations == ()
        return
    v = d.first_violation
    assert v is not None and len(d.violations) == 1
    assert (v.trick, v.seat, v.cards) == (injected[0], injected[1], (injected[2],))
    assert v.reason in ("must_follow_suit", "must_answer_trump", "must_trump", "ace_discard_forbidden")
    assert injected[2].code not in v.params["could_play"]


# ------------------------------------------------------------------ draw-four (draw-four#deck)
def random_draw_four(rs, rnd: random.Random):
    deck = list(rs.deck)
    rnd.shuffle(deck)
    hands = [deck[4 * i : 4 * i + 4] for i in range(4)]
    stock = deck[16:]
    pile = list(stock)
    remaining = [list(h) for h in hands]
    leader = rnd.randrange(4)
    current = leader
    plays: list[list[Card]] = []
    while any(remaining):
        lead_hand = remaining[current]
        first = rnd.choice(lead_hand)
        same = [c for c in lead_hand if c != first and rs.group(c) == rs.group(first)]
        limit = min(len(h) for h in remaining)
        extra = rnd.sample(same, rnd.randint(0, min(len(same), limit - 1)))
        lead = [first, *extra]
        trick = [lead]
        for i in range(1, 4):
            trick.append(rnd.sample(remaining[(current + i) % 4], len(lead)))
        for i, p in enumerate(trick):
            for c in p:
                remaining[(current + i) % 4].remove(c)
        plays.extend(trick)
        t = resolve_trick(rs, current, trick)
        current = t.winner
        order = [(current + i) % 4 for i in range(4)]
        while pile and any(len(h) < 4 for h in remaining):
            for s in order:
                if pile and len(remaining[s]) < 4:
                    remaining[s].append(pile.pop(0))
    return leader, hands, stock, plays


@FAST
@given(seed=st.integers(0, 2**32 - 1), suit=st.sampled_from("CSHD"))
def test_random_draw_four_deal(seed, suit):
    rs = resolve("draw-four", {"trump_suit": suit})
    leader, hands, stock, plays = random_draw_four(rs, random.Random(seed))
    d = play_deal(rs, leader, hands, plays, stock=stock)
    assert d.violations == () and d.unknown == 0 and d.complete
    played = [c for t in d.tricks for p in t.plays for c in p.cards]
    assert sorted(played, key=str) == sorted(rs.deck, key=str)
    assert sum(d.points) == 120
    for t in d.tricks:
        w = [p.seat for p in t.plays].index(t.winner)
        assert w == 0 or covers(rs, t.plays[w].cards, t.plays[0].cards)
        assert not any(covers(rs, p.cards, t.winning) for p in t.plays[w + 1 :])
    # Without the stock only the first trick is checked against hands.
    d2 = play_deal(rs, leader, hands, plays)
    assert d2.points == d.points and d2.complete


# ------------------------------------------------------------------ multi_leads (classic-sixes#leading, penalty-goats)
def random_multi_deal(rs, rnd: random.Random):
    """A deal of the eight-card games with leads of one to three cards of one printed suit or all
    trumps, each answer following card by card (the option multi_leads)."""
    deck = list(rs.deck)
    rnd.shuffle(deck)
    n = rs.hand_size
    hands = [deck[i * n : (i + 1) * n] for i in range(4)]
    remaining = [list(h) for h in hands]
    leader = rnd.randrange(4)
    current = leader
    plays: list[list[Card]] = []
    while any(remaining):
        lead_hand = remaining[current]
        first = rnd.choice(lead_hand)
        if rnd.random() < 0.5:
            same = [c for c in lead_hand if c != first and c.suit == first.suit]  # one printed suit
        else:
            same = [c for c in lead_hand if c != first and rs.group(c) == rs.group(first)]
        limit = min(rs.max_lead, len(lead_hand))
        lead = [first, *rnd.sample(same, rnd.randint(0, min(len(same), limit - 1)))]
        trick = [lead]
        for i in range(1, 4):
            hand = list(remaining[(current + i) % 4])
            answer: list[Card] = []
            for g in {rs.group(c) for c in lead}:
                need = sum(1 for c in lead if rs.group(c) == g)
                held = [c for c in hand if rs.group(c) == g and c not in answer]
                answer += rnd.sample(held, min(need, len(held)))
            rest = [c for c in hand if c not in answer]
            answer += rnd.sample(rest, len(lead) - len(answer))
            trick.append(answer)
        for i, p in enumerate(trick):
            for c in p:
                remaining[(current + i) % 4].remove(c)
        plays.extend(trick)
        current = resolve_trick(rs, current, trick).winner
    return leader, hands, plays


@pytest.mark.parametrize(
    "key,options",
    [
        ("classic-sixes", {"multi_leads": True}),
        ("classic-sixes", {"multi_leads": True, "trump_suit": "D"}),
        ("penalty-goats", {"multi_leads": True}),
        ("penalty-goats", {"multi_leads": True, "deck": "24", "trump_row": "court"}),
    ],
    ids=["classic", "classic-D", "penalty", "penalty-24-court"],
)
@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_random_multi_lead_deal(key, options, seed):
    rs = resolve(key, options)
    leader, hands, plays = random_multi_deal(rs, random.Random(seed))
    d = play_deal(rs, leader, hands, plays)
    assert d.violations == () and d.unknown == 0 and d.complete
    played = [c for t in d.tricks for p in t.plays for c in p.cards]
    assert sorted(played, key=str) == sorted(rs.deck, key=str)
    assert sum(d.points) == rs.total_points == 120
    assert sum(d.tricks_won) == len(d.tricks)
    for k, t in enumerate(d.tricks):
        seats = [p.seat for p in t.plays]
        assert seats.count(t.winner) == 1  # one winner per trick
        w = seats.index(t.winner)
        assert w == 0 or covers(rs, t.plays[w].cards, t.plays[0].cards)
        assert not any(covers(rs, p.cards, t.winning) for p in t.plays[w + 1 :])
        if len(t.plays[0].cards) == 1:
            check_trick_winner(rs, t)  # a one-card trick is judged as ever
        if k + 1 < len(d.tricks):
            assert d.tricks[k + 1].leader == t.winner
    assert d.record.get("all_tricks", False) == (0 in d.tricks_won)
