"""Trick winner, following and capture rows (docs/rules.md#following, docs/rules.md#variants). Ids cite the seed or section."""

from __future__ import annotations

import pytest

from rules.engine.cards import Card, CardNotationError, KozelError
from rules.engine.tricks import TrickContext, TrickInputError, covers, legal_cards, resolve_trick
from rules.engine.variants import resolve


def rs_of(spec: str):
    """``"classic-sixes"`` or ``"classic-sixes:trump_suit=D,ace_discard_ban"``."""
    key, _, opts = spec.partition(":")
    options: dict[str, object] = {}
    for item in filter(None, opts.split(",")):
        k, eq, v = item.partition("=")
        options[k] = v if eq else True
        if v in ("false", "true"):
            options[k] = v == "true"
    return resolve(key, options)


def trick(spec, leader, plays, hands=None, ctx=None):
    return resolve_trick(
        rs_of(spec), leader, plays.split() if isinstance(plays, str) else plays, hands=hands, context=ctx
    )


# ------------------------------------------------------------------ winners
WINNERS = [
    # spec, leader, plays, winner seat, points
    pytest.param("voon-series", 0, "AH QD 10H 7C", 3, 24, id="seed003-AH-QD-10H-7C-seat3-24"),
    pytest.param("penalty-goats", 0, "10H 9D KH JD", 3, 16, id="seed001-10H-9D-KH-JD-G-wins-16"),
    pytest.param(
        "classic-sixes:trump_suit=D", 0, "KH 10H 7H AS", 1, 25, id="seed000-copy1-KH-10H-7H-AS-player2-wins"
    ),
    pytest.param("classic-sixes", 0, "KH 10H 7H AS", 1, 25, id="seed000-copy2-KH-10H-7H-AS-player2-wins"),
    pytest.param(
        "classic-sixes:trump_suit=D", 0, "AH 10H AC KH", 0, 36, id="seed000-ace-discard-example-AH-wins"
    ),
    pytest.param("classic-sixes", 2, "9H AS 8H 7H", 2, 11, id="s1-other-plain-suit-never-wins-even-ace"),
    pytest.param("classic-sixes", 0, "AH 8C 9H 7C", 3, 11, id="s1-highest-trump-wins-7C-shamok"),
    pytest.param("classic-sixes", 1, "AS QD JC 8C", 2, 16, id="s2.1-queen-over-jack-over-club"),
    pytest.param(
        "classic-sixes:trump_suit=D", 0, "AC KC 7D 10C", 2, 25, id="s2.1-trump-suit-D-clubs-plain-7D-trumps"
    ),
    pytest.param("classic-sixes", 0, "AD 7D 10D KD", 0, 25, id="s2.1-default-diamonds-plain-ace-high"),
    pytest.param("classic-sixes", 0, "KS 10S 9S AS", 3, 25, id="s1-ten-beats-king-ace-beats-ten"),
    pytest.param("yc-belka", 0, "QH KH 9H 8H", 1, 7, id="s2.5-belka-queens-plain-K-over-Q"),
    pytest.param("yc-belka", 0, "AH JD AC 10H", 1, 34, id="s2.5-belka-jack-over-trump-suit-ace"),
    pytest.param("yc-belka:trump_suit=H", 0, "AC KH 10C QC", 1, 28, id="s2.5-belka-hearts-trumps"),
    pytest.param("yc-belka", 0, "AD QC 10D 6D", 1, 24, id="s2.5-belka-QC-plain-club-is-a-trump"),
    pytest.param("yc-hvalyony", 0, "AS 6D QH 6C", 3, 14, id="s2.4-hvalyony-6C-tops"),
    pytest.param(
        "yc-hvalyony:six_of_clubs=false",
        0,
        "AS 6D 10S 6C",
        1,
        21,
        id="s2.4-hvalyony-no-6C-option-diamonds-trump",
    ),
    pytest.param("yc-hvalyony", 0, "AC QD 10C JS", 1, 26, id="s2.4-hvalyony-queen-over-jack"),
    pytest.param("yc-hvalyony:sevens", 0, "7H 8H 7D 6H", 2, 0, id="s2.4-hvalyony-sevens-7D-trump"),
]


