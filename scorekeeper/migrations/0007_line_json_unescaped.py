"""Board lines' JSON written with letters unescaped (``UnescapedJSONEncoder``). The encoder only
changes how Python writes a value, not the column: state only, so SQLite does not copy the
lines table to alter nothing. Lines already stored read back the same."""

from django.db import migrations, models

import scorekeeper.models


def _field() -> models.JSONField:
    return models.JSONField(encoder=scorekeeper.models.UnescapedJSONEncoder)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0006_company_checkpoints"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(model_name="line", name=name, field=_field())
                for name in ("fold", "record", "texts")
            ],
            database_operations=[],
        )
    ]
