"""The deal review's reading of a played deal beyond each play's price: the play that gave the
turning point's goal back, and what each player's cards lost in all, through real requests."""

from __future__ import annotations

from django.test import Client

from rules.engine import analyse_deal, resolve
from tests.engine.test_solver_cases import best_line, random_deal
from tests.rules.helpers import qs, revoke_deal, ru_faces, text

from .test_best_play import DEAL, FRAGMENT, api, fresh_gate, text_of

__all__ = ["fresh_gate"]  # the gate forgotten before each test, as in test_best_play


def test_the_review_says_which_later_play_gave_the_turning_point_s_goal_back(client: Client) -> None:
    """A duel where the other player's mistake gave back what the turning point gave up: the
    page names that play after the turning point, as the API's plays have it, in both languages."""
    rs = resolve("yc-duel", seats=2)
    d = random_deal(rs, 6)
    line = best_line(rs, d)
    a = analyse_deal(rs, d["leader"], d["hands"], line, prikup=d["prikup"])  # type: ignore[arg-type]
    tp, back = a.turning_point, a.turning_back
    assert tp is not None and back is not None, "the deal should give its goal back"
    params = {"variant": "yc-duel", "leader": str(d["leader"]), "plays": " ".join(line)}
    for s in range(2):
        params[f"h{s}"] = " ".join(c.code for c in d["hands"][s])  # type: ignore[index]
        params[f"k{s}"] = " ".join(c.code for c in d["prikup"][s])  # type: ignore[index]
    expected = api(client, params)
    assert (
        expected["turning_point"] == tp and "turning_back" not in expected
    )  # the API's fields stay as they are
    side, other = a.plays[tp].seat, a.plays[back].seat
    assert side != other
    resp = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT)
    page, html = text(resp), resp.content.decode()
    card = ru_faces(str(a.plays[back].card))
    # the play is marked in its trick, after the turning point's
    assert html.count('<li class="given-back">') == 1
    assert page.count(f"возвращено игроку «Игрок {side + 1}»: взять 61") == 1
    assert html.index('<li class="turning">') < html.index('<li class="given-back">')
    assert (
        f"После {card} во взятке {back // 2 + 1} (ход игрока «Игрок {other + 1}») "
        f"у игрока «Игрок {side + 1}» снова был способ взять 61." in page
    )
    client.cookies["kozel_lang"] = "en"
    english = text(client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT))
    code = str(a.plays[back].card)
    en_card = code[:-1] + {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}[code[-1]]
    assert f"After Player {other + 1} played {en_card} in trick {back // 2 + 1}" in english
    assert f"Player {side + 1} could take 61 again." in english
    # without a play that gave it back, the page says nothing of it
    client.cookies["kozel_lang"] = "ru"
    params["plays"] = " ".join(line[:back])
    page = text(client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT))
    assert "уже не было способа" in page and "снова был способ" not in page and "возвращено" not in page


def test_the_review_tallies_what_each_player_s_cards_cost(client: Client) -> None:
    """Under the sides: per player, the plays that cost his side points and their cost added up,
    as the API prices each play; a deal played with a best card every time has no tally."""
    params, _trick, _seat = revoke_deal()
    expected = api(client, params)
    resp = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT)
    html = resp.content.decode()
    assert html.count('id="best-tally"') == 1
    tally = text_of(html.split('id="best-tally"')[1].split("</table>")[0])
    assert "Очки, упущенные картами каждого игрока" in tally
    for seat in range(4):
        costs = [p["cost"] for p in expected["plays"] if p["seat"] == seat and p["cost"]]
        points = f"−{sum(costs)}" if costs else "0"
        assert f"Игрок {seat + 1} {len(costs)} {points} " in tally
    assert sum(1 for p in expected["plays"] if p["cost"]) >= 2, "the deal should have mistakes to add up"
    # every play a best card: nothing to tally
    rs = resolve("yc-duel", seats=2)
    d = random_deal(rs, 3)
    best: list[str] = []
    while True:
        a = analyse_deal(rs, d["leader"], d["hands"], best, prikup=d["prikup"], review=False)  # type: ignore[arg-type]
        if a.to_move is None:
            break
        best.append(str(next(m.card for m in a.moves if m.cost == 0)))
    clean = {"variant": "yc-duel", "leader": str(d["leader"]), "plays": " ".join(best)}
    for s in range(2):
        clean[f"h{s}"] = " ".join(c.code for c in d["hands"][s])  # type: ignore[index]
        clean[f"k{s}"] = " ".join(c.code for c in d["prikup"][s])  # type: ignore[index]
    html = client.get(DEAL + "?" + qs(clean) + "&best=1", **FRAGMENT).content.decode()
    assert "Разбор с лучшей игрой" in html and "best-tally" not in html
