"""Unsubscribe links: signed, so they need no log-in and cannot be forged or
bent to another user or kind; dated, so an old one stops working."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.urls import reverse

from accounts.models import Profile
from notifications.models import Notification

SALT = "notifications.unsubscribe"

# Which profile switch each kind of email turns off.
SWITCHES = {
    Notification.Kind.TURN: ("notify_turn", Profile.Notify.NEVER, Profile.Notify.IMMEDIATE),
    Notification.Kind.DIGEST: ("notify_turn", Profile.Notify.NEVER, Profile.Notify.DIGEST),
    Notification.Kind.REMINDER: ("notify_reminder", False, True),
    Notification.Kind.GAME_OVER: ("notify_game_over", False, True),
    Notification.Kind.INVITATION: ("notify_invitation", False, True),
    Notification.Kind.TOURNAMENT: ("notify_tournament", False, True),
}

DESCRIPTIONS = {
    Notification.Kind.TURN: "“your turn” emails",
    Notification.Kind.DIGEST: "the daily digest of your games",
    Notification.Kind.REMINDER: "warnings that your time is nearly out",
    Notification.Kind.GAME_OVER: "“game over” emails",
    Notification.Kind.INVITATION: "invitations to tables",
    Notification.Kind.TOURNAMENT: "the news of your tournaments",
}


def make_token(user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=SALT, compress=True)


def read_token(token: str) -> tuple[int, str]:
    """(user id, kind), or signing.BadSignature for a tampered token
    (SignatureExpired, a subclass, once older than UNSUBSCRIBE_TOKEN_DAYS)."""
    max_age = timedelta(days=settings.UNSUBSCRIBE_TOKEN_DAYS)
    data = signing.loads(token, salt=SALT, max_age=max_age)
    if (
        not isinstance(data, dict)
        or data.get("k") not in SWITCHES
        or not isinstance(data.get("u"), int)
    ):
        raise signing.BadSignature("unknown unsubscribe token")
    return data["u"], data["k"]


def url(user_id: int, kind: str) -> str:
    return settings.SITE_URL + reverse("unsubscribe", args=[make_token(user_id, kind)])


def apply(user_id: int, kind: str, *, subscribe: bool = False) -> Profile:
    field, off, on = SWITCHES[kind]
    profile, _ = Profile.objects.get_or_create(user_id=user_id)
    setattr(profile, field, on if subscribe else off)
    profile.save(update_fields=[field])
    return profile