@pytest.mark.parametrize("spec,leader,plays,winner,points", WINNERS)
def test_winner(spec, leader, plays, winner, points):
    t = trick(spec, leader, plays)
    assert (t.winner, t.points) == (winner, points)
    assert t.team == winner % 2
    assert t.winning == (Card.parse(plays.split()[(winner - leader) % 4]),)


def test_seed003_details():
    """Seed 003: seats 1 and 3 have no plain hearts; the 7C takes 24 for the second team."""
    t = trick("voon-series", 0, "AH QD 10H 7C")
    assert t.led_group == "H" and t.team == 1
    assert [p.trump for p in t.plays] == [(False,), (True,), (False,), (True,)]
    assert [p.legal for p in t.plays] == [True, None, True, None]
    assert t.plays[1].reason == "must_follow_suit"


# ------------------------------------------------------------------ legality
H = None  # a hand that is not given

LEGALITY = [
    # spec, leader, plays, hands (by seat), ctx, judged seat, legal, reason, could_play
    pytest.param(
        "classic-sixes",
        0,
        "KH 8S 7H AS",
        [H, "9H 8S", H, H],
        None,
        1,
        False,
        "must_follow_suit",
        ["9H"],
        id="s1-must-follow-suit",
    ),
    pytest.param(
        "classic-sixes",
        0,
        "KH 8S 7H AS",
        [H, "AD 8S", H, H],
        None,
        1,
        True,
        None,
        None,
        id="s1-void-may-discard",
    ),
    pytest.param(
        "classic-sixes",
        0,
        "AH 7H 10H 9H",
        [H, "7H KH", H, H],
        None,
        1,
        True,
        None,
        None,
        id="s1-no-duty-to-overtake",
    ),
    pytest.param(
        "penalty-goats",
        0,
        "AS QS 10S 9S",
        [H, "QS 7S", H, H],
        None,
        1,
        False,
        "must_follow_suit",
        ["7S"],
        id="seed003-001-QS-is-not-a-spade",
    ),
    pytest.param(
        "penalty-goats",
        0,
        "AS QS 10S 9S",
        [H, "QS 7H", H, H],
        None,
        1,
        True,
        None,
        None,
        id="seed003-QS-allowed-when-no-plain-spade",
    ),
    pytest.param(
        "classic-sixes",
        0,
        "8C AH 9C 7C",
        [H, "AH JD", H, H],
        None,
        1,
        False,
        "must_answer_trump",
        ["JD"],
        id="s1-must-answer-trump",
    ),
    pytest.param(
        "classic-sixes",
        0,
        "8C AH 9C 7C",
        [H, "AH AS", H, H],
        None,
        1,
        True,
        None,
        None,
        id="s1-no-trump-any-card",
    ),
    pytest.param(
        "classic-sixes",
        0,
        "AS 9H 10S KS",
        [H, "9H 8C", H, H],
        None,
        1,
        True,
        None,
        None,
        id="s1-classic-no-must-trump",
    ),
    pytest.param(
        "yc-hvalyony",
        0,
        "AS 9H 10S KS",
        [H, "9H 8D", H, H],
        None,
        1,
        False,
        "must_trump",
        ["8D"],
        id="s2.4-hvalyony-must-trump",
    ),
    pytest.param(
        "yc-hvalyony",
        0,
        "AS 8D 10S KS",
        [H, "9H 8D", H, H],
        None,
        1,
        True,
        None,
        None,
        id="s2.4-hvalyony-trumps-when-void",
    ),
    pytest.param(
        "yc-hvalyony",
        0,
        "QH 9H 10D KS",
        [H, "9H AS", H, H],
        None,
        1,
        True,
        None,
        None,
        id="s2.4-trump-led-void-any-card",
    ),
    pytest.param(
        "yc-belka",
        0,
        "AD 9H 10D KS",
        [H, "9H JS", H, H],
        None,
        1,
        False,
        "must_trump",
        ["JS"],
        id="s2.5-belka-must-trump-jack",
    ),
    pytest.param(
        "yc-belka",
        0,
        "AD 9H 10D KS",
        [H, "9H QC", H, H],
        None,
        1,
        False,
        "must_trump",
        ["QC"],
        id="s2.5-belka-must-trump-club",
    ),
    pytest.param(
        "yc-belka",
        0,
        "AH QH 10H KH",
        [H, "QH AS", H, H],
        None,
        1,
        True,
        None,
        None,
        id="s2.5-belka-queen-follows-suit",
    ),
    #: diamonds-trump copy, clubs already led.
    pytest.param(
        "classic-sixes:trump_suit=D,ace_discard_ban",
        0,
        "AH 10H AS KH",
        [H, H, "AS AC 8S", "KH"],
        TrickContext(led_suits=frozenset({"C"})),
        2,
        False,
        "ace_discard_forbidden",
        ["AC", "8S"],
        id="seed000-ace-ban-AS-forbidden",
    ),
    pytest.param(
        "classic-sixes:trump_suit=D,ace_discard_ban",
        0,
        "AH 10H AC KH",
        [H, H, "AS AC 8S", "KH"],
        TrickContext(led_suits=frozenset({"C"})),
        2,
        True,
        None,
        None,
        id="seed000-ace-ban-AC-allowed-clubs-led",
    ),
    pytest.param(
        "classic-sixes:trump_suit=D",
        0,
        "AH 10H AS KH",
        [H, H, "AS AC 8S", "KH"],
        None,
        2,
        True,
        None,
        None,
        id="s2.1-no-ace-ban-by-default",
    ),
    pytest.param(
        "classic-sixes:ace_discard_ban",
        0,
        "8C 9C AS 7C",
        [H, H, "AS AH", H],
        None,
        2,
        True,
        None,
        None,
        id="s2.1-ace-ban-only-aces-left-allowed",
    ),
    pytest.param(
        "classic-sixes:ace_discard_ban",
        0,
        "8C 9C AS 7C",
        [H, H, "AS 9H", H],
        None,
        2,
        False,
        "ace_discard_forbidden",
        ["9H"],
        id="s2.1-ace-ban-on-trump-lead",
    ),
    pytest.param(
        "classic-sixes",
        0,
        "KH 8S 7H AS",
        None,
        None,
        1,
        None,
        "must_follow_suit",
        None,
        id="unknown-hand-offsuit-answer-none",
    ),
    pytest.param(
        "classic-sixes", 0, "KH 8S 7H AS", None, None, 0, True, None, None, id="unknown-hand-lead-legal"
    ),
    pytest.param(
        "classic-sixes", 0, "KH 8S 7H AS", None, None, 2, True, None, None, id="unknown-hand-follow-legal"
    ),
    # voon lead rights (voon-series#leading)
    pytest.param(
        "voon-series",
        0,
        "QS 8C 9C 7C",
        ["QS AH", H, H, H],
        TrickContext(hand_number=1),
        0,
        False,
        "trump_lead_forbidden",
        ["AH"],
        id="s2.3-hand1-no-trump-lead-with-plain",
    ),
    pytest.param(
        "voon-series",
        0,
        "QS 8C 9C 7C",
        ["QS JS", H, H, H],
        TrickContext(hand_number=1),
        0,
        True,
        None,
        None,
        id="s2.3-hand1-all-trumps-may-lead",
    ),
    pytest.param(
        "voon-series",
        1,
        "QS 8C 9C 7C",
        [H, "QS AH", H, H],
        TrickContext(hand_number=2, first_leader=0),
        1,
        False,
        "trump_lead_forbidden",
        ["AH"],
        id="s2.3-hand2-other-team-no-trump-lead",
    ),
    pytest.param(
        "voon-series",
        2,
        "QS 8C 9C 7C",
        [H, H, "QS AH", H],
        TrickContext(hand_number=2, first_leader=0),
        2,
        True,
        None,
        None,
        id="s2.3-hand2-first-leaders-team-may",
    ),
    pytest.param(
        "voon-series",
        1,
        "QS 8C 9C 7C",
        [H, "QS AH", H, H],
        TrickContext(hand_number=5, first_leader=0, score=(10, 10)),
        1,
        True,
        None,
        None,
        id="s2.3-10-10-kozlyachiy-boy-both-may",
    ),
    pytest.param(
        "voon-series",
        1,
        "QS 8C 9C 7C",
        [H, "QS AH", H, H],
        TrickContext(hand_number=5, first_leader=0, score=(10, 9)),
        1,
        False,
        "trump_lead_forbidden",
        ["AH"],
        id="s2.3-10-9-not-both",
    ),
    pytest.param(
        "voon-series",
        1,
        "QS 8C 9C 7C",
        None,
        TrickContext(hand_number=2, first_leader=0),
        1,
        None,
        "trump_lead_forbidden",
        None,
        id="s2.3-unknown-hand-trump-lead-none",
    ),
    pytest.param(
        "voon-series",
        0,
        "AS QS 9S 7S",
        [H, "QS AH", H, H],
        TrickContext(hand_number=1),
        1,
        True,
        None,
        None,
        id="s2.3-answering-with-trump-always-allowed",
    ),
    pytest.param(
        "voon-series",
        0,
        "AH QS 9H 7H",
        ["AH AD", H, H, H],
        TrickContext(hand_number=1, trick_number=1),
        0,
        False,
        "must_lead_ad",
        None,
        id="s2.3-hand1-must-lead-AD",
    ),
    pytest.param(
        "voon-series",
        0,
        "AD QS 9D 7D",
        ["AH AD", H, H, H],
        TrickContext(hand_number=1, trick_number=1),
        0,
        True,
        None,
        None,
        id="s2.3-hand1-AD-lead-ok",
    ),
    pytest.param(
        "voon-series",
        0,
        "AH QS 9H 7H",
        ["AH AD", H, H, H],
        TrickContext(hand_number=1, trick_number=2),
        0,
        True,
        None,
        None,
        id="s2.3-AD-rule-only-first-trick",
    ),
    pytest.param(
        "classic-sixes",
        0,
        "QS 8C 9C 7C",
        ["QS AH", H, H, H],
        TrickContext(hand_number=1),
        0,
        True,
        None,
        None,
        id="s2.1-classic-free-trump-lead",
    ),
]


