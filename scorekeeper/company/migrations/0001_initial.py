"""The company's models leave the scorekeeper app for their own (state only): the tables the
scorekeeper made (its migrations 0005 and 0006) stay as they are, named by each model's
``Meta.db_table``, with every row in them. Nothing in the database changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("scorekeeper", "0008_line_fold_checkpoints"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Company',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(max_length=24, unique=True)),
                        ('secret_hash', models.CharField(max_length=64)),
                        ('name', models.CharField(max_length=60)),
                        ('time_zone', models.CharField(max_length=64)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('version', models.PositiveIntegerField(default=0)),
                        ('figures', models.JSONField(default=dict)),
                        ('stale', models.BooleanField(default=False)),
                        ('roster', models.JSONField(blank=True, null=True)),
                        ('folds', models.PositiveIntegerField(default=0)),
                    ],
                    options={
                        'db_table': 'scorekeeper_company',
                    },
                ),
                migrations.CreateModel(
                    name='CompanyEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seq', models.PositiveIntegerField()),
                        ('action', models.CharField(choices=[('player', 'player'), ('rename', 'rename'), ('merge', 'merge'), ('unmerge', 'unmerge'), ('match', 'match'), ('unmatch', 'unmatch')], max_length=8)),
                        ('player', models.PositiveIntegerField(blank=True, null=True)),
                        ('other', models.PositiveIntegerField(blank=True, null=True)),
                        ('name', models.CharField(blank=True, max_length=30)),
                        ('seats', models.JSONField(blank=True, null=True)),
                        ('source', models.PositiveIntegerField(blank=True, null=True)),
                        ('nonce', models.CharField(max_length=64)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('company', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='company.company')),
                        ('match', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to='scorekeeper.match')),
                    ],
                    options={
                        'db_table': 'scorekeeper_companyentry',
                        'ordering': ['seq'],
                        'constraints': [models.UniqueConstraint(fields=('company', 'seq'), name='company_entry_unique_seq'), models.UniqueConstraint(fields=('company', 'nonce'), name='company_entry_unique_nonce')],
                    },
                ),
                migrations.CreateModel(
                    name='CompanyMatch',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seats', models.JSONField()),
                        ('variant', models.CharField(max_length=32)),
                        ('started', models.DateTimeField()),
                        ('ended', models.DateTimeField(blank=True, null=True)),
                        ('order', models.DateTimeField()),
                        ('match_version', models.PositiveIntegerField()),
                        ('outcome', models.JSONField()),
                        ('ratings', models.JSONField(default=dict)),
                        ('tally', models.JSONField(default=dict)),
                        ('company', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rows', to='company.company')),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='company_rows', to='scorekeeper.match')),
                    ],
                    options={
                        'db_table': 'scorekeeper_companymatch',
                        'ordering': ['order', 'match_id'],
                        'indexes': [models.Index(fields=['company', 'order', 'match'], name='company_row_order')],
                        'constraints': [models.UniqueConstraint(fields=('company', 'match'), name='company_row_unique')],
                    },
                ),
            ],
        ),
    ]
