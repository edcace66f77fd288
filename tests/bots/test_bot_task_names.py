"""The bots' tasks under their app's name (`autoplay`): the worker knows them,
the move goes to the `bots` queue the workers consume, and beat's stored entry
for the sweep, written under the app's former name, runs the task's new path
once beat starts."""

from __future__ import annotations

import pytest
from django.conf import settings
from django_celery_beat.models import IntervalSchedule, PeriodicTask
from django_celery_beat.schedulers import DatabaseScheduler

from autoplay import tasks
from config.celery import app


@pytest.fixture
def worker_tasks():
    app.loader.import_default_modules()  # what a worker does at start: find the tasks
    return app.tasks


def test_the_bots_tasks_are_the_workers_under_the_apps_name(worker_tasks):
    assert tasks.bot_move.name == "autoplay.tasks.bot_move"
    assert tasks.requeue_waiting_bots.name == "autoplay.tasks.requeue_waiting_bots"
    assert {tasks.bot_move.name, tasks.requeue_waiting_bots.name} <= set(worker_tasks)


def test_a_bots_move_is_routed_to_the_bots_queue(worker_tasks):
    assert settings.CELERY_TASK_ROUTES[tasks.bot_move.name] == {"queue": tasks.QUEUE}
    route = app.amqp.router.route({}, tasks.bot_move.name)
    assert route["queue"].name == tasks.QUEUE == "bots"


@pytest.mark.django_db(transaction=True)
def test_beats_stored_sweep_entry_is_brought_to_the_tasks_new_name(worker_tasks):
    every = IntervalSchedule.objects.create(every=60, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.create(
        name="requeue-bots", task="bots.tasks.requeue_waiting_bots", interval=every
    )
    DatabaseScheduler(app=app, lazy=True).setup_schedule()  # what beat does at start
    stored = PeriodicTask.objects.get(name="requeue-bots")
    assert stored.task == "autoplay.tasks.requeue_waiting_bots"
    assert stored.task in worker_tasks
    assert stored.enabled
