"""Hand-made queries on the hottest paths (a bot's read and move, a timeout
of the sweep), where building ORM queries costs more than running them.
Everywhere else the ORM is used.

The races they settle:
- two posts of one move, two players at once, a timeout racing a move: the
  move path reads the table with `lock=True`, so the second waits for the
  first to commit and then sees its version (a stale version, or not that
  seat's turn any more) and its seats' clocks;
- the sweep against a player's move: the sweep reads with `skip_locked`, so
  it never waits behind a move; the next sweep looks again;
- `play_save` writes under that lock, so no other play of the table can
  interleave; the log's unique (table, seq) is the backstop of a gap-free log.
Without `lock`, a read may be stale by the time it is drawn, as any read is.
(On SQLite a transaction takes the whole file, so there is no row lock.)

On PostgreSQL they run through `connection.run_prepared` (config/postgresql):
prepared once per connection, the statements of one step sent together.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from functools import cache, lru_cache, partial
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.models import signals
from django.db.models.base import ModelState

from games import registry
from tables.models import Move, Seat, Table

Statement = tuple[str, list[Any]]


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _state_of_game() -> str:
    """The state of the table `t`'s game, from that game's own state table:
    only the subquery of the table's game runs (cheaper to plan than joining
    every game's table)."""
    cases = " ".join(
        f"WHEN '{entry.slug}' THEN (SELECT s.state"
        f" FROM {_quote(entry.state_model._meta.db_table)} s WHERE s.table_id = t.id)"
        for entry in registry.all_games()
    )
    return f"CASE t.game {cases} END"


# The statements are built once per backend (their text never changes), and
# not on every request: building them was a good part of a read's cost.


@cache
def _table_sql(vendor: str, locking: str) -> str:
    """The table row, with its state unless it is locked (see `_state_sql`)."""
    columns, _, _ = _loaders(Table, "t", vendor)
    state = "" if locking else f", {_state_of_game()}"
    return f"SELECT {columns}{state} FROM {_quote(Table._meta.db_table)} t WHERE t.id = %s{locking}"


@cache
def _state_sql(vendor: str) -> str:
    """The state, read apart from a locked table row: a statement that waited
    for the lock returns the row as the play it waited for left it, but
    everything else as it was when the statement began (PostgreSQL's read
    committed), so a state read with the lock would be the one before that
    play. The statement after the lock sees what the play committed."""
    del vendor  # part of the cache key
    return f"SELECT {_state_of_game()} FROM {_quote(Table._meta.db_table)} t WHERE t.id = %s"


def table_with_state(
    table_id: int, *, lock: bool = False, skip_locked: bool = False
) -> tuple[Table, dict[str, Any] | None, list[Seat]] | None:
    """A table, its game's current state (None before the start) and its
    seats with their users (as `seats_with_users`), or None: no such table.
    On PostgreSQL it is one round trip. Each game keeps its states in its
    own table: the table's game names the one to read.

    `lock`: the table row is locked for the rest of the transaction (FOR
    UPDATE OF the table only), as `select_for_update` would: two moves on one
    table are then applied one after the other, and the state and seats read
    (by the statements after the lock) are those the first move left.
    `skip_locked`: a row another transaction holds is not waited for but
    taken as missing (None)."""
    vendor = connection.vendor
    locking = ""
    # SQLite has no row locks: its transactions take the whole file.
    if lock and connection.features.has_select_for_update:
        locking = " FOR UPDATE OF t" + (" SKIP LOCKED" if skip_locked else "")
    statements = [(_table_sql(vendor, locking), [table_id])]
    if locking:
        statements.append((_state_sql(vendor), [table_id]))
    statements.append((_seats_sql(vendor), [table_id]))
    if vendor == "postgresql":
        # In order, in one round trip.
        *table_rows, seat_rows = connection.run_prepared(statements)
        # A row skipped as locked has no table row (its state may be there).
        rows = [found[0] if found else None for found in table_rows]
    else:
        with connection.cursor() as cursor:
            rows = []
            for sql, params in statements[:-1]:
                cursor.execute(sql, params)
                rows.append(cursor.fetchone())
            seat_rows = _fetch_seats(cursor, table_id) if rows[0] else []
    if rows[0] is None:
        return None
    row = tuple(rows[0]) + (tuple(rows[1]) if locking else ())
    _, attnames, converters = _loaders(Table, "t", vendor)
    table = _instance(Table, attnames, converters, row[:-1])
    raw = row[-1]
    state_value = json.loads(raw) if isinstance(raw, str | bytes) else raw
    return table, state_value, _seats_from_rows(table, seat_rows)


# -- rows made into model instances, as the ORM would --------------------------


