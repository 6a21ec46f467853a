"""The referee's best play: the deal review's «Разбор с лучшей игрой» and the trick page's «Как
лучше сыграть?», through real requests. The numbers on the pages are the API's; a solve refused
(the node budget, a busy worker) is said in words, and the page still answers."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client, override_settings

from rules.analysis import exact, gate
from rules.engine import TrickContext, analyse_deal, analyse_midway, legal_cards, resolve, resolve_trick
from tests.api.test_analyse import body_of
from tests.rules.helpers import past_the_budget, qs, revoke_deal, ru_faces, table_deal, taken_up_at, text

DEAL = "/rules/referee/deal/"
TRICK = "/rules/referee/"
LATER = "Сыграйте ещё взятку-другую и спросите снова"
FRAGMENT = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "best"}


@pytest.fixture(autouse=True)
def fresh_gate() -> None:
    exact.forget()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def api(client: Client, params: dict[str, str], plays: list[str] | None = None) -> dict[str, Any]:
    body = body_of(params)
    if plays is not None:
        body["plays"] = plays
    resp = client.post("/api/v1/analyse", json.dumps(body), content_type="application/json")
    assert resp.status_code == 200, resp.content
    return resp.json()


def test_the_review_asks_for_its_best_play_and_works_without_scripts(client: Client) -> None:
    params, _trick, _seat = revoke_deal()
    html = client.get(DEAL + "?" + qs(params)).content.decode()
    assert 'id="best"' in html and 'hx-trigger="load"' in html and "best=1" in html
    assert "Разбор с лучшей игрой" in html and "<noscript>" in html
    # the link without scripts: the whole page with the analysis in it
    page = client.get(DEAL + "?" + qs(params) + "&best=1")
    assert page.status_code == 200
    assert 'id="turning-point"' in page.content.decode() and 'hx-trigger="load"' not in page.content.decode()


def test_the_review_shows_each_play_s_cost_the_turning_point_and_the_values(client: Client) -> None:
    params, _trick, _seat = revoke_deal()
    expected = api(client, params)
    start = api(client, params, plays=[])
    resp = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT)
    assert resp.status_code == 200
    html = resp.content.decode()
    assert html.lstrip().startswith("<section"), "the section alone, to replace itself"
    page = text(resp)
    tp = expected["turning_point"]
    assert tp is not None
    card = ru_faces(expected["plays"][tp]["card"])
    side = expected["plays"][tp]["seat"] % 2
    players = "Игрок 1 и Игрок 3" if side == 0 else "Игрок 2 и Игрок 4"
    assert f"После {card} во взятке {tp // 4 + 1} у пары «{players}» уже не было способа" in page
    assert "лучше было" in page
    assert html.count('<li class="turning">') == 1  # the play highlighted in its trick
    # every play's cost as the API gives it; the illegal play is marked, not priced
    costs = [p["cost"] for p in expected["plays"]]
    shown = [c for c in costs if c]
    assert page.count("очк") >= len(shown)
    for c in set(shown):
        assert f"−{c} очк" in page
    assert "нельзя" in page  # the revoke
    # what the deal gave and what it could have given
    gave, could = expected["taken"], start["value"]
    assert f"Игрок 1 и Игрок 3 {gave[0]} {could[0]}" in page
    assert f"Игрок 2 и Игрок 4 {gave[1]} {could[1]}" in page


def test_the_review_in_english(en: Client) -> None:
    params, _trick, _seat = revoke_deal()
    page = text(en.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT))
    assert "Review with best play" in page and "could no longer" in page and "The deal gave" in page
    assert "Player 2 and Player 4" in page


@override_settings(KOZEL_NODE_BUDGET=50)
def test_a_solve_past_the_budget_is_said_in_words_and_the_page_answers(client: Client) -> None:
    params, _trick, _seat = revoke_deal()
    # the deal stopped in its first trick: the position itself is past the budget
    params["plays"] = " ".join(params["plays"].split()[:2])
    resp = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT)
    assert resp.status_code == 200
    page = text(resp)
    assert "слишком велика для разбора" in page and "50" in page
    assert LATER in page  # what to do about it
    review = client.get(DEAL + "?" + qs(params))  # the review itself is untouched
    assert review.status_code == 200 and "Разбор с лучшей игрой" in review.content.decode()


def _tricks(html: str) -> list[str]:
    """The review's tricks, each as its part of the section's HTML."""
    return html.split('<span class="best-n">')[1:]


@override_settings(KOZEL_NODE_BUDGET=300)
def test_a_review_past_the_budget_starts_at_the_trick_it_reaches(client: Client) -> None:
    """A played deal past the budget is reviewed from its last trick back as far as the budget
    reaches: the page says from which trick, prices every play from there as the whole review
    does, and leaves the plays before without a price."""
    params, _trick, _seat = revoke_deal()
    plays = params["plays"].split()
    hands = [params[f"h{s}"].split() for s in range(4)]
    part = analyse_deal(
        resolve(params["variant"]), 0, hands, plays, budget=300, partial=True, alternatives=True
    )
    first = part.reviewed_from // 4 + 1
    assert 1 < first <= 8
    whole = analyse_deal(resolve(params["variant"]), 0, hands, plays)
    # the API never answers a partial review: past the budget it refuses
    body = {"variant": params["variant"], "leader": 0, "hands": hands, "plays": plays}
    refused = client.post("/api/v1/analyse", json.dumps(body), content_type="application/json")
    assert refused.status_code == 422 and refused.json()["error"] == "too_complex"
    resp = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT)
    html, page = resp.content.decode(), text(resp)
    assert f"До взятки {first} у сдачи слишком много вариантов" in page
    assert f"разбор начинается со взятки {first}" in page
    assert (
        f"Взятки с 1-й по {first - 1}-ю, без разбора" in page
        if first > 2
        else "Взятка 1, без разбора" in page
    )
    folded, _, shown = html.partition("</details>")
    assert len(_tricks(folded)) == first - 1 and len(_tricks(shown)) == 9 - first
    tricks = _tricks(html)
    assert len(tricks) == 8
    for t, part_html in enumerate(tricks, start=1):
        assert part_html.count('<span class="who') == 4
        if t < first:  # legality alone: no price, no best card
            assert "cost ok" not in part_html and "очк" not in part_html and "better" not in part_html
        else:
            costs = [p.cost for p in whole.plays[(t - 1) * 4 : t * 4]]
            assert part_html.count("cost ok") == sum(1 for c in costs if c == 0)
            for c in costs:
                if c:
                    assert f"−{c} очк" in text_of(part_html)
    assert "—: не уложилось в предел перебора" in page  # nothing from the first lead
    # the turning point from the start trick on, with the cards that kept its goal: the part of
    # the budget kept back for them was enough
    tp = part.turning_point
    assert tp is not None and tp >= part.reviewed_from and part.turning_keeps
    better = " или ".join(ru_faces(c.code) for c in part.turning_keeps)
    assert f"После {ru_faces(plays[tp])} во взятке {tp // 4 + 1} у пары" in page
    assert f"лучше было {better}." in page


def test_the_partial_review_in_english(en: Client) -> None:
    params, _trick, _seat = revoke_deal()
    with override_settings(KOZEL_NODE_BUDGET=300):
        page = text(en.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT))
    assert "the deal has too many ways to play to analyse here: this review starts at trick" in page


@override_settings(KOZEL_NODE_BUDGET=50)
def test_the_trick_page_past_the_budget_says_to_ask_again_later_in_the_deal(client: Client) -> None:
    """Where not even the best cards fit in the budget, «Как лучше сыграть?» says so and what to
    do: play on and ask again, when fewer cards are left."""
    params, _trick, _seat = revoke_deal()
    query = qs(_trick_params(params, []))
    html = client.get(TRICK + "?" + query + "&best=1", **FRAGMENT).content.decode()
    assert 'id="best-refusal"' in html and "слишком велика для разбора" in text_of(html)
    assert 'id="best-later"' in html and LATER in text_of(html)
    # the same deal's last trick answers within the same budget
    held, leader, _before = taken_up_at(params, 8)
    late = {"variant": params["variant"], "leader": str(leader)} | {
        f"h{s}": " ".join(held[s]) for s in range(4)
    }
    html = client.get(TRICK + "?" + qs(late) + "&best=1", **FRAGMENT).content.decode()
    assert 'id="best-refusal"' not in html and "best-moves" in html
    client.cookies["kozel_lang"] = "en"
    page = text(client.get(TRICK + "?" + query + "&best=1", **FRAGMENT))
    assert "too large to analyse" in page and "Play a trick or two more and ask again" in page


def test_a_busy_worker_is_said_in_words(client: Client) -> None:
    params, _trick, _seat = revoke_deal()
    with gate.one_solve():
        resp = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT)
    assert resp.status_code == 200
    assert "разбирает другую сдачу" in text(resp)
    assert LATER not in text(resp)  # waiting is the answer, not playing on
    # the section asks again by itself a little later (the worker is free once its solve ends)
    html = resp.content.decode()
    assert 'hx-trigger="every 2s"' in html and "best=1" in html
    assert 'id="best-again"' in html and "спросит снова сам" in text(resp)
    with gate.one_solve():
        trick = client.get("/rules/referee/?" + qs(_trick_params(params, [])) + "&best=1", **FRAGMENT)
    assert 'hx-trigger="every 2s"' in trick.content.decode()
    done = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT)  # the worker free again
    assert done.status_code == 200 and "hx-trigger" not in done.content.decode()


def _trick_params(params: dict[str, str], cards: list[str]) -> dict[str, str]:
    return {"variant": params["variant"], "leader": params["leader"], "cards": " ".join(cards)} | {
        f"h{s}": params[f"h{s}"] for s in range(4)
    }


def test_the_trick_page_given_every_hand_says_how_best_to_play(client: Client) -> None:
    params, _trick, _seat = revoke_deal()
    first = params["plays"].split()[:1]
    query = qs(_trick_params(params, first))
    html = client.get(TRICK + "?" + query).content.decode()
    assert 'id="best"' in html and "Как лучше сыграть?" in html and "best=1" in html
    resp = client.get(TRICK + "?" + query + "&best=1", **FRAGMENT)
    assert resp.status_code == 200
    page = text(resp)
    expected = api(client, params, plays=first)
    assert expected["to_move"] == 1
    assert "Ходит Игрок 2" in page
    for m in expected["moves"]:
        assert f"{ru_faces(m['card'])} {m['value'][1]} очк" in page
    assert page.count("лучшая") == sum(1 for m in expected["moves"] if m["cost"] == 0)


def test_the_trick_page_past_the_budget_gives_the_best_cards_and_marks_the_rest(client: Client) -> None:
    """Where every card's points do not fit in the budget, «Как лучше сыграть?» still names the
    best cards with their points, prices what it reached, and marks the rest as worse than the
    best, saying why: the engine's partial answer (the API refuses the same position)."""
    params, _trick, _seat = revoke_deal()
    first: list[str] = []  # the deal's first lead
    whole, part, budget = past_the_budget(params, first)
    query = qs(_trick_params(params, first))
    with override_settings(KOZEL_NODE_BUDGET=budget):
        resp = client.get(TRICK + "?" + query + "&best=1", **FRAGMENT)
        hands = [params[f"h{s}"].split() for s in range(4)]
        body = {"variant": params["variant"], "leader": 0, "hands": hands, "plays": first}
        refused = client.post("/api/v1/analyse", json.dumps(body), content_type="application/json")
    assert refused.status_code == 422 and refused.json()["error"] == "too_complex"
    html, page = resp.content.decode(), text(resp)
    side = resolve(params["variant"]).side_of(whole.to_move)
    assert f"Ходит Игрок {whole.to_move + 1}" in page and 'id="best-refusal"' not in html
    for m in part.moves:
        assert f"{ru_faces(m.card.code)} {m.value[side]} очк" in page
    assert html.count("✓ лучшая") == sum(1 for m in whole.moves if m.cost == 0)
    unvalued = html.split('class="unvalued"')[1:]
    assert len(unvalued) == len(part.unvalued)
    for c, line in zip(part.unvalued, unvalued, strict=True):
        assert ru_faces(c.code) in text_of(line) and "хуже лучшей" in text_of(line)
    assert "Лимит позиций кончился раньше, чем нашлись точные очки" in page


