"""Turning an outbox row into an email: subject, text and HTML bodies, the
link to the table and the one-click unsubscribe headers. Every time in it is
in the recipient's own time zone, labelled. Several rows held for a player's
hours go as one email (`build_held`)."""

from __future__ import annotations

from datetime import datetime, tzinfo

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.core.mail import EmailMultiAlternatives
from django.template import Context
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import timezone

from accounts import zones
from clocks import controls
from games import registry
from notifications import unsubscribe
from notifications.models import Notification
from notifications.results import result_for_reader
from replies import offer
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
    if n.kind == Kind.TOURNAMENT:
        return context["subject"]
    if n.kind == Kind.REPLY:
        return f"Your reply about {context['game']} #{n.table_id} played nothing"
    count = len(context["waiting"])
    return f"{count} game{'s' if count != 1 else ''} waiting for you"


# The unsubscribe switch of each kind (a timeout notice goes with the
# reminders, the answer to an email reply with the turn emails it replied to).
SWITCH_OF = {
    Kind.TIMEOUT: Kind.REMINDER,
    Kind.REPLY: Kind.TURN,
}


def context_for(n: Notification, now: datetime) -> dict:
    switch = SWITCH_OF.get(n.kind, n.kind)
    context = {
        "now": now,
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
            context["time_left"] = controls.human(live - now) if live else ""
            context["deadline"] = live
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
    if n.kind == Kind.TOURNAMENT:
        from tournaments.notices import email_context

        context.update(email_context(n.key, now))
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
                "time_left": controls.human(seat.deadline_at - now)
                if seat.deadline_at
                else "no limit",
                "deadline": seat.deadline_at,
            }
        )
    return rows


def render_text(name: str, context: dict) -> str:
    """A plain-text template, not escaped as HTML would be ("ana's", not "ana&#x27;s")."""
    return get_template(name).template.render(Context(context, autoescape=False))


def zone_of(user) -> tzinfo:
    """The recipient's own zone (their profile's, UTC without one)."""
    try:
        return zones.zone_named(user.profile.time_zone)
    except ObjectDoesNotExist:
        return zones.zone_named(zones.DEFAULT)


def build(n: Notification, now: datetime) -> EmailMultiAlternatives | None:
    """The email for a row, or None if there is nothing to say any more."""
    if not n.user.email:
        return None
    with timezone.override(zone_of(n.user)):
        context = context_for(n, now)
        if n.kind == Kind.DIGEST and not context["waiting"]:
            return None
        return _message(n.user, f"emails/{n.kind}", _subject(n, context), context)


def _message(user, template: str, subject: str, context: dict) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(
        subject=f"[{settings.SITE_NAME}] " + subject,
        body=render_text(f"{template}.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
        reply_to=offer.reply_to(context),
        headers={
            "List-Unsubscribe": f"<{context['unsubscribe_url']}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    message.attach_alternative(render_to_string(f"{template}.html", context), "text/html")
    return message


# -- several notices held for a player's hours, as one email ------------------------

# Which row's unsubscribe link a held email carries: the daily digest's, else
# the turn emails', else the first row's.
_HELD_SWITCH_ORDER = (Kind.DIGEST, Kind.TURN)


def held_news(n: Notification, now: datetime) -> dict | None:
    """One line of a held email for a row the list of games waiting does not
    say already (a game over, a timeout, a reminder, an invitation)."""
    if n.kind in (Kind.TURN, Kind.DIGEST) or not n.table_id:
        return None
    context = context_for(n, now)
    game = f"{context['game']} #{n.table_id}"
    if n.kind == Kind.GAME_OVER:
        text = f"{game} is over. {context['outcome']}"
    elif n.kind == Kind.REMINDER:
        text = f"Your time is nearly out in {game}."
    elif n.kind == Kind.TIMEOUT:
        text = (
            f"Your time ran out in {game}, so the game played a default move for you "
            f"({context['timeouts']} of {n.table.max_timeouts} timeouts used)."
        )
    else:
        text = f"{context['inviter']} invites you to play {context['game']} (table #{n.table_id})."
    return {"text": text, "url": context["url"]}


def build_held(rows: list[Notification], now: datetime) -> EmailMultiAlternatives | None:
    """One email for several rows held for one player until their hours
    started: what happened while they were away, then every game waiting
    for them (the daily digest's list). None if nothing is left to say."""
    user = rows[0].user
    if not user.email:
        return None
    kinds = [row.kind for row in rows]
    switch_row = next((rows[kinds.index(k)] for k in _HELD_SWITCH_ORDER if k in kinds), rows[0])
    with timezone.override(zone_of(user)):
        context = context_for(Notification(user=user, user_id=user.pk, kind=switch_row.kind), now)
        context["waiting"] = digest_rows(user.pk, now)
        context["news"] = [line for row in rows if (line := held_news(row, now))]
        context["away"] = True
        # One game waiting: its question is answered by replying, as in a digest.
        offer.add_to(context, Notification(user=user, user_id=user.pk, kind=Kind.DIGEST))
        if not context["waiting"] and not context["news"]:
            return None
        count = len(context["waiting"])
        if count:
            subject = f"While you were away: {count} game{'s' if count != 1 else ''} " + (
                "waits for you" if count == 1 else "wait for you"
            )
        else:
            news = len(context["news"])
            subject = f"While you were away: {news} notice{'s' if news != 1 else ''}"
        return _message(user, "emails/digest", subject, context)
