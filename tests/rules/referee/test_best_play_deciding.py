"""The review's summary leads with the deciding play (docs/rules.md#analysis): 61 lost in trick 1,
given back by the other pair in trick 2 and lost again for good in trick 5. The summary names the
play in trick 5, with its player, card and the cards that kept 61, as the API's ``deciding`` has
it; the turning point in trick 1 and the play that gave 61 back follow. The same on the referee's
page, in both languages, and on a match's «Спор» page with the players' names
(tests/scorekeeper/test_dispute_best.py)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.analysis import exact
from tests.engine.test_deciding import HANDS, LEADER, LOST_AGAIN, PLAYS
from tests.rules.helpers import qs, text
from tests.rules.referee.test_best_play import DEAL, FRAGMENT, api

PARAMS = {"variant": "classic-sixes", "leader": str(LEADER), "plays": " ".join(PLAYS)} | {
    f"h{s}": h for s, h in enumerate(HANDS)
}
DECIDING = (
    "Решающий ход: 9♠ во взятке 5 (ход игрока «{p}»). После него у пары «{p} и {q}» больше не было "
    "способа взять 61: лучше было Т♠ или К♥."
)
TURNING = "После Д♥ во взятке 1 у пары «{p} и {q}» уже не было способа взять 61"
GIVEN_BACK = "После 8♠ во взятке 2 (ход игрока «{r}») у пары «{p} и {q}» снова был способ взять 61."


@pytest.fixture(autouse=True)
def fresh_gate() -> None:
    exact.forget()


def _summary(html: str) -> list[str]:
    """The summary's lines in order: the deciding play, the turning point, the play that gave back."""
    found = re.findall(r'<p class="[^"]*" id="(deciding|turning-point|given-back)">(.*?)</p>', html, re.S)
    return [f"{key}: {re.sub(r'<[^>]+>', '', body).strip()}" for key, body in found]


def test_the_summary_leads_with_the_play_that_lost_61_for_good(client: Client) -> None:
    data = api(client, PARAMS)
    assert data["deciding"][1]["win"] == LOST_AGAIN and data["turning_point"] == 0
    html = client.get(DEAL + "?" + qs(PARAMS) + "&best=1", **FRAGMENT).content.decode()
    names = {"p": "Игрок 2", "q": "Игрок 4", "r": "Игрок 3"}
    summary = _summary(html)
    assert [line.split(":")[0] for line in summary] == ["deciding", "turning-point", "given-back"]
    assert summary[0] == "deciding: " + DECIDING.format(**names)
    assert summary[1].startswith("turning-point: " + TURNING.format(**names))
    assert summary[2] == "given-back: " + GIVEN_BACK.format(**names)
    # the play is marked in its trick
    marked = re.findall(r'<li class="deciding">(.*?)</li>', html, re.S)
    assert len(marked) == 1 and "9♠" in marked[0] and "Игрок 2" in marked[0]
    client.cookies["kozel_lang"] = "en"
    english = text(client.get(DEAL + "?" + qs(PARAMS) + "&best=1", **FRAGMENT))
    assert (
        "The deciding play: 9♠ in trick 5, played by Player 2. After it, Player 2 and Player 4 could "
        "never again take 61: A♠ or K♥ was better." in english
    )
    assert english.index("The deciding play") < english.index("After Q♥ in trick 1")


def test_where_the_turning_point_is_the_deciding_play_it_is_said_once(client: Client) -> None:
    """Before 61 is given back, the play that lost it is the deciding play so far: the summary
    says it once, as the deciding play, with every card that kept 61 there."""
    params = PARAMS | {"plays": " ".join(PLAYS[:4])}
    data = api(client, params)
    assert data["deciding"][1]["win"] == data["turning_point"] == 0
    html = client.get(DEAL + "?" + qs(params) + "&best=1", **FRAGMENT).content.decode()
    assert _summary(html) == [
        "deciding: Решающий ход: Д♥ во взятке 1 (ход игрока «Игрок 4»). После него у пары «Игрок 2 и "
        "Игрок 4» больше не было способа взять 61: лучше было Д♣, 9♣, 10♠, Т♥, К♦ или 9♦."
    ]
    assert re.findall(r'<li class="turning deciding">', html) == ['<li class="turning deciding">']


# classic-sixes (tests.engine.test_solver_cases.random_deal seed 0 played by best_line): the first
# pair takes 86 and could have left the other pair without спас until play 14
SPAS = {
    "variant": "classic-sixes",
    "leader": "2",
    "h0": "10C AC QD JH 10H QC 7C 9S",
    "h1": "KS 9D 8H QH 10D AH 9C KH",
    "h2": "JC 8D KC 9H 10S KD 8S JS",
    "h3": "AS 7H 7S 8C QS JD AD 7D",
    "plays": "JC JD JH QH 9C JS QS 7C 10C AH KC 8C 9S KS 10S AS 7S QC KH 8S QD 8H 9H 7H AC 10D KD AD "
    "10H 9D 8D 7D",
}


def test_the_bigger_award_is_said_as_the_other_side_s_spas(client: Client) -> None:
    """61 made, 90 lost: the summary leads with the play after which the other pair kept its
    спас, named; the API has the goal's key alone."""
    data = api(client, SPAS)
    assert data["taken"] == [86, 34] and data["deciding"][0]["win"] is None
    j = data["deciding"][0]["big_win"]
    assert j is not None and "spas" not in data["deciding"][0]
    html = client.get(DEAL + "?" + qs(SPAS) + "&best=1", **FRAGMENT).content.decode()
    lead = _summary(html)[0]
    assert lead.startswith("deciding: Решающий ход: ") and f"во взятке {j // 4 + 1} " in lead
    assert "больше не было способа оставить пару «Игрок 2 и Игрок 4» без спаса" in lead
    client.cookies["kozel_lang"] = "en"
    english = text(client.get(DEAL + "?" + qs(SPAS) + "&best=1", **FRAGMENT))
    assert "could never again leave Player 2 and Player 4 without spas" in english
