"""Celery tasks of the players: rating the games whose rating was missed."""

from __future__ import annotations

from celery import shared_task

from clocks import clock
from players.ratings import missed_ratings_rate


@shared_task(ignore_result=True)
def rate_missed_games() -> int:
    return missed_ratings_rate(now=clock.now())
