"""Push notifications in the JSON API: the site's VAPID public key (what a
browser subscribes with), and the caller's devices.

An endpoint must be an https:// address of a push service (http:// is taken
only while the site runs with DEBUG). With push off on the site (no VAPID
keys) the key and new subscriptions answer 404."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Schema, Status
from pydantic import Field

from config.api import ERRORS, ErrorOut, Text
from push import keys, services
from push.models import PushSubscription

router = Router(tags=["push"])


class KeyOut(Schema):
    public_key: str = Field(
        description="The VAPID public key, raw URL-safe base64: the browser's applicationServerKey."
    )


class KeysIn(Schema):
    p256dh: Text(200) = Field(description="The browser's P-256 public key (URL-safe base64).")
    auth: Text(100) = Field(description="The browser's authentication secret (URL-safe base64).")


class SubscriptionIn(Schema):
    endpoint: Text(1000) = Field(description="The push service's address for this browser.")
    keys: KeysIn
    label: Text(200) = Field("", description="The device in your words, e.g. 'Firefox on Android'.")


class SubscriptionOut(Schema):
    id: int
    endpoint: str
    label: str
    created_at: str
    last_used_at: str | None


def _out(device: PushSubscription) -> dict:
    return {
        "id": device.pk,
        "endpoint": device.endpoint,
        "label": device.label,
        "created_at": device.created_at.isoformat(),
        "last_used_at": device.last_used_at.isoformat() if device.last_used_at else None,
    }


@router.get("/push/key", response={200: KeyOut, 404: ErrorOut}, auth=None, url_name="push_key")
def push_key(request: HttpRequest):
    """The key a browser subscribes with (no token needed); 404 while push
    is off on this site."""
    if not keys.enabled():
        return Status(404, {"detail": services.OFF})
    return {"public_key": keys.public_key()}


@router.post("/push/subscriptions", response={201: SubscriptionOut, 200: SubscriptionOut, **ERRORS})
def subscription_create(request: HttpRequest, payload: SubscriptionIn):
    """Save this browser's subscription as one of your devices: 201, or 200
    when it was saved already (then its keys and label are updated). 400: an
    endpoint that is not https:// or keys that are not a browser's; 404:
    push is off; 409: too many devices."""
    device, created = services.subscription_add(
        user=request.auth,
        endpoint=payload.endpoint,
        p256dh=payload.keys.p256dh,
        auth=payload.keys.auth,
        label=payload.label,
    )
    return Status(201 if created else 200, _out(device))


@router.get("/push/subscriptions", response={200: list[SubscriptionOut], **ERRORS})
def subscription_list(request: HttpRequest):
    """Your devices that take notifications, the oldest first."""
    return [_out(device) for device in PushSubscription.objects.filter(user=request.auth)]


@router.delete("/push/subscriptions/{subscription_id}", response={204: None, **ERRORS})
def subscription_delete(request: HttpRequest, subscription_id: int):
    """Stop notifications to one of your devices (404: not one of yours)."""
    services.subscription_remove(user=request.auth, subscription_id=subscription_id)
    return Status(204, None)
