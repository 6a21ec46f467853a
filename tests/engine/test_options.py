"""Options that combine, leads of one rank, two blind seats and khvalyonki in penalty goats: each
a table of cases through the engine, citing the rule-sheet section it shows on."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from rules.engine import KozelError, TrickContext, legal_cards, play_deal, replay, resolve, resolve_trick
from rules.engine.cards import Card
from rules.engine.legality import judge_multi_answer
from rules.engine.variants import check_options, get_variant

ROOT = Path(__file__).resolve().parents[2]


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


# ------------------------------------------------------------------ classic-sixes#leading: trump leads
MULTI = {"trump_lead": "hvalyonka_only", "multi_leads": "suit"}
TRUMP_LEAD = [
    # variant, options, lead (the first play), leader's hand, boaster, legal, reason
    pytest.param(
        "classic-sixes",
        MULTI,
        "QC",
        "QC 9H",
        None,
        False,
        "trump_lead_forbidden",
        id="classic-sixes#leading/one-card",
    ),
    pytest.param(
        "classic-sixes",
        MULTI,
        "QS 9S",
        "QS 9S 8H",
        None,
        False,
        "trump_lead_forbidden",
        id="classic-sixes#leading/holding-a-trump",
    ),
    pytest.param(
        "classic-sixes", MULTI, "QS 9S", "QS 9S 8H", 0, True, None, id="classic-sixes#leading/the-boaster"
    ),
    pytest.param(
        "classic-sixes",
        MULTI,
        "QS 9S",
        "QS 9S 8H",
        2,
        False,
        "trump_lead_forbidden",
        id="classic-sixes#leading/partner-boasts",
    ),
    pytest.param(
        "classic-sixes", MULTI, "QC QS", "QC QS", None, True, None, id="classic-sixes#leading/only-trumps"
    ),
    pytest.param(
        "classic-sixes", MULTI, "9S 8S", "9S 8S QC", None, True, None, id="classic-sixes#leading/plain-lead"
    ),
    pytest.param(
        "classic-sixes",
        MULTI,
        "QS 9S",
        None,
        None,
        None,
        "trump_lead_forbidden",
        id="classic-sixes#leading/hand-unknown",
    ),
    pytest.param(
        "classic-sixes",
        {**MULTI, "multi_leads": "suit_or_rank"},
        "7C 7H",
        "7C 7H 8S",
        None,
        False,
        "trump_lead_forbidden",
        id="classic-sixes#leading/rank-lead-with-a-trump",
    ),
    pytest.param(
        "penalty-goats",
        {"hvalyonki": True, **MULTI},
        "QS 9S",
        "QS 9S 8H",
        None,
        False,
        "trump_lead_forbidden",
        id="penalty-goats#leading/holding-a-trump",
    ),
    pytest.param(
        "penalty-goats",
        {"hvalyonki": True, **MULTI},
        "QS 9S",
        "QS 9S 8H",
        0,
        True,
        None,
        id="penalty-goats#leading/the-boaster",
    ),
]


@pytest.mark.parametrize("variant,options,lead,hand,boaster,legal,reason", TRUMP_LEAD)
def test_a_lead_holding_a_trump_is_a_trump_lead(
    variant: str,
    options: dict[str, object],
    lead: str,
    hand: str | None,
    boaster: int | None,
    legal: bool | None,
    reason: str | None,
) -> None:
    """DECISIONS options_combine: multi_leads switches trump_lead off no more."""
    rs = resolve(variant, options)
    k = len(lead.split())
    answers = [" ".join(a.split()[:k]) for a in ("7D 8D 9D", "10D KD AD", "KH AH 10H")]
    hands = [hand.split() if hand else None, None, None, None]
    t = resolve_trick(rs, 0, [lead, *answers], hands=hands, context=TrickContext(boaster=boaster))
    assert (t.plays[0].legal, t.plays[0].reason) == (legal, reason)


def test_the_reports_trump_lead() -> None:
    """classic-sixes#leading: the audit's request, with and without leads of several cards."""
    plays, hands = ["QC", "QS", "QD", "8C"], [["QC", "9H"], ["QS", "8H"], ["QD", "7H"], ["8C", "9D"]]
    for multi in ("off", "suit", "suit_or_rank", True):
        rs = resolve("classic-sixes", {"trump_lead": "hvalyonka_only", "multi_leads": multi})
        t = resolve_trick(rs, 0, plays, hands=hands)
        assert (t.plays[0].legal, t.plays[0].reason) == (False, "trump_lead_forbidden"), multi


