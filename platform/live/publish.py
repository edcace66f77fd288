"""The events of a change, published once its transaction commits, by the
process that made it: a table's change (`tables.events.table_changed`) and
a chat's (`chat.events.messages_changed`). Each is sent once (one Redis
publish for all its channels) and reaches every stream process."""

from __future__ import annotations

from functools import partial

from django.db import transaction

from live import bus, channels


def table_changed(sender, *, table, users: dict[int, str], **_) -> None:
    events = [
        bus.LiveEvent(
            channels.table(table.pk),
            channels.TABLE_EVENT,
            {"version": table.version},
            table.revision,
        )
    ]
    events += [
        bus.LiveEvent(
            channels.user(user_id), channels.USER_EVENT, {"kind": kind, "table": table.pk}
        )
        for user_id, kind in sorted(users.items())
    ]
    if table.is_over:
        # Who may read its chats changed (everyone reads both now): the
        # streams of the table end, and reconnect with what their readers
        # may read now.
        events.append(
            bus.LiveEvent(channels.table(table.pk), channels.REOPEN_EVENT, {}, table.revision)
        )
    transaction.on_commit(partial(bus.publish, events))


def messages_changed(
    sender, *, table_id: int | None, channel: str, tournament_id: int | None = None, **_
) -> None:
    name = (
        channels.chat(table_id, channel)
        if table_id is not None
        else channels.tournament_chat(tournament_id)
    )
    event = bus.LiveEvent(name, channels.CHAT_EVENT, {"channel": channel})
    transaction.on_commit(partial(bus.publish, [event]))


def connect() -> None:
    from chat.events import messages_changed as chat_signal
    from tables.events import table_changed as table_signal

    table_signal.connect(table_changed, dispatch_uid="live.table_changed")
    chat_signal.connect(messages_changed, dispatch_uid="live.messages_changed")
