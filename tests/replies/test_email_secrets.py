"""A turn email shows nothing its reader's seat may not see: for each game,
at the first position of every phase, the email to each seat asked is the
same whatever the other seats' secrets (their cards, the deck, the
generator), and the answers it numbers never include a private move (one
that names what only the seat can see: a card in hand, a face-down order)."""

from __future__ import annotations

import random
import re

import pytest

from games import registry
from notifications import emails
from notifications.models import Notification
from replies import offer
from tables.selectors import table_read
from tests.conftest import play_random_moves, start_table, state_of
from tests.web.test_secrets_in_responses import CASES, SCRAMBLERS, phase_of, save_state

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("replies_on")]

# One game of each, through every phase the page tests find in it.
ONE_EACH = {("coup", 4), ("koryo", 3), ("seasons", 3), ("troyes", 4)}
GAMES = [case for case in CASES if case[:2] in ONE_EACH]
MAX_MOVES = 1500
# The unsubscribe link is signed with a timestamp: the same email, written
# twice, differs there only.
_UNSUBSCRIBE = re.compile(r"/notifications/unsubscribe/[^/\s\"]+/")


def turn_email(table, seat) -> str:
    """The whole turn email the seat would get now: text, HTML and headers."""
    n = Notification(kind="turn", user=seat.user, table=table, seat=seat, version=table.version)
    n.user_id, n.table_id, n.seat_id = seat.user_id, table.pk, seat.pk
    message = emails.build(n, table.updated_at)
    said = [message.subject, message.body, message.alternatives[0][0], *message.reply_to]
    return _UNSUBSCRIBE.sub("", "\n".join(said))


def offered_moves(table, seat_number) -> list[dict]:
    return [answer.move for answer in offer.decision(table_read(table.pk), seat_number) or []]


@pytest.mark.parametrize(("game", "players", "options", "seed", "phases"), GAMES)
def test_a_turn_email_does_not_depend_on_other_seats_secrets(
    users, game, players, options, seed, phases
):
    rng = random.Random(11)
    engine = registry.get(game).engine
    table = start_table(game, users[:players], options, seed=seed)
    seats = {s.number: s for s in table.seats.select_related("user")}
    seen_phases: set[str] = set()
    emails_compared = answers_checked = 0
    wanted = phases - {"over", "game_over"}
    for step in range(MAX_MOVES):
        if not table.is_active or seen_phases >= wanted:
            break
        state = state_of(table)
        phase = phase_of(game, state)
        if phase not in seen_phases:
            seen_phases.add(phase)
            for number in table.to_act:
                written = turn_email(table, seats[number])
                for move in offered_moves(table, number):
                    assert not engine.listed(state, number, move).private, (phase, move)
                    answers_checked += 1
                save_state(table, SCRAMBLERS[game](state, number, rng))
                try:
                    assert turn_email(table, seats[number]) == written, (game, phase, number)
                finally:
                    save_state(table, state)
                emails_compared += 1
        table = play_random_moves(table, users[:players], 1, seed=seed * MAX_MOVES + step)
    assert seen_phases >= wanted
    assert emails_compared >= len(seen_phases)
    # The emails did number answers (the test is not comparing empty lists).
    assert answers_checked > 0
