"""The social pieces other pages include: a player's buttons and note, the
follow controls beside the names on a table page (its seats and chat
lines), the settings' list of blocked players, the followed players offered
first in invite boxes, and a table's invitation link."""

from __future__ import annotations

from django import template
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse

from autoplay.accounts import level_of
from players.templatetags.players_tags import bot_level_of
from social import links, selectors
from social.models import NOTE_MAX_LENGTH

register = template.Library()


@register.inclusion_tag("social/_relation.html", takes_context=True)
def relation_panel(context, player) -> dict:
    """Follow, block and the private note, on `player`'s page, for someone
    logged in who is not them (three small queries)."""
    user = context["user"]
    shown = user.is_authenticated and user.pk != player.pk and level_of(player) is None
    return {
        "shown": shown,
        "player": player,
        "following": shown and selectors.is_following(user, player),
        "blocking": shown and selectors.is_blocking(user, player),
        "note": selectors.note_on(user, player) if shown else "",
        "note_max": NOTE_MAX_LENGTH,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("social/_blocked.html", takes_context=True)
def blocked_panel(context) -> dict:
    """The players the user blocks, each with its unblock button."""
    return {
        "blocked": selectors.blocked(context["user"]),
        "csrf_token": context.get("csrf_token"),
        "here": context["request"].get_full_path(),
    }


@register.inclusion_tag("social/_followed_options.html", takes_context=True)
def followed_options(context, list_id: str) -> dict:
    """A datalist of the players the user follows, for an invite field: the
    browser offers them first as the name is typed."""
    return {"list_id": list_id, "names": selectors.following_names(context["user"])}


@register.inclusion_tag("social/_invite_link.html", takes_context=True)
def invite_link_box(context, table) -> dict:
    """The table's invitation link, to copy (for its creator, while open)."""
    request = context["request"]
    shown = table.is_open and request.user.pk == table.creator_id
    url = ""
    if shown:
        url = request.build_absolute_uri(
            reverse("invite_link", args=[links.invite_link_token(table)])
        )
    return {"shown": shown, "url": url}


@register.inclusion_tag("social/_friends_tables.html", takes_context=True)
def friends_tables_panel(context) -> dict:
    """The lobby's tables of the players the user follows."""
    user = context["user"]
    return {
        "rows": selectors.friends_tables(user),
        "user": user,
        "csrf_token": context.get("csrf_token"),
    }


def _followed_and_blocked(request) -> tuple[set[str], set[str]]:
    """The names the reader follows and blocks, read once per request: a
    seat list and a chat of any length cost one query between them."""
    if not hasattr(request, "_followed_and_blocked"):
        request._followed_and_blocked = selectors.names_followed_and_blocked(request.user)
    return request._followed_and_blocked


def follow_toggle_context(
    request, name: str, *, place: str, following: bool, next_url: str
) -> dict:
    return {
        "name": name,
        "place": place,
        "following": following,
        "next": next_url,
        "csrf_token": get_token(request),
    }


@register.simple_tag(takes_context=True)
def follow_toggle(context, username: str, kind: str, number: int) -> str:
    """Follow (or Unfollow) beside a person's name on a table page, for a
    reader logged in who is not them; none for a bot, nor for someone the
    reader blocks. `kind` ("seat" or "chat") and `number` (the seat's or the
    message's) make the control's id unique on the page."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or username == user.username:
        return ""
    if bot_level_of(username) is not None:
        return ""
    followed, blocked = _followed_and_blocked(request)
    if username in blocked:
        return ""  # unblocked first, from their page or the settings
    place = f"{kind}-{number}"
    following = username in followed
    # Back to the part of the page the control is in, when posted without
    # HTMX: a chat's page (a table's or a tournament's), or the table's.
    room = context.get("room")
    page = room.page if room is not None else reverse("table", args=[context["table"].pk])
    next_url = page + ("#chat" if kind == "chat" else "")
    return render_to_string(
        "social/_follow_toggle.html",
        follow_toggle_context(
            request, username, place=place, following=following, next_url=next_url
        ),
    )


@register.inclusion_tag("social/_seat_follows.html", takes_context=True)
def seat_follows(context, table, tv) -> dict:
    """The players of a game, each with Follow or Unfollow, for a reader
    logged in: the people at the table but the reader and the bots."""
    user = context["user"]
    people = [
        seat
        for seat in tv.seats
        if user.is_authenticated
        and seat.username != user.username
        and bot_level_of(seat.username) is None
    ]
    return {"table": table, "people": people, "request": context["request"]}


@register.filter
def open_to(tables, user) -> list:
    """The open tables but those where someone `user` is kept apart from
    sits (one query): a block is silent, so such a table is simply not
    offered, as it would not seat them."""
    tables = list(tables)
    # No table, no question to ask the database.
    apart = selectors.kept_apart(user) if tables else set()
    if not apart:
        return tables
    return [t for t in tables if not any(s.user_id in apart for s in t.seats.all())]
