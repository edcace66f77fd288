from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players and ratings"

    def ready(self) -> None:
        from players import ratings
        from tables import events

        def rate(sender, *, table, seats, **_):
            ratings.game_rate(table=table, seats=seats)

        # Strong reference: `rate` lives only in this closure.
        events.game_finished.connect(rate, weak=False, dispatch_uid="players.ratings")
