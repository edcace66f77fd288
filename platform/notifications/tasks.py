"""Celery tasks: thin wrappers that call the delivery functions."""

from __future__ import annotations

from celery import shared_task

from notifications import delivery, digest


@shared_task(acks_late=True, ignore_result=True)
def send_notifications(ids: list[int]) -> int:
    return sum(delivery.deliver(pk) for pk in ids)


@shared_task(ignore_result=True)
def drain_outbox() -> int:
    return delivery.drain()


@shared_task(ignore_result=True)
def send_digests() -> int:
    return digest.queue_digests()
