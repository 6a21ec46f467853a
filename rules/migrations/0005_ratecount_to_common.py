"""``RateCount`` (the table of the limits on creation) belongs to ``common``, which owns the
limits: it leaves this app's state. Nothing in the database changes (the model is unmanaged)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("rules", "0004_seenreview"), ("common", "0001_initial")]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="RateCount")]),
    ]
