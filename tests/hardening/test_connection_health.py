"""A database connection the server ended is not used again: the next
request gets a working one."""

from __future__ import annotations

import select
import time

import psycopg
import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_started
from django.db import connection

from tests.conftest import requires_postgres

pytestmark = [requires_postgres, pytest.mark.django_db(transaction=True)]


def _other_connection() -> psycopg.Connection:
    params = connection.get_connection_params()
    return psycopg.connect(autocommit=True, **params)


def test_a_session_the_server_ended_is_replaced_at_the_next_request():
    connection.ensure_connection()
    old_pid = connection.connection.info.backend_pid
    with _other_connection() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [old_pid])
    # The server's goodbye reaches the socket.
    socket = connection.connection.pgconn.socket
    deadline = time.monotonic() + 5
    while not select.select([socket], [], [], 0.05)[0] and time.monotonic() < deadline:
        pass

    request_started.send(sender=WSGIHandler)  # what a new request does first
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        new_pid = cursor.fetchone()[0]
    assert new_pid != old_pid