def test_a_deal_marks_the_trump_lead() -> None:
    """classic-sixes#leading: play_deal follows the trick's judgement (the deal review)."""
    rs = resolve("classic-sixes", MULTI)
    hands = [
        "QC QS 9H 8H 7H 9D 8D 7D".split(),
        "QH JC 10H KH 10D KD AD 9C".split(),
        "QD JS AH 8S 7S KS 10S 9S".split(),
        "7C JH JD AC 10C KC 8C AS".split(),
    ]
    plays = ["QC", "QH", "QD", "7C"]
    d = play_deal(rs, 0, hands, plays)
    assert d.first_violation is not None
    assert (d.first_violation.seat, d.first_violation.reason) == (0, "trump_lead_forbidden")
    assert play_deal(rs, 0, hands, plays, context=TrickContext(boaster=0)).violations == ()


# ------------------------------------------------------------------ classic-sixes#following: the ace ban
BAN = {"ace_discard_ban": True, "multi_leads": "suit"}
ACE_BAN = [
    # options, lead, answer, hand, suits led before, legal, reason
    pytest.param(
        BAN,
        "7S",
        "AH",
        "AH 9H",
        "",
        False,
        "ace_discard_forbidden",
        id="classic-sixes#following/one-card-lead",
    ),
    pytest.param(BAN, "7S", "AH", "AH 9H", "H", True, None, id="classic-sixes#following/hearts-led-before"),
    pytest.param(BAN, "7S", "AH", "AH AD", "", True, None, id="classic-sixes#following/nothing-else"),
    pytest.param(
        BAN,
        "7S 8S",
        "9S AH",
        "9S AH 8D",
        "",
        False,
        "ace_discard_forbidden",
        id="classic-sixes#following/rest-of-two",
    ),
    pytest.param(
        BAN, "7S 8S", "9S AH", "9S AH", "", True, None, id="classic-sixes#following/the-ace-must-fill"
    ),
    pytest.param(
        BAN,
        "7S 8S",
        "AD AH",
        "AD AH 7H",
        "",
        False,
        "ace_discard_forbidden",
        id="classic-sixes#following/two-aces-one-other",
    ),
    pytest.param(
        BAN, "7S 8S", "AD 7H", "AD AH 7H", "", True, None, id="classic-sixes#following/one-ace-must-go"
    ),
    pytest.param(
        BAN, "7S 8S", "AS 9H", "AS 9H", "", True, None, id="classic-sixes#following/ace-of-the-led-suit"
    ),
    pytest.param(
        BAN, "7S", "AH", None, "", None, "must_follow_suit", id="classic-sixes#following/hand-unknown"
    ),
    pytest.param(
        {**BAN, "multi_leads": "suit_or_rank"},
        "10H 10S",
        "AH AD",
        "AH AD 7C",
        "",
        False,
        "ace_discard_forbidden",
        id="classic-sixes#following/rank-lead-diamond-ace",
    ),
    pytest.param(
        {**BAN, "multi_leads": "suit_or_rank"},
        "10H 10S",
        "AH 9D",
        "AH AD 9D",
        "",
        True,
        None,
        id="classic-sixes#following/ace-of-a-led-group",
    ),
    pytest.param(
        {"multi_leads": "suit"},
        "7S",
        "AH",
        "AH 9H",
        "",
        True,
        None,
        id="classic-sixes#following/without-the-ban",
    ),
]


