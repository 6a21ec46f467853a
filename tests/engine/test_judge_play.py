"""tricks.judge_play, the one judge of a single play: the referee's trick resolution and the
solver's multi-card search both ask it, the search with the later seats' hands unseen."""

from __future__ import annotations

import random

import pytest

from rules.engine.cards import Card, parse_cards
from rules.engine.legality import legal_cards
from rules.engine.tricks import TrickContext, judge_play
from rules.engine.variants import resolve


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def hands_of(*texts: str | None) -> list[tuple[Card, ...] | None]:
    return [None if t is None else cards(t) for t in texts]


CTX = TrickContext()


def test_an_answer_off_the_led_suit_while_holding_it_is_a_revoke():
    rs = resolve("classic-sixes")
    hands = hands_of("AH 9S", "KH 8S 7D", None, None)
    assert judge_play(rs, 1, 1, cards("8S"), cards("AH"), hands, CTX) == (
        False,
        "must_follow_suit",
        {"led": "H", "could_play": ["KH"]},
    )
    assert judge_play(rs, 1, 1, cards("KH"), cards("AH"), hands, CTX)[0] is True


def test_an_unseen_hand_leaves_an_answer_off_suit_undecided():
    rs = resolve("classic-sixes")
    hands = hands_of("AH 9S", None, None, None)
    assert judge_play(rs, 1, 1, cards("8S"), cards("AH"), hands, CTX) == (
        None,
        "must_follow_suit",
        {"led": "H"},
    )
    # a trump led asks for a trump
    assert judge_play(rs, 1, 1, cards("8S"), cards("JD"), hands, CTX)[1] == "must_answer_trump"


def test_a_lead_of_several_cards_holds_one_group_or_one_printed_suit():
    rs = resolve("classic-sixes", {"multi_leads": True})
    hands = hands_of("AH KH AS QS", None, None, None)
    assert judge_play(rs, 0, 0, cards("AH KH"), cards("AH KH"), hands, CTX) == (True, None, {})
    legal, reason, _params = judge_play(rs, 0, 0, cards("AH AS"), cards("AH AS"), hands, CTX)
    assert (legal, reason) == (False, "mixed_lead")
    # QS is a trump and AS a plain spade: one printed suit may go together (draw_four_one_suit_lead)
    assert judge_play(rs, 0, 0, cards("AS QS"), cards("AS QS"), hands, CTX)[0] is True


def test_an_answer_to_several_cards_follows_card_for_card_while_it_can():
    rs = resolve("classic-sixes", {"multi_leads": True})
    lead = cards("AH KH")
    hands = hands_of("AH KH", "10H 9S 8S 7D", None, None)
    assert judge_play(rs, 1, 1, cards("9S 8S"), lead, hands, CTX) == (
        False,
        "must_follow_suit",
        {"led": "H", "could_play": ["10H"]},
    )
    # one heart held: one heart given is all the rule asks
    assert judge_play(rs, 1, 1, cards("10H 9S"), lead, hands, CTX) == (True, None, {})


def test_draw_four_answers_are_free():
    rs = resolve("draw-four")
    hands = hands_of("AH KH", "10H 9S 8S 7D", None, None)
    assert judge_play(rs, 1, 1, cards("9S 8S"), cards("AH KH"), hands, CTX) == (True, None, {})


def test_the_blind_seat_plays_unseen_whatever_it_plays():
    rs = resolve("yc-belka", {"blind_seat": "3"})
    hands = hands_of("AH", "KH", "10H", "9H 8S")
    assert judge_play(rs, 1, 3, cards("8S"), cards("AH"), hands, CTX) == (True, "blind_seat", {})
    # the same revoke by a seen seat is one
    rs_seen = resolve("yc-belka")
    assert judge_play(rs_seen, 1, 3, cards("8S"), cards("AH"), hands, CTX)[0] is False


@pytest.mark.parametrize("variant", ["classic-sixes", "yc-hvalyony", "yc-belka", "penalty-goats"])
def test_judges_each_card_of_a_hand_as_legal_cards_lists_them(variant):
    """On random hands, a one-card answer is legal exactly when legal_cards offers it, with the
    other seats' hands given or unseen (the multi-card search asks with them unseen)."""
    rs = resolve(variant)
    rnd = random.Random(variant)
    for _ in range(60):
        deck = list(rs.deck)
        rnd.shuffle(deck)
        size = rs.hand_size
        hands = [tuple(deck[s * size : (s + 1) * size]) for s in range(rs.seats)]
        lead = (rnd.choice(hands[0]),)
        ctx = TrickContext(trick_number=2)
        offered = set(legal_cards(rs, list(hands[1]), lead[0], seat=1, context=ctx))
        unseen: list[tuple[Card, ...] | None] = [hands[0], hands[1], None, None]
        for c in hands[1]:
            seen = judge_play(rs, 1, 1, (c,), lead, hands, ctx)
            assert seen == judge_play(rs, 1, 1, (c,), lead, unseen, ctx)
            assert (seen[0] is True) == (c in offered), (c, lead, seen)
