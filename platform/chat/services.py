"""Every write of the chat: posting (at a table or in a tournament) and
reporting messages, and the
moderators' hiding, dismissing and muting (each of which leaves a
`ModerationEvent`, the audit trail).

Each refusal raises a `tables.errors.ServiceError` before anything is written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import zones
from chat import events
from chat.access import access_for, message_access, tournament_access_for
from chat.models import MAX_LENGTH, Channel, Message, ModerationEvent, Mute, Report
from chat.selectors import active_mute
from clocks import clock
from tables.errors import BadRequest, Conflict, Forbidden, NotFound
from tables.models import Table
from tournaments.models import Tournament

_BLANK_LINES = re.compile(r"\n{3,}")


def muted_text(until: datetime) -> str:
    """In the reader's own zone (the request's current one), labelled."""
    local = timezone.localtime(until)
    return (
        f"You are muted in the chat until {local:%-d %b %Y, %H:%M} {zones.label(local)}: "
        "you can still play, but not write messages."
    )


def clean_text(text: str) -> str:
    """Plain text as it will be kept: newlines as \\n, no more than one blank
    line in a row, no spaces around it. Refuses what cannot be kept."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _BLANK_LINES.sub("\n\n", text).strip()
    if "\x00" in text:
        raise BadRequest("A message cannot contain NUL characters.")
    if not text:
        raise BadRequest("Write something before sending.")
    if len(text) > MAX_LENGTH:
        raise BadRequest(f"A message is at most {MAX_LENGTH} characters; this one has {len(text)}.")
    return text


def _writers_text(user: AbstractBaseUser | None, text: str) -> str:
    """`text` as it will be kept, from someone logged in."""
    if user is None or not user.is_authenticated:
        raise Forbidden("Log in to write in the chat.")
    return clean_text(text)


def _refuse_muted(user: AbstractBaseUser) -> None:
    mute = active_mute(user)
    if mute is not None:
        raise Forbidden(muted_text(mute.until))


def message_post(
    *, table_id: int, user: AbstractBaseUser, text: str, channel: str | None = None
) -> Message:
    """Write `text` in the table's chat: the players' channel for a seated
    player, the spectators' for anyone else logged in (`channel`, if given,
    must be that one)."""
    text = _writers_text(user, text)
    with transaction.atomic():
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            raise NotFound("There is no such table.")
        _refuse_muted(user)
        access = access_for(table, user)
        if channel is not None and channel != access.writable:
            if channel == Channel.PLAYERS:
                raise Forbidden("Only the players seated at this table write in the players' chat.")
            if channel == Channel.SPECTATORS:
                raise Forbidden(
                    "Players write in the players' chat; the spectators' chat is for those "
                    "watching."
                )
            raise BadRequest(f"There is no chat channel called “{channel}”.")
        message = Message.objects.create(
            table=table, channel=access.writable, author=user, text=text
        )
        _changed(message)
        return message


def tournament_message_post(*, tournament_id: int, user: AbstractBaseUser, text: str) -> Message:
    """Write `text` in the tournament's chat, as one of its entrants or its
    creator (see `chat.access`)."""
    text = _writers_text(user, text)
    with transaction.atomic():
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            raise NotFound("There is no such tournament.")
        _refuse_muted(user)
        if tournament_access_for(tournament, user).writable is None:
            raise Forbidden(
                "Only the players entered in this tournament write in its chat: "
                "enter it to join the conversation."
            )
        message = Message.objects.create(
            tournament=tournament, channel=Channel.TOURNAMENT, author=user, text=text
        )
        _changed(message)
        return message


def _changed(message: Message) -> None:
    events.messages_changed.send(
        sender=Message,
        table_id=message.table_id,
        tournament_id=message.tournament_id,
        channel=message.channel,
    )


def message_report(
    *,
    message_id: int,
    user: AbstractBaseUser,
    table_id: int | None = None,
    tournament_id: int | None = None,
) -> Report:
    """Queue a message for the moderators; one report per reader and message.
    A message that does not exist, is not at `table_id` or in `tournament_id`
    (if given) or is not
    the reader's to read is refused alike, so that the answer tells nothing."""
    if user is None or not user.is_authenticated:
        raise Forbidden("Log in to report a message.")
    message = Message.objects.select_related("table", "tournament").filter(pk=message_id).first()
    if (
        message is None
        or (table_id is not None and message.table_id != table_id)
        or (tournament_id is not None and message.tournament_id != tournament_id)
        or message.channel not in message_access(message, user).readable
    ):
        raise NotFound("There is no such message.")
    if message.author_id == user.pk:
        raise Forbidden("You cannot report your own message.")
    if message.hidden:
        raise Conflict("A moderator has already removed this message.")
    try:
        # Two reports sent at once by the same reader: the unique constraint
        # lets one in and the other ends here, as a second report would.
        with transaction.atomic():
            return Report.objects.create(message=message, reporter=user)
    except IntegrityError:
        raise Conflict("You have already reported this message.") from None


