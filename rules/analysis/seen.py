"""The review by what was seen, off the request path (docs/api.md#the-review-by-what-was-seen): the task a worker runs
(``manage.py worker``), the rows it reports in (:class:`~rules.models.SeenReview`), the engine's
arguments read back from a stored request (:mod:`rules.api.seen_request` writes it) and a judged
play as the answer's JSON.

A request is stored once, under its id, and its task enqueued (:func:`ask`); the task reads the
request from the row (its only argument is the id), moves the row to running, judges the plays
(every solve within the node budget, the whole review within ``KOZEL_SEEN_SECONDS``), counts its
progress and stores the answer or why it failed. A row whose task stopped giving signs of life
(a worker stopped, a queue flushed) reads as failed (``lost``), and a new request for it is
queued again, as is one that ran out of time; a review that failed on the deal itself (past the
node budget) stays failed. Rows are kept :data:`KEEP_DAYS` days, pruned by each task."""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tasks import TaskResultStatus, task
from django_tasks.exceptions import TaskResultDoesNotExist

from rules import engine
from rules.engine import KozelError
from rules.engine.seen import Judgement, read_deal
from rules.engine.seen import review_seen as review_seen_plays
from rules.models import SeenReview

from .answer import jsonable
from .exact import budget

log = logging.getLogger(__name__)

KEEP_DAYS = 30
BEAT = 10  # seconds between a running task's signs of life
LOST_AFTER = 300  # seconds without one after which a running task is taken for lost
RETRY = {"lost", "timeout", "task_error"}  # failures a new request tries again


def engine_inputs(request: dict[str, Any]) -> tuple[engine.Ruleset, dict[str, Any]]:
    """The ruleset and :func:`rules.engine.seen.read_deal`'s arguments of a canonical request."""
    rs = engine.resolve(request["variant"], request["options"], seats=request["seats"])
    ctx = request["context"]
    context = None
    if ctx is not None:
        score = ctx["score"]
        context = engine.TrickContext(
            hand_number=ctx["hand_number"],
            trick_number=ctx["trick_number"],
            score=None if score is None else (score[0], score[1]),
            first_leader=ctx["first_leader"],
            led_suits=frozenset(ctx["led_suits"]),
            boaster=ctx["boaster"],
        )
    args = {
        "leader": request["leader"],
        "hands": request["hands"],
        "plays": request["plays"],
        "context": context,
        "prikup": request["prikup"],
        "dealer": request["dealer"],
    }
    return rs, args


def judgement_json(j: Judgement) -> dict[str, Any]:
    """A judged play as the answer writes it: shares to 4 places, means to 2."""

    def share(x: Any) -> float | None:
        return None if x is None else round(float(x), 4)

    return {
        "index": j.index,
        "seat": j.seat,
        "card": j.card.code,
        "layouts": j.layouts,
        "solved": j.solved,
        "exact": j.exact,
        "margin": round(j.margin, 4),
        "moves": [
            {
                "card": m.card.code,
                "mean": round(float(m.mean), 2),
                "chances": {g: share(x) for g, x in m.chances.items()},
            }
            for m in j.moves
        ],
        "best_seen": {k: [c.code for c in cards] for k, cards in j.best_seen.items()},
        "verdict": j.verdict,
    }


class QueueFull(Exception):
    """As many reviews wait as the queue takes (``KOZEL_SEEN_QUEUE``)."""


class OutOfTime(Exception):
    """The review ran past ``KOZEL_SEEN_SECONDS``."""


def _longest_wait() -> timedelta:
    """The longest a review can wait in the queue: every review ahead of it run to its bound."""
    return timedelta(seconds=settings.KOZEL_SEEN_QUEUE * settings.KOZEL_SEEN_SECONDS + LOST_AFTER)


def _task_ended(row: SeenReview) -> bool:
    """Has the queue no task left that could still answer the row (gone from a flushed Redis,
    finished or failed without writing, as a worker killed in the middle)? False when the queue
    cannot say."""
    if not row.task_id:
        return False  # being enqueued
    try:
        result = review_seen.get_result(row.task_id)
    except TaskResultDoesNotExist:
        return True
    except Exception:  # the queue cannot be reached: the row's own signs of life decide
        return False
    return result.status in (TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED)


