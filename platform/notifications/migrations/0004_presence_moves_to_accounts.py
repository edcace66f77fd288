# The Presence model now belongs to the accounts app (same table).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0003_timeout_notice"),
        ("accounts", "0003_presence"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Presence")],
            database_operations=[],
        ),
    ]
