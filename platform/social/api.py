"""Follows and blocks in the JSON API. Each change answers the relation as
it now stands, whether or not it changed (the calls are idempotent)."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Schema

from config.api import ERRORS
from social import selectors, services

router = Router(tags=["social"])


class RelationOut(Schema):
    username: str
    following: bool
    blocked: bool


class PlayerNameOut(Schema):
    username: str


def _relation(user, other) -> dict:
    return {
        "username": other.username,
        "following": selectors.is_following(user, other),
        "blocked": selectors.is_blocking(user, other),
    }


@router.post("/players/{username}/follow", response={200: RelationOut, **ERRORS})
def follow(request: HttpRequest, username: str):
    """Follow a player: their open tables and games show in your lobby."""
    return _relation(request.auth, services.follow_add(user=request.auth, username=username))


@router.post("/players/{username}/unfollow", response={200: RelationOut, **ERRORS})
def unfollow(request: HttpRequest, username: str):
    return _relation(request.auth, services.follow_remove(user=request.auth, username=username))


@router.post("/players/{username}/block", response={200: RelationOut, **ERRORS})
def block(request: HttpRequest, username: str):
    """Block a player, silently: neither of you can join the other's open
    tables or invite the other, and neither sees the other's chat."""
    return _relation(request.auth, services.block_add(user=request.auth, username=username))


@router.post("/players/{username}/unblock", response={200: RelationOut, **ERRORS})
def unblock(request: HttpRequest, username: str):
    return _relation(request.auth, services.block_remove(user=request.auth, username=username))


@router.get("/me/following", response={200: list[PlayerNameOut], **ERRORS})
def my_following(request: HttpRequest):
    """The players you follow, by name."""
    return [{"username": u.username} for u in selectors.following(request.auth)]


@router.get("/me/blocked", response={200: list[PlayerNameOut], **ERRORS})
def my_blocked(request: HttpRequest):
    """The players you block, by name."""
    return [{"username": u.username} for u in selectors.blocked(request.auth)]
