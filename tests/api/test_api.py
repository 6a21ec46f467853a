"""The JSON API at /api/v1/ (docs/api.md): the documented examples, then every kind of bad
input as table rows. Bad input is a 400 (413 when too large) with ``{"error", "message",
"field"}``, never a 500."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import Client

from rules import engine
from rules.engine.tricks import legal_cards
from tests.engine.dealplay import play_out

TRICK = "/api/v1/trick"
DEAL = "/api/v1/deal"
SCORE = "/api/v1/score"


def post(client: Client, url: str, body: Any, *, raw: bool = False) -> tuple[int, dict[str, Any]]:
    resp = client.post(url, body if raw else json.dumps(body), content_type="application/json")
    assert resp["Content-Type"].startswith("application/json")
    return resp.status_code, json.loads(resp.content)


def assert_clean_error(
    status: int, data: dict[str, Any], code: str | None = None, field: str | None = "<any>"
) -> None:
    assert status == (413 if data.get("error") == "body_too_large" else 400), (status, data)
    assert set(data) == {"error", "message", "field"}, data
    assert isinstance(data["message"], str) and data["message"]
    if code is not None:
        assert data["error"] == code, data
    if field != "<any>":
        assert data["field"] == field, data


# --- the docs/api.md examples ----------------------------------------------------------------

# (id, body, expected subset of the answer). docs/rules.md#winning (trick winner), classic-sixes#scoring and voon-series#scoring (scoring).
TRICK_EXAMPLES = [
    (
        "voon-7C-trumps-the-ace",
        {"variant": "voon-series", "leader": 0, "cards": ["AH", "QD", "10H", "7C"]},
        {"winner": 3, "team": 1, "points": 24, "winning_card": "7C"},
    ),
    (
        "classic-plain-suit-ace-wins",
        {"variant": "classic-sixes", "leader": 1, "cards": ["10H", "AH", "9H", "KH"]},
        {"winner": 2, "team": 0, "points": 25, "winning_card": "AH"},
    ),
    (
        "classic-7C-is-the-top-trump",
        {"variant": "classic-sixes", "leader": 2, "cards": ["QC", "7C", "AS", "8D"]},
        {"winner": 3, "team": 1, "points": 14, "winning_card": "7C"},
    ),
    (
        "russian-faces-accepted",
        {"variant": "classic-sixes", "leader": 0, "cards": ["Т♥", "Д♦", "10♥", "7♣"]},
        {"winner": 3, "team": 1, "points": 24},
    ),
]


@pytest.mark.parametrize("body,expected", [r[1:] for r in TRICK_EXAMPLES], ids=[r[0] for r in TRICK_EXAMPLES])
def test_trick_examples(client: Client, body: dict[str, Any], expected: dict[str, Any]) -> None:
    status, data = post(client, TRICK, body)
    assert status == 200, data
    assert {k: data[k] for k in expected} == expected
    assert len(data["plays"]) == 4
    assert [p["seat"] for p in data["plays"]] == [(body["leader"] + i) % 4 for i in range(4)]


def test_trick_flags_a_play_against_the_rules_when_hands_are_given(client: Client) -> None:
    body = {
        "variant": "classic-sixes",
        "leader": 0,
        "cards": ["AH", "KD", "10H", "7C"],
        "hands": [["AH"], ["KD", "9H"], ["10H"], ["7C"]],
    }
    status, data = post(client, TRICK, body)
    assert status == 200
    assert data["plays"][1]["legal"] is False
    assert data["plays"][1]["reason"] == "must_follow_suit"
    assert data["plays"][1]["message"]


SCORE_EXAMPLES = [
    ("classic-one-pair-with-spas", "classic-sixes", [{"points": [72, 48]}], [1, 0], False),
    ("classic-two-pairs-no-spas", "classic-sixes", [{"points": [90, 30]}], [2, 0], False),
    ("classic-eggs-then-double", "classic-sixes", [{"points": [60, 60]}, {"points": [40, 80]}], None, False),
    ("classic-to-six-pairs", "classic-sixes", [{"points": [90, 30]}] * 3, [6, 0], True),
    ("empty-match", "voon-series", [], [0, 0], False),
]


@pytest.mark.parametrize(
    "variant,hands,score,finished", [r[1:] for r in SCORE_EXAMPLES], ids=[r[0] for r in SCORE_EXAMPLES]
)
def test_score_examples(
    client: Client, variant: str, hands: list[Any], score: list[int] | None, finished: bool
) -> None:
    status, data = post(client, SCORE, {"variant": variant, "hands": hands})
    assert status == 200, data
    if score is not None:
        assert data["score"] == score
    assert data["finished"] is finished
    assert len(data["hands"]) == len(hands)
    # The score is the sum of the deltas: totals are a fold over the log (ARCHITECTURE.md).
    assert [sum(h["delta"][t] for h in data["hands"]) for t in (0, 1)] == data["score"]


def _played_deal(variant: str) -> dict[str, Any]:
    """A whole legal deal: the 32 cards dealt round-robin, everyone plays their first legal card."""
    rs = engine.resolve(variant)
    deck = list(rs.deck)
    hands = [deck[s::4] for s in range(4)]
    held = [list(h) for h in hands]
    leader, plays = 0, []
    for _ in range(rs.hand_size):
        trick = []
        for i in range(4):
            seat = (leader + i) % 4
            choice = (
                legal_cards(rs, held[seat], trick[0] if trick else None, seat=seat)[0]
                if trick
                else held[seat][0]
            )
            held[seat].remove(choice)
            trick.append(choice)
        result = engine.resolve_trick(rs, leader, trick)
        plays.extend(c.code for c in trick)
        leader = result.winner
    return {"variant": variant, "leader": 0, "hands": [[c.code for c in h] for h in hands], "plays": plays}


@pytest.mark.parametrize("variant", ["classic-sixes", "penalty-goats"])
def test_deal_a_whole_legal_hand(client: Client, variant: str) -> None:
    status, data = post(client, DEAL, _played_deal(variant))
    assert status == 200, data
    assert data["complete"] is True
    assert sum(data["points"]) == 120
    assert sum(data["tricks"]) == 8
    assert len(data["trick_results"]) == 8
    assert data["violations"] == [] and data["first_violation"] is None


def test_deal_reports_the_first_violation(client: Client) -> None:
    body = {
        "variant": "classic-sixes",
        "leader": 0,
        "hands": [
            ["AH", "7H", "8H", "9H", "AS", "7S", "8S", "9S"],
            ["KD", "10H", "7D", "8D", "9D", "10D", "AD", "JD"],
            ["KH", "QH", "JH", "10S", "KS", "JS", "AC", "KC"],
            ["7C", "QC", "QS", "QD", "8C", "9C", "10C", "JC"],
        ],
        "plays": ["AH", "KD", "KH", "7C"],
    }
    status, data = post(client, DEAL, body)
    assert status == 200, data
    assert data["complete"] is False
    assert data["first_violation"]["seat"] == 1
    assert data["first_violation"]["reason"] == "must_follow_suit"


def test_variants_lists_every_variant_with_its_deck(client: Client) -> None:
    resp = client.get("/api/v1/variants")
    assert resp.status_code == 200
    variants = {v["key"]: v for v in json.loads(resp.content)["variants"]}
    assert set(variants) == set(engine.ALL_VARIANTS)
    for v in variants.values():
        assert len(set(v["deck"])) == len(v["deck"]) >= 32
        assert v["name"]


def test_variants_is_read_only(client: Client) -> None:
    assert client.post("/api/v1/variants").status_code == 405


@pytest.mark.parametrize("url", [TRICK, DEAL, SCORE])
def test_post_only(client: Client, url: str) -> None:
    assert client.get(url).status_code == 405


# --- bad input, as table rows ------------------------------------------------------------------

GOOD = {"variant": "voon-series", "leader": 0, "cards": ["AH", "QD", "10H", "7C"]}
D4_HANDS = [
    ["AH", "KH", "QH", "JH"],
    ["AD", "KD", "QD", "JD"],
    ["AC", "KC", "QC", "JC"],
    ["AS", "KS", "QS", "JS"],
]

# (id, url, body, error code, field)
BAD = [
    # variants and options
    ("unknown-variant", TRICK, {**GOOD, "variant": "belote"}, "unknown_variant", "variant"),
    ("variant-not-a-string", TRICK, {**GOOD, "variant": ["voon-series"]}, "unknown_variant", "variant"),
    ("variant-missing", TRICK, {"leader": 0, "cards": GOOD["cards"]}, "missing_field", "variant"),
    (
        "unknown-option",
        TRICK,
        {**GOOD, "variant": "classic-sixes", "options": {"bogus": 1}},
        "unknown_option",
        "options.bogus",
    ),
    (
        "bad-option-value",
        TRICK,
        {**GOOD, "variant": "classic-sixes", "options": {"trump_suit": "Z"}},
        "bad_option",
        "options.trump_suit",
    ),
    ("options-not-an-object", TRICK, {**GOOD, "options": []}, "bad_type", "options"),
    ("unknown-variant-score", SCORE, {"variant": "x" * 300, "hands": []}, "unknown_variant", "variant"),
    # cards
    ("malformed-card", TRICK, {**GOOD, "cards": ["AH", "QD", "10H", "XX"]}, "bad_card", "cards[3]"),
    ("card-not-a-string", TRICK, {**GOOD, "cards": ["AH", 12, "10H", "7C"]}, "bad_card", "cards[1]"),
    ("card-null", TRICK, {**GOOD, "cards": [None, "QD", "10H", "7C"]}, "bad_card", "cards[0]"),
    ("duplicate-card", TRICK, {**GOOD, "cards": ["AH", "QD", "10H", "AH"]}, "duplicate_card", "cards[3]"),
    (
        "six-outside-the-32-deck",
        TRICK,
        {**GOOD, "cards": ["AH", "QD", "10H", "6C"]},
        "card_not_in_deck",
        "cards[3]",
    ),
    (
        "seven-outside-the-yc-deck",
        TRICK,
        {**GOOD, "variant": "yc-hvalyony", "cards": ["AH", "QD", "10H", "7H"]},
        "card_not_in_deck",
        "cards[3]",
    ),
    ("unicode-card", TRICK, {**GOOD, "cards": ["AH", "QD", "10H", "🂡"]}, "bad_card", "cards[3]"),
    ("cards-as-a-string", TRICK, {**GOOD, "cards": "AH QD 10H 7C"}, "bad_type", "cards"),
    ("cards-missing", TRICK, {"variant": "voon-series", "leader": 0}, "missing_field", "cards"),
    # trick size and seats
    ("three-cards", TRICK, {**GOOD, "cards": ["AH", "QD", "10H"]}, "wrong_trick_size", "cards"),
    ("five-cards", TRICK, {**GOOD, "cards": ["AH", "QD", "10H", "7C", "8C"]}, "wrong_trick_size", "cards"),
    ("no-cards", TRICK, {**GOOD, "cards": []}, "wrong_trick_size", "cards"),
    ("too-many-cards", TRICK, {**GOOD, "cards": ["AH"] * 65}, "too_many", "cards"),
    (
        "draw-four-short-answer",
        TRICK,
        {"variant": "draw-four", "leader": 0, "cards": [["AH", "KH"], ["QD"], ["10H", "9H"], ["7C", "8C"]]},
        "wrong_card_count",
        "cards[1]",
    ),
    ("leader-out-of-range", TRICK, {**GOOD, "leader": 4}, "bad_seat", "leader"),
    ("leader-negative", TRICK, {**GOOD, "leader": -1}, "bad_seat", "leader"),
    ("leader-bool", TRICK, {**GOOD, "leader": True}, "bad_seat", "leader"),
    ("leader-string", TRICK, {**GOOD, "leader": "0"}, "bad_seat", "leader"),
    ("leader-huge", TRICK, {**GOOD, "leader": 10**40}, "bad_seat", "leader"),
    ("leader-missing", TRICK, {"variant": "voon-series", "cards": GOOD["cards"]}, "missing_field", "leader"),
    (
        "card-not-in-given-hand",
        TRICK,
        {**GOOD, "hands": [["AH"], ["QD"], ["10H"], ["8C"]]},
        "card_not_in_hand",
        "cards[3]",
    ),
    ("three-hands", TRICK, {**GOOD, "hands": [["AH"], ["QD"], ["10H"]]}, "bad_hand", "hands"),
    # context
    (
        "context-huge-hand-number",
        TRICK,
        {**GOOD, "context": {"hand_number": 10**30}},
        "out_of_range",
        "context.hand_number",
    ),
    (
        "context-unknown-key",
        TRICK,
        {**GOOD, "context": {"weather": "rain"}},
        "unknown_field",
        "context.weather",
    ),
    (
        "context-bad-suit",
        TRICK,
        {**GOOD, "context": {"led_suits": ["X"]}},
        "bad_suit",
        "context.led_suits[0]",
    ),
    ("context-not-an-object", TRICK, {**GOOD, "context": "x"}, "bad_type", "context"),
    # deals
    (
        "deal-hands-missing",
        DEAL,
        {"variant": "classic-sixes", "leader": 0, "plays": []},
        "missing_field",
        "hands",
    ),
    (
        "deal-empty-hands",
        DEAL,
        {"variant": "classic-sixes", "leader": 0, "hands": [[], [], [], []], "plays": []},
        "bad_hand",
        "hands[0]",
    ),
    (
        "deal-same-card-dealt-twice",
        DEAL,
        {"variant": "classic-sixes", "leader": 0, "hands": [["AH"] * 8] * 4, "plays": []},
        "duplicate_card",
        "hands[0][1]",
    ),
    (
        "deal-stock-not-a-list",
        DEAL,
        {
            "variant": "draw-four",
            "leader": 0,
            "hands": D4_HANDS,
            "plays": [["AH"], "AD", "AC", "AS"],
            "stock": "x",
        },
        "bad_type",
        "stock",
    ),
    (
        "deal-stock-card-already-dealt",
        DEAL,
        {
            "variant": "draw-four",
            "leader": 0,
            "hands": D4_HANDS,
            "plays": [["AH"], "AD", "AC", "AS"],
            "stock": ["AH"],
        },
        "duplicate_card",
        "stock[0]",
    ),
    (
        "deal-play-is-an-object",
        DEAL,
        {"variant": "draw-four", "leader": 0, "hands": D4_HANDS, "plays": [["AH"], "AD", "AC", {"x": 1}]},
        "bad_card",
        "plays[3]",
    ),
    # hand records: impossible points and the rest
    (
        "points-not-summing-to-120",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [90, 31]}]},
        "points_sum",
        "hands[0].points",
    ),
    (
        "points-negative",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [900, -780]}]},
        "bad_points",
        "hands[0].points[0]",
    ),
    (
        "points-huge",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [10**40, 0]}]},
        "bad_points",
        "hands[0].points[0]",
    ),
    (
        "points-strings",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": ["60", "60"]}]},
        "bad_points",
        "hands[0].points",
    ),
    (
        "points-floats",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [60.0, 60.0]}]},
        "bad_points",
        "hands[0].points",
    ),
    (
        "points-three",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [40, 40, 40]}]},
        "bad_points",
        "hands[0].points",
    ),
    (
        "all-tricks-without-120",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [100, 20], "all_tricks": True}]},
        "all_tricks_mismatch",
        None,
    ),
    (
        "obyaz-outside-belka",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [70, 50], "obyaz": 0}]},
        "event_not_in_variant",
        None,
    ),
    (
        "bad-team",
        SCORE,
        {"variant": "voon-series", "hands": [{"points": [70, 50], "queen_capture": 2}]},
        "bad_team",
        "hands[0].queen_capture",
    ),
    (
        "penalty-unknown-kind",
        SCORE,
        {"variant": "penalty-goats", "hands": [{"penalty": {"kind": "rudeness", "against": 0}}]},
        "bad_record",
        "hands[0].penalty.kind",
    ),
    (
        "record-unknown-key",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [60, 60], "bonus": 1}]},
        "bad_record",
        "hands[0].bonus",
    ),
    (
        "record-not-an-object",
        SCORE,
        {"variant": "classic-sixes", "hands": [[60, 60]]},
        "bad_record",
        "hands[0]",
    ),
    (
        "note-too-long",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [60, 60], "note": "я" * 501}]},
        "bad_record",
        "hands[0].note",
    ),
    ("hands-not-a-list", SCORE, {"variant": "classic-sixes", "hands": {"0": {}}}, "bad_type", "hands"),
    ("hands-missing", SCORE, {"variant": "classic-sixes"}, "missing_field", "hands"),
    (
        "match-finished",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [90, 30]}] * 4},
        "match_finished",
        "hands[3]",
    ),
]


@pytest.mark.parametrize("url,body,code,field", [r[1:] for r in BAD], ids=[r[0] for r in BAD])
def test_bad_input_is_a_clean_400(
    client: Client, url: str, body: dict[str, Any], code: str, field: str | None
) -> None:
    status, data = post(client, url, body)
    assert_clean_error(status, data, code, field if field is not None else "<any>")
    assert status == 400


# (id, raw body, status, code)
BAD_BODIES = [
    ("not-json", "{", 400, "bad_json"),
    ("empty", "", 400, "bad_json"),
    ("a-list", "[]", 400, "bad_json"),
    ("a-number", "12", 400, "bad_json"),
    ("not-utf8", b"\xff\xfe\x00", 400, "bad_json"),
    ("lone-surrogate-key", '{"variant": "classic-sixes", "hands": [{"\\ud800": 1}]}', 400, "bad_json"),
    (
        "lone-surrogate-card",
        '{"variant": "voon-series", "leader": 0, "cards": ["\\udfff", "QD", "10H", "7C"]}',
        400,
        "bad_json",
    ),
    ("nan-leader", '{"variant": "voon-series", "leader": NaN, "cards": []}', 400, "bad_seat"),
    ("infinite-leader", '{"variant": "voon-series", "leader": 1e400, "cards": []}', 400, "bad_seat"),
    ("deep-nesting", "[" * 5000 + "]" * 5000, 400, "bad_json"),
    ("too-large", '{"variant": "' + "x" * 70_000 + '"}', 413, "body_too_large"),
]


@pytest.mark.parametrize("url", [TRICK, DEAL, SCORE])
@pytest.mark.parametrize("raw,status,code", [r[1:] for r in BAD_BODIES], ids=[r[0] for r in BAD_BODIES])
def test_bad_bodies_are_clean_errors(
    client: Client, url: str, raw: str | bytes, status: int, code: str
) -> None:
    got, data = post(client, url, raw, raw=True)
    assert_clean_error(got, data)
    assert got == status
    if url != TRICK and code == "bad_seat":
        return  # deal/score may stop at another field first; the point is a clean 400
    assert data["error"] == code


# --- the variants' rules, one request each -------------------------------------------------------


def test_draw_four_lead_of_one_printed_suit(client: Client) -> None:
    """draw-four#leading: QS 9S are both printed spades, so the lead is legal."""
    body = {
        "variant": "draw-four",
        "leader": 0,
        "cards": [["QS", "9S"], ["AH", "KH"], ["6C", "6H"], ["6D", "7D"]],
    }
    status, data = post(client, "/api/v1/trick", body)
    assert status == 200, data
    assert data["plays"][0]["legal"] is True and data["plays"][0]["reason"] is None
    assert data["winner"] == 0


