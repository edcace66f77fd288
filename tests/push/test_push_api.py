"""The push part of the JSON API: the site's key, and a player's devices
(add, list, remove), with the refusals of the rest of the API."""

from __future__ import annotations

import pytest
from django.test import Client

from notifications.models import Notification
from push.models import PushSubscription
from push.services import MAX_DEVICES
from tests.support.push_service import BrowserKeys

ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc123"


def subscription(endpoint: str = ENDPOINT, label: str = "Chromium on Linux") -> dict:
    browser = BrowserKeys()
    return {
        "endpoint": endpoint,
        "keys": {"p256dh": browser.p256dh, "auth": browser.auth},
        "label": label,
    }


def test_the_key_is_given_to_anyone_while_push_is_on(db, vapid):
    answer = Client().get("/api/push/key")
    assert answer.status_code == 200
    assert answer.json() == {"public_key": vapid.VAPID_PUBLIC_KEY}


def test_with_push_off_there_is_no_key_and_no_subscribing(users, api_for):
    assert Client().get("/api/push/key").json() == {
        "detail": "Push notifications are off on this site."
    }
    assert Client().get("/api/push/key").status_code == 404
    answer = api_for(users[0]).post("/api/push/subscriptions", subscription())
    assert answer.status_code == 404
    assert not PushSubscription.objects.exists()


def test_a_device_is_added_listed_and_removed(users, api_for, vapid):
    ana = api_for(users[0])
    added = ana.post("/api/push/subscriptions", subscription())
    assert added.status_code == 201, added.content
    device = added.json()
    assert (device["endpoint"], device["label"], device["last_used_at"]) == (
        ENDPOINT,
        "Chromium on Linux",
        None,
    )
    listed = ana.get("/api/push/subscriptions").json()
    assert [d["id"] for d in listed] == [device["id"]]

    removed = ana.client.delete(f"/api/push/subscriptions/{device['id']}", headers=ana._headers())
    assert removed.status_code == 204
    assert ana.get("/api/push/subscriptions").json() == []


