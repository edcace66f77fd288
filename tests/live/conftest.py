"""What the live app's tests share: the events a change publishes, heard as
a stream process hears them (a listener of django-eventstream's, fed by the
live bus's own delivery in this process)."""

from __future__ import annotations

import asyncio
import json

import pytest
from django_eventstream.views import Listener, get_listener_manager

from live import bus


class Heard:
    """The events queued for a listener of these channels, in order."""

    def __init__(self, channels: list[str]):
        self.listener = Listener()
        self.listener.channels = set(channels)
        self.loop = asyncio.new_event_loop()
        self.listener.loop = self.loop
        get_listener_manager().add_listener(self.listener)

    def take(self) -> list[tuple[str, str, dict, int | None]]:
        """(channel, event, data, id) of everything heard since the last take."""
        items = [
            (channel, e.type, json.loads(e.data), e.id)
            for channel, events in self.listener.channel_items.items()
            for e in events
        ]
        self.listener.channel_items = {}
        return items

    def close(self) -> None:
        get_listener_manager().remove_listener(self.listener)
        self.loop.close()


@pytest.fixture
def heard(monkeypatch, settings):
    """`heard(channels)`: listen, in this process, to what is published."""
    settings.LIVE_REDIS_URL = ""
    monkeypatch.setattr(bus, "serving", True)
    made: list[Heard] = []

    def listen(channels: list[str]) -> Heard:
        made.append(Heard(channels))
        return made[-1]

    yield listen
    for h in made:
        h.close()
