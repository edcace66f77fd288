"""One model for the state of every game's tables: the rows of the four
games' own state models are copied into it here, and each game's next
migration drops its old model (so a database migrates forward in one
`migrate`)."""

import django.db.models.deletion
from django.db import migrations, models

# The game apps' former state models, by the game slug their tables carry.
FORMER_MODELS = {
    "coup": ("coup", "CoupState"),
    "koryo": ("koryo", "KoryoState"),
    "seasons": ("seasons", "SeasonsState"),
    "troyes": ("troyes", "TroyesState"),
}


def _tables(apps, schema_editor):
    quote = schema_editor.connection.ops.quote_name
    new = quote(apps.get_model("tables", "TableState")._meta.db_table)
    table = quote(apps.get_model("tables", "Table")._meta.db_table)
    for game, (label, name) in FORMER_MODELS.items():
        yield game, new, table, quote(apps.get_model(label, name)._meta.db_table)


def copy_states_in(apps, schema_editor):
    # In SQL rather than through models: a state is copied as it is stored,
    # without decoding and encoding every table's JSON in Python.
    for _, new, _, old in _tables(apps, schema_editor):
        schema_editor.execute(f"INSERT INTO {new} (table_id, state) SELECT table_id, state FROM {old}")


def copy_states_out(apps, schema_editor):
    for game, new, table, old in _tables(apps, schema_editor):
        schema_editor.execute(
            f"INSERT INTO {old} (table_id, state) SELECT s.table_id, s.state FROM {new} s"
            f" JOIN {table} t ON t.id = s.table_id WHERE t.game = %s",
            [game],
        )


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0005_table_revision_move_target_rematch'),
        ('coup', '0001_initial'),
        ('koryo', '0001_initial'),
        ('seasons', '0001_initial'),
        ('troyes', '0001_initial'),
    ]

    operations = [
        migrations.CreateModel(
            name='TableState',
            fields=[
                ('table', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, serialize=False, to='tables.table')),
                ('state', models.JSONField()),
            ],
        ),
        migrations.RunPython(copy_states_in, copy_states_out),
    ]
