"""Replies to turn emails: what a received message plays, and the record of it.

`inbound_receive` takes one message, however it came (the site's SMTP
server or a mail service's webhook), and writes one `InboundEmail` row
saying what became of it:

- sent to no address this site signed: nothing (`unknown`);
- written by a machine (an auto-reply, a vacation notice, a bounce): nothing,
  and no answer, ever (`auto_reply`);
- not from the seat's player (its From is not their address): nothing
  (`forged`);
- the table has moved on since the email: nothing, and a short email back
  saying so and what is asked now (`stale`);
- not one of the numbered answers: the same (`unreadable`);
- a move the seat may not make now (its time ran out, a decision that needs
  the board), or more moves than the player's rate limit: the same
  (`refused`, `limited`);
- otherwise the answer's move, through `tables.services.move_submit` as a
  click would play it (`played`).

Locks and the races they prevent:
- the row's unique `key` (the Message-ID) is inserted first, in the same
  transaction as the move: a second delivery of one message (a mail server
  retrying, a webhook posted twice) waits on the first's uncommitted key,
  then fails on it and is recorded as a duplicate, playing nothing;
- the move takes the table's row lock (`move_submit`): two different
  replies to one question play once, the later one finding the table moved
  on;
- the short answers are slots of a unique key per player and hour
  (`outbox.queue_reply_answer`): never more than the hour allows, even at
  once.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from email.message import EmailMessage

from django.conf import settings
from django.db import IntegrityError, transaction

from clocks import clock
from config import limits
from notifications import outbox
from replies import addresses, offer, reading
from replies.models import InboundEmail
from tables import events, services
from tables.errors import ServiceError, StaleVersion
from tables.models import Seat, Table
from tables.selectors import TableRead, table_read
from tables.services import MoveResult
from tables.services.moves import seat_refusal

log = logging.getLogger(__name__)
Outcome = InboundEmail.Outcome

# What the player is told (and the operator sees) for each reason.
MOVED_ON = "The game had moved on before it arrived."
GAME_OVER = "The game has ended."
UNREADABLE = "It is not one of the answers: reply with just the number (or the words) of one."
NEEDS_BOARD = "This question cannot be answered by email: open the table to play it."
# Outcomes that get a short email back (the others are never answered).
ANSWERED = {Outcome.STALE, Outcome.UNREADABLE, Outcome.REFUSED, Outcome.LIMITED}


def inbound_receive(
    *,
    message: EmailMessage,
    via: str,
    envelope_from: str | None = None,
    envelope_to: Sequence[str] = (),
) -> InboundEmail:
    """Act on one received message and record what became of it (see the
    module's docstring). `via`: "smtp" or the mail service's name;
    `envelope_from` / `envelope_to`: the SMTP envelope, when known."""
    letter = reading.letter(message, envelope_from=envelope_from, envelope_to=envelope_to)
    now = clock.now()
    row = InboundEmail(
        key=letter.key,
        message_id=letter.message_id,
        received_at=now,
        via=via[:20],
        sender=letter.sender[:254],
        subject=letter.subject[:200],
    )
    with transaction.atomic():
        try:
            with transaction.atomic():
                row.save(force_insert=True)
        except IntegrityError:
            pass  # a second delivery of a message already received
        else:
            _act(row, letter, now)
            row.save()
            log.info("Reply %s by %s from %s: %s", row.pk, via, row.sender, row.outcome)
            return row
    row = _duplicate(row)
    log.info("Reply %s by %s from %s: %s", row.pk, via, row.sender, row.outcome)
    return row


def _duplicate(row: InboundEmail) -> InboundEmail:
    first = InboundEmail.objects.filter(key=row.key).first()
    row.pk, row.key = None, None
    row.outcome = Outcome.DUPLICATE
    row.detail = "Received before: acted on once."
    row.duplicate_of = first
    if first is not None:
        row.recipient, row.table_id = first.recipient, first.table_id
        row.version, row.seat, row.user_id = first.version, first.seat, first.user_id
        row.answer_text = first.answer_text
    row.save(force_insert=True)
    return row


def _act(row: InboundEmail, letter: reading.Letter, now: datetime) -> None:
    """Decide the row's outcome, playing its move if it has one, and queue
    the short email back where one is due. Inside the row's transaction."""
    turn = _turn_of(row, letter)
    if turn is None:
        return
    seat = (
        Seat.objects.select_related("user").filter(table_id=turn.table_id, number=turn.seat).first()
    )
    if seat is None:
        _set(row, Outcome.UNKNOWN, "The table of this reply address no longer exists.")
        return
    row.user = seat.user
    if letter.automatic:
        _set(row, Outcome.AUTO_REPLY, letter.automatic)
        return
    if not seat.user.email or letter.sender.casefold() != seat.user.email.casefold():
        _set(row, Outcome.FORGED, "The sender is not the seat's player.")
        return
    found = table_read(turn.table_id)
    _decide(row, found, turn, letter, now)
    if row.outcome in ANSWERED:
        notice = outbox.queue_reply_answer(
            found.table, seat, now, per_hour=settings.REPLY_ANSWERS_PER_HOUR
        )
        row.reply_notice = notice


def _turn_of(row: InboundEmail, letter: reading.Letter) -> addresses.Turn | None:
    """The question the message answers: the first of its recipients that
    is a reply address this site signed."""
    ours = [a for a in letter.recipients if addresses.is_ours(a)]
    for address in ours:
        turn = addresses.read(address)
        if turn is not None:
            row.recipient = address[:254]
            row.table_id, row.version, row.seat = turn.table_id, turn.version, turn.seat
            row.answer_text = letter.text[:200]
            return turn
    row.recipient = (ours or [*letter.recipients, ""])[0][:254]
    why = "Sent to an address of ours that this site did not make." if ours else ""
    _set(row, Outcome.UNKNOWN, why or "Sent to no reply address of this site.")
    return None


def _decide(
    row: InboundEmail, found: TableRead, turn: addresses.Turn, letter: reading.Letter, now
) -> None:
    table = found.table
    if not table.is_active:
        _set(row, Outcome.STALE, GAME_OVER)
        return
    if table.version != turn.version or turn.seat not in table.to_act:
        _set(row, Outcome.STALE, MOVED_ON)
        return
    choices = offer.decision(found, turn.seat)
    if not choices:
        # The seat may not move now (in the move service's own words), or
        # the question is too big for an email.
        seat = next(s for s in found.seats if s.number == turn.seat)
        refusal = seat_refusal(table, seat, now)
        _set(row, Outcome.REFUSED, refusal.message if refusal else NEEDS_BOARD)
        return
    index = reading.read_answer(letter.text, [answer.label for answer in choices])
    if index is None:
        _set(row, Outcome.UNREADABLE, UNREADABLE)
        return
    row.move = choices[index].move
    seconds = limits.move_wait(row.user, table.pk)
    if seconds:
        _set(row, Outcome.LIMITED, f"Too many moves: try again in {seconds} s.")
        return
    try:
        with transaction.atomic():
            result = services.move_submit(
                table_id=table.pk, user=row.user, version=turn.version, move=row.move
            )
    except StaleVersion:
        _set(row, Outcome.STALE, MOVED_ON)
    except ServiceError as exc:
        _set(row, Outcome.REFUSED, exc.message)
    else:
        _set(row, Outcome.PLAYED, f"Played: {choices[index].label}.")
        _ask_again(result)


def _ask_again(result: MoveResult) -> None:
    """A move from the table page leaves its player looking at the table, so
    the move service tells them nothing of what it asks of them next; this
    one's player is away, and hears of it as any absent player would."""
    seat = next(s for s in result.seats if s.number == result.seat)
    if result.table.is_active and seat.number in result.table.to_act:
        events.turns_asked.send(sender=Table, table=result.table, seats=[seat], now=clock.now())


def _set(row: InboundEmail, outcome: str, detail: str) -> None:
    row.outcome = outcome
    row.detail = detail[:300]
