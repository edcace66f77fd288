"""Turning an outbox row into an email: subject, text and HTML bodies, the
link to the table and the one-click unsubscribe headers."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template import Context
from django.template.loader import get_template, render_to_string
from django.urls import reverse

from games import registry
from notifications import unsubscribe
from notifications.models import Notification
from notifications.results import result_for_reader
from replies import offer
from tables import clock
from tables.models import Seat, Table
from tables.present import fill, join_names
from tables.templatetags.tables_tags import options_text, time_control_text

Kind = Notification.Kind


def table_url(table: Table) -> str:
    return settings.SITE_URL + reverse("table", args=[table.pk])


def _names(table: Table) -> dict[int, str]:
    return dict(table.seats.values_list("number", "user__username"))


def _game_name(table: Table) -> str:
    try:
        return registry.get(table.game).engine.name
    except LookupError:
        return table.game


def _subject(n: Notification, context: dict) -> str:
    if n.kind == Kind.TURN:
        return f"Your turn in {context['game']} #{n.table_id}"
    if n.kind == Kind.REMINDER:
        return f"Your time is nearly out in {context['game']} #{n.table_id}"
    if n.kind == Kind.TIMEOUT:
        return f"Your time ran out in {context['game']} #{n.table_id}"
    if n.kind == Kind.GAME_OVER:
        return f"Game over: {context['game']} #{n.table_id}"
    if n.kind == Kind.INVITATION:
        return f"{context['inviter']} invites you to play {context['game']}"
    if n.kind == Kind.REPLY:
        return f"Your reply about {context['game']} #{n.table_id} played nothing"
    count = len(context["waiting"])
    return f"{count} game{'s' if count != 1 else ''} waiting for you"


# The unsubscribe switch of each kind (a timeout notice goes with the
# reminders, the answer to an email reply with the turn emails it replied to).
SWITCH_OF = {Kind.TIMEOUT: Kind.REMINDER, Kind.REPLY: Kind.TURN}


def context_for(n: Notification, now: datetime) -> dict:
    switch = SWITCH_OF.get(n.kind, n.kind)
    context = {
        "user": n.user,
        "site_name": settings.SITE_NAME,
        "site_url": settings.SITE_URL,
        "profile_url": settings.SITE_URL + reverse("profile"),
        "unsubscribe_url": unsubscribe.url(n.user_id, switch),
        "unsubscribe_what": unsubscribe.DESCRIPTIONS[switch],
    }
    if n.table_id:
        table = n.table
        names = _names(table)
        seat = next((num for num, name in names.items() if name == n.user.username), None)
        others = [names[s] for s in table.to_act if s != seat]
        context.update(
            table=table,
            game=_game_name(table),
            url=table_url(table),
            prompt=fill(table.prompt, names, seat) if table.prompt else "",
            with_others=join_names(others),
            # The reader is not one of "the other players".
            players=join_names([name for num, name in names.items() if num != seat]),
            outcome=result_for_reader(table.outcome, names, seat),
            won=seat is not None and seat in (table.outcome or {}).get("winners", []),
        )
        if n.seat_id:
            live = Seat.objects.filter(pk=n.seat_id).values_list("deadline_at", flat=True).first()
            context["time_left"] = clock.human(live - now) if live else ""
        if n.kind == Kind.TIMEOUT:
            seat_row = Seat.objects.get(pk=n.seat_id)
            context.update(timeouts=seat_row.timeouts, dropped=seat_row.dropped)
        if n.kind == Kind.INVITATION:
            context.update(
                inviter=table.creator.username,
                options=options_text(table),
                time_control=time_control_text(table),
            )
    if n.kind == Kind.DIGEST:
        context["waiting"] = digest_rows(n.user_id, now)
    offer.add_to(context, n)
    return context


def digest_rows(user_id: int, now: datetime) -> list[dict]:
    """The games waiting for a player, the least time left first."""
    seats = (
        Seat.objects.filter(user_id=user_id, must_act=True, table__status=Table.Status.ACTIVE)
        .select_related("table")
        .order_by("deadline_at", "table_id")
    )
    rows = []
    for seat in seats:
        table = seat.table
        names = _names(table)
        rows.append(
            {
                "game": _game_name(table),
                "table": table,
                "url": table_url(table),
                "prompt": fill(table.prompt, names, seat.number),
                "time_left": clock.human(seat.deadline_at - now)
                if seat.deadline_at
                else "no limit",
            }
        )
    return rows


def render_text(name: str, context: dict) -> str:
    """A plain-text template, not escaped as HTML would be ("ana's", not "ana&#x27;s")."""
    return get_template(name).template.render(Context(context, autoescape=False))


def build(n: Notification, now: datetime) -> EmailMultiAlternatives | None:
    """The email for a row, or None if there is nothing to say any more."""
    if not n.user.email:
        return None
    context = context_for(n, now)
    if n.kind == Kind.DIGEST and not context["waiting"]:
        return None
    template = f"emails/{n.kind}"
    message = EmailMultiAlternatives(
        subject=f"[{settings.SITE_NAME}] " + _subject(n, context),
        body=render_text(f"{template}.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[n.user.email],
        reply_to=offer.reply_to(context),
        headers={
            "List-Unsubscribe": f"<{context['unsubscribe_url']}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    message.attach_alternative(render_to_string(f"{template}.html", context), "text/html")
    return message
