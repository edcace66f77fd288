"""Where a resumed stream finds what it missed: django-eventstream's storage,
read from the tables themselves instead of a log of events.

A table channel's id is the table's `revision`. A stream that resumes from
revision N (its `Last-Event-ID`, or the page's `lastEventId` the first time)
is sent one `table` event with the current version if the table has changed
since: every page redraws the whole board from one event, so one is all
that was missed. The other channels keep no ids (see `live.channels`)."""

from __future__ import annotations

import json

from django_eventstream.event import Event
from django_eventstream.storage import StorageBase

from live import channels
from live.db import released
from tables.models import Table


@released
def _current(channel: str) -> tuple[int, int] | None:
    name = channels.parse(channel)
    if name is None or name.kind != "table":
        return None
    return Table.objects.filter(pk=name.id).values_list("revision", "version").first()


class TableRevisions(StorageBase):
    def append_event(self, channel, event_type, data):
        raise NotImplementedError("events are published by live.publish, not stored")

    def get_events(self, channel: str, last_id: int, limit: int = 100) -> list[Event]:
        current = _current(channel)
        if current is None or current[0] == last_id:
            return []
        revision, version = current
        data = json.dumps({"version": version}, separators=(",", ":"))
        return [Event(channel, channels.TABLE_EVENT, data, id=revision)]

    def get_current_id(self, channel: str) -> int:
        current = _current(channel)
        return 0 if current is None else current[0]
