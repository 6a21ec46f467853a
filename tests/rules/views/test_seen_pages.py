"""«А было ли видно?» on the deal review (rules.views.seen): the control beside each costly play,
and each state of its line through the real views and the database's queue, worked by
``manage.py worker --batch``: waiting, running with its progress, done with each verdict in
words, failed (and asked again), refused (bad input, a table it cannot judge, the rate, a full
or unreachable queue), never a 500; the same without scripts; from a match's «Спор», nothing
but the deal reaches the review."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from rules.engine import analyse_deal, resolve
from rules.models import SeenReview
from tests.api.test_analyse_gate import limits_on  # noqa: F401 - the limits on for a test that asks
from tests.api.test_seen_api import DEAL
from tests.rules.helpers import qs, text

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = {f"h{s}": " ".join(h) for s, h in enumerate(DEAL["hands"])}
# every card a best one for 20 plays, then an ending whose few layouts the worker judges at once:
# 10♦ (play 20) cost 2 points and nothing could show it, Д♥ (22) gave up 61 where 10♣ kept it
# in most layouts
PREFIX = "JC QC 8C KC AH QS 7C 8H AD 8D 10S KD 8S 10H KS AS 7S 9D AC 9S"
SHORT = {
    "variant": "classic-sixes",
    "leader": "0",
    **HANDS,
    "plays": f"{PREFIX} 10D 7H QH 7D 10C JD 9C 9H QD JS KH JH",
}
# the same start, and В♠ (play 26) a mistake for card points alone
POINTS = {**SHORT, "plays": f"{PREFIX} 10D 9H 10C 7D JH QD JS 7H JD 9C KH QH"}


def best(client: Client, query: dict[str, str], page: str = "/rules/referee/deal/") -> str:
    """The «Разбор с лучшей игрой» section, as it asks for itself."""
    resp = client.get(f"{page}?{qs(query)}&best=1", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="best")
    assert resp.status_code == 200
    return resp.content.decode()


def controls(html: str) -> list[tuple[str, str, str]]:
    """Each «А было ли видно?»: where it posts, the play, the goals the play gave up."""
    found = re.findall(
        r'<div class="seen">\s*<form[^>]*action="([^"]*)".*?name="play" value="(\d+)".*?name="lost" value="([^"]*)"',
        html,
        re.S,
    )
    return [(unescape(a), p, lost) for a, p, lost in found]


def ask(client: Client, query: dict[str, str], play: int, lost: str = "", htmx: bool = True) -> Any:
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"/rules/referee/seen/?{qs(query)}", {"play": str(play), "lost": lost}, **extra)


def poll_url(resp: Any) -> str:
    return unescape(re.search(r'hx-get="([^"]*)"', resp.content.decode()).group(1))  # type: ignore[union-attr]


def line(client: Client, url: str) -> Any:
    return client.get(url, HTTP_HX_REQUEST="true")


def work() -> None:
    call_command("worker", batch=True, verbosity=0)


def test_each_costly_play_and_only_those_has_the_control() -> None:
    client = Client()
    html = best(client, SHORT)
    rs = resolve("classic-sixes")
    hands = [h.split() for h in HANDS.values()]
    exact = analyse_deal(rs, 0, hands, SHORT["plays"].split())
    costly = [(str(i), " ".join(p.lost_goals)) for i, p in enumerate(exact.plays) if p.cost or p.lost_goals]
    found = controls(html)
    assert (
        [(p, lost) for _a, p, lost in found]
        == costly
        == [("20", ""), ("22", "win"), ("25", "win"), ("26", "win")]
    )
    action = urlsplit(found[0][0])
    assert action.path == "/rules/referee/seen/"
    assert parse_qs(action.query) == {k: [v] for k, v in SHORT.items()}  # the deal alone
    assert 'hx-post="/rules/referee/seen/?' in html and 'hx-target="closest .seen"' in html
    assert "csrfmiddlewaretoken" in html
    assert "по тому, что игрок мог видеть" in text_of(html)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_asked_the_review_waits_in_the_queue_and_polls_itself() -> None:
    client = Client()
    resp = ask(client, SHORT, 22, "win")
    assert resp.status_code == 200
    assert "Разбор по тому, что было видно, ждёт очереди" in text(resp)
    row = SeenReview.objects.get()
    assert row.status == "queued" and row.request["judge"] is None  # every costly play: one review for all
    url = poll_url(resp)
    assert url == f"/rules/referee/seen/{row.pk}/22/?lost=win"
    assert 'hx-trigger="every 2s"' in resp.content.decode()
    # the same deal through the API is the same review
    body = {**DEAL, "plays": SHORT["plays"].split()}
    api = client.post("/api/v1/analyse/seen", json.dumps(body), content_type="application/json")
    assert api.status_code == 200 and api.json()["status"] == "queued"
    assert SeenReview.objects.count() == 1
    # another play of the deal asks the same review
    assert ask(client, SHORT, 25, "win").status_code == 200 and SeenReview.objects.count() == 1


def test_a_running_review_shows_how_far_it_is() -> None:
    client = Client()
    url = poll_url(ask(client, SHORT, 22, "win"))
    SeenReview.objects.update(status="running", beat=timezone.now())
    first = line(client, url)
    assert "сначала вся сдача в открытую" in text(first) and "every 2s" in first.content.decode()
    SeenReview.objects.update(judged=1, to_judge=4)
    resp = line(client, url)
    assert resp.status_code == 200
    assert "Разобрано ходов: 1 из 4." in text(resp)
    assert '<progress max="4" value="1">' in resp.content.decode()
    assert poll_url(resp) == url


def test_done_each_verdict_in_words_and_the_polling_stops() -> None:
    client = Client()
    url = poll_url(ask(client, SHORT, 22, "win"))
    work()
    resp = line(client, url)
    html = resp.content.decode()
    assert resp.status_code == 200 and "hx-get" not in html
    words = text(resp)
    assert (
        "По тому, что было видно, после 10♣ ещё можно было взять 61 в 75% раскладов, а после Д♥ — в 21%: ошибка."
        in words
    )
    assert 'class="seen-verdict mistake"' in html
    assert "Разобраны все возможные расклады: 48." in words
    assert "как играют люди, разбор не знает" in words and "а не точные шансы." in words
    # 10♦ cost 2 points, and by what was seen nothing did better
    resp = line(client, url.replace("/22/?lost=win", "/20/"))
    words = text(resp)
    assert "По тому, что было видно, явно лучшей карты не было: не повезло." in words
    assert "Очков у стороны в среднем: после 10♦ — 55,4, после В♠ — 53,8." in words
    assert 'class="seen-verdict no_way_to_know"' in resp.content.decode()
    # a play the review did not judge (it cost nothing)
    assert "Этот ход ничего не стоил." in text(line(client, url.replace("/22/", "/21/")))
    # in English
    client.cookies["kozel_lang"] = "en"
    words = text(line(client, url))
    assert (
        "By what could be seen, after 10♣ the side could still take 61 in 75% of the layouts, after Q♥ in 21%: "
        "a mistake." in words
    )
    assert "Every possible layout taken: 48." in words and "it is not exact odds" in words
    # asked again once done: answered at once
    client.cookies.pop("kozel_lang")
    assert "ошибка" in text(ask(client, SHORT, 22, "win"))


def test_a_mistake_for_card_points_alone() -> None:
    client = Client()
    assert ("26", "") in [(p, lost) for _a, p, lost in controls(best(client, POINTS))]
    url = poll_url(ask(client, POINTS, 26))
    work()
    words = text(line(client, url))
    assert "По тому, что было видно, после" in words and "чем после В♠" in words and "ошибка." in words


def test_a_failed_review_says_why_and_is_asked_again() -> None:
    client = Client()
    with override_settings(KOZEL_SEEN_SECONDS=0):
        url = poll_url(ask(client, SHORT, 22, "win"))
        work()
    resp = line(client, url)
    assert resp.status_code == 200 and "hx-get" not in resp.content.decode()
    assert "Разбор шёл дольше 0 с и был остановлен." in text(resp)
    assert "Спросить снова" in text(resp)
    again = unescape(re.search(r'hx-post="([^"]*)"', resp.content.decode()).group(1))  # type: ignore[union-attr]
    assert again == url  # asked again by the review's id: the deal alone
    resp = client.post(again, {"play": "22", "lost": "win"}, HTTP_HX_REQUEST="true")
    assert resp.status_code == 200 and "ждёт очереди" in text(resp)
    work()
    assert "ошибка" in text(line(client, url))


def test_a_deal_past_the_node_budget_fails_for_good() -> None:
    client = Client()
    with override_settings(KOZEL_NODE_BUDGET=50):
        url = poll_url(ask(client, SHORT, 22, "win"))
        work()
    resp = line(client, url)
    assert "Эта позиция слишком велика для разбора здесь" in text(resp)
    assert "Спросить снова" not in text(resp)


def refused(resp: Any, status: int) -> str:
    assert resp.status_code == status
    html = resp.content.decode()
    assert html.lstrip().startswith('<div class="seen seen-refused">'), html[:200]
    return text(resp).strip()


@pytest.mark.usefixtures("limits_on")
def test_past_the_rate_one_line_with_retry_after() -> None:
    client = Client()
    with override_settings(KOZEL_ANALYSE_RATE=(1, 60)):
        assert ask(client, SHORT, 22, "win").status_code == 200
        resp = ask(client, SHORT, 22, "win")
    words = refused(resp, 429)
    assert words.startswith("Слишком много разборов отсюда") and int(resp["Retry-After"]) > 0
    assert "Спросить снова" in words


def test_a_full_queue_one_line_with_retry_after() -> None:
    with override_settings(KOZEL_SEEN_QUEUE=0):
        resp = ask(Client(), SHORT, 22, "win")
    assert "Слишком много разборов в очереди" in refused(resp, 503) and resp["Retry-After"] == "60"
    assert not SeenReview.objects.exists()


def test_a_queue_that_cannot_be_reached_one_line() -> None:
    dead = "redis://127.0.0.1:9/0?socket_connect_timeout=1"  # the discard port: nothing listens
    with override_settings(
        TASKS={"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}},
        RQ_QUEUES={"default": {"URL": dead}},
        INSTALLED_APPS=[*settings.INSTALLED_APPS, "django_rq", "django_tasks_rq"],
    ):
        resp = ask(Client(), SHORT, 22, "win")
    assert "через минуту" in refused(resp, 503) and resp["Retry-After"]
    assert not SeenReview.objects.exists()


def test_a_table_it_cannot_judge_says_so_and_offers_nothing() -> None:
    client = Client()
    deal = {**SHORT, "opt_multi_leads": "1", "plays": "JC; QC; 8C; KC"}
    html = best(client, deal)
    assert controls(html) == []
    assert "несколькими картами" in text_of(html)
    words = refused(ask(client, deal, 0), 422)
    assert "несколькими картами" in words and "Спросить снова" not in words


@pytest.mark.parametrize(
    ("query", "play"),
    [
        (SHORT, ""),  # no play named
        ({**SHORT, "plays": "JC QC XX"}, 1),  # a card that is none
        ({**SHORT, "h0": ""}, 1),  # a hand missing
        (SHORT, 40),  # past the plays
    ],
)
def test_bad_input_one_line_nothing_stored(query: dict[str, str], play: Any) -> None:
    resp = Client().post(f"/rules/referee/seen/?{qs(query)}", {"play": str(play)}, HTTP_HX_REQUEST="true")
    assert refused(resp, 400)
    assert not SeenReview.objects.exists()


def test_an_unknown_review_is_one_line_404() -> None:
    client = Client()
    assert refused(line(client, f"/rules/referee/seen/{'0' * 64}/1/"), 404)
    assert refused(line(client, "/rules/referee/seen/nothex/1/"), 404)
    assert client.get("/rules/referee/seen/").status_code == 405


def test_without_scripts_a_page_that_refreshes_itself_until_done() -> None:
    client = Client()
    resp = ask(client, SHORT, 22, "win", htmx=False)
    assert resp.status_code == 303
    url = resp["Location"]
    assert url.startswith("/rules/referee/seen/") and url.endswith("/22/?lost=win")
    page = client.get(url)
    html = page.content.decode()
    assert page.status_code == 200 and '<meta http-equiv="refresh" content="3">' in html
    assert "<h1>А было ли видно?</h1>" in html
    work()
    html = client.get(url).content.decode()
    assert "refresh" not in html.split("</head>")[0] and "ошибка" in html
