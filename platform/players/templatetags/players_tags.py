"""`{% player_link username %}`: a player's name, linked to their page."""

from django import template
from django.urls import reverse
from django.utils.html import format_html

from accounts.names import BOT_NAME

register = template.Library()


@register.simple_tag
def player_link(username: str, css: str = "player") -> str:
    """The name, linked; a bot's with a badge saying so and its level (read
    from its reserved name: no query)."""
    if not username:
        return ""
    link = format_html(
        '<a class="{}" href="{}">{}</a>', css, reverse("player", args=[username]), username
    )
    level = bot_level_of(username)
    if level is None:
        return link
    return format_html('{} <span class="badge bot">bot, {}</span>', link, level)


@register.filter
def bot_level_of(username: str) -> str | None:
    """The level of a bot's name, None for a person's."""
    found = BOT_NAME.match(username or "")
    return found.group(1).lower() if found else None


@register.filter
def place_text(place: int | None, shared: bool = False) -> str:
    """1 -> '1st', with 'shared' for a place held by several players."""
    if not place:
        return ""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{'shared ' if shared else ''}{place}{suffix}"


@register.filter
def signed(number: int) -> str:
    """+12, ±0, and a real minus sign for a loss."""
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"−{-number}"
    return "±0"


@register.inclusion_tag("players/_rating_changes.html")
def rating_changes(table) -> dict:
    """The end of a rated game: each player's new rating (one query)."""
    from players.selectors import rating_changes_of

    return {"changes": rating_changes_of(table) if table.rated else []}


@register.simple_tag
def with_my_rating_changes(finished: list, user) -> list[tuple]:
    """The lobby's finished games, (table, seat) each, with what each did to
    the player's rating (None: unrated, cancelled, or not counted), in one
    query."""
    from players.selectors import my_rating_changes

    changes = my_rating_changes(user, [table.pk for table, _ in finished])
    return [(table, seat, changes.get(table.pk)) for table, seat in finished]