def _audit(moderator, action: str, *, message: Message | None = None, user=None, note=""):
    ModerationEvent.objects.create(
        moderator=moderator, action=action, message=message, user=user, note=note[:300]
    )


def _resolve_reports(message_ids: Iterable[int], moderator, outcome: str) -> int:
    return Report.objects.filter(message_id__in=list(message_ids), resolved_at__isnull=True).update(
        resolved_at=clock.now(), resolved_by=moderator, outcome=outcome
    )


def _set_hidden(message_ids: Iterable[int], moderator, *, hide: bool) -> list[Message]:
    # Two moderators acting at once: the row locks make the second one see
    # the message already changed, so the trail records it once.
    messages = list(
        Message.objects.select_for_update()
        .filter(pk__in=list(message_ids), hidden_at__isnull=hide)
        .select_related("author")
        .order_by("pk")
    )
    now = clock.now()
    action = ModerationEvent.Action.HIDE if hide else ModerationEvent.Action.RESTORE
    for message in messages:
        message.hidden_at, message.hidden_by = (now, moderator) if hide else (None, None)
        message.moderated_at = now
        message.save(update_fields=["hidden_at", "hidden_by", "moderated_at"])
        _audit(moderator, action, message=message, user=message.author)
    told = set()
    for message in messages:
        if (message.table_id, message.tournament_id, message.channel) not in told:
            told.add((message.table_id, message.tournament_id, message.channel))
            _changed(message)
    return messages


@transaction.atomic
def messages_hide(*, message_ids: Iterable[int], moderator: AbstractBaseUser) -> int:
    """Hide these messages from everyone but staff and close their open
    reports. Returns how many were hidden (already hidden ones are left)."""
    messages = _set_hidden(message_ids, moderator, hide=True)
    _resolve_reports([m.pk for m in messages], moderator, Report.Outcome.HIDDEN)
    return len(messages)


@transaction.atomic
def messages_restore(*, message_ids: Iterable[int], moderator: AbstractBaseUser) -> int:
    """Show hidden messages again (a hiding made by mistake)."""
    return len(_set_hidden(message_ids, moderator, hide=False))


@transaction.atomic
def reports_dismiss(*, report_ids: Iterable[int], moderator: AbstractBaseUser) -> int:
    """Close these open reports, leaving their messages as they are."""
    reports = list(
        Report.objects.select_for_update()
        .filter(pk__in=list(report_ids), resolved_at__isnull=True)
        .select_related("message")
        .order_by("pk")
    )
    now = clock.now()
    for report in reports:
        report.resolved_at = now
        report.resolved_by = moderator
        report.outcome = Report.Outcome.DISMISSED
        report.save(update_fields=["resolved_at", "resolved_by", "outcome"])
        _audit(
            moderator,
            ModerationEvent.Action.DISMISS,
            message=report.message,
            user=report.message.author,
            note=f"Reported by {report.reporter}",
        )
    return len(reports)


@transaction.atomic
def user_mute(
    *, user: AbstractBaseUser, until: datetime, moderator: AbstractBaseUser, reason: str = ""
) -> Mute:
    """Keep `user` out of every table's chat until `until`."""
    if until <= clock.now():
        raise BadRequest("A mute must end in the future.")
    mute = Mute.objects.create(user=user, until=until, reason=reason[:200], created_by=moderator)
    _audit(
        moderator,
        ModerationEvent.Action.MUTE,
        user=user,
        note=f"Until {until:%Y-%m-%d %H:%M %Z}" + (f": {reason}" if reason else ""),
    )
    return mute


@transaction.atomic
def mutes_lift(*, mute_ids: Iterable[int], moderator: AbstractBaseUser) -> int:
    now = clock.now()
    mutes = list(
        Mute.objects.select_for_update()
        .filter(pk__in=list(mute_ids), until__gt=now)
        .select_related("user")
        .order_by("pk")
    )
    for mute in mutes:
        mute.until = now
        mute.save(update_fields=["until"])
        _audit(moderator, ModerationEvent.Action.UNMUTE, user=mute.user)
    return len(mutes)
