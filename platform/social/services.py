"""Following, blocking and private notes. Each change is idempotent: to
follow someone already followed, or unblock someone not blocked, changes
nothing and is not an error. A block is silent: the blocked player is not
told, and nothing else changes (follows stay, only hidden while the block
lasts), so that unblocking restores things as they were."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from autoplay.accounts import level_of
from social import selectors
from social.models import NOTE_MAX_LENGTH, Block, Follow, Note
from tables.errors import BadRequest, NotFound


def player_named(username: str) -> AbstractBaseUser:
    """The active player called `username` (any case), or a 404 refusal."""
    name = username.strip()
    if not name or "\x00" in name:
        raise NotFound("There is no such player.")
    user = get_user_model().objects.filter(username__iexact=name, is_active=True).first()
    if user is None:
        raise NotFound(f"There is no player called “{name}”.")
    return user


def _other(user: AbstractBaseUser, username: str, doing: str) -> AbstractBaseUser:
    other = player_named(username)
    if other.pk == user.pk:
        raise BadRequest(f"You cannot {doing} yourself.")
    return other


def follow_add(*, user: AbstractBaseUser, username: str) -> AbstractBaseUser:
    other = _other(user, username, "follow")
    if level_of(other) is not None:
        # A bot sits at any number of tables: followed, it would fill the lobby.
        raise BadRequest(f"{other.username} is a bot: bots cannot be followed.")
    if selectors.is_blocking(user, other):
        raise BadRequest(f"You block {other.username}: unblock them to follow them.")
    Follow.objects.get_or_create(owner=user, other=other)
    return other


def follow_remove(*, user: AbstractBaseUser, username: str) -> AbstractBaseUser:
    other = _other(user, username, "unfollow")
    Follow.objects.filter(owner=user, other=other).delete()
    return other


def block_add(*, user: AbstractBaseUser, username: str) -> AbstractBaseUser:
    other = _other(user, username, "block")
    Block.objects.get_or_create(owner=user, other=other)
    return other


def block_remove(*, user: AbstractBaseUser, username: str) -> AbstractBaseUser:
    other = _other(user, username, "unblock")
    Block.objects.filter(owner=user, other=other).delete()
    return other


def note_set(*, user: AbstractBaseUser, username: str, text: str) -> AbstractBaseUser:
    """Keep (or, with empty text, remove) a private note on a player."""
    other = _other(user, username, "write a note on")
    text = text.strip()
    if "\x00" in text:
        raise BadRequest("The note cannot contain NUL characters.")
    if len(text) > NOTE_MAX_LENGTH:
        raise BadRequest(f"A note holds at most {NOTE_MAX_LENGTH} characters.")
    if text:
        Note.objects.update_or_create(owner=user, other=other, defaults={"text": text})
    else:
        Note.objects.filter(owner=user, other=other).delete()
    return other
