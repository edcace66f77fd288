"""Usernames that look alike: "alice" written with a Cyrillic a reads as
"alice".

Two names are confusable when their skeletons match (Unicode TS 39, section
4), computed by ICU's spoof checker. Names are compared as written (a capital
I reads as an l) and case-folded (players find each other by name whatever
the case, so a look-alike of "Alice" is one of "alice" too).
"""

from __future__ import annotations

import hashlib
import re

import icu
from django.db.models import Q

_checker = icu.SpoofChecker()

# The site's bot accounts are called EasyBot1, MediumBot2, HardBot3...
# (see the autoplay app): names in that pattern are theirs alone.
BOT_NAME = re.compile(r"^(easy|medium|hard)bot\d+$", re.IGNORECASE)


def is_bot_name(name: str) -> bool:
    """A name in the bots' pattern, whatever its case: no person may take it."""
    return bool(BOT_NAME.match(name.strip()))


def skeleton(name: str) -> str:
    return _checker.getSkeleton(0, name)


def _key(text: str) -> str:
    # A hash: short and of fixed size for an index, though a skeleton can be
    # many times longer than its name.
    return hashlib.sha256(skeleton(text).encode()).hexdigest()


def keys(name: str) -> tuple[str, str]:
    """The name's skeleton keys: as written, and case-folded."""
    return _key(name), _key(name.casefold())


def remember_skeleton(sender, instance, **kwargs) -> None:
    """Keep a user's skeleton keys in step with their name (on every save)."""
    from accounts.models import NameSkeleton

    key, folded = keys(instance.username)
    NameSkeleton.objects.update_or_create(
        user_id=instance.pk, defaults={"key": key, "folded_key": folded}
    )


def look_alike(name: str, exclude_user_id: int | None = None) -> str | None:
    """The name of another player that looks like `name`, if any."""
    from accounts.models import NameSkeleton

    key, folded = keys(name)
    found = NameSkeleton.objects.filter(Q(key=key) | Q(folded_key=folded))
    if exclude_user_id is not None:
        found = found.exclude(user_id=exclude_user_id)
    return found.values_list("user__username", flat=True).first()
