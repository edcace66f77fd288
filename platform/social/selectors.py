"""Reads of who follows and blocks whom, for pages, forms and the checks the
tables and the chat make."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import BooleanField, Prefetch, Q, Value

from social.models import Block, Follow, Note
from tables.models import Seat, Table


def _id(user: AbstractBaseUser | int | None) -> int | None:
    if user is None:
        return None
    if isinstance(user, int):
        return user
    return user.pk if user.is_authenticated else None


def following(user: AbstractBaseUser) -> list[AbstractBaseUser]:
    """The players `user` follows, by name."""
    return list(
        get_user_model().objects.filter(follow_of__owner=user, is_active=True).order_by("username")
    )


def following_names(user: AbstractBaseUser | None) -> list[str]:
    """The names of the players `user` follows (none for someone logged out)."""
    if _id(user) is None:
        return []
    return list(
        Follow.objects.filter(owner=user, other__is_active=True)
        .order_by("other__username")
        .values_list("other__username", flat=True)
    )


def names_followed_and_blocked(user: AbstractBaseUser | None) -> tuple[set[str], set[str]]:
    """The names `user` follows and those `user` blocks, in one query."""
    if _id(user) is None:
        return set(), set()
    follows = Follow.objects.filter(owner=user, other__is_active=True).values_list(
        "other__username", Value(False, output_field=BooleanField())
    )
    blocks = Block.objects.filter(owner=user).values_list(
        "other__username", Value(True, output_field=BooleanField())
    )
    rows = list(follows.union(blocks, all=True))
    return {name for name, block in rows if not block}, {name for name, block in rows if block}


def blocked(user: AbstractBaseUser) -> list[AbstractBaseUser]:
    """The players `user` has blocked, by name."""
    return list(get_user_model().objects.filter(block_of__owner=user).order_by("username"))


def is_following(user: AbstractBaseUser | None, other: AbstractBaseUser) -> bool:
    return _id(user) is not None and Follow.objects.filter(owner=user, other=other).exists()


def is_blocking(user: AbstractBaseUser | None, other: AbstractBaseUser) -> bool:
    return _id(user) is not None and Block.objects.filter(owner=user, other=other).exists()


def blocked_between(user: AbstractBaseUser | int | None, others) -> bool:
    """Whether `user` and any of `others` (users or ids) have blocked one
    another, either way round: one query."""
    uid = _id(user)
    ids = [_id(o) for o in others]
    ids = [i for i in ids if i is not None and i != uid]
    if uid is None or not ids:
        return False
    return Block.objects.filter(
        Q(owner_id=uid, other_id__in=ids) | Q(other_id=uid, owner_id__in=ids)
    ).exists()


def kept_apart(user: AbstractBaseUser | int | None) -> set[int]:
    """The ids of everyone `user` blocks or is blocked by: one query."""
    uid = _id(user)
    if uid is None:
        return set()
    pairs = Block.objects.filter(Q(owner_id=uid) | Q(other_id=uid)).values_list(
        "owner_id", "other_id"
    )
    return {owner if other == uid else other for owner, other in pairs}


def note_on(user: AbstractBaseUser | None, other: AbstractBaseUser) -> str:
    """`user`'s own note on `other` ("" if none): nobody else's."""
    if _id(user) is None:
        return ""
    note = Note.objects.filter(owner=user, other=other).first()
    return note.text if note else ""


FRIENDS_TABLES_LIMIT = 20


@dataclass
class FriendsTable:
    """A table someone the reader follows opened or plays at."""

    table: Table
    friends: list[str]
    players: list[str]

    @property
    def joinable(self) -> bool:
        return self.table.is_open and len(self.players) < self.table.max_players


def friends_tables(user: AbstractBaseUser) -> list[FriendsTable]:
    """The open and running tables of the players `user` follows, open ones
    first, then the latest moved: not those `user` sits at, nor any where
    someone they are kept apart from sits (a block hides both ways). Three
    queries, however many tables."""
    followed = set(Follow.objects.filter(owner=user).values_list("other_id", flat=True))
    if not followed:
        return []
    apart = kept_apart(user)
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("number"))
    query = (
        Table.objects.filter(
            status__in=[Table.Status.OPEN, Table.Status.ACTIVE], seats__user_id__in=followed
        )
        .exclude(seats__user=user)
        .exclude(seats__user_id__in=apart)
        .distinct()
        .order_by("-status", "-updated_at")
        .prefetch_related(seats)
    )
    found = []
    for table in query[:FRIENDS_TABLES_LIMIT]:
        seated = list(table.seats.all())
        found.append(
            FriendsTable(
                table=table,
                friends=[s.user.username for s in seated if s.user_id in followed],
                players=[s.user.username for s in seated],
            )
        )
    return found