def test_the_trick_page_past_the_budget_in_english(en: Client) -> None:
    params, _trick, _seat = revoke_deal()
    first: list[str] = []
    _whole, _part, budget = past_the_budget(params, first)
    with override_settings(KOZEL_NODE_BUDGET=budget):
        page = text(en.get(TRICK + "?" + qs(_trick_params(params, first)) + "&best=1", **FRAGMENT))
    assert "worse than the best" in page and "The node budget ran out before the exact points" in page


def test_the_trick_page_names_the_table_s_players_in_english(en: Client) -> None:
    params, _trick, _seat = revoke_deal()
    query = qs(_trick_params(params, []) | {"name0": "Ann"})
    page = text(en.get(TRICK + "?" + query + "&best=1", **FRAGMENT))
    assert "How best to play?" in page and "Ann to play" in page


def test_the_trick_page_takes_up_a_trick_in_the_middle_of_the_deal(client: Client) -> None:
    """Hands of a later trick, the same number each: each card with the points its side takes
    from that trick on, the whole deal's analysis less what was taken before."""
    params, _first = table_deal("classic-sixes")
    now, leader, plays = taken_up_at(params, 4)
    lead = now[leader][0]
    query = qs(
        {"variant": "classic-sixes", "leader": str(leader), "cards": lead}
        | {f"h{s}": " ".join(now[s]) for s in range(4)}
    )
    html = client.get(TRICK + "?" + query).content.decode()
    assert 'id="best"' in html and 'id="best-hint"' not in html
    page = text(client.get(TRICK + "?" + query + "&best=1", **FRAGMENT))
    whole = api(client, params, plays=[*plays, lead])
    side = whole["to_move"] % 2
    taken = whole["taken"][side]
    assert taken > 0, "the test needs points taken before the trick"
    assert f"Ходит Игрок {whole['to_move'] + 1}" in page and "с этой взятки до конца сдачи" in page
    for m in whole["moves"]:
        assert f"{ru_faces(m['card'])} {m['value'][side] - taken} очк" in page, m
    assert page.count("лучшая") == sum(1 for m in whole["moves"] if m["cost"] == 0)


