"""The table of the ``ratelimit`` cache (common.limits): Django's ``createcachetable``, so every
``migrate`` has it (nothing when the alias is Redis, nothing when the table is there: a database
made before this app had it from the rules app's migration 0002). ``RateCount`` describes it to
the ORM; it was the rules app's model and moves here, state only: the table stays as it is."""

from django.core.management import call_command
from django.db import migrations, models


def create(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    initial = True

    dependencies: list[tuple[str, str]] = []

    operations = [
        migrations.RunPython(create, migrations.RunPython.noop),
        migrations.CreateModel(
            name="RateCount",
            fields=[("cache_key", models.CharField(max_length=255, primary_key=True, serialize=False))],
            options={"db_table": "kozel_ratelimit", "managed": False},
        ),
    ]