@cache
def _loaders(model: type[models.Model], alias: str, vendor: str) -> tuple[str, list, list]:
    """The select list of `model`'s columns under `alias`, their attribute
    names, and each column's converters (the backend's, then the field's:
    JSON decoded, SQLite's dates parsed), as the ORM's compiler applies them."""
    del vendor  # part of the cache key: converters depend on the backend
    fields = model._meta.concrete_fields
    columns = ", ".join(f"{alias}.{_quote(f.column)}" for f in fields)
    converters = []
    for field in fields:
        col = field.get_col(alias)
        converters.append(
            (col, connection.ops.get_db_converters(col) + col.get_db_converters(connection))
        )
    return columns, [f.attname for f in fields], converters


def _instance(model, attnames, converters, values: Sequence[Any]):
    conn = connections[DEFAULT_DB_ALIAS]  # looked up once, not per column
    converted = []
    for value, (col, funcs) in zip(values, converters, strict=True):
        for func in funcs:
            value = func(value, col, conn)
        converted.append(value)
    if not _made_by_fields_alone(model):
        return model.from_db(DEFAULT_DB_ALIAS, attnames, converted)
    # What `from_db` makes, without `__init__`'s walk over the fields: every
    # field's value goes where its descriptor keeps it, the instance's dict.
    obj = model.__new__(model)
    obj.__dict__.update(zip(attnames, converted, strict=True))
    obj._state = ModelState()
    obj._state.adding = False
    obj._state.db = DEFAULT_DB_ALIAS
    return obj


@cache
def _made_by_fields_alone(model: type[models.Model]) -> bool:
    """Whether `from_db` does nothing more for `model` than fill its fields:
    not overridden, and nobody listening to its instances being made."""
    return (
        model.from_db.__func__ is models.Model.from_db.__func__
        and not signals.pre_init.has_listeners(model)
        and not signals.post_init.has_listeners(model)
    )


@cache
def _seats_sql(vendor: str) -> str:
    user_model = get_user_model()
    seat_cols, _, _ = _loaders(Seat, "s", vendor)
    user_cols, _, _ = _loaders(user_model, "u", vendor)
    return (
        f"SELECT {seat_cols}, {user_cols} FROM {_quote(Seat._meta.db_table)} s "
        f"JOIN {_quote(user_model._meta.db_table)} u ON u.id = s.user_id "
        "WHERE s.table_id = %s ORDER BY s.number"
    )


def _fetch_seats(cursor, table_id: int) -> list:
    cursor.execute(_seats_sql(connection.vendor), [table_id])
    return cursor.fetchall()


def _seats_from_rows(table: Table, rows: list) -> list[Seat]:
    user_model = get_user_model()
    _, seat_names, seat_conv = _loaders(Seat, "s", connection.vendor)
    _, user_names, user_conv = _loaders(user_model, "u", connection.vendor)
    split = len(seat_names)
    seats = []
    for row in rows:
        seat = _instance(Seat, seat_names, seat_conv, row[:split])
        seat.user = _instance(user_model, user_names, user_conv, row[split:])
        seat.table = table
        seats.append(seat)
    return seats


def seats_with_users(table: Table) -> list[Seat]:
    """The table's seats by number, each with its user, as
    `table.seats.select_related("user")` gives them."""
    with connection.cursor() as cursor:
        rows = _fetch_seats(cursor, table.pk)
    return _seats_from_rows(table, rows)


# -- the write of a play ---------------------------------------------------------


# Each field, with the type of the values that Django's preparation only
# adapts (or None: always prepare), and that adaptation (or None: as is).
Adapt = Callable[[Any], Any]
Preparing = list[tuple[models.Field, type | None, Adapt | None]]


def preparing(fields: Iterable[models.Field], vendor: str) -> Preparing:
    """The fields, each with how its values are prepared: worked out once,
    with a statement's text. Django's preparation cost a few microseconds a
    value, for the thirty-odd values of a move's write."""
    return [(f, *_sent_as_is(f, vendor)) for f in fields]


def values(obj: models.Model, fields: Preparing, *, add: bool) -> list[Any]:
    """What `obj.save()` would send for these fields (`add`: as a new row)."""
    found = obj.__dict__
    out = []
    for field, plain, adapt in fields:
        value = found.get(field.attname, _DEFERRED)
        if plain is None or not (
            value is None or (type(value) is plain and getattr(value, "tzinfo", True) is not None)
        ):
            value = field.get_db_prep_save(field.pre_save(obj, add), connection)
        elif adapt is not None and value is not None:
            value = adapt(value)
        out.append(value)
    return out