def test_the_trick_page_says_what_hands_it_needs(client: Client) -> None:
    now, leader, _plays = taken_up_at(table_deal("classic-sixes")[0], 3)
    uneven = {f"h{s}": " ".join(now[s]) for s in range(4)} | {"h3": " ".join(now[3][1:])}
    page = text(client.get(TRICK + "?" + qs({"variant": "classic-sixes", "leader": str(leader)} | uneven)))
    assert "на начало этой взятки, у всех поровну" in page
    # draw-four, the stock drawn: its hands stay even too, four at most
    four = {"variant": "draw-four", "leader": "0", "drawn": "1"}
    four |= {f"h{s}": h for s, h in enumerate(["JC JS 7D 9C", "QH 8S 10H KC", "QD 10C QC 8C", "9D KH AH"])}
    page = text(client.get(TRICK + "?" + qs(four)))
    assert "у всех поровну (на первой взятке — по 4)" in page and "колода разобрана" not in page
    # the duel's second round is dealt later: without the trick's number it cannot tell the round
    rs = resolve("yc-duel", seats=2)
    deck = sorted(rs.deck, key=lambda c: c.index)
    duel = {
        "variant": "yc-duel",
        "seats": "2",
        "leader": "0",
        "h0": " ".join(c.code for c in deck[0:14:2]),
        "h1": " ".join(c.code for c in deck[1:14:2]),
    }
    html = client.get(TRICK + "?" + qs(duel)).content.decode()
    assert 'id="best"' not in html and "считает во втором круге" in text(client.get(TRICK + "?" + qs(duel)))


