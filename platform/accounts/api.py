"""The caller's own settings in the JSON API: time zone and playing hours."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Schema
from ninja.errors import HttpError
from pydantic import ConfigDict, Field

from accounts.hours import HoursError, kept_by
from accounts.services import UNCHANGED, profile_get, schedule_set
from accounts.zones import ZoneError
from config.api import ERRORS

router = Router(tags=["me"])


class HoursIn(Schema):
    model_config = ConfigDict(extra="forbid")

    start: str = Field(description='When your clocks start to run each day, "HH:MM".')
    end: str = Field(
        description='When they stop, "HH:MM"; before the start: the next day (10:00 to 01:00); '
        "the same as the start: all day."
    )
    days_off: list[str] = Field(
        default_factory=list,
        max_length=7,
        description='Days your clocks do not run at all ("mon" to "sun"), at most two.',
    )


class HoursOut(Schema):
    start: str
    end: str
    days_off: list[str]


class MeIn(Schema):
    model_config = ConfigDict(extra="forbid")

    time_zone: str | None = Field(
        None, max_length=64, description="An IANA time zone, such as Europe/Paris."
    )
    playing_hours: HoursIn | None = Field(
        None,
        description="The hours your clocks run (at least 8 a day); null: all day, every day. "
        "Left out: unchanged.",
    )


class MeOut(Schema):
    username: str
    time_zone: str
    playing_hours: HoursOut | None


def _me(request: HttpRequest) -> dict:
    profile = profile_get(request.auth)
    hours = kept_by(profile)
    return {
        "username": request.auth.username,
        "time_zone": profile.time_zone,
        "playing_hours": hours.as_api() if hours else None,
    }


@router.get("/me", response={200: MeOut, **ERRORS})
def me_get(request: HttpRequest):
    """Your time zone and playing hours."""
    return _me(request)


@router.patch("/me", response={200: MeOut, **ERRORS})
def me_patch(request: HttpRequest, payload: MeIn):
    """Change your time zone and playing hours; what you leave out stays.
    Outside your hours your clocks stop and your notices wait. A zone, an
    hour or a day that is not one, hours under 8 a day or more than two days
    off: 400, and nothing changes."""
    given = payload.model_fields_set
    if "time_zone" in given and payload.time_zone is None:
        raise HttpError(400, "time_zone cannot be null: give a zone such as Europe/Paris.")
    hours = UNCHANGED
    if "playing_hours" in given:
        hours = payload.playing_hours.model_dump() if payload.playing_hours else None
    try:
        schedule_set(user=request.auth, time_zone=payload.time_zone, hours=hours)
    except (HoursError, ZoneError) as exc:
        raise HttpError(400, str(exc)) from None
    return _me(request)
