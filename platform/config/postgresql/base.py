"""PostgreSQL as Django's own backend has it, with two additions for the
hottest statements (a bot's read and move):

- a health check that costs no round trip while the connection is idle and
  well. Django checks a persistent connection at the start of each request
  (CONN_HEALTH_CHECKS) by running `SELECT 1`. A session the server ended (a
  restart, `pg_terminate_backend`, an idle timeout) says so on the socket:
  the server sends its error and closes. Between requests nothing else
  arrives unasked, so an idle connection with nothing to read is well; only
  when something is there is it checked the old way.
- `run_prepared()`: statements that the server parses and plans once
  per connection (prepared statements), sent together in one round trip
  (psycopg's pipeline mode). The ORM keeps Django's client-side binding.
"""

from __future__ import annotations

import select
from collections.abc import Sequence
from contextlib import contextmanager, nullcontext

from django.db.backends.postgresql import base, operations
from psycopg import errors
from psycopg.pq import ConnStatus, ExecStatus, TransactionStatus


class PreparingCursor(base.ServerBindingCursor):
    """Binds parameters on the server and prepares every statement it runs."""

    def execute(self, query, params=None, *, prepare=True, binary=None):
        return super().execute(query, params, prepare=prepare, binary=binary)


class DatabaseOperations(operations.DatabaseOperations):
    def last_executed_query(self, cursor, sql, params):
        if isinstance(cursor, PreparingCursor):  # as Django logs server-side binding
            try:
                return self.compose_sql(sql, params)
            except errors.DataError:
                return None
        return super().last_executed_query(cursor, sql, params)


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

    def get_connection_params(self) -> dict:
        params = super().get_connection_params()
        # Django turns psycopg's prepared statements off, for poolers in
        # transaction mode (none here). Only PreparingCursor asks for them:
        # the ORM's cursors bind on the client, which never prepares.
        if "prepare_threshold" not in self.settings_dict["OPTIONS"]:
            params["prepare_threshold"] = 5
        return params

    def is_usable(self) -> bool:
        conn = self.connection
        if conn is None or conn.closed:
            return False
        pgconn = conn.pgconn
        if pgconn.status != ConnStatus.OK or pgconn.transaction_status not in (
            TransactionStatus.IDLE,
            TransactionStatus.INTRANS,
        ):
            return False
        try:
            readable, _, _ = select.select([pgconn.socket], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable or super().is_usable()

    def run_prepared(self, statements: Sequence[tuple[str, Sequence]]) -> list[list[tuple]]:
        """Run the statements in order, prepared, in one round trip; each
        one's rows ([] for a statement without any). Through Django's cursor
        wrappers, so query logging and execute wrappers see them; an error
        comes out as Django's database error, as from any cursor.

        As the first statements of a transaction, they take its BEGIN along:
        psycopg would send it alone and wait for the answer, a round trip of
        its own."""
        self.close_if_health_check_failed()
        self.ensure_connection()
        with self.wrap_database_errors:
            conn = self.connection
            begin = not conn.autocommit and conn.pgconn.transaction_status == TransactionStatus.IDLE
            cursors = [self._prepare_cursor(PreparingCursor(conn)) for _ in statements]
            try:
                # One statement is one round trip already, without the
                # pipeline's own cost.
                with (
                    _beginning(conn) if begin else nullcontext(),
                    conn.pipeline() if len(cursors) > 1 or begin else nullcontext(),
                ):
                    if begin:
                        conn.execute("BEGIN")
                    for cursor, (sql, params) in zip(cursors, statements, strict=True):
                        cursor.execute(sql, params)
                return [
                    c.fetchall() if c.pgresult.status == ExecStatus.TUPLES_OK else []
                    for c in cursors
                ]
            finally:
                for cursor in cursors:
                    cursor.close()


@contextmanager
def _beginning(conn):
    """While the BEGIN and the statements are queued, psycopg is told it is in
    autocommit, so that it does not begin the transaction itself (and wait
    for that). Its flag is set directly: the public setter refuses inside a
    transaction, and this changes nothing on the server. Should the flag ever
    be ignored, psycopg would send its own BEGIN too, and the server only
    warns of the second."""
    conn._autocommit = True
    try:
        yield
    finally:
        conn._autocommit = False
