"""What an email offers its reader to answer by replying to it.

A turn email (and a reminder, a daily digest listing one game, the short
answer to a reply that played nothing) asks the reader's seat a question.
When the site takes replies (INBOUND_EMAIL_DOMAIN is set), the email's
Reply-To is that question's own address (`replies.addresses`), and when
the decision is small (`tables.answers.small_decision`: a few moves, none
naming what only the seat can see) the email numbers its answers; otherwise
it says the move needs the board. With replies off, an email says nothing
of replying.

Everything an offer says is the answers' labels as the seat's small
decision gives them: no private move is ever listed, so an email shows
nothing its reader's seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from notifications.models import Notification
from replies import addresses
from replies.models import InboundEmail
from tables import answers
from tables.models import Seat
from tables.selectors import TableRead, table_read

Kind = Notification.Kind
# An email can number more answers than a notification's three buttons:
# Coup's turn (income, foreign aid, tax, steal, exchange...) reads well as
# a short list.
EMAIL_ANSWERS = 6


@dataclass(frozen=True)
class Numbered:
    number: int
    label: str
    mailto: str  # a reply already saying the number, for a tap on a phone


@dataclass(frozen=True)
class Offer:
    """A question a reply to the email answers: its address, and its
    answers numbered from 1 (none when the move needs the board)."""

    address: str
    answers: list[Numbered] = field(default_factory=list)


def decision(found: TableRead, seat: int) -> list[answers.Answer] | None:
    """The seat's answers an email offers (the same list a reply is read
    against), or None when the move needs the board or cannot be made."""
    return answers.small_decision(found, seat, limit=EMAIL_ANSWERS)


def for_seat(found: TableRead, seat: int) -> Offer | None:
    """The offer to `seat` at the table as it is now, or None: replies are
    off, or the seat is not asked anything."""
    table = found.table
    if not addresses.enabled() or not table.is_active or seat not in table.to_act:
        return None
    address = addresses.make(table.pk, table.version, seat)
    numbered = [
        Numbered(number, answer.label, f"mailto:{address}?body={number}")
        for number, answer in enumerate(decision(found, seat) or [], start=1)
    ]
    return Offer(address, numbered)


def add_to(context: dict, n: Notification) -> None:
    """Put the email's offer (or None) in its context as `reply`, and for the
    answer to a reply, why it played nothing."""
    context["reply"] = None
    if n.kind == Kind.REPLY:
        context.update(_reply_context(n))
    if not addresses.enabled():
        return
    if n.kind in (Kind.TURN, Kind.REMINDER, Kind.REPLY) and n.table_id and n.seat_id:
        found = table_read(n.table_id)
        if found is not None:
            context["reply"] = for_seat(found, n.seat.number)
    elif n.kind == Kind.DIGEST and len(context.get("waiting") or []) == 1:
        # One game waiting: the digest answers its question like a turn email.
        (row,) = context["waiting"]
        seat = (
            Seat.objects.filter(table_id=row["table"].pk, user_id=n.user_id)
            .values_list("number", flat=True)
            .first()
        )
        found = table_read(row["table"].pk)
        if found is not None and seat is not None:
            context["reply"] = for_seat(found, seat)


def reply_to(context: dict) -> list[str] | None:
    """The email's Reply-To: the address of the question it asks, if any."""
    offer = context.get("reply")
    return [offer.address] if offer is not None else None


def _reply_context(n: Notification) -> dict:
    inbound = InboundEmail.objects.filter(reply_notice=n).first()
    table = n.table
    return {
        "why": inbound.detail if inbound else "",
        "said": inbound.answer_text.splitlines()[0] if inbound and inbound.answer_text else "",
        "asked_now": bool(table and table.is_active and n.seat and n.seat.number in table.to_act),
    }
