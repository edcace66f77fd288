"""Celery tasks of the tournaments: beat's look for what is due, and the
start of a round once the one before has ended."""

from __future__ import annotations

from celery import shared_task

from tournaments import services


@shared_task(ignore_result=True)
def start_due() -> int:
    return services.due_tournaments_start()


@shared_task(ignore_result=True)
def round_start(tournament_id: int) -> bool:
    return services.round_start_due(tournament_id=tournament_id) is not None
