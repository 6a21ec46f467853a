"""POST /api/v1/analyse/seen and GET /api/v1/analyse/seen/<id> (docs/api.md#the-review-by-what-was-seen): real requests
through the Django test client, the database's queue worked by ``manage.py worker --batch``.
A review is queued (202), polled, answered by the worker and then answered at once (200) to
whoever asks for the same deal; bad input answers as /analyse answers it; the queue's limits,
the rate, a review that fails and says why, one that was lost; no secret in what is stored."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from rules.engine import resolve
from rules.engine.seen import VERSION
from rules.models import SeenReview
from tests.api.test_analyse_gate import limits_on  # noqa: F401 - the limits on for a test that asks
from tests.engine.seen_deals import played

pytestmark = pytest.mark.django_db(transaction=True)

SEEN = "/api/v1/analyse/seen"
# a deal of classic-sixes played out; the two plays of trick 7 judged: seat 2's AS and seat 3's 9D
DEAL: dict[str, Any] = {
    "variant": "classic-sixes",
    "leader": 0,
    "hands": [
        ["10H", "10D", "8H", "JS", "8D", "AC", "JC", "9C"],
        ["QC", "KS", "AH", "KH", "10S", "9S", "9H", "7H"],
        ["10C", "QS", "KD", "QH", "7S", "8C", "AS", "JH"],
        ["8S", "KC", "7C", "JD", "9D", "QD", "AD", "7D"],
    ],
    "plays": "AC QC QH 7C AD 10D 9S KD 8S 10H 10S 7S 7H QS KC 8H 10C JD JC 9H 8D AH JH 7D AS 9D 9C KS JS KH 8C QD".split(),
}
JUDGED = {**DEAL, "judge": [24, 25]}


def post(client: Client, body: Any) -> tuple[int, dict[str, Any], Any]:
    resp = client.post(SEEN, json.dumps(body), content_type="application/json")
    assert resp["Content-Type"].startswith("application/json")
    return resp.status_code, resp.json(), resp


def work() -> None:
    call_command("worker", batch=True, verbosity=0)


def test_a_review_is_queued_polled_answered_and_kept(client: Client) -> None:
    status, body, resp = post(client, JUDGED)
    assert status == 202 and body["status"] == "queued"
    key = body["id"]
    assert len(key) == 64 and int(key, 16) >= 0
    assert body["url"] == f"{SEEN}/{key}" and resp["Location"] == body["url"]
    polled = client.get(body["url"]).json()
    assert polled == {"status": "queued", "progress": [0, 0], "result": None, "error": None}
    work()
    done = client.get(body["url"]).json()
    assert done["status"] == "done" and done["progress"] == [2, 2] and done["error"] is None
    first, second = done["result"]["plays"]
    assert (first["index"], first["seat"], first["card"], first["verdict"]) == (24, 2, "AS", "no_way_to_know")
    assert (second["index"], second["card"], second["verdict"]) == (25, "9D", "mistake")
    assert (second["layouts"], second["solved"], second["exact"], second["margin"]) == (3, 3, True, 0)
    assert {m["card"]: m["mean"] for m in second["moves"]} == {"QD": 80.0, "9D": 69.67}
    assert second["best_seen"]["points"] == ["QD"]
    assert set(second["moves"][0]["chances"]) == {"win", "big_win", "all_points", "all_tricks", "capture"}
    # the same deal asked again, written another way, from anywhere: answered at once
    again = {
        **JUDGED,
        "hands": [list(reversed(h)) for h in JUDGED["hands"]],
        "plays": [p.lower() for p in DEAL["plays"]],
    }
    status, body2, _ = post(client, again)
    assert status == 200 and body2 == done


def test_the_id_is_the_sha256_of_the_canonical_request_and_the_version(client: Client) -> None:
    _, body, _ = post(client, JUDGED)
    row = SeenReview.objects.get(pk=body["id"])
    text = json.dumps({**row.request, "version": VERSION}, sort_keys=True, separators=(",", ":"))
    assert body["id"] == hashlib.sha256(text.encode()).hexdigest()


def test_nothing_but_the_deal_is_stored_or_sent_to_the_worker(client: Client) -> None:
    _, body, _ = post(client, {**JUDGED, "context": None})
    row = SeenReview.objects.get(pk=body["id"])
    assert set(row.request) == {
        "variant",
        "seats",
        "options",
        "leader",
        "hands",
        "prikup",
        "dealer",
        "plays",
        "context",
        "judge",
    }
    from django_tasks_db.models import DBTaskResult

    task = DBTaskResult.objects.get(pk=row.task_id)
    assert task.args_kwargs == {"args": [body["id"]], "kwargs": {}}
    assert "/e/" not in json.dumps(row.request)


def test_by_default_every_costly_play_is_judged(client: Client) -> None:
    # solo-twelve at two, played with random legal cards: every card not held is the other
    # player's, so each play has one placement
    rs = resolve("solo-twelve", seats=2)
    d = played(rs, 5)
    deal = {
        "variant": "solo-twelve",
        "seats": 2,
        "leader": d["leader"],
        "hands": [[c.code for c in h] for h in d["hands"]],
        "plays": [c.code for c in d["plays"]],
    }
    status, body, _ = post(client, deal)
    assert status == 202
    work()
    done = client.get(body["url"]).json()
    assert done["status"] == "done"
    judged = [p["index"] for p in done["result"]["plays"]]
    exact = client.post("/api/v1/analyse", json.dumps(deal), content_type="application/json").json()["plays"]
    assert judged == [i for i, p in enumerate(exact) if p["legal"] and (p["cost"] or p["lost_goals"])]
    assert judged and done["progress"] == [len(judged), len(judged)]
    assert all(p["layouts"] == 1 and p["verdict"] == "mistake" for p in done["result"]["plays"])


@pytest.mark.parametrize(
    "change",
    [
        {"plays": ["AC", "QC", "XX"]},
        {"plays": ["AC", "AC"]},
        {"hands": DEAL["hands"][:3]},
        {"leader": 7},
        {"variant": "yc-duel", "hands": DEAL["hands"][:2], "plays": []},
    ],
)
def test_bad_input_answers_as_analyse_does(client: Client, change: dict[str, Any]) -> None:
    status, body, _ = post(client, {**DEAL, **change})
    want = client.post("/api/v1/analyse", json.dumps({**DEAL, **change}), content_type="application/json")
    assert status == want.status_code == 400
    assert (body["error"], body["field"]) == (want.json()["error"], want.json()["field"])
    assert not SeenReview.objects.exists()


@pytest.mark.parametrize(
    ("judge", "code"), [([99], "out_of_range"), (["1"], "bad_type"), ([True], "bad_type"), ("1", "bad_type")]
)
def test_judge_names_plays_given(client: Client, judge: Any, code: str) -> None:
    status, body, _ = post(client, {**DEAL, "judge": judge})
    assert (status, body["error"]) == (400, code) and body["field"].startswith("judge")


def test_a_judged_play_that_broke_the_rules_is_refused(client: Client) -> None:
    deal = {**DEAL, "plays": ["AC", "KS"] + DEAL["plays"][2:4]}  # seat 1 holds QC: KS revokes
    status, body, _ = post(client, {**deal, "judge": [1]})
    assert (status, body["error"], body["field"]) == (400, "judge_illegal", "judge[0]")


@pytest.mark.parametrize(
    ("variant", "options"), [("draw-four", {}), ("classic-sixes", {"multi_leads": True})]
)
def test_draw_four_and_multi_card_leads_are_not_available(
    client: Client, variant: str, options: dict[str, Any]
) -> None:
    status, body, _ = post(client, {**DEAL, "variant": variant, "options": options})
    assert (status, body["error"]) == (422, "not_available")
    reason = "по 4 карты" if variant == "draw-four" else "несколькими картами"
    assert reason in body["message"], body["message"]


@pytest.mark.usefixtures("limits_on")
def test_a_post_counts_against_the_analyse_rate_and_polling_does_not(client: Client) -> None:
    with override_settings(KOZEL_ANALYSE_RATE=(2, 60)):
        assert post(client, JUDGED)[0] == 202
        url = f"{SEEN}/{SeenReview.objects.get().pk}"
        for _ in range(5):
            assert client.get(url).status_code == 200
        assert post(client, JUDGED)[0] == 200
        status, body, resp = post(client, JUDGED)
        assert (status, body["error"]) == (429, "rate_limited") and int(resp["Retry-After"]) > 0


def test_past_the_queue_s_bound_a_new_review_is_refused(client: Client) -> None:
    with override_settings(KOZEL_SEEN_QUEUE=1):
        assert post(client, JUDGED)[0] == 202
        status, body, resp = post(client, {**JUDGED, "judge": [24]})
        assert (status, body["error"]) == (503, "queue_full") and int(resp["Retry-After"]) > 0
        assert post(client, JUDGED)[0] == 200  # the one waiting is still answered
        work()
        assert post(client, {**JUDGED, "judge": [24]})[0] == 202


def test_a_review_past_the_node_budget_fails_and_says_why(client: Client) -> None:
    with override_settings(KOZEL_NODE_BUDGET=50):
        _, body, _ = post(client, {**DEAL, "plays": DEAL["plays"][:4]})
        work()
    failed = client.get(body["url"]).json()
    assert failed["status"] == "failed" and failed["result"] is None
    assert failed["error"]["code"] == "too_complex" and failed["error"]["message"]
    assert post(client, {**DEAL, "plays": DEAL["plays"][:4]})[0] == 200  # the same deal would fail again


def test_a_review_past_its_time_fails_and_is_tried_again(client: Client) -> None:
    with override_settings(KOZEL_SEEN_SECONDS=0):
        _, body, _ = post(client, JUDGED)
        work()
    failed = client.get(body["url"]).json()
    assert failed["status"] == "failed" and failed["error"]["code"] == "timeout"
    assert post(client, JUDGED)[0] == 202
    work()
    assert client.get(body["url"]).json()["status"] == "done"


def test_a_review_whose_worker_stopped_reads_as_lost_and_is_queued_again(client: Client) -> None:
    _, body, _ = post(client, JUDGED)
    SeenReview.objects.filter(pk=body["id"]).update(
        status="running", beat=timezone.now() - timedelta(hours=1)
    )
    lost = client.get(body["url"]).json()
    assert lost["status"] == "failed" and lost["error"]["code"] == "lost"
    assert post(client, JUDGED)[0] == 202


def test_a_review_whose_task_is_gone_from_the_queue_reads_as_lost(client: Client) -> None:
    from django_tasks_db.models import DBTaskResult

    _, body, _ = post(client, JUDGED)
    DBTaskResult.objects.all().delete()  # as a flushed queue would have it
    lost = client.get(body["url"]).json()
    assert lost["status"] == "failed" and lost["error"]["code"] == "lost"
    assert post(client, JUDGED)[0] == 202
    work()
    assert client.get(body["url"]).json()["status"] == "done"


def test_an_unknown_id_is_not_found(client: Client) -> None:
    assert client.get(f"{SEEN}/{'0' * 64}").status_code == 404
    assert client.get(f"{SEEN}/not-an-id").status_code == 404


def test_a_queue_that_cannot_be_reached_answers_503_and_stores_nothing(client: Client) -> None:
    dead = "redis://127.0.0.1:9/0?socket_connect_timeout=1"  # the discard port: nothing listens
    with override_settings(
        TASKS={"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}},
        RQ_QUEUES={"default": {"URL": dead}},
        INSTALLED_APPS=[
            *settings.INSTALLED_APPS,
            "django_rq",
            "django_tasks_rq",
        ],
    ):
        status, body, resp = post(client, JUDGED)
    assert (status, body["error"]) == (503, "queue_unavailable") and resp["Retry-After"]
    assert not SeenReview.objects.exists()


def test_old_reviews_are_pruned_by_the_next_task(client: Client) -> None:
    _, body, _ = post(client, JUDGED)
    work()
    SeenReview.objects.filter(pk=body["id"]).update(created=timezone.now() - timedelta(days=31))
    post(client, {**JUDGED, "judge": [24]})
    work()
    assert not SeenReview.objects.filter(pk=body["id"]).exists()


def test_two_blind_seats_are_reviewed_by_what_was_seen(client: Client) -> None:
    """classic-sixes#blind: two people, each with a blind partner (seats 0 and 1); seat 1 plays KS
    on the lead of 7C holding trumps, unseen and legal. A blind seat's play (seat 1's 9S in trick 7)
    is judged on nothing seen, a player's own (seat 2's 7S) by what he saw."""
    deal = {
        "variant": "classic-sixes",
        "options": {"blind_seats": "0,1"},
        "leader": 0,
        "hands": [
            ["7H", "8D", "9H", "AD", "QD", "JH", "7C", "JC"],
            ["9S", "AC", "KS", "8H", "KH", "JD", "AS", "JS"],
            ["QS", "10D", "8C", "7D", "KC", "10H", "7S", "8S"],
            ["QH", "AH", "QC", "9D", "10S", "KD", "9C", "10C"],
        ],
        "plays": "7C KS KC QC 8D AC 10D 9D KH 10H AH JH JC JD QS 9C 8S 10S AD AS 8H 8C KD QD 9H 9S 7S 10C QH 7H JS 7D".split(),
    }
    status, body, _ = post(client, {**deal, "judge": [25, 26]})
    assert status == 202, body
    work()
    done = client.get(body["url"]).json()
    assert done["status"] == "done" and done["error"] is None, done
    blind, seen = done["result"]["plays"]
    assert (blind["seat"], blind["card"], seen["seat"], seen["card"]) == (1, "9S", 2, "7S")
    assert blind["layouts"] == 0 and seen["layouts"] > 0, done