@pytest.mark.parametrize("options,lead,answer,hand,led,legal,reason", ACE_BAN)
def test_the_ace_ban_judges_every_answering_card(
    options: dict[str, object],
    lead: str,
    answer: str,
    hand: str | None,
    led: str,
    legal: bool | None,
    reason: str | None,
) -> None:
    """DECISIONS options_combine: multi_leads switches ace_discard_ban off no more."""
    rs = resolve("classic-sixes", options)
    k = len(lead.split())
    rest = [" ".join(x.split()[:k]) for x in ("KC 10C QD", "JD JS JH")]
    hands = [None, hand.split() if hand else None, None, None]
    t = resolve_trick(
        rs, 0, [lead, answer, *rest], hands=hands, context=TrickContext(led_suits=frozenset(led))
    )
    assert (t.plays[1].legal, t.plays[1].reason) == (legal, reason)


def test_the_reports_ace() -> None:
    """classic-sixes#following: the audit's request; the trick's judgement and legal_cards agree."""
    hands = [["7S", "8D"], ["AH", "9H"], ["9S", "10S"], ["KS", "AS"]]
    rs = resolve("classic-sixes", BAN)
    t = resolve_trick(rs, 0, ["7S", "AH", "9S", "KS"], hands=hands)
    assert (t.plays[1].legal, t.plays[1].reason) == (False, "ace_discard_forbidden")
    assert legal_cards(rs, cards("AH 9H"), Card.parse("7S")) == cards("9H")


@pytest.mark.parametrize("seed", range(4), ids=lambda s: f"classic-sixes#following/seed{s}")
def test_one_card_answers_agree_with_legal_cards(seed: int) -> None:
    """classic-sixes#following: with leads of several cards on, a one-card answer is judged as
    legal_cards judges it, the ace ban and the suits led so far included."""
    rnd = random.Random(seed)
    multi = resolve("classic-sixes", BAN)
    for _ in range(150):
        deck = list(multi.deck)
        rnd.shuffle(deck)
        hand, lead = tuple(deck[:5]), deck[5]
        led = frozenset(rnd.sample("CSHD", rnd.randint(0, 2)))
        ctx = TrickContext(led_suits=led)
        want = set(legal_cards(multi, hand, lead, context=ctx))
        got = {c for c in hand if judge_multi_answer(multi, (c,), hand, (lead,), ctx)[0]}
        assert got == want, (hand, lead, led)


def test_a_deal_counts_every_plain_suit_of_a_lead_as_led() -> None:
    """classic-sixes#following: after a lead of the trump queen with a plain spade, spades were led,
    so the ace of spades may be discarded later."""
    rs = resolve("classic-sixes", BAN)
    hands = [
        "QS 9S 8H 7H 9D 8D JD QD".split(),
        "AS 8S 7D 10D KD AD 7S 10S".split(),
        "KS JS 9H 10H KH AH 7C 8C".split(),
        "JH QH JC QC 9C 10C KC AC".split(),
    ]
    trick = ["QS 9S", "8S 7D", "KS JS", "9C 10C"]
    assert play_deal(rs, 0, hands, [*trick, "8H", "AS", "9H", "QH"]).violations == ()
    d = play_deal(rs, 0, hands, [*trick, "8H", "AD", "9H", "QH"])  # diamonds were never led
    assert [(v.seat, v.reason) for v in d.violations] == [(1, "ace_discard_forbidden")]


# ------------------------------------------------------------------ classic-sixes#leading: leads of one rank
RANK = {"multi_leads": "suit_or_rank"}
RANK_LEADS = [
    # options, lead, legal, reason
    pytest.param(RANK, "10H 10S", True, None, id="classic-sixes#leading/two-tens"),
    pytest.param(RANK, "10H 10S 10D", True, None, id="classic-sixes#leading/three-tens"),
    pytest.param(RANK, "7S 7H", True, None, id="classic-sixes#leading/two-sevens"),
    pytest.param(RANK, "7C 7H", True, None, id="classic-sixes#leading/the-shamok-and-a-seven"),
    pytest.param(RANK, "JC JD", True, None, id="classic-sixes#leading/two-jacks"),
    pytest.param(RANK, "10H 9S", False, "mixed_lead", id="classic-sixes#leading/two-ranks-two-suits"),
    pytest.param(
        {"multi_leads": "suit"}, "10H 10S", False, "mixed_lead", id="classic-sixes#leading/suit-only"
    ),
    pytest.param(
        {"multi_leads": True}, "10H 10S", False, "mixed_lead", id="classic-sixes#leading/true-is-suit"
    ),
]


