"""``manage.py check_companies``: rebuild every company's kept figures from the logs (its own
and its matches') and compare them with what is kept. Exit status 1 on any difference.
``--fix`` keeps the rebuild where they differ (the logs are the truth)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.company import figures
from scorekeeper.company.models import Company


class Command(BaseCommand):
    help = "Rebuild every company's figures from the logs and compare with what is kept."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--fix", action="store_true", help="keep the rebuild where they differ")

    def handle(self, *args: Any, **options: Any) -> None:
        checked = differ = 0
        for company in Company.objects.order_by("pk").iterator():
            checked += 1
            if not figures.check(company, fix=False):
                differ += 1
                self.stdout.write(f"{company.public_id}: kept figures differ from the logs")
                if options["fix"]:
                    figures.check(company, fix=True)
        self.stdout.write(f"{checked} company(ies) checked, {differ} differ from their logs")
        if differ and not options["fix"]:
            raise CommandError("company figures differ from the logs (run with --fix to rebuild them)")
