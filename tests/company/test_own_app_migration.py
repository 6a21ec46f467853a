"""The company's models moved to their own app, and the rate table's model to ``common``, by
state alone: a database made at the migrations before the move (companies with their players,
matches and kept figures, counts of the limits) migrates forward with every row and figure as
it was, no table dropped, copied or altered, and the new code reads it."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext

from common.models import RateCount
from rules.engine import HandRecord
from rules.stats import MatchInput
from scorekeeper import services
from scorekeeper.company import figures
from scorekeeper.company import services as company_services
from scorekeeper.company.log import roster_of
from scorekeeper.company.models import Company, CompanyEntry, CompanyMatch
from tests.company.helpers import create_match, nonce

pytestmark = pytest.mark.django_db(transaction=True)

# the leaves before the move; the two apps the move made are not there yet
BEFORE = [("scorekeeper", "0008_line_fold_checkpoints"), ("rules", "0004_seenreview")]
UNMADE = [("company", None), ("common", None)]
TABLES = (
    "scorekeeper_company",
    "scorekeeper_companyentry",
    "scorekeeper_companymatch",
    "scorekeeper_match",
    "scorekeeper_entry",
    "scorekeeper_line",
    "kozel_ratelimit",
)
FOUR = ["Аня", "Боря", "Вика", "Гоша"]


def rows() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table concerned, as the database holds it."""
    out = {}
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)} ORDER BY 1")
            out[table] = [tuple(map(str, row)) for row in cursor.fetchall()]
    return out


def played(names: list[str], hands: list[dict[str, Any]]) -> tuple[Any, str]:
    match, secret = create_match(MatchInput("classic-sixes", names, [], seats=4))
    for i, hand in enumerate(hands):
        services.hand_record(match=match, record=HandRecord.from_dict(hand), nonce=nonce(), version=i)
    return match, secret


def test_a_database_made_before_the_move_keeps_every_row_and_figure() -> None:
    # what the code makes: a company whose matches were played to the end, its figures kept
    company, _secret = company_services.company_create(
        name="Пятница", time_zone="Europe/Moscow", players=FOUR
    )
    for names in (FOUR, ["Вика", "Гоша", "Аня", "Боря"]):
        match, secret = played(names, [{"points": [90, 30]}] * 3)
        company.refresh_from_db()
        company_services.match_add(
            company=company, link=f"/m/{match.public_id}/e/{secret}/", nonce=nonce(), version=company.version
        )
    caches["ratelimit"].set("a-count", 3)  # a count of the limits on creation

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE + UNMADE)  # the migrations as they were before the move
    old = MigrationExecutor(connection).loader.project_state(BEFORE).apps
    OldCompany = old.get_model("scorekeeper", "Company")  # noqa: N806
    assert not old.is_installed("company") and old.get_model("rules", "RateCount")

    # a second company inserted through the models as they were, with kept figures of its own
    first = OldCompany.objects.get(name="Пятница")
    second = OldCompany.objects.create(
        public_id="old-company", secret_hash="0" * 64, name="Суббота", time_zone="Asia/Novosibirsk",
        version=2, figures=first.figures, roster=None, folds=7,
    )  # fmt: skip
    OldEntry = old.get_model("scorekeeper", "CompanyEntry")  # noqa: N806
    OldEntry.objects.create(company=second, seq=1, action="player", name="Дима", nonce="o1")
    OldEntry.objects.create(company=second, seq=2, action="player", name="Ева", nonce="o2")
    OldRow = old.get_model("scorekeeper", "CompanyMatch")  # noqa: N806
    kept = OldRow.objects.filter(company=first).order_by("order").first()
    OldRow.objects.create(
        company=second, match_id=kept.match_id, seats=kept.seats, variant=kept.variant, started=kept.started,
        ended=kept.ended, order=kept.order, match_version=kept.match_version, outcome=kept.outcome,
        ratings=kept.ratings, tally={"*": {"kept": 1}},
    )  # fmt: skip
    before = rows()
    assert len(before["scorekeeper_company"]) == 2 and len(before["scorekeeper_companymatch"]) == 3
    assert before["kozel_ratelimit"]

    executor = MigrationExecutor(connection)
    with CaptureQueriesContext(connection) as sql:
        executor.migrate(executor.loader.graph.leaf_nodes())
    changed = [
        q["sql"]
        for q in sql.captured_queries
        if any(
            w in q["sql"].upper()
            for w in ("DROP ", "CREATE TABLE", "ALTER TABLE", 'INSERT INTO "SCOREKEEPER')
        )
    ]
    assert changed == []  # no table dropped, made, altered or copied
    assert rows() == before  # every row and figure as it was

    # and the code reads them through the models' new home
    saturday = Company.objects.get(public_id="old-company")
    assert saturday.figures == Company.objects.get(name="Пятница").figures and saturday.folds == 7
    assert [roster_of(saturday).names[p] for p in roster_of(saturday).players()] == ["Дима", "Ева"]
    assert CompanyEntry.objects.filter(company=saturday).count() == 2
    assert CompanyMatch.objects.filter(company=saturday).get().tally == {"*": {"kept": 1}}
    friday = Company.objects.get(name="Пятница")
    assert [friday_row.match.player_names for friday_row in friday.rows.order_by("order")][0] == FOUR
    assert figures.check(friday)  # its kept figures are what the logs give
    assert RateCount.objects.filter(cache_key__contains="a-count").exists()
    assert caches["ratelimit"].get("a-count") == 3
