"""Celery tasks of the tables: the deadline sweep."""

from __future__ import annotations

from celery import shared_task

from clocks.sweep import deadlines_sweep


@shared_task(ignore_result=True)
def sweep_deadlines() -> dict:
    report = deadlines_sweep()
    return report.__dict__
