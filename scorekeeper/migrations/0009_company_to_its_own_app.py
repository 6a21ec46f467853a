"""The company's models move to their own app (``company``, its migration 0001): they leave
this app's state only. Their tables stay as they are, with every row in them."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0008_line_fold_checkpoints"),
        ("company", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="CompanyEntry"),
                migrations.DeleteModel(name="CompanyMatch"),
                migrations.DeleteModel(name="Company"),
            ],
        ),
    ]
