"""Counting the round trips to PostgreSQL: what the client sends before it
waits for an answer is one trip, however many statements it holds. Read off
libpq's own trace of the protocol messages."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from psycopg import pq


class Trips:
    count = 0


def _count(lines: list[str]) -> int:
    directions = [line.split("\t", 1)[0] for line in lines if line]
    # A trip starts where the client sends again after the server has answered.
    return sum(
        1
        for before, now in zip(["B", *directions], directions, strict=False)
        if (before, now) == ("B", "F")
    )


@contextmanager
def round_trips() -> Iterator[Trips]:
    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    trips = Trips()
    with tempfile.TemporaryFile("w+") as log:
        pgconn.trace(log.fileno())
        pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
        try:
            yield trips
        finally:
            pgconn.untrace()
            log.flush()
            log.seek(0)
            trips.count = _count(log.read().splitlines())
