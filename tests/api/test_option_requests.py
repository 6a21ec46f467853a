"""Options that combine, leads of one rank, two blind seats and khvalyonki in penalty goats through
/api/v1/: the requests that showed the bugs, the options listed, and the exact analysis of them."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from django.test import Client

from rules.engine import Card, TrickContext, play_deal, resolve
from rules.engine.legality import judge_lead
from tests.api.test_analyse import fresh_gate, post  # noqa: F401 - the gate forgotten before each test
from tests.engine.dealplay import play_out

HANDS = [
    ["7C", "QC", "QS", "QH", "QD", "JC", "JS", "JH"],
    ["JD", "AC", "10C", "KC", "9C", "8C", "AS", "10S"],
    ["KS", "9S", "8S", "7S", "AH", "10H", "KH", "9H"],
    ["8H", "7H", "AD", "10D", "KD", "9D", "8D", "7D"],
]


# ------------------------------------------------------------------ the audit's two requests
TRICKS = [
    # options, cards, hands, the play judged, legal, reason
    pytest.param(
        {"trump_lead": "hvalyonka_only", "multi_leads": True},
        ["QC", "QS", "QD", "8C"],
        [["QC", "9H"], ["QS", "8H"], ["QD", "7H"], ["8C", "9D"]],
        0,
        False,
        "trump_lead_forbidden",
        id="classic-sixes#leading/the-report",
    ),
    pytest.param(
        {"trump_lead": "hvalyonka_only", "multi_leads": "suit"},
        [["QS", "9S"], ["AH", "KH"], ["8D", "7D"], ["8H", "7H"]],
        [["QS", "9S", "10H"], None, None, None],
        0,
        False,
        "trump_lead_forbidden",
        id="classic-sixes#leading/two-cards",
    ),
    pytest.param(
        {"ace_discard_ban": True, "multi_leads": True},
        ["7S", "AH", "9S", "KS"],
        [["7S", "8D"], ["AH", "9H"], ["9S", "10S"], ["KS", "AS"]],
        1,
        False,
        "ace_discard_forbidden",
        id="classic-sixes#following/the-report",
    ),
    pytest.param(
        {"multi_leads": "suit_or_rank"},
        [["10H", "10S"], ["9H", "8H"], ["AH", "AS"], ["7D", "8D"]],
        [None, ["9H", "8H", "7S"], None, None],
        1,
        False,
        "must_follow_suit",
        id="classic-sixes#following/rank-lead-a-spade-held",
    ),
]


@pytest.mark.parametrize("options,cards,hands,judged,legal,reason", TRICKS)
def test_trick(
    client: Client,
    options: dict[str, object],
    cards: list[Any],
    hands: list[Any],
    judged: int,
    legal: bool,
    reason: str,
) -> None:
    status, data = post(
        client,
        "/api/v1/trick",
        {"variant": "classic-sixes", "options": options, "leader": 0, "cards": cards, "hands": hands},
    )
    assert status == 200, data
    play = data["plays"][judged]
    assert (play["legal"], play["reason"]) == (legal, reason)
    assert play["message"]


def test_a_rank_lead_is_a_list_of_codes_and_taken_over_card_for_card(client: Client) -> None:
    """classic-sixes#winning: each card of the best play beaten by a different card."""
    body = {
        "variant": "penalty-goats",
        "options": {"multi_leads": "suit_or_rank"},
        "leader": 0,
        "cards": [["10H", "10S"], ["KH", "9S"], ["AH", "AS"], ["QC", "7D"]],
    }
    status, data = post(client, "/api/v1/trick", body)
    assert status == 200, data
    assert data["plays"][0]["legal"] is True and data["plays"][0]["card"] == "10H 10S"  # as draw-four's
    # seat 1's king and nine beat neither ten, seat 2's aces beat both, seat 3's trump beats one ace
    assert data["winner"] == 2


