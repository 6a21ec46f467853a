"""``manage.py worker``: the background tasks' worker for the queue the settings name
(``KOZEL_TASKS_URL``): django-tasks-db's ``db_worker`` for the database's queue, django-rq's
``rqworker`` with django-tasks-rq's job class for a Redis. ``make run`` and ``make dev`` start it
beside the app server (scripts/serve.sh)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = (
        "Run the background tasks' worker (the database's queue, or RQ when KOZEL_TASKS_URL names a Redis)."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--batch", action="store_true", help="run the tasks waiting, then stop")

    def handle(self, *args: Any, batch: bool = False, **options: Any) -> None:
        if settings.TASKS_URL:
            call_command(
                "rqworker", "default", job_class="django_tasks_rq.Job", burst=batch, with_scheduler=False
            )
        else:
            call_command("db_worker", batch=batch, reload=False, startup_delay=False)