def state(row: SeenReview) -> tuple[str, dict[str, Any] | None]:
    """The row's status and error as a reader should see them: a review whose task has ended or
    stopped giving signs of life, or that waited longer than the whole queue could take, is
    ``lost``."""
    now = timezone.now()
    if row.status in ("queued", "running") and (
        (row.status == "running" and row.beat < now - timedelta(seconds=LOST_AFTER))
        or (row.status == "queued" and row.created < now - _longest_wait())
        or _task_ended(row)
    ):
        return "failed", {"code": "lost", "params": {}}
    return row.status, row.error


def ask(key: str, request: dict[str, Any]) -> tuple[SeenReview, bool]:
    """The stored review of ``request``, or a new one queued: (row, whether work was queued).
    ``QueueFull`` when too many wait; the queue's own errors (a Redis that is down) pass through,
    nothing stored."""
    row = SeenReview.objects.filter(pk=key).first()
    if row is not None:
        status, error = state(row)
        if status != "failed" or (error or {}).get("code") not in RETRY:
            return row, False
    waiting = (
        SeenReview.objects.filter(status="queued", created__gte=timezone.now() - _longest_wait())
        .exclude(pk=key)
        .count()
    )
    if waiting >= settings.KOZEL_SEEN_QUEUE:
        raise QueueFull()
    if row is None:
        try:
            with transaction.atomic():
                row = SeenReview.objects.create(id=key, request=request)
        except IntegrityError:  # the same request at the same moment: one row, one task
            return SeenReview.objects.get(pk=key), False
    else:
        now = timezone.now()
        SeenReview.objects.filter(pk=key).update(
            status="queued", judged=0, to_judge=0, result=None, error=None, created=now, beat=now
        )
    try:
        result = review_seen.enqueue(key)
    except Exception:
        SeenReview.objects.filter(pk=key, status="queued").delete()
        raise
    SeenReview.objects.filter(pk=key).update(task_id=str(result.id)[:64])
    row.refresh_from_db()
    return row, True


def _fail(key: str, code: str, params: dict[str, Any]) -> None:
    SeenReview.objects.filter(pk=key).update(
        status="failed", error={"code": code, "params": jsonable(params)}, beat=timezone.now()
    )


def _prune() -> None:
    """Rows past :data:`KEEP_DAYS` days go, and with the database's queue its finished tasks."""
    SeenReview.objects.filter(created__lt=timezone.now() - timedelta(days=KEEP_DAYS)).delete()
    if not settings.TASKS_URL:
        call_command("prune_db_task_results", min_age_days=KEEP_DAYS, verbosity=0)


@task()
def review_seen(key: str) -> None:
    """Judge the plays of the stored request ``key`` and store the answer (or why not)."""
    # claimed by one run alone: another run of the same request (asked again at the same moment)
    # finds it running, done or failed and leaves it
    if not SeenReview.objects.filter(pk=key, status="queued").update(status="running", beat=timezone.now()):
        return
    row = SeenReview.objects.get(pk=key)
    bound = settings.KOZEL_SEEN_SECONDS
    deadline = time.monotonic() + bound
    last_beat = time.monotonic()

    def tick() -> None:
        nonlocal last_beat
        now = time.monotonic()
        if now > deadline:
            raise OutOfTime()
        if now - last_beat > BEAT:
            last_beat = now
            SeenReview.objects.filter(pk=key).update(beat=timezone.now())

    def progress(done: int, total: int) -> None:
        SeenReview.objects.filter(pk=key).update(judged=done, to_judge=total, beat=timezone.now())

    try:
        rs, args = engine_inputs(row.request)
        nodes = budget()
        deal, exact = read_deal(rs, **args, budget=nodes)
        judged = review_seen_plays(
            deal, exact, row.request["judge"], budget=nodes, progress=progress, tick=tick
        )
        plays = [judgement_json(j) for j in judged]
    except OutOfTime:
        _fail(key, "timeout", {"seconds": bound})
        return
    except KozelError as e:
        _fail(key, e.code, dict(e.params))
        return
    except Exception:
        _fail(key, "task_error", {})
        raise
    finally:
        _prune()
    SeenReview.objects.filter(pk=key).update(status="done", result={"plays": plays}, beat=timezone.now())


__all__ = [
    "KEEP_DAYS",
    "OutOfTime",
    "QueueFull",
    "ask",
    "engine_inputs",
    "judgement_json",
    "review_seen",
    "state",
]