def _move_lines(html: str) -> list[str]:
    """The «Как лучше сыграть?» section's lines, one a play: its cards and its points."""
    items = re.findall(
        r'<li(?: class="is-best")?><span class="mv">(.*?)</span>\s*<strong>(.*?)</strong>', html, re.S
    )
    return [f"{text_of(cards).strip()} {points}" for cards, points in items]


@pytest.mark.parametrize(
    ("params", "hands", "stock"),
    [
        (
            {"variant": "classic-sixes", "opt_multi_leads": "1"},
            ["JC JS 7D 9C 9H", "QH 8S 10H KC 8H", "QD 10C QC 8C AC", "9D KH AH 7H KD"],
            None,
        ),
        ({"variant": "draw-four"}, ["JC JS 7D", "QH 8S 10H", "QD 10C 6C", "9D KH AH"], []),
        ({"variant": "draw-four"}, ["JC JS 7D 9C", "QH 8S 10H KC", "QD 10C QC 8C", "9D KH AH 6H"], []),
    ],
)
def test_the_trick_page_takes_up_multi_card_games_in_the_middle(
    client: Client, params: dict[str, str], hands: list[str], stock: list[str] | None
) -> None:
    """classic with multi-card leads at a later trick, and draw-four once its stock is drawn (four
    cards each after the last draw, or fewer): each play, several cards included, with the points
    its side takes from there on, as the engine's ``analyse_midway`` gives them."""
    rs = resolve(params["variant"], {"multi_leads": True} if "opt_multi_leads" in params else {})
    query = params | {"leader": "3"} | {f"h{s}": h for s, h in enumerate(hands)}
    if stock is not None:
        # without the tick the page cannot tell the stock is drawn: it says what it needs
        page = text(client.get(TRICK + "?" + qs(query)))
        assert "считает, когда колода разобрана" in page and 'id="best"' not in page
        query["drawn"] = "1"
    html = client.get(TRICK + "?" + qs(query)).content.decode()
    assert (
        'id="best"' in html
        and 'id="best-hint"' not in html
        and 'name="drawn" value="1" checked' in html
        or not stock
    )
    got = client.get(TRICK + "?" + qs(query) + "&best=1", **FRAGMENT).content.decode()
    a = analyse_midway(rs, 3, [h.split() for h in hands], [], stock=stock, review=False)
    side = rs.side_of(a.to_move or 0)
    expected = {f"{ru_faces(' '.join(c.code for c in m.card))} {m.value[side]} очк": m.cost for m in a.moves}  # type: ignore[union-attr]
    lines = [line[: line.index("очк") + 3] for line in _move_lines(got)]
    assert sorted(lines) == sorted(expected) and any(len(m.card) > 1 for m in a.moves)  # type: ignore[arg-type]
    costs = [expected[line] for line in lines]
    assert costs == sorted(costs), "the best plays come first"
    assert "Каждый разрешённый ход (одна карта или несколько)" in text_of(got)
    assert "с этой взятки до конца сдачи при лучшей игре после него" in text_of(got)