@pytest.mark.parametrize("options,lead,legal,reason", RANK_LEADS)
def test_leads_of_one_rank(options: dict[str, object], lead: str, legal: bool, reason: str | None) -> None:
    rs = resolve("classic-sixes", options)
    k = len(lead.split())
    rest = [" ".join(x.split()[:k]) for x in ("9D 8D QD", "KD AD 8C", "KS AS 9C")]
    t = resolve_trick(rs, 0, [lead, *rest])
    assert (t.plays[0].legal, t.plays[0].reason) == (legal, reason)
    if reason == "mixed_lead" and rs.rank_leads:
        assert t.plays[0].params["ranks"] is True  # the message names the ranks too


def test_four_of_one_rank_is_too_many() -> None:
    """classic-sixes#leading: two or three of one rank, never four."""
    with pytest.raises(KozelError) as e:
        resolve_trick(
            resolve("classic-sixes", RANK),
            0,
            ["10H 10S 10D 10C", "7H 8H 9H KH", "7S 8S 9S KS", "7D 8D 9D KD"],
        )
    assert e.value.code == "wrong_card_count"


RANK_ANSWERS = [
    # answer, hand, legal, reason: a lead of 10H 10S (hearts and spades)
    pytest.param("9H 9D", "9H 9D 7D", True, None, id="classic-sixes#following/one-of-each-held"),
    pytest.param("9H 8H", "9H 8H 7S", False, "must_follow_suit", id="classic-sixes#following/the-spade-held"),
    pytest.param("9H 8H", "9H 8H 7D", True, None, id="classic-sixes#following/two-hearts-no-spade"),
    pytest.param("7D 8D", "9H 7D 8D", False, "must_follow_suit", id="classic-sixes#following/the-heart-held"),
    pytest.param("QC 7D", "QC 7D 8D", True, None, id="classic-sixes#following/neither-held"),
]


@pytest.mark.parametrize("answer,hand,legal,reason", RANK_ANSWERS)
def test_a_rank_lead_is_answered_group_by_group(
    answer: str, hand: str, legal: bool, reason: str | None
) -> None:
    """DECISIONS rank_lead_answer."""
    rs = resolve("classic-sixes", RANK)
    t = resolve_trick(rs, 0, ["10H 10S", answer, "KD AD", "JS JH"], hands=[None, hand.split(), None, None])
    assert (t.plays[1].legal, t.plays[1].reason) == (legal, reason)


RANK_WINNERS = [
    # the three answers to 10H 10S, the seat that takes the trick
    pytest.param(["AH AS", "7D 8D", "9D KD"], 1, id="classic-sixes#winning/each-ten-beaten"),
    pytest.param(["AH 9S", "7D 8D", "9D KD"], 0, id="classic-sixes#winning/one-ten-left"),
    pytest.param(["AH AS", "QC 8H", "9D 7D"], 1, id="classic-sixes#winning/a-trump-and-a-plain"),
    pytest.param(["AH AS", "QC JC", "9D 7D"], 2, id="classic-sixes#winning/two-trumps-over-the-aces"),
    pytest.param(["KS AH", "7D 8D", "9D KD"], 0, id="classic-sixes#winning/a-king-under-a-ten"),
]


@pytest.mark.parametrize("answers,winner", RANK_WINNERS)
def test_a_rank_lead_is_taken_over_card_for_card(answers: list[str], winner: int) -> None:
    t = resolve_trick(resolve("classic-sixes", RANK), 0, ["10H 10S", *answers])
    assert t.winner == winner


