from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Tables"

    def ready(self) -> None:
        from accounts.signals import schedule_changed, vacation_changed
        from tables.services import seat_clocks_on_schedule, seat_clocks_on_vacation

        vacation_changed.connect(seat_clocks_on_vacation, dispatch_uid="tables.vacations")
        schedule_changed.connect(seat_clocks_on_schedule, dispatch_uid="tables.schedules")