def test_the_trick_page_takes_up_the_duel_s_second_round(client: Client) -> None:
    """The duel at trick 12, the trick's number given: each card's points from there on are the
    whole deal's (with its prikup) less what was taken before."""
    params, _first = table_deal("yc-duel", seats=2)
    now, leader, before = taken_up_at(params, 12)  # eight tricks of the first round, three of the second
    assert len(now[0]) == len(now[1]) == 5
    lead = now[leader][0]
    query = {"variant": "yc-duel", "seats": "2", "leader": str(leader), "trick": "12", "cards": lead}
    query |= {f"h{s}": " ".join(now[s]) for s in range(2)}
    page = text(client.get(TRICK + "?" + qs(query) + "&best=1", **FRAGMENT))
    after = api(client, params, plays=[*before, lead])
    side = after["to_move"]
    taken = after["taken"][side]
    assert "с этой взятки до конца сдачи" in page
    for m in after["moves"]:
        assert f"{ru_faces(m['card'])} {m['value'][side] - taken} очк" in page, m
    # at trick 11 five cards each are one too few
    page = text(client.get(TRICK + "?" + qs(query | {"trick": "11"})))
    assert "считает во втором круге" in page


def test_a_full_trick_says_what_each_of_its_cards_cost(client: Client) -> None:
    params, _trick, _seat = revoke_deal()
    four = params["plays"].split()[:4]
    query = qs(_trick_params(params, four))
    html = client.get(TRICK + "?" + query).content.decode()
    assert 'id="verdict"' in html and 'id="best"' in html  # the ruling, and its costs below
    page = text(client.get(TRICK + "?" + query + "&best=1", **FRAGMENT))
    expected = api(client, params, plays=four)
    assert "стоила каждая карта этой взятки" in page
    for p in expected["plays"]:
        if p["cost"]:
            assert f"{ru_faces(p['card'])} −{p['cost']} очк" in page
    assert ("нельзя" in page) == any(not p["legal"] for p in expected["plays"])