# ------------------------------------------------------------------ options read as they were written
@pytest.mark.parametrize(
    "given,read",
    [
        (True, "suit"),
        (False, "off"),
        ("suit", "suit"),
        ("suit_or_rank", "suit_or_rank"),
        ("off", "off"),
    ],
    ids=lambda x: f"classic-sixes#options/{x}",
)
def test_multi_leads_reads_true_and_false(given: object, read: str) -> None:
    """classic-sixes#options: requests, stored matches and house sheets that say true/false."""
    assert check_options(get_variant("classic-sixes"), {"multi_leads": given})["multi_leads"] == read
    option = get_variant("penalty-goats").option("multi_leads")
    assert option.check(option.from_text({True: "1", False: "0"}.get(given, str(given)))) == read  # type: ignore[call-overload]


@pytest.mark.parametrize("word", ["1", "true", "on", "yes"])
def test_a_link_saying_one_reads_suit(word: str) -> None:
    option = get_variant("classic-sixes").option("multi_leads")
    assert option.from_text(word) == "suit"


BLIND = [
    # the options given, the blind seats read (or the error)
    pytest.param({"blind_seats": "0,1"}, (0, 1), id="classic-sixes#blind/two-seats"),
    pytest.param({"blind_seats": [3, 2]}, (2, 3), id="classic-sixes#blind/a-list"),
    pytest.param({"blind_seats": 2}, (2,), id="classic-sixes#blind/a-seat-number"),
    pytest.param({"blind_seats": None}, (), id="classic-sixes#blind/null"),
    pytest.param({"blind_seat": "2"}, (2,), id="classic-sixes#blind/the-older-option"),
    pytest.param({"blind_seat": 1, "blind_seats": "1"}, (1,), id="classic-sixes#blind/both-agree"),
    pytest.param(
        {"blind_seat": "none", "blind_seats": "0,3"}, (0, 3), id="classic-sixes#blind/alias-at-default"
    ),
    pytest.param({"blind_seats": "0,2"}, "bad_option", id="classic-sixes#blind/partners-both-blind"),
    pytest.param({"blind_seats": "0,1,2"}, "bad_option", id="classic-sixes#blind/three-seats"),
    pytest.param({"blind_seat": "0,1"}, "bad_option", id="classic-sixes#blind/two-in-the-older-option"),
    pytest.param(
        {"blind_seat": "2", "blind_seats": "0,1"}, "option_conflict", id="classic-sixes#blind/conflict"
    ),
]


@pytest.mark.parametrize("options,read", BLIND)
def test_blind_seats(options: dict[str, object], read: object) -> None:
    """classic-sixes#blind: none, one seat, or two seats of different sides; blind_seat is one."""
    try:
        rs = resolve("classic-sixes", options)
    except KozelError as e:
        assert e.code == read
        return
    assert rs.blind_seats == read
    assert "blind_seat" not in rs.options  # the older name is read as the option it names
    assert rs.blind_seat == (read[0] if len(read) == 1 else None)  # type: ignore[index, arg-type]
    assert all(rs.side_of(a) != rs.side_of(b) for a, b in itertools.combinations(rs.blind_seats, 2))


def test_two_blind_seats_play_unseen() -> None:
    """classic-sixes#blind: both blind seats' revokes are allowed; the seen seats' are not."""
    rs = resolve("classic-sixes", {"blind_seats": "1,2"})
    hands = [["8H", "7C"], ["KH", "9S"], ["QH", "9C"], ["JH", "7S"]]
    t = resolve_trick(rs, 0, ["7C", "9S", "9C", "7S"], hands=hands)
    assert [(p.legal, p.reason) for p in t.plays[1:]] == [
        (True, "blind_seat"),
        (True, "blind_seat"),
        (False, "must_answer_trump"),
    ]
    assert legal_cards(rs, cards("KH 9S"), Card.parse("AH"), seat=1) == cards("KH 9S")
    assert legal_cards(rs, cards("KH 9S"), Card.parse("AH"), seat=3) == cards("KH")