@pytest.mark.parametrize("seed", [1, 2, 3], ids=lambda s: f"yc-belka#scoring/seed{s}")
def test_belka_deal_record_scores(client: Client, seed: int) -> None:
    """yc-belka#scoring: the deal's record names obyaz, so /score takes it as it is."""
    rs = engine.resolve("yc-belka")
    deck = list(rs.deck)
    rnd = random.Random(seed)
    rnd.shuffle(deck)
    hands = [deck[8 * s : 8 * (s + 1)] for s in range(4)]
    plays, _ = play_out(rs, 0, hands, lambda k, seat, hand, legal, trick: rnd.choice(legal))
    status, data = post(
        client,
        "/api/v1/deal",
        {
            "variant": "yc-belka",
            "leader": 0,
            "hands": [[c.code for c in h] for h in hands],
            "plays": [c.code for c in plays],
        },
    )
    assert status == 200, data
    jc = next(s for s, h in enumerate(hands) if engine.Card.parse("JC") in h)
    assert data["record"]["obyaz"] == jc % 2
    status, score = post(client, "/api/v1/score", {"variant": "yc-belka", "hands": [data["record"]]})
    assert status == 200, score


def test_voon_first_trump_lead_without_ad_is_illegal(client: Client) -> None:
    """voon-series#leading: hand 1, trick 1, a trump led by a seat that holds plain cards and no AD."""
    body = {
        "variant": "voon-series",
        "leader": 0,
        "cards": ["QC", "7D", "8D", "9D"],
        "hands": [["QC", "7H", "8H", "9H", "10H", "KH", "AH", "7S"], None, None, None],
        "context": {"hand_number": 1, "trick_number": 1},
    }
    status, data = post(client, "/api/v1/trick", body)
    assert status == 200, data
    assert (data["plays"][0]["legal"], data["plays"][0]["reason"]) == (False, "trump_lead_forbidden")


