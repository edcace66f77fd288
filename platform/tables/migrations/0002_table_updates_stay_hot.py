# Table rows change at every move. Without an index on updated_at, and with
# room left on each page (fillfactor), PostgreSQL updates them in place.

from django.db import migrations


def fillfactor(percent):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for table in ("tables_table", "tables_seat"):
                schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {percent})")

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0001_initial"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="table",
            name="tables_tabl_status_16035f_idx",
        ),
        migrations.RunPython(fillfactor(80), fillfactor(100)),
    ]
