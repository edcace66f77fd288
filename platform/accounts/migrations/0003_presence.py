# The Presence model moves from the notifications app to accounts; its table
# keeps its name, so only Django's record of the models changes.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_name_skeleton"),
        ("notifications", "0003_timeout_notice"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Presence",
                    fields=[
                        (
                            "user",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                related_name="+",
                                serialize=False,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        ("seen_at", models.DateTimeField()),
                    ],
                    options={"db_table": "notifications_presence"},
                ),
            ],
            database_operations=[],
        ),
    ]