@pytest.mark.parametrize("spec,leader,plays,hands,ctx,seat,legal,reason,could", LEGALITY)
def test_legality(spec, leader, plays, hands, ctx, seat, legal, reason, could):
    cards = plays.split()
    if hands is not None:
        # The judged hands must hold the card they play.
        hands = list(hands)
        for i, c in enumerate(cards):
            s = (leader + i) % 4
            if hands[s] is not None and c not in hands[s].split():
                hands[s] = hands[s] + " " + c
        hands = [h.split() if h else None for h in hands]
    t = trick(spec, leader, cards, hands, ctx)
    p = t.play_of(seat)
    assert (p.legal, p.reason) == (legal, reason), p.params
    if could is not None:
        assert p.params["could_play"] == could


def test_legal_cards_matches_judging():
    rs = rs_of("yc-hvalyony")
    hand = [Card.parse(c) for c in "9H 8D AS QC".split()]
    assert sorted(c.code for c in legal_cards(rs, hand, Card.parse("AC"))) == ["8D", "QC"]
    assert sorted(c.code for c in legal_cards(rs, hand, Card.parse("KS"))) == ["AS"]
    assert len(legal_cards(rs, hand, None, seat=0)) == 4


# ------------------------------------------------------------------ captures
CAPTURES = [
    pytest.param("voon-series", 0, "QC 9C 8C 7C", 1, id="s2.3-7C-catches-opponents-QC"),
    pytest.param("voon-series", 1, "7C QC 8C 9C", 1, id="s2.3-7C-leads-into-QC"),
    pytest.param("voon-series", 0, "QC 9C 7C 8C", None, id="s2.3-partners-QC-does-not-count"),
    pytest.param("voon-series", 0, "QS 9C 8C 7C", None, id="s2.3-7C-without-QC"),
    pytest.param("yc-hvalyony", 0, "QC 9D 8D 6C", 1, id="s2.4-6C-catches-QC"),
    pytest.param("yc-hvalyony", 3, "6C QC 8D 9D", 1, id="s2.4-6C-catcher-seat3-team1"),
    pytest.param("yc-hvalyony", 0, "6C 9D QC 8D", None, id="s2.4-6C-partners-QC"),
    pytest.param("yc-hvalyony:six_of_clubs=false", 0, "QC 9D 8D 6C", None, id="s2.4-no-6C-option-no-capture"),
    pytest.param("classic-sixes", 0, "QC 9C 8C 7C", None, id="s2.1-classic-no-capture"),
    pytest.param("penalty-goats", 0, "QC 9C 8C 7C", None, id="s2.2-penalty-no-capture"),
]