def test_a_deal_review_marks_a_trump_lead_of_several_cards(client: Client) -> None:
    """classic-sixes#leading: /deal as the referee's review judges it."""
    body = {
        "variant": "classic-sixes",
        "options": {"trump_lead": "hvalyonka_only", "multi_leads": "suit"},
        "leader": 1,
        "hands": HANDS,
        "plays": [["AC", "KC"], ["KS", "AH"], ["8H", "7H"], ["JH", "QS"]],
    }
    status, data = post(client, "/api/v1/deal", body)
    assert status == 200, data
    v = data["first_violation"]
    assert (v["seat"], v["reason"]) == (1, "trump_lead_forbidden")
    status, again = post(client, "/api/v1/deal", {**body, "context": {"boaster": 1}})
    assert status == 200 and again["violations"] == []


# ------------------------------------------------------------------ /api/v1/variants
def test_the_variants_list_the_new_options(client: Client) -> None:
    """classic-sixes#options, penalty-goats#options, classic-sixes#blind."""
    data = {v["key"]: v for v in json.loads(client.get("/api/v1/variants").content)["variants"]}
    for key in ("classic-sixes", "penalty-goats"):
        options = {o["key"]: o for o in data[key]["options"]}
        assert options["multi_leads"]["choices"] == ["off", "suit", "suit_or_rank"]
        assert options["multi_leads"]["default"] == data[key]["defaults"]["multi_leads"] == "off"
        assert options["blind_seats"]["choices"] == ["none", "0", "1", "2", "3", "0,1", "0,3", "1,2", "2,3"]
        assert options["blind_seat"] == {
            "key": "blind_seat",
            "kind": "choice",
            "default": "none",
            "choices": ["none", "0", "1", "2", "3"],
            "alias_of": "blind_seats",
        }
    goats = {o["key"]: o for o in data["penalty-goats"]["options"]}
    assert goats["hvalyonki"]["default"] is False
    assert goats["trump_lead"]["when"] == {"option": "hvalyonki", "value": True}
    assert "blind_seats" not in {o["key"] for o in data["yc-duel"]["options"]}


@pytest.mark.parametrize(
    "options,status,field",
    [
        ({"blind_seat": 2}, 200, None),
        ({"blind_seats": [1, 2]}, 200, None),
        ({"blind_seat": "none", "blind_seats": "1,2"}, 200, None),
        ({"blind_seat": "3", "blind_seats": "1,2"}, 400, "options.blind_seat"),
        ({"blind_seats": "0,2"}, 400, "options.blind_seats"),
    ],
    ids=lambda x: str(x),
)
def test_blind_seats_in_requests(
    client: Client, options: dict[str, object], status: int, field: str | None
) -> None:
    """classic-sixes#blind: requests with blind_seat keep working; two seats of one side are no table."""
    body = {"variant": "classic-sixes", "options": options, "leader": 0, "cards": ["AH", "9S", "9C", "7S"]}
    body["hands"] = [None, ["KH", "9S"], ["QH", "9C"], ["JH", "7S"]]
    got, data = post(client, "/api/v1/trick", body)
    assert got == status, data
    if status == 400:
        assert data["field"] == field and data["message"]
    else:
        blind = {1, 2} if "blind_seats" in options and options["blind_seats"] != "none" else {2}
        assert {p["seat"] for p in data["plays"] if p["reason"] == "blind_seat"} == blind


def test_khvalyonka_records_score_in_penalty_goats(client: Client) -> None:
    """penalty-goats#leading: the record accepts a khvalyonka with the option on."""
    record = {"points": [62, 58], "hvalyonka": True}
    status, data = post(client, "/api/v1/score", {"variant": "penalty-goats", "hands": [record]})
    assert status == 400 and data["error"] == "event_not_in_variant"
    options = {"hvalyonki": True}
    status, data = post(
        client, "/api/v1/score", {"variant": "penalty-goats", "options": options, "hands": [record]}
    )
    assert status == 200 and data["score"] == [0, 2]


