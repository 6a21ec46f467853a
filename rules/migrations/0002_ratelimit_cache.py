"""The table of the ``ratelimit`` cache (common.limits): Django's ``createcachetable`` for
that alias, so every ``migrate`` (``make run``, the tests, a deploy) has it. Nothing when the
alias is Redis."""

from django.core.management import call_command
from django.db import migrations


def create(apps, schema_editor):
    # every cache alias of Django's database backend (the ``ratelimit`` one), by its LOCATION
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop(apps, schema_editor):
    from django.conf import settings

    location = settings.CACHES["ratelimit"].get("LOCATION", "")
    if settings.CACHES["ratelimit"]["BACKEND"].endswith("AtomicDatabaseCache"):
        schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(location)}")


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]

    operations = [migrations.RunPython(create, drop)]