def test_a_duel_s_turning_point_speaks_of_one_player(client: Client) -> None:
    from tests.rules.helpers import table_deal

    params, _hands = table_deal("yc-duel")
    page = text(client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT))
    assert "Разбор с лучшей игрой" in page
    # the deciding play or the turning point: either speaks of one player
    assert any(f"у игрока «Игрок {n}» {w} не было" in page for n in (1, 2) for w in ("уже", "больше"))
    assert "у пары" not in page


def test_the_review_lets_the_khvalyonka_s_caller_lead_a_trump(client: Client) -> None:
    """classic-sixes#leading, trump_lead=hvalyonka_only: the caller leads a trump from a hand
    with plain cards, as he may; the review prices that lead like any legal play."""
    rs = resolve("classic-sixes", {"trump_lead": "hvalyonka_only"})
    ctx = TrickContext(boaster=0)
    deck = sorted(rs.deck, key=lambda c: (c.suit, c.rank))
    hands = [deck[s::4] for s in range(4)]
    assert any(rs.is_trump(c) for c in hands[0]) and not all(rs.is_trump(c) for c in hands[0])
    rem = [list(h) for h in hands]
    plays, leader = [], 0
    for t in range(8):
        trick = []
        for i in range(4):
            seat = (leader + i) % 4
            ok = legal_cards(rs, rem[seat], trick[0] if trick else None, seat=seat, context=ctx)
            card = next(c for c in ok if rs.is_trump(c)) if t == 0 and i == 0 else ok[0]
            trick.append(card)
            rem[seat].remove(card)
        plays += trick
        leader = resolve_trick(rs, leader, trick, context=ctx).winner
    params = {
        "variant": "classic-sixes",
        "opt_trump_lead": "hvalyonka_only",
        "boaster": "0",
        "leader": "0",
        "plays": " ".join(c.code for c in plays),
    } | {f"h{s}": " ".join(c.code for c in hands[s]) for s in range(4)}
    page = text(client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT))
    assert "Разбор с лучшей игрой" in page and "очк" in page  # the review, priced
    assert "нельзя" not in page
