"""The deal review's reading of a played deal beyond each play's price: the play that gave the
turning point's goal back, each player's costly plays, and the runs of tricks played
with a best card every time folded under one line, through real requests."""

from __future__ import annotations

import re
from typing import cast

from django.test import Client

from rules.engine import Analysis, Card, Ruleset, analyse_deal, resolve
from tests.engine.test_solver_cases import best_line, random_deal
from tests.rules.helpers import qs, revoke_deal, ru_faces, text
from tests.rules.referee.test_best_play import DEAL, FRAGMENT, api, fresh_gate, text_of

__all__ = ["fresh_gate"]  # the gate forgotten before each test, as in test_best_play


def _played_well(rs: Ruleset, d: dict[str, object], give_up: bool = False) -> list[str]:
    """The deal played out with the first best card for points every time; with ``give_up``, the
    first time a best card for points gives up a goal, that card instead."""
    line: list[str] = []
    while True:
        a = analyse_deal(rs, d["leader"], d["hands"], line, prikup=d.get("prikup"), review=False)  # type: ignore[arg-type]
        if a.to_move is None:
            return line
        best = [m for m in a.moves if m.cost == 0]
        free = [m for m in best if m.lost_goals] if give_up else []
        give_up = give_up and not free
        line.append(str((free or best)[0].card))


WORDS = {"win": "взять 61", "big_win": "оставить соперников без спаса", "all_tricks": "взять все взятки"}


def _marked(html: str, mark: str) -> list[int]:
    """Where the plays marked ``mark`` (turning, deciding, given-back) are in the page."""
    return [m.start() for m in re.finditer(rf'<li class="[^"]*\b{mark}\b[^"]*">', html)]


def _deal_params(variant: str, d: dict[str, object], line: list[str]) -> dict[str, str]:
    """The deal review's query for a random deal played as ``line``."""
    params = {"variant": variant, "leader": str(d["leader"]), "plays": " ".join(line)}
    for s, hand in enumerate(cast(list[list[Card]], d["hands"])):
        params[f"h{s}"] = " ".join(c.code for c in hand)
    for s, hand in enumerate(cast(list[list[Card]], d.get("prikup") or [])):
        params[f"k{s}"] = " ".join(c.code for c in hand)
    return params


def test_the_review_says_which_later_play_gave_the_turning_point_s_goal_back(client: Client) -> None:
    """A duel where the other player's mistake gave back what the turning point gave up: the
    page names that play after the turning point, as the API's plays have it, in both languages."""
    rs = resolve("yc-duel", seats=2)
    d = random_deal(rs, 6)
    line = best_line(rs, d)
    a = analyse_deal(rs, d["leader"], d["hands"], line, prikup=d["prikup"])  # type: ignore[arg-type]
    tp, back = a.turning_point, a.turning_back
    assert tp is not None and back is not None, "the deal should give its goal back"
    params = _deal_params("yc-duel", d, line)
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
    assert len(_marked(html, "given-back")) == 1
    assert page.count(f"возвращено игроку «Игрок {side + 1}»: взять 61") == 1
    assert _marked(html, "turning")[0] < _marked(html, "given-back")[0]
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
    # the turning point is then the deciding play too, said once
    assert "Решающий ход" in page and "больше не было способа" in page and "уже не было способа" not in page
    assert "снова был способ" not in page and "возвращено" not in page


def test_the_review_tallies_what_each_player_s_cards_cost(client: Client) -> None:
    """Under the sides: per player, the plays that cost his side points or a goal and the goals
    they gave up, as the API prices each play; no points are added up (each cost is measured at
    its own moment, so two players' costs overlap); a deal played with a best card every time has
    no tally."""
    params, _trick, _seat = revoke_deal()
    expected = api(client, params)
    resp = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT)
    html = resp.content.decode()
    assert html.count('id="best-tally"') == 1
    tally = text_of(html.split('id="best-tally"')[1].split("</table>")[0])
    assert "Ходы с потерей у каждого игрока" in tally and "Что упущено" in tally
    assert "−" not in tally
    for seat in range(4):
        costly = [
            p
            for p in expected["plays"]
            if p["seat"] == seat and p["legal"] and (p["cost"] or p["lost_goals"])
        ]
        gave = " и ".join(WORDS[g] for g in WORDS if any(g in p["lost_goals"] for p in costly)) or "—"
        assert f"Игрок {seat + 1} {len(costly)} {gave}" in tally
    assert "не складывают" in text_of(html.split('id="best-tally-about"')[1].split("</p>")[0])
    assert sum(1 for p in expected["plays"] if p["cost"]) >= 2, "the deal should have mistakes to add up"
    # every play a best card: nothing to tally
    rs = resolve("yc-duel", seats=2)
    d = random_deal(rs, 3)
    clean = _deal_params("yc-duel", d, _played_well(rs, d))
    html = client.get(DEAL + "?" + qs(clean) + "&best=1", **FRAGMENT).content.decode()
    assert "Разбор с лучшей игрой" in html and "best-tally" not in html