@pytest.mark.parametrize("spec,leader,plays,team", CAPTURES)
def test_capture(spec, leader, plays, team):
    t = trick(spec, leader, plays)
    if team is None:
        assert t.events == ()
    else:
        (e,) = t.events
        assert (e.kind, e.team) == ("queen_capture", team)
        assert e.params["queen"] == "QC"


# ------------------------------------------------------------------ draw-four (draw-four#following)
DRAW_FOUR = [
    # plays ("/" separates plays), winner, points
    pytest.param("", "9H/AH/6S/KH", 1, 15, id="s2.6-single-cards-like-a-trick"),
    pytest.param("", "9H 10H/AH 6H/6S 7S/QS KH", 3, 28, id="s2.6-two-cards-beaten-card-for-card"),
    pytest.param("", "9H 10H/AH 6H/6S 7S/8S 9S", 0, 21, id="s2.6-not-all-beaten-leader-keeps"),
    pytest.param("", "6H 7H/8H 9H/10H KH/AH 6C", 3, 25, id="s2.6-last-take-over-wins"),
    pytest.param("", "6H 7H/8H 9H/6S 7S/10H 8S", 1, 10, id="s2.6-must-beat-best-so-far-not-lead"),
    pytest.param("", "AS KS/6C 8C/7C 6D/QC JC", 3, 20, id="s2.6-trumps-beat-trumps-plain-cannot"),
    pytest.param("trump_suit=H", "AS/6H/9S/7C", 3, 11, id="s2.6-trump-suit-H-7C-still-top"),
    pytest.param("trump_suit=H", "AC/6H/10C/9S", 1, 21, id="s2.6-trump-suit-H-clubs-plain"),
    pytest.param(
        "", "6D 7D 8D/9D 10D JS/QS KD AD/QD 9S 8S", 2, 33, id="s2.6-three-cards-matching-any-pairing"
    ),
]


