"""The site's one clock: every app reads the time through `clock.now()`, so
that tests can stop it and move it by hand (`set_now`)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

_frozen: datetime | None = None


def now() -> datetime:
    return _frozen or timezone.now()


def set_now(moment: datetime | None) -> None:
    """Stop the clock at `moment` (None: let it run again)."""
    global _frozen
    _frozen = moment
