"""What a tournament tells its players by email: they entered, they left
before the start, the first round has seated them. One outbox row each (the
notifications app's kind "tournament"), its key naming the news and the
tournament, so that no retry sends one twice."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.urls import reverse

from games import registry
from tournaments.models import Tournament

JOINED, LEFT, FIRST_ROUND = "joined", "left", "round1"


def part(news: str, tournament_id: int) -> str:
    """The outbox key's part of a piece of news."""
    return f"{news}:{tournament_id}"


def on_tournament_changed(sender, *, tournament, joined, left, round_started, now, **_) -> None:
    from notifications import outbox

    for user in joined:
        outbox.queue_tournament_news(user.pk, now, part(JOINED, tournament.pk))
    for user in left:
        outbox.queue_tournament_news(user.pk, now, part(LEFT, tournament.pk))
    if round_started is not None:
        for link in round_started.tables.select_related("table"):
            for seat in link.table.seats.all():
                outbox.queue_tournament_news(
                    seat.user_id, now, part(FIRST_ROUND, tournament.pk), table=link.table
                )


def email_context(key: str, now: datetime) -> dict:
    """The subject, a one-line summary and the link of the news in an outbox key."""
    news, tournament_id = key.rsplit(":", 2)[-2:]
    tournament = Tournament.objects.get(pk=int(tournament_id))
    game = registry.get(tournament.game).engine.name
    url = settings.SITE_URL + reverse("tournament", args=[tournament.pk])
    name = tournament.name
    if news == JOINED:
        subject = f"You have entered {name}"
        summary = f"You have entered {name}, a {game} tournament."
    elif news == LEFT:
        subject = f"You have left {name}"
        summary = f"You have left {name} before its start; you can enter again until then."
    else:
        subject = f"{name} has begun"
        summary = f"{name} has begun: the first round has seated you at a {game} table."
    return {
        "tournament": tournament,
        "tournament_url": url,
        "news": news,
        "subject": subject,
        "summary": summary,
    }
