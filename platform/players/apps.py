from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players and ratings"

    def ready(self) -> None:
        from players import ratings
        from tables import events

        def rate(sender, *, table_id, **_):
            ratings.game_rate(table_id=table_id)

        # Strong reference: `rate` lives only in this closure.
        events.game_result_committed.connect(rate, weak=False, dispatch_uid="players.ratings")