def test_the_same_subscription_twice_is_one_device_and_it_moves_to_whoever_sent_it_last(
    users, api_for, vapid
):
    ana, ben = api_for(users[0]), api_for(users[1])
    first = ana.post("/api/push/subscriptions", subscription(label="Firefox on Android"))
    again = ana.post("/api/push/subscriptions", subscription(label="Firefox on Android"))
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    # Ben logs in on the same browser and turns notifications on: his now.
    moved = ben.post("/api/push/subscriptions", subscription(label="Firefox on Android"))
    assert moved.status_code == 200
    assert ana.get("/api/push/subscriptions").json() == []
    assert [d["id"] for d in ben.get("/api/push/subscriptions").json()] == [first.json()["id"]]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"endpoint": "http://push.example.org/abc"}, "The endpoint must be an https:// address"),
        ({"endpoint": "ftp://push.example.org/abc"}, "The endpoint must be an https:// address"),
        ({"endpoint": "https://user:pw@push.example.org/x"}, "The endpoint must be an https://"),
        (
            {"endpoint": "https://127.0.0.1/push"},
            "The endpoint must be an address of a push service",
        ),
        (
            {"endpoint": "https://localhost/push"},
            "The endpoint must be an address of a push service",
        ),
        ({"endpoint": "https://[::1]/push"}, "The endpoint must be an address of a push service"),
        ({"endpoint": "https://push.example.org:99999/x"}, "The endpoint is not a web address"),
        ({"keys": {"p256dh": "not-a-key", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "keys.p256dh is not"),
        ({"keys": {"p256dh": "BAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "keys.p256dh is not"),
        ({"keys": {"p256dh": BrowserKeys().p256dh, "auth": "c2hvcnQ"}}, "keys.auth is not"),
        ({"keys": {"p256dh": BrowserKeys().p256dh, "auth": "!!!"}}, "keys.auth is not"),
        ({"keys": {"p256dh": BrowserKeys().p256dh}}, "Invalid request. keys.auth: Field required"),
        (
            {"endpoint": "https://x.org/" + "a" * 1000},
            "Invalid request. endpoint: String should have at most",
        ),
        ({"label": "a\x00b"}, "Invalid request. label: Value error, must not contain NUL"),
    ],
)
def test_a_subscription_that_is_not_a_browsers_is_refused_with_nothing_saved(
    users, api_for, vapid, change, said
):
    answer = api_for(users[0]).post("/api/push/subscriptions", {**subscription(), **change})
    assert answer.status_code == 400, answer.content
    assert answer.json()["detail"].startswith(said), answer.json()
    assert not PushSubscription.objects.exists()


def test_a_plain_http_push_service_is_taken_while_developing(users, api_for, vapid):
    vapid.DEBUG = True
    answer = api_for(users[0]).post(
        "/api/push/subscriptions", subscription("http://127.0.0.1:9/push/x")
    )
    assert answer.status_code == 201


def test_a_label_is_tidied_and_a_missing_one_named(users, api_for, vapid):
    ana = api_for(users[0])
    spaced = ana.post(
        "/api/push/subscriptions", subscription(label="  Safari \n on   iOS " + "x" * 120)
    )
    assert spaced.json()["label"] == "Safari on iOS " + "x" * 66
    blank = ana.post("/api/push/subscriptions", subscription(ENDPOINT + "2", label=""))
    assert blank.json()["label"] == "A browser"


def test_a_player_has_at_most_so_many_devices(users, api_for, vapid):
    ana = api_for(users[0])
    for n in range(MAX_DEVICES):
        assert (
            ana.post("/api/push/subscriptions", subscription(f"{ENDPOINT}/{n}")).status_code == 201
        )
    refused = ana.post("/api/push/subscriptions", subscription(f"{ENDPOINT}/more"))
    assert refused.status_code == 409
    assert refused.json()["detail"].startswith(f"You have {MAX_DEVICES} devices")
    # One already saved can still be renewed.
    assert ana.post("/api/push/subscriptions", subscription(f"{ENDPOINT}/0")).status_code == 200


def test_nobody_sees_or_removes_anothers_device_and_strangers_get_nothing(users, api_for, vapid):
    ana, ben = api_for(users[0]), api_for(users[1])
    device = ana.post("/api/push/subscriptions", subscription()).json()
    assert ben.get("/api/push/subscriptions").json() == []
    gone = ben.client.delete(f"/api/push/subscriptions/{device['id']}", headers=ben._headers())
    assert (gone.status_code, gone.json()) == (404, {"detail": "You have no such device."})
    assert PushSubscription.objects.filter(pk=device["id"]).exists()
    stranger = Client()
    assert stranger.get("/api/push/subscriptions").status_code == 401
    assert (
        stranger.post(
            "/api/push/subscriptions", subscription(), content_type="application/json"
        ).status_code
        == 401
    )


def test_the_session_needs_its_csrf_token_to_subscribe(users, vapid):
    client = Client(enforce_csrf_checks=True)
    client.force_login(users[0])
    answer = client.post("/api/push/subscriptions", subscription(), content_type="application/json")
    assert answer.status_code == 403
    assert not PushSubscription.objects.exists()


def test_removing_a_device_cancels_what_waited_for_it(users, api_for, vapid, device):
    subscription_row, _ = device(users[0])
    waiting = Notification.objects.create(
        key="test-waiting",
        kind="invitation",
        channel="push",
        subscription=subscription_row,
        user=users[0],
        created_at=subscription_row.created_at,
        due_at=subscription_row.created_at,
    )
    ana = api_for(users[0])
    assert (
        ana.client.delete(
            f"/api/push/subscriptions/{subscription_row.pk}", headers=ana._headers()
        ).status_code
        == 204
    )
    waiting.refresh_from_db()
    assert (waiting.status, waiting.subscription, waiting.error) == (
        "cancelled",
        None,
        "The player removed the device.",
    )


def renew(body) -> object:
    return Client(enforce_csrf_checks=True).post(
        "/push/renew/", body, content_type="application/json"
    )


def test_a_subscription_the_browser_replaced_is_renewed_by_its_old_endpoint(users, api_for, vapid):
    device = api_for(users[0]).post("/api/push/subscriptions", subscription()).json()
    new = subscription(ENDPOINT + "-renewed")
    answer = renew({"old_endpoint": ENDPOINT, "subscription": new})
    assert answer.status_code == 200, answer.content
    row = PushSubscription.objects.get(pk=device["id"])
    assert (row.endpoint, row.p256dh, row.user) == (
        new["endpoint"],
        new["keys"]["p256dh"],
        users[0],
    )


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (
            {
                "old_endpoint": ENDPOINT + "-unknown",
                "subscription": subscription("https://x.org/n"),
            },
            404,
        ),
        ({"old_endpoint": ENDPOINT, "subscription": subscription("http://x.org/n")}, 400),
        ({"old_endpoint": ENDPOINT}, 400),
        ("not json", 400),
    ],
)
def test_a_renewal_without_a_known_old_endpoint_or_a_good_new_one_changes_nothing(
    users, api_for, vapid, body, status
):
    api_for(users[0]).post("/api/push/subscriptions", subscription())
    assert renew(body).status_code == status
    assert PushSubscription.objects.get().endpoint == ENDPOINT