@pytest.mark.parametrize("opts,plays,winner,points", DRAW_FOUR)
def test_draw_four(opts, plays, winner, points):
    t = trick("draw-four:" + opts, 0, [p.split() for p in plays.split("/")])
    assert (t.winner, t.points) == (winner, points)


def test_draw_four_mixed_lead_and_count():
    t = trick("draw-four", 0, [["9H", "9S"], ["AH", "6H"], ["6S", "7S"], ["8S", "KH"]])
    assert (t.plays[0].legal, t.plays[0].reason) == (False, "mixed_lead")
    assert all(p.legal for p in t.plays[1:])
    t = trick(
        "draw-four", 0, [["QS", "JD", "AC"], ["AH", "6H", "7H"], ["6S", "7S", "8S"], ["8H", "KH", "9H"]]
    )
    assert t.plays[0].legal is True  # several trumps are one group
    with pytest.raises(TrickInputError) as e:
        trick("draw-four", 0, [["9H", "10H"], ["AH"], ["6S", "7S"], ["8S", "9S"]])
    assert (e.value.code, e.value.field) == ("wrong_card_count", "plays[1]")


def test_covers_is_a_matching():
    rs = rs_of("draw-four")
    c = Card.parse
    # AH beats both 9H and 10H, 6H beats neither: no matching.
    assert not covers(rs, [c("AH"), c("6H")], [c("9H"), c("10H")])
    assert covers(rs, [c("KH"), c("AH")], [c("9H"), c("10H")])
    assert covers(rs, [c("6C"), c("AH")], [c("AS"), c("10H")])