# ------------------------------------------------------------------ penalty-goats#leading: khvalyonki
def test_khvalyonki_in_penalty_goats() -> None:
    """penalty-goats#leading: the option records a khvalyonka and brings the choice of trump leads."""
    off, on = resolve("penalty-goats"), resolve("penalty-goats", {"hvalyonki": True})
    assert not off.hvalyonka and on.hvalyonka
    assert "trump_lead" not in off.options and on.options["trump_lead"] == "free"
    # trump_lead without khvalyonki is not part of the rules (as draw-four's other scoring's options)
    assert resolve("penalty-goats", {"trump_lead": "hvalyonka_only"}).lead_rule == "free"
    rs = resolve("penalty-goats", {"hvalyonki": True, "trump_lead": "hvalyonka_only"})
    assert rs.lead_rule == "hvalyonka_only"
    state = replay(rs, None, [{"points": [62, 58], "hvalyonka": True}])
    assert state.score == (0, 2) and state.hands[0].record.hvalyonka
    with pytest.raises(KozelError) as e:
        replay(off, None, [{"points": [62, 58], "hvalyonka": True}])
    assert e.value.code == "event_not_in_variant"
    t = resolve_trick(rs, 0, ["QC", "7H", "8H", "9H"], hands=[["QC", "10H"], None, None, None])
    assert t.plays[0].reason == "trump_lead_forbidden"


# ------------------------------------------------------------------ penalty-goats#scoring: every trick
ALL_TRICKS = [
    pytest.param("penalty-goats", {}, False, id="penalty-goats#scoring/no-shutout"),
    pytest.param("penalty-goats", {"shutout_marks": True}, True, id="penalty-goats#scoring/shutout"),
    pytest.param("draw-four", {}, False, id="draw-four#scoring/penalty-no-shutout"),
    pytest.param("draw-four", {"shutout_marks": True}, True, id="draw-four#scoring/penalty-shutout"),
    pytest.param("draw-four", {"scoring": "pairs"}, True, id="draw-four#scoring/pairs"),
    pytest.param("classic-sixes", {}, True, id="classic-sixes#scoring/lyusya"),
    pytest.param("voon-series", {}, True, id="voon-series#scoring/all-eight"),
    pytest.param("yc-hvalyony", {"lyusya": "reset"}, True, id="yc-hvalyony#scoring/lyusya"),
]


@pytest.mark.parametrize("variant,options,goal", ALL_TRICKS)
def test_every_trick_is_a_goal_only_where_it_scores(
    variant: str, options: dict[str, object], goal: bool
) -> None:
    """docs/rules.md#analysis: taking every trick is a goal where it changes the score under the
    table's options; the ruleset says so (``all_tricks_goal``), and the score agrees."""
    rs = resolve(variant, options)
    assert rs.all_tricks_goal is goal
    first, rec = {"points": [40, 80]}, {"points": [120, 0]}  # the losers of the second hand have a score
    plain, every = replay(rs, None, [first, rec]), replay(rs, None, [first, {**rec, "all_tricks": True}])
    assert (plain.score != every.score or plain.finished != every.finished) is goal
    assert not resolve("solo-twelve", seats=3).all_tricks_goal  # no Lyusya at all


# ------------------------------------------------------------------ docs/tables.md#two-against-one
def test_the_tables_doc_makes_the_queen_of_spades_a_trump_when_spades_are_named() -> None:
    """solo-twelve#two-against-one (DECISIONS two_against_one_spades): the doc says what the engine does."""
    text = (ROOT / "docs" / "tables.md").read_text(encoding="utf-8")
    section = re.search(r"^## Two against one\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert section
    words = " ".join(section.group(1).split())
    assert "then a plain spade" not in words
    assert "a trump, between the king and the nine, when he names spades" in words
    spades = resolve("solo-twelve", {"spades_queen": True, "trump_suit": "S"}, seats=3)
    hearts = resolve("solo-twelve", {"spades_queen": True, "trump_suit": "H"}, seats=3)
    queen = Card.parse("QS")
    assert spades.is_trump(queen) and spades.trumps.index(queen) == spades.trumps.index(Card.parse("KS")) + 1
    assert not hearts.is_trump(queen)
