"""A board line keeps the fold state after it only on every 50th line (``snapshots.CHECKPOINT``
when this was written): the others' states are cleared, as ``snapshots.rebuild`` now writes them.
Back: every match's lines are dropped and its snapshot cleared, so the first read or write
builds both from the log again."""

from django.db import migrations, models
from django.db.models.functions import Mod

import scorekeeper.models

CHECKPOINT = 50


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    Line = apps.get_model("scorekeeper", "Line")
    Line.objects.annotate(place=Mod("number", CHECKPOINT)).exclude(place=0).update(fold=None)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    apps.get_model("scorekeeper", "Line").objects.all().delete()
    apps.get_model("scorekeeper", "Match").objects.update(snapshot=None)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0007_line_json_unescaped"),
    ]

    operations = [
        migrations.AlterField(
            model_name="line",
            name="fold",
            field=models.JSONField(blank=True, encoder=scorekeeper.models.UnescapedJSONEncoder, null=True),
        ),
        migrations.RunPython(forwards, backwards),
    ]