GOATS = [
    pytest.param(
        3, [{"points": [20, 30, 70], "dealer": 2}] * 6, [0, 1], id="solo-twelve#scoring/tie-at-zero"
    ),
    pytest.param(3, [{"points": [20, 30, 70], "dealer": 2}] * 5, [], id="solo-twelve#scoring/going-on"),
]


@pytest.mark.parametrize("seats,hands,goats", GOATS)
def test_score_names_every_goat(
    client: Client, seats: int, hands: list[dict[str, Any]], goats: list[int]
) -> None:
    status, data = post(client, "/api/v1/score", {"variant": "solo-twelve", "seats": seats, "hands": hands})
    assert status == 200, data
    assert data["goats"] == goats
    assert data["finished"] is bool(goats)


def test_team_score_names_the_losers_as_goats(client: Client) -> None:
    status, data = post(
        client, "/api/v1/score", {"variant": "classic-sixes", "hands": [{"points": [100, 20]}] * 3}
    )
    assert status == 200 and data["goats"] == [1]


TRICK_NUMBERS = [
    # variant, options, seats, the last trick number accepted, id
    pytest.param("yc-duel", {}, None, 16, id="yc-duel#prikup/16"),
    pytest.param("yc-duel", {"sevens": True}, None, 18, id="yc-duel#prikup/18"),
    pytest.param("solo-twelve", {}, 3, 10, id="solo-twelve#deck/10"),
    pytest.param("solo-twelve", {}, 2, 16, id="solo-twelve#deck/16"),
    pytest.param("classic-sixes", {}, None, 8, id="classic-sixes#deck/8"),
    pytest.param("draw-four", {}, None, 9, id="draw-four#deck/9"),
]


@pytest.mark.parametrize("variant,options,seats,last", TRICK_NUMBERS)
def test_trick_number_bound_by_the_deal(
    client: Client, variant: str, options: dict[str, Any], seats: int | None, last: int
) -> None:
    rs = engine.resolve(variant, options, seats=seats)
    lead = [rs.deck[0].code] if rs.multi_card_leads else rs.deck[0].code
    answers = [[c.code] if rs.multi_card_leads else c.code for c in rs.deck[1 : rs.seats]]
    body: dict[str, Any] = {"variant": variant, "options": options, "leader": 0, "cards": [lead, *answers]}
    if seats is not None:
        body["seats"] = seats
    body["context"] = {"trick_number": last}
    status, data = post(client, "/api/v1/trick", body)
    assert status == 200, data
    body["context"] = {"trick_number": last + 1}
    status, data = post(client, "/api/v1/trick", body)
    assert (status, data["error"], data["field"]) == (400, "out_of_range", "context.trick_number")