# ------------------------------------------------------------------ /api/v1/analyse
ANSWERED = [
    # options, leader, plays, what the answer shows of the option
    pytest.param({"multi_leads": "suit_or_rank"}, 2, [], "rank", id="classic-sixes#leading/rank-leads"),
    pytest.param({"blind_seats": "0,1"}, 0, ["7C", "AS"], "blind", id="classic-sixes#blind/two-blind-seats"),
    pytest.param(
        {"multi_leads": "suit", "ace_discard_ban": True},
        2,
        [["KS", "9S"]],
        "ace",
        id="classic-sixes#following/ace-ban",
    ),
]


@pytest.mark.parametrize("options,leader,plays,shows", ANSWERED)
def test_the_analysis_answers_rank_leads_two_blind_seats_and_the_ace_ban_of_several_cards(
    client: Client, options: dict[str, object], leader: int, plays: list[Any], shows: str
) -> None:
    """docs/api.md «POST /api/v1/analyse»: these tables are analysed as any other, the moves every
    play the engine allows there: two kings led together, a blind seat's ace on a trump lead, and
    no answer that discards the ace of diamonds, a suit not led yet."""
    body = {"variant": "classic-sixes", "options": options, "leader": leader, "hands": HANDS, "plays": plays}
    status, data = post(client, "/api/v1/analyse", body)
    assert status == 200, data
    moves = {frozenset([m["card"]] if isinstance(m["card"], str) else m["card"]) for m in data["moves"]}
    if shows == "rank":
        assert frozenset({"KS", "KH"}) in moves and frozenset({"9S", "9H"}) in moves
    elif shows == "blind":
        assert data["plays"][1]["legal"] and data["plays"][1]["cost"] == 0
    else:
        held = [c for c in HANDS[3] if c != "AD"]
        assert data["to_move"] == 3 and moves == {frozenset(m) for m in itertools.combinations(held, 2)}
    assert data["value"] == [120, 0]  # seat 0 holds every high trump


def test_multi_card_leads_with_trump_leads_are_analysed(client: Client) -> None:
    """classic-sixes#leading: the solver asks the engine which leads are legal, so the trump-lead
    rule holds in its answer too: a leader holding a plain card leads no trump unless he called
    the khvalyonka, and the moves are every lead the engine allows."""
    options = {"trump_lead": "hvalyonka_only", "multi_leads": "suit"}
    rs = resolve("classic-sixes", options)
    rnd = random.Random(4)
    for _ in range(200):
        deck = list(rs.deck)
        rnd.shuffle(deck)
        hands = [deck[8 * s : 8 * s + 8] for s in range(4)]
        plays, _ended = play_out(rs, 0, hands, lambda k, seat, hand, legal, trick: rnd.choice(legal))
        first = [[c.code] for c in plays[:20]]  # five tricks of one card a play
        leader = play_deal(rs, 0, hands, first).tricks[-1].winner
        held = tuple(c for c in hands[leader] if c not in plays[:20])
        if all(rs.is_trump(c) for c in held) or not any(rs.is_trump(c) for c in held):
            continue
        body = {"variant": "classic-sixes", "options": options, "leader": 0, "plays": first}
        body["hands"] = [[c.code for c in h] for h in hands]
        for boaster in (None, leader):
            context = TrickContext(boaster=boaster)
            unseen: list[tuple[Card, ...] | None] = [None] * 4
            allowed = {
                tuple(sorted(c.code for c in combo))
                for k in (1, 2, 3)
                for combo in itertools.combinations(held, k)
                if judge_lead(rs, leader, combo, held, context, unseen)[0] is not False
            }
            status, data = post(client, "/api/v1/analyse", {**body, "context": {"boaster": boaster}})
            assert status == 200, data
            assert {tuple(sorted(m["card"])) for m in data["moves"]} == allowed
            trumps = any(rs.is_trump(Card.parse(c)) for m in data["moves"] for c in m["card"])
            assert trumps is (boaster is not None)
        return
    raise AssertionError("no position found")
