from django.db import migrations, models


def mark_restored(apps, schema_editor):
    """Lines already stored: restored when the last log entry of their hand is a restore."""
    Entry = apps.get_model("scorekeeper", "Entry")
    Line = apps.get_model("scorekeeper", "Line")
    last: dict[tuple[int, int], str] = {}
    for match_id, slot, action in Entry.objects.order_by("match_id", "seq").values_list(
        "match_id", "slot", "action"
    ):
        last[(match_id, slot)] = action
    restored = [key for key, action in last.items() if action == "restore"]
    for match_id, slot in restored:
        Line.objects.filter(match_id=match_id, slot=slot).update(restored=True)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0002_snapshots_and_lines"),
    ]

    operations = [
        migrations.AddField(
            model_name="line",
            name="restored",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(mark_restored, migrations.RunPython.noop),
    ]
