"""The push part of a player's settings: the choice beside the email's, the
devices with a Remove button each, the switch for this device; and the
offer after a move, which asks the site whether to show itself."""

from __future__ import annotations

from datetime import UTC, datetime

from django.test import Client

from accounts.models import Profile
from accounts.services import schedule_set
from push.models import PushSubscription
from tests.conftest import login_client


def test_the_settings_list_the_devices_and_offer_the_switch(
    users, device, vapid, django_assert_max_num_queries
):
    phone, _ = device(users[0], "phone")
    device(users[0], "laptop")
    device(users[1], "tablet")
    client = login_client(users[0])
    with django_assert_max_num_queries(8):
        html = client.get("/accounts/profile/").content.decode()
    assert "Push a notice to my devices" in html
    assert 'name="notify_push" value="immediate"' in html
    assert "ana&#x27;s phone" in html and "ana&#x27;s laptop" in html
    assert "ben&#x27;s tablet" not in html
    assert f'action="/push/devices/{phone.pk}/remove/"' in html
    assert 'aria-label="Remove ana&#x27;s phone"' in html
    assert "Turn on notifications on this device" in html
    assert "Add to Home Screen" in html


def test_with_push_off_the_settings_say_so(users, device):
    html = login_client(users[0]).get("/accounts/profile/").content.decode()
    assert "Notifications to phones and computers are off on this site." in html
    assert "notify_push" not in html
    assert "Turn on notifications" not in html


def test_the_push_choice_is_saved_beside_the_emails(users, vapid):
    client = login_client(users[0])
    saved = client.post(
        "/accounts/profile/",
        {
            "form": "settings",
            "email": "ana@example.org",
            "notify_turn": "digest",
            "notify_push": "never",
            "notify_reminder": "on",
        },
    )
    assert saved.status_code == 302
    profile = Profile.objects.get(user=users[0])
    assert (profile.notify_turn, profile.notify_push) == ("digest", "never")


def test_a_device_is_removed_from_the_settings_by_its_owner_only(users, device, vapid):
    phone, _ = device(users[0])
    stranger = login_client(users[1]).post(f"/push/devices/{phone.pk}/remove/", follow=True)
    assert "You have no such device." in stranger.content.decode()
    assert PushSubscription.objects.filter(pk=phone.pk).exists()
    removed = login_client(users[0]).post(f"/push/devices/{phone.pk}/remove/", follow=True)
    assert "ana&#x27;s phone no longer gets notifications." in removed.content.decode()
    assert not PushSubscription.objects.filter(pk=phone.pk).exists()
    assert Client().post(f"/push/devices/{phone.pk}/remove/").status_code == 302  # log in first


def test_the_offer_after_a_move_shows_only_where_the_site_sends_pushes(users, settings, vapid):
    client = login_client(users[0])
    offer = client.get("/push/offer/")
    assert offer.status_code == 200
    assert "Turn on notifications" in offer.content.decode()
    Profile.objects.filter(user=users[0]).update(notify_push="never")
    assert client.get("/push/offer/").status_code == 204
    Profile.objects.filter(user=users[0]).update(notify_push="immediate")
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    assert client.get("/push/offer/").status_code == 204
    assert Client().get("/push/offer/").status_code == 302


def test_a_devices_last_notice_is_told_in_the_players_own_zone(users, device, vapid):
    phone, _ = device(users[0])
    phone.last_used_at = datetime(2026, 3, 2, 12, 5, tzinfo=UTC)
    phone.save()
    schedule_set(user=users[0], time_zone="Asia/Seoul", hours=None)
    html = login_client(users[0]).get("/accounts/profile/").content.decode()
    assert "last notified 2 Mar 2026, 21:05 KST" in html