def _folded(first: int, last: int) -> str:
    """The line a run of tricks played well is folded under, in Russian."""
    if first == last:
        return f"Взятка {first}: каждая карта — лучшая"
    if last == first + 1:
        return f"Взятки {first} и {last}: каждая карта — лучшая"
    return f"Взятки с {first}-й по {last}-ю: каждая карта — лучшая"


def _clean_runs(a: Analysis, seats: int) -> list[tuple[int, int]]:
    """The runs of tricks (first, last) whose every play was a best card, the turning point's
    and the play that gave its goal back excepted, from the analysis itself."""
    marked = {a.turning_point, a.turning_back}
    runs: list[tuple[int, int]] = []
    for k in range(len(a.plays) // seats):
        plays = range(k * seats, (k + 1) * seats)
        if not all(a.plays[j].cost == 0 for j in plays) or marked & set(plays):
            continue
        if runs and runs[-1][1] == k:
            runs[-1] = (runs[-1][0], k + 1)
        else:
            runs.append((k + 1, k + 1))
    return runs


def test_tricks_played_with_a_best_card_every_time_fold_under_one_line(client: Client) -> None:
    """Each run of tricks where every card was a best one folds under one line that says which
    tricks they are; every other trick stays open, and the folded ones are all still there."""
    rs = resolve("classic-sixes")
    d = random_deal(rs, 3)
    line = best_line(rs, d)
    a = analyse_deal(rs, d["leader"], d["hands"], line)  # type: ignore[arg-type]
    runs = _clean_runs(a, 4)
    assert a.turning_point is not None and a.turning_back is not None
    lengths = {k - f + 1 for f, k in runs}
    assert {1, 2} <= lengths and max(lengths) > 2, "runs of one, of two and of more"
    params = _deal_params("classic-sixes", d, line)
    html = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT).content.decode()
    assert html.count('<span class="best-n">') == 8, "every trick is on the page"
    folds = [f.split("</details>")[0] for f in html.split('<li class="best-clean">')[1:]]
    assert len(folds) == len(runs)
    for (first, last), inside in zip(runs, folds, strict=True):
        summary = text_of(inside.split("</summary>")[0]).strip()
        assert summary == _folded(first, last)
        assert inside.count('<span class="best-n">') == last - first + 1
        assert inside.count('class="cost ok"') == 4 * (last - first + 1) and "cost bad" not in inside
    # the turning point's trick and the giving back's stay open
    assert 'class="turning"' in html and 'class="given-back"' in html
    assert all('class="turning"' not in f and 'class="given-back"' not in f for f in folds)
    client.cookies["kozel_lang"] = "en"
    english = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT).content.decode()
    first, last = next((f, k) for f, k in runs if k > f + 1)
    assert f"Tricks {first} to {last}: a best card every time" in text_of(english)
    first, last = next((f, k) for f, k in runs if k == f + 1)
    assert f"Tricks {first} and {last}: a best card every time" in text_of(english)


def test_a_deal_played_well_throughout_is_one_folded_line(client: Client) -> None:
    """Every card a best one: the whole deal under one line, with no turning point."""
    rs = resolve("classic-sixes")
    d = random_deal(rs, 2)
    params = _deal_params("classic-sixes", d, _played_well(rs, d))
    html = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT).content.decode()
    assert html.count('<li class="best-clean">') == 1
    assert "Взятки с 1-й по 8-ю: каждая карта — лучшая" in text_of(html)
    assert html.count('<span class="best-n">') == 8 and "cost bad" not in html


def test_a_turning_point_at_no_cost_in_points_keeps_its_trick_open(client: Client) -> None:
    """A best card for points that gave up the capture is the turning point: its trick stays
    open though every card in it kept its side's points, and the tricks around it fold."""
    rs = resolve("voon-series")
    d = random_deal(rs, 10)
    line = _played_well(rs, d, give_up=True)
    turned = analyse_deal(rs, d["leader"], d["hands"], line).turning_point  # type: ignore[arg-type]
    assert turned is not None, "the deal should have a best card for points that gives up the capture"
    params = _deal_params("voon-series", d, line)
    html = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT).content.decode()
    assert "cost bad" not in html and len(_marked(html, "turning")) == 1
    k = turned // 4 + 1
    folds = [text_of(f.split("</summary>")[0]).strip() for f in html.split('<li class="best-clean">')[1:]]
    assert folds == [_folded(1, k - 1), _folded(k + 1, 8)]
