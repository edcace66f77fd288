"""The state of Troyes tables is kept by the tables app's one state model from
here on (its migration 0006 copied the rows over)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('troyes', '0001_initial'),
        ('tables', '0006_tablestate'),
    ]

    operations = [
        migrations.DeleteModel(
            name='TroyesState',
        ),
    ]