_DEFERRED = object()  # a field not loaded: `pre_save` loads it
_INTEGERS = {
    models.IntegerField,
    models.BigIntegerField,
    models.SmallIntegerField,
    models.PositiveIntegerField,
    models.PositiveSmallIntegerField,
    models.PositiveBigIntegerField,
}


def _sent_as_is(field: models.Field, vendor: str) -> tuple[type | None, Adapt | None]:
    """For a field whose values of one type Django sends as they are (or
    only adapted, as PostgreSQL's integers are to their size): that type and
    the adaptation."""
    target = field.target_field if isinstance(field, models.ForeignKey) else field
    kind = type(target)
    if kind is models.DateTimeField:
        # Aware datetimes go as they are to PostgreSQL (SQLite takes text);
        # `auto_now` sets the value in `pre_save`.
        if vendor == "postgresql" and not (field.auto_now or field.auto_now_add):
            return datetime, None
        return None, None
    if kind in (models.AutoField, models.BigAutoField):
        return int, None
    if kind in _INTEGERS:
        internal = target.get_internal_type()
        return int, partial(connection.ops.adapt_integerfield_value, internal_type=internal)
    if kind is models.CharField:
        return str, None
    if kind is models.BooleanField:
        return bool, None
    return None, None


def update(obj: models.Model, fields: Iterable[str]) -> Statement:
    """`obj.save(update_fields=fields)` as one statement, `auto_now` included."""
    sql, chosen = _update_sql(type(obj), tuple(fields), connection.vendor)
    return sql, [*values(obj, chosen, add=False), obj.pk]


@cache
def _update_sql(model: type[models.Model], fields: tuple[str, ...], vendor: str):
    meta = model._meta
    chosen = [meta.get_field(name) for name in fields]
    sets = ", ".join(f"{_quote(f.column)} = %s" for f in chosen)
    sql = f"UPDATE {_quote(meta.db_table)} SET {sets} WHERE {_quote(meta.pk.column)} = %s"
    return sql, preparing(chosen, vendor)


def insert(objs: Sequence[models.Model]) -> Statement:
    """New rows of one model (without their ids) in one statement."""
    sql, fields = _insert_sql(type(objs[0]), len(objs), connection.vendor)
    return sql, [v for obj in objs for v in values(obj, fields, add=True)]


@lru_cache(maxsize=64)  # one per number of rows a play wrote
def _insert_sql(model: type[models.Model], rows: int, vendor: str):
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    columns = ", ".join(_quote(f.column) for f in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    sql = f"INSERT INTO {_quote(meta.db_table)} ({columns}) VALUES " + ", ".join([row] * rows)
    return sql, preparing(fields, vendor)


# A statement another app adds to the play's write (see events.turns_asked):
# its SQL, its parameters, and what to do with the rows it returns. The SQL
# may follow a WITH clause: a SELECT, INSERT, UPDATE or DELETE without a WITH
# of its own.
Joined = tuple[str, list[Any], Callable[[list[tuple]], None]]


def play_save(
    table: Table,
    table_fields: list[str],
    state: models.Model,
    moves: list[Move],
    seats: Iterable[tuple[Seat, set[str]]],
    joined: Sequence[Joined] = (),
) -> None:
    """Everything a play changed, written at once: the table's fields, the
    game's state, the new log rows and the seats' changed fields, then the
    `joined` statements. The caller holds the table row lock, so no other
    play of this table interleaves.

    On PostgreSQL the play and the first joined statement are one statement
    (each part of the play a data-modifying WITH clause; they touch
    different rows, so their order does not matter), sent with the other
    joined ones in one round trip."""
    statements = [update(table, table_fields), update(state, ["state"])]
    if moves:
        statements.append(insert(moves))
    statements += [update(seat, sorted(fields)) for seat, fields in seats if fields]
    if connection.vendor == "postgresql":
        # The first joined statement ends the play's: it reads nothing the
        # play writes (all the parts see the same snapshot).
        *parts, (last, params) = statements + [(sql, ps) for sql, ps, _ in joined[:1]]
        clauses = ", ".join(f"w{i} AS ({sql})" for i, (sql, _) in enumerate(parts))
        write = (f"WITH {clauses} {last}", [p for _, ps in parts for p in ps] + params)
        returned = connection.run_prepared([write, *((sql, ps) for sql, ps, _ in joined[1:])])
        if not joined:
            returned = []  # the play's rows: none
    else:
        returned = []
        with connection.cursor() as cursor:
            for sql, params in statements:
                cursor.execute(sql, params)
            for sql, params, _ in joined:
                cursor.execute(sql, params)
                returned.append(cursor.fetchall())
    for (_, _, then), rows in zip(joined, returned, strict=True):
        then(rows)
