"""Push on (a VAPID key pair made for the test), a push service of the
test's own, and players' devices subscribed to it."""

from __future__ import annotations

import pytest

from clocks import clock
from push import keys
from push.models import PushSubscription
from tests.support.push_service import BrowserKeys, PushService

SUBJECT = "mailto:operators@example.org"


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = keys.new_pair()
    settings.VAPID_SUBJECT = SUBJECT
    # Pushes wait for nothing: the player is away from the start.
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    return settings


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


@pytest.fixture
def device(push_service):
    """`device(user, name)`: a subscription of `user` at the test's push
    service, and the browser's keys that read what it is sent."""

    def make(user, name: str = "phone") -> tuple[PushSubscription, BrowserKeys]:
        browser = BrowserKeys()
        subscription = PushSubscription.objects.create(
            user=user,
            endpoint=push_service.endpoint(f"{user.username}-{name}"),
            p256dh=browser.p256dh,
            auth=browser.auth,
            label=f"{user.username}'s {name}",
            created_at=clock.now(),
        )
        return subscription, browser

    return make


@pytest.fixture
def told(users, device):
    """ana and ben at Coup, each with a phone; one has claimed the Duke and
    the other is asked: the push waiting for the player asked. (A test that
    stops the clock names `frozen` first: the table is dealt at its time.)"""
    from notifications.models import Notification
    from tests.push.helpers import Told, coup_tax, users_by_seat

    phones = {user.pk: device(user) for user in users[:2]}
    table, asked = coup_tax(users[:2])
    player = users_by_seat(table)[asked]
    row = Notification.objects.get(channel="push", user=player, version=table.version)
    return Told(table, asked, player, row, phones[player.pk][1])
