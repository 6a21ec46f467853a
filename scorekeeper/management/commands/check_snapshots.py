"""``manage.py check_snapshots``: rebuild every match's snapshot and lines from its log, in
memory, and compare them with what is stored. Exit status 1 on any difference. ``--fix``
replaces what differs by what the log gives (the log is the truth; nothing else is touched)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from scorekeeper import snapshots
from scorekeeper.models import Match


class Command(BaseCommand):
    help = "Rebuild every match's snapshot and hand lines from its log and compare with what is stored."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--fix", action="store_true", help="replace what differs by what the log gives")

    def handle(self, *args: Any, **options: Any) -> None:
        checked = differ = 0
        for pk in Match.objects.order_by("pk").values_list("pk", flat=True).iterator():
            with transaction.atomic():
                match = Match.objects.select_for_update().get(pk=pk)
                problems = snapshots.check(match)
                checked += 1
                if problems:
                    differ += 1
                    self.stdout.write(f"{match.public_id}: " + "; ".join(problems[:5]))
                    if options["fix"]:
                        snapshots.rebuild(match)
        self.stdout.write(f"{checked} match(es) checked, {differ} differ from their log")
        if differ and not options["fix"]:
            raise CommandError("snapshots differ from the log (run with --fix to rebuild them)")