# ------------------------------------------------------------------ input errors
@pytest.mark.parametrize(
    "spec,leader,plays,hands,code,field,token",
    [
        pytest.param(
            "classic-sixes", 0, "AH ZZ 10H 7H", None, "bad_card", "plays[1]", "ZZ", id="s1-bad-notation"
        ),
        pytest.param(
            "classic-sixes", 0, "AH KH AH 7H", None, "duplicate_card", "plays[2]", "AH", id="s1-duplicate"
        ),
        pytest.param(
            "classic-sixes",
            0,
            "AH 6H 10H 7H",
            None,
            "card_not_in_deck",
            "plays[1]",
            "6H",
            id="s1-six-not-in-32-deck",
        ),
        pytest.param(
            "yc-hvalyony",
            0,
            "AH 7H 10H 6H",
            None,
            "card_not_in_deck",
            "plays[1]",
            "7H",
            id="s2.4-seven-not-without-sevens",
        ),
        pytest.param(
            "classic-sixes", 0, "AH 9H 10H", None, "wrong_trick_size", "plays", None, id="trick-size-3"
        ),
        pytest.param("classic-sixes", 4, "AH 9H 10H 7H", None, "bad_seat", "leader", "4", id="bad-seat-4"),
        pytest.param(
            "classic-sixes", True, "AH 9H 10H 7H", None, "bad_seat", "leader", "True", id="bad-seat-bool"
        ),
        pytest.param(
            "classic-sixes",
            0,
            "AH 9H 10H 7H",
            [["AH"], ["AH"], None, None],
            "bad_hand",
            "hands[1]",
            "AH",
            id="overlapping-hands",
        ),
        pytest.param(
            "classic-sixes",
            0,
            "AH 9H 10H 7H",
            [["AH"], ["8H"], None, None],
            "card_not_in_hand",
            "plays[1]",
            "9H",
            id="card-not-in-hand",
        ),
        pytest.param(
            "classic-sixes",
            0,
            ["AH", ["9H", "8H"], "10H", "7H"],
            None,
            "wrong_card_count",
            "plays[1]",
            None,
            id="one-card-variant-two-cards",
        ),
    ],
)
def test_input_errors(spec, leader, plays, hands, code, field, token):
    with pytest.raises(KozelError) as e:
        trick(spec, leader, plays, hands)
    assert e.value.code == code and e.value.field == field
    if token is not None:
        assert e.value.token == token
    if code in ("bad_card", "duplicate_card", "card_not_in_deck"):
        assert isinstance(e.value, CardNotationError)


def test_russian_and_symbol_notation():
    t = trick("voon-series", 0, ["Т♥", "Дб".replace("б", "♦"), "10h", "7♣"])
    assert (t.winner, t.points) == (3, 24)


# ------------------------------------------------------------------ penalty-goats#trumps: trump_row, deck
TRUMP_ROW_TRICKS = [
    # options, leader, plays, winner, id
    pytest.param({}, 0, "AC 9H 10H JD", 3, id="penalty-goats#trumps/full-AC-is-a-trump-below-jacks"),
    pytest.param({"trump_row": "court"}, 0, "9C AC 10H KC", 1, id="penalty-goats#trumps/court-AC-plain-club"),
    pytest.param(
        {"trump_row": "court"}, 0, "9C AC 10H JD", 3, id="penalty-goats#trumps/court-jack-trumps-clubs"
    ),
    pytest.param({"deck": "24"}, 0, "AH 9H QC 10H", 2, id="penalty-goats#trumps/24-queens-lead-the-ladder"),
]


@pytest.mark.parametrize("options,leader,plays,winner", TRUMP_ROW_TRICKS)
def test_penalty_goats_trump_row_tricks(
    options: dict[str, object], leader: int, plays: str, winner: int
) -> None:
    assert resolve_trick(resolve("penalty-goats", options), leader, plays.split()).winner == winner


def test_the_short_deck_refuses_a_seven() -> None:
    """penalty-goats#deck: a card the 24-card deck lacks is refused, naming it."""
    with pytest.raises(CardNotationError) as e:
        resolve_trick(resolve("penalty-goats", {"deck": "24"}), 0, ["7H", "9H", "10H", "KH"])
    assert (e.value.code, e.value.token) == ("card_not_in_deck", "7H")
