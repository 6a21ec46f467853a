"""The readings the sources leave open, each decided once (DECISIONS), as tables of cases citing
the rule-sheet section it shows on."""

from __future__ import annotations

import random

import pytest

from rules.engine import decisions_for, next_deal, play_deal, redeal_check, replay, resolve
from rules.engine.cards import Card
from rules.engine.checks import first_leader
from rules.engine.records import RecordError
from rules.engine.tricks import TrickContext, legal_cards, resolve_trick
from rules.engine.variants import Ruleset


def codes(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def random_deal(
    rs: Ruleset, seed: int, *, deck: list[Card] | None = None, leader: int = 0
) -> tuple[list[list[Card]], list[list[Card]] | None, list[Card]]:
    """A deal of one-card tricks played out with random legal cards: hands, prikup, plays."""
    rnd = random.Random(seed)
    if deck is None:
        deck = list(rs.deck)
        rnd.shuffle(deck)
    n, size = rs.seats, rs.hand_size
    first = [deck[s * size : (s + 1) * size] for s in range(n)]
    second = [deck[(n + s) * size : (n + s + 1) * size] for s in range(n)] if rs.rounds == 2 else None
    remaining = [list(h) for h in first]
    plays: list[Card] = []
    current = leader
    for k in range(size * rs.rounds):
        if k == size and second is not None:
            remaining = [list(h) for h in second]
        trick: list[Card] = []
        for i in range(n):
            seat = (current + i) % n
            c = rnd.choice(legal_cards(rs, remaining[seat], trick[0] if trick else None, seat=seat))
            remaining[seat].remove(c)
            trick.append(c)
        plays.extend(trick)
        t = resolve_trick(rs, current, trick)
        current = t.winner
        if t.events:
            break
    return first, second, plays


# ------------------------------------------------------------------ solo-twelve#two-against-one
SPADES_QUEEN = [
    # trump suit named, is QS a trump, the ladder's neighbours of QS (above, below)
    pytest.param("S", True, ("KS", "9S"), id="solo-twelve#two-against-one/spades-named"),
    pytest.param("H", False, None, id="solo-twelve#two-against-one/hearts-named"),
    pytest.param("C", False, None, id="solo-twelve#two-against-one/clubs-named"),
]


@pytest.mark.parametrize("suit,trump,around", SPADES_QUEEN)
def test_the_queen_of_spades_is_a_spade(suit: str, trump: bool, around: tuple[str, str] | None) -> None:
    rs = resolve("solo-twelve", {"spades_queen": True, "trump_suit": suit}, seats=3)
    qs = Card.parse("QS")
    assert rs.is_trump(qs) is trump
    if around is not None:
        i = rs.trumps.index(qs)
        assert (rs.trumps[i - 1].code, rs.trumps[i + 1].code) == around
    assert "two_against_one_spades" in decisions_for(rs)


def test_the_queen_of_spades_undealt_nobody_plays_alone() -> None:
    """solo-twelve#two-against-one: QS among the two cards dealt to nobody."""
    rs = resolve("solo-twelve", {"spades_queen": True}, seats=3)
    deck = [c for c in rs.deck if c.code not in ("QS", "7D")] + codes("QS 7D")
    hands, _, plays = random_deal(rs, 1, deck=deck, leader=1)
    d = play_deal(rs, 1, hands, plays, dealer=0)
    assert d.lone_seat is None and "lone" not in d.record
    assert Card.parse("QS") in d.kitty
    state = replay(rs, None, [d.record], first_dealer=0)
    assert sum(state.score) == 36  # scored each for himself, marks only change hands


# ------------------------------------------------------------------ yc-duel#prikup, solo-twelve#leading: the second round
SECOND_ROUND = [
    pytest.param("yc-duel", {}, 2, id="yc-duel#prikup/duel"),
    pytest.param("yc-duel", {"sevens": True}, 2, id="yc-duel#prikup/duel-sevens"),
    pytest.param("solo-twelve", {}, 4, id="solo-twelve#leading/second-four"),
]


@pytest.mark.parametrize("variant,options,seats", SECOND_ROUND)
@pytest.mark.parametrize("seed", range(4))
def test_the_second_round_is_led_by_the_last_tricks_winner(
    variant: str, options: dict[str, object], seats: int, seed: int
) -> None:
    rs = resolve(
        variant, {**options, "six_of_clubs": False} if variant == "yc-duel" else options, seats=seats
    )
    hands, prikup, plays = random_deal(rs, seed, leader=1)
    d = play_deal(rs, 1, hands, plays, prikup=prikup, dealer=0)
    first = rs.hand_size
    assert d.tricks[first].leader == d.tricks[first - 1].winner
    assert d.violations == ()
    assert "second_round_lead" in decisions_for(rs)


# ------------------------------------------------------------------ solo-twelve#deck: the trump card; after a void deal
@pytest.mark.parametrize("seats", [2, 3, 4], ids=lambda n: f"solo-twelve#trumps/{n}-players")
def test_the_trump_card_reading_is_on_every_solo_sheet(seats: int) -> None:
    assert "solo_trump_card" in decisions_for("solo-twelve", seats=seats)


VOID = [
    pytest.param(3, [{"points": [40, 40, 40]}], 1, id="solo-twelve#transfers/void-three"),
    pytest.param(4, [{"points": [30, 30, 30, 30]}] * 2, 2, id="solo-twelve#transfers/two-void-four"),
]


@pytest.mark.parametrize("seats,records,dealer", VOID)
def test_a_void_deal_passes_the_deal(seats: int, records: list[dict[str, object]], dealer: int) -> None:
    rs = resolve("solo-twelve", seats=seats)
    state = replay(rs, None, records, first_dealer=0)
    assert state.score == (12,) * seats and state.hands[-1].note_codes() == ("void",)
    nd = next_deal(rs, None, records, first_dealer=0)
    assert (nd.dealer, nd.leader) == (dealer, (dealer + 1) % seats)


# ------------------------------------------------------------------ draw-four#deck: the drawing order
@pytest.mark.parametrize("who", [1, 2, 3, 0], ids=lambda s: f"draw-four#deck/seat{s}-plays-first-drawn")
def test_the_tricks_winner_draws_first(who: int) -> None:
    rs = resolve("draw-four")
    # seat 1 takes trick 1 with the ace of hearts; then draws 6S, seat 2 7S, seat 3 8S, seat 0 9S
    hands = ["6H 7D 8D 9D", "AH 10D KD JD", "7H 8C 9C 10C", "8H 6D AD AC"]
    stock = "6S 7S 8S 9S"
    first = "6H; AH; 7H; 8H"
    drawn = {1: "6S", 2: "7S", 3: "8S", 0: "9S"}
    second = [f"{drawn[s]}" if s == who else None for s in (1, 2, 3, 0)]
    # trick 2, led by seat 1: each seat plays the card it drew, or a card it held before
    kept = {1: "10D", 2: "8C", 3: "6D", 0: "7D"}
    plays = [second[i] or kept[s] for i, s in enumerate((1, 2, 3, 0))]
    d = play_deal(rs, 0, hands, first + "; " + "; ".join(plays), stock=stock, dealer=0)
    assert d.tricks[0].winner == 1 and d.tricks[1].leader == 1
    wrong = {1: "7S", 2: "8S", 3: "9S", 0: "6S"}  # the card the next seat drew
    bad = [wrong[s] if s == who else kept[s] for s in (1, 2, 3, 0)]
    with pytest.raises(Exception) as e:
        play_deal(rs, 0, hands, first + "; " + "; ".join(bad), stock=stock, dealer=0)
    assert getattr(e.value, "code", None) == "card_not_in_hand"


# ------------------------------------------------------------------ penalty-goats#redeal: plain cards only
FOUR_OF_SUIT = [
    pytest.param("AH 10H KH 9H 7S 8S 9S 7D", True, ["H"], id="penalty-goats#redeal/four-plain-hearts"),
    pytest.param("QH JH AH 10H 7S 8S 9S 7D", False, [], id="penalty-goats#redeal/queen-jack-are-trumps"),
    pytest.param("QS JS AS 10S KS 8H 9H 7D", False, [], id="penalty-goats#redeal/three-plain-spades"),
    pytest.param("AC 10C KC 9C 7S 8S 9S 7D", False, [], id="penalty-goats#redeal/clubs-are-trumps"),
]


@pytest.mark.parametrize("hand,allowed,suits", FOUR_OF_SUIT)
def test_four_of_suit_counts_plain_cards(hand: str, allowed: bool, suits: list[str]) -> None:
    rs = resolve("penalty-goats", {"four_of_suit_redeal": True})
    r = redeal_check(rs, hand.split())
    assert ("four_of_suit" in r.reasons) is allowed
    assert list(r.params.get("suits", [])) == suits


# ------------------------------------------------------------------ yc-hvalyony#leading
def test_hvalyony_first_lead_is_the_jc_holder_and_any_leader_is_judged() -> None:
    rs = resolve("yc-hvalyony")
    hands = [None, None, codes("JC 8H 9H 10H AH KH QS 6S"), None]
    fl = first_leader(rs, hands)
    assert (fl.seat, fl.rule) == (2, "obyaz")
    t = resolve_trick(rs, 0, ["AS", "KS", "6S", "8S"])
    assert all(p.legal is not False for p in t.plays)
    assert "obyaz_first_lead" in decisions_for(rs) and "obyaz_first_lead" not in decisions_for("yc-belka")


# ------------------------------------------------------------------ a wrong first leader (solo-twelve#leading, voon-series#leading)
WRONG_LEADER = [
    # variant, seats, dealer, leader, expected first violation (reason, due leader) or None
    pytest.param("solo-twelve", 3, 0, 2, ("wrong_first_leader", 1), id="solo-twelve#leading/three-wrong"),
    pytest.param("solo-twelve", 3, 0, 1, None, id="solo-twelve#leading/three-right"),
    pytest.param("solo-twelve", 2, 1, 1, ("wrong_first_leader", 0), id="solo-twelve#leading/two-dealer-led"),
    pytest.param("solo-twelve", 4, 3, 0, None, id="solo-twelve#leading/four-right"),
    pytest.param("yc-duel", 2, 0, 0, ("wrong_first_leader", 1), id="yc-duel#leading/dealer-led"),
]


@pytest.mark.parametrize("variant,seats,dealer,leader,expected", WRONG_LEADER)
@pytest.mark.parametrize("seed", range(3))
def test_a_wrong_first_leader_is_the_first_irregularity(
    variant: str, seats: int, dealer: int, leader: int, expected: tuple[str, int] | None, seed: int
) -> None:
    rs = resolve(variant, {"six_of_clubs": False} if variant == "yc-duel" else {}, seats=seats)
    hands, prikup, plays = random_deal(rs, seed, leader=leader)
    d = play_deal(rs, leader, hands, plays, prikup=prikup, dealer=dealer)
    assert d.complete  # the review goes on to the last trick
    if expected is None:
        assert d.first_violation is None
    else:
        assert d.first_violation is not None
        assert (d.first_violation.reason, d.first_violation.params["leader"]) == expected
        assert (d.first_violation.trick, d.first_violation.seat) == (1, leader)
    # without the dealer nothing is known about the first lead
    assert play_deal(rs, leader, hands, plays, prikup=prikup).first_violation is None


def test_voon_first_lead_by_a_seat_without_ad_is_marked() -> None:
    """voon-series#leading: in the first hand the AD holder leads; the review names the wrong lead."""
    rs = resolve("voon-series")
    deck = list(rs.deck)
    random.Random(3).shuffle(deck)
    hands = [deck[8 * s : 8 * (s + 1)] for s in range(4)]
    holder = next(s for s, h in enumerate(hands) if Card.parse("AD") in h)
    leader = (holder + 1) % 4
    trick = [hands[leader][0]]
    for i in range(1, 4):
        seat = (leader + i) % 4
        trick.append(legal_cards(rs, hands[seat], trick[0], seat=seat)[0])
    d = play_deal(rs, leader, hands, trick, context=TrickContext(hand_number=1))
    assert d.first_violation is not None
    assert (d.first_violation.reason, d.first_violation.params["holder"]) == ("must_lead_ad", holder)


# ------------------------------------------------------------------ solo-twelve#scoring: no Lyusya
def test_solo_tables_have_no_lyusya() -> None:
    for seats in (2, 3, 4):
        rs = resolve("solo-twelve", seats=seats)
        assert not rs.lyusya and "no_lyusya_solo" in decisions_for(rs)
        with pytest.raises(RecordError) as e:
            replay(rs, None, [{"points": [120] + [0] * (seats - 1), "all_tricks": True}], first_dealer=0)
        assert e.value.code == "event_not_in_variant"
    assert "no_lyusya_solo" not in decisions_for("yc-duel")


# ------------------------------------------------------------------ yc-duel#trumps: after a queen capture
@pytest.mark.parametrize(
    "order", [("6C", "QC"), ("QC", "6C")], ids=["yc-duel#trumps/6C-first", "yc-duel#trumps/QC-first"]
)
def test_after_a_capture_the_duel_plays_clubs(order: tuple[str, str]) -> None:
    rs = resolve("yc-duel", {"trump_suit": "H"})
    deck = [c for c in rs.deck if c.code not in order]
    rnd = random.Random(5)
    rnd.shuffle(deck)
    # seat 0 holds the first card of the capture, seat 1 the other
    hands = [[Card.parse(order[0])] + deck[:7], [Card.parse(order[1])] + deck[7:14]]
    d = play_deal(rs, 0, hands, [order[0], order[1]])
    assert d.ended_early and d.record["last_suit"] == "C"
    state = replay(rs, None, [d.record])
    assert next_deal(rs, None, [d.record], first_dealer=1).trump_suit == "C"
    assert state.hands[0].record.last_suit == "C"


# ------------------------------------------------------------------ classic-sixes#scoring: the titles
TITLES = [
    pytest.param("classic-sixes", {}, ("goats", "with_eggs"), id="classic-sixes#scoring/eggs-title"),
    pytest.param("draw-four", {"scoring": "pairs"}, ("goats",), id="draw-four#scoring/goats-alone"),
    pytest.param("penalty-goats", {}, ("goats",), id="penalty-goats#scoring/goats-alone"),
]


@pytest.mark.parametrize("variant,options,titles", TITLES)
def test_titles_are_the_classic_games(
    variant: str, options: dict[str, object], titles: tuple[str, ...]
) -> None:
    rs = resolve(variant, options)
    # eggs, then the same team wins to the end
    records: list[dict[str, object]] = [{"points": [60, 60]}]
    state = replay(rs, None, records)
    while not state.finished:
        records.append({"points": [80, 40]} if rs.scoring == "pairs" else {"points": [40, 80]})
        state = replay(rs, None, records)
    assert state.titles == titles
