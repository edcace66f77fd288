"""What a push says: the JSON the service worker turns into a notification.

```
{"kind": "turn", "table": 12,
 "title": "Your turn in Coup #12: 3 players left",
 "body": "Respond to ana's Tax: pass or challenge ana's claim of Duke?",
 "tag": "table-12",                      # a newer notice replaces this one
 "url": "/tables/12/",                   # the table
 "open": "/tables/12/answer/",           # where a tap goes: the one-screen
                                         # answer page when the decision is small
 "answer_url": "/tables/12/answer/play/",
 "actions": [{"action": "a0", "title": "Pass", "token": "..."}, ...]}
```

Built, like a turn email, from the table's public columns (its prompt and
summary), the players' names and the seat's small decision
(`tables.answers`), whose moves name nothing only the seat may see: a push
can show on a lock screen. It is built when the notice is sent, so it asks
what the table asks then; each button's token is bound to that version.
Its addresses are paths: the service worker that shows it belongs to the
site, whatever name the site is reached by.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django.urls import reverse

from clocks import controls
from games import registry
from notifications.models import Notification
from push import tokens
from tables import answers
from tables.models import Table
from tables.present import fill, join_names
from tables.selectors import table_read
from tables.templatetags.tables_tags import options_text, time_control_text

Kind = Notification.Kind
# A push service takes about 4 KB; buttons are dropped (a tap still opens
# the answer page) rather than have the notice refused.
MAX_BYTES = 3000
# Chromium cuts a button's title short anyway.
TITLE_CHARS = 60
# Past this the question alone is said, and the buttons say the answers.
BODY_CHARS = 140


def _url(name: str, table_id: int) -> str:
    return reverse(name, args=[table_id])


def _game(slug: str) -> str:
    try:
        return registry.get(slug).engine.name
    except LookupError:
        return slug


def _lower_first(text: str, names: dict[int, str]) -> str:
    """ "Challenge ana's claim" read inside a sentence, a name left as written."""
    if any(text.startswith(name) for name in names.values()):
        return text
    return text[:1].lower() + text[1:]


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def topic(n: Notification) -> str:
    """The push service's Topic (at most 32 URL-safe characters): one per
    table, so a newer notice about it replaces one not yet delivered."""
    if n.kind == Kind.TOURNAMENT:
        return "tournament-" + n.key.rsplit(":", 2)[-1]
    return f"{'invite' if n.kind == Kind.INVITATION else 'table'}-{n.table_id}"


def build(n: Notification, now: datetime) -> dict[str, Any] | None:
    """The payload for an outbox row, or None when there is nothing to say
    any more (the seat is no longer asked, the table no longer open)."""
    if n.kind in (Kind.TURN, Kind.REMINDER) and n.table_id and n.seat_id:
        return _turn(n, now)
    if n.kind == Kind.INVITATION and n.table_id:
        return _invitation(n)
    if n.kind == Kind.TOURNAMENT:
        return _tournament_news(n, now)
    return None


def _turn(n: Notification, now: datetime) -> dict[str, Any] | None:
    found = table_read(n.table_id)
    if found is None or not found.table.is_active:
        return None
    table = found.table
    seat = next((s for s in found.seats if s.pk == n.seat_id), None)
    if seat is None or seat.number not in table.to_act:
        return None
    names = {s.number: s.user.username for s in found.seats}
    game = f"{_game(table.game)} #{table.pk}"
    summary = fill(table.summary, names)
    decision = answers.small_decision(found, seat.number) or []
    ask = answers.question(found, seat.number)
    body = f"{ask}."
    if decision:
        said = [_lower_first(answer.label, names) for answer in decision]
        choice = " or ".join([", ".join(said[:-1]), said[-1]] if len(said) > 1 else said)
        if len(ask) + len(choice) + 3 <= BODY_CHARS:
            body = f"{ask}: {choice}?"
    others = [names[number] for number in table.to_act if number != seat.number]
    if others:
        body += f" {join_names(others)} {'is' if len(others) == 1 else 'are'} asked too."
    if n.kind == Kind.REMINDER:
        title = f"Your time is nearly out in {game}"
        if seat.deadline_at is not None:
            body = f"{controls.human(seat.deadline_at - now)} left. {body}"
    else:
        title = f"Your turn in {game}" + (f": {_lower_first(summary, names)}" if summary else "")
    payload = {
        "kind": n.kind,
        "table": table.pk,
        "title": title,
        "body": body,
        "tag": f"table-{table.pk}",
        "url": _url("table", table.pk),
        "open": _url("push_decision" if decision else "table", table.pk),
        "answer_url": _url("push_answer", table.pk),
        "actions": [
            {
                "action": f"a{i}",
                "title": _short(answer.label, TITLE_CHARS),
                "token": tokens.make(table.pk, table.version, seat.number, answer.move),
            }
            for i, answer in enumerate(decision)
        ],
    }
    if len(json.dumps(payload, ensure_ascii=False).encode()) > MAX_BYTES:
        payload["actions"] = []
    return payload


def _invitation(n: Notification) -> dict[str, Any] | None:
    table = Table.objects.select_related("creator").filter(pk=n.table_id).first()
    if table is None or not table.is_open:
        return None
    game = _game(table.game)
    terms = f"{options_text(table)} · {time_control_text(table)}"
    return {
        "kind": n.kind,
        "table": table.pk,
        "title": f"{table.creator.username} invites you to play {game}",
        "body": f"{terms}. Open the table to take a seat.",
        "tag": f"invite-{table.pk}",
        "url": _url("table", table.pk),
        "open": _url("table", table.pk),
        "answer_url": "",
        "actions": [],
    }


def _tournament_news(n: Notification, now: datetime) -> dict[str, Any]:
    from tournaments.notices import email_context

    news = email_context(n.key, now)
    tournament = news["tournament"]
    page = reverse("tournament", args=[tournament.pk])
    url = _url("table", n.table_id) if n.table_id else page
    return {
        "kind": n.kind,
        "table": n.table_id,
        "title": news["subject"],
        "body": news["summary"],
        "tag": topic(n),
        "url": url,
        "open": url,
        "answer_url": "",
        "actions": [],
    }
