"""The pieces the other players' moves acted on since a player's own last
move, marked on that player's board ("ana takes Income" on the treasury)
until they move again: recorded with each move (Move.target, Move.private),
shown only for moves that named nothing private, only on pieces the
viewer's board draws under that name, in the words of the log as the
viewer reads it."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest
from django.test import Client

from games import registry
from tables import services
from tables.models import Move
from tables.present import LogEntry, Mark, marks_of
from tests.conftest import login_client, start_table, state_of

NAMES = {0: "ana", 1: "ben", 2: "carl"}
AT = datetime(2026, 12, 1, tzinfo=UTC)


def move(seq: int, seat: int, target: str = "", *, private=False, kind=Move.Kind.PLAYER) -> Move:
    return Move(seq=seq, seat=seat, target=target, private=private, kind=kind, created_at=AT)


def said(seq: int, seat: int, *lines: str) -> LogEntry:
    return LogEntry(seq, seat, Move.Kind.PLAYER, AT, [{"text": t, "private": False} for t in lines])


COUP = registry.get("coup").engine
SEASONS = registry.get("seasons").engine
TROYES = registry.get("troyes").engine


def test_the_moves_since_the_viewers_own_last_move_are_marked_in_the_logs_words():
    moves = [
        move(1, 0, "treasury"),
        move(2, 1, "treasury"),  # ben's own move: what came before it is seen
        move(3, 0, "player:1"),
        move(4, 2, "deck"),
        move(5, 2, "player:1"),
        move(6, 1, "treasury", kind=Move.Kind.TIMEOUT),  # not ben's choice
        move(7, 0, "treasury"),
    ]
    log = [said(3, 0, "ana steals from ben."), said(5, 2, "carl steals from ben.")]
    assert marks_of(COUP, moves, log, 1, NAMES) == {
        "player:1": Mark("ana, carl", "ana steals from ben. Then carl steals from ben."),
        "deck": Mark("carl", "carl moved."),
        "treasury": Mark("ana", "ana moved."),
    }
    # ana's own last move is the newest: nothing to mark for her.
    assert marks_of(COUP, moves, log, 0, NAMES) == {}


def test_a_spectator_sees_the_marks_of_the_latest_turn():
    moves = [move(1, 0, "treasury"), move(2, 1, "deck"), move(3, 1, "player:0")]
    assert set(marks_of(COUP, moves, [], None, NAMES)) == {"deck", "player:0"}


def test_a_private_move_or_a_piece_only_the_mover_draws_is_never_marked():
    moves = [
        move(1, 0, "card:duke", private=True),  # Coup: a card of ana's hand
        move(2, 0, "treasury"),
    ]
    assert set(marks_of(COUP, moves, [], 1, NAMES)) == {"treasury"}
    # Seasons: the season dice and the cards in play are everyone's; a
    # reserve, a die's symbols and a turn's buttons are the mover's own.
    seasons = [
        move(1, 0, "die:2"),
        move(2, 0, "mydie:star"),
        move(3, 0, "reserve:water"),
        move(4, 0, "play:17"),
        move(5, 0, "turn:end"),
    ]
    assert set(marks_of(SEASONS, seasons, [], 1, NAMES)) == {"die:2", "play:17"}
    # Troyes: influence spent on a die marks that die; the mover's citizens
    # in supply and their turn's buttons are theirs.
    troyes = [move(1, 0, "reroll:12"), move(2, 0, "supply"), move(3, 0, "control:confirm")]
    assert set(marks_of(TROYES, troyes, [], 1, NAMES)) == {"die:12"}


@pytest.mark.django_db
def test_a_move_records_its_piece_and_the_other_players_board_marks_it(users):
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], {"rounds_to_win": 5}, seed=7)
    mover = table.seats.get(number=table.to_act[0]).user
    other = ben if mover == ana else ana
    services.move_submit(
        table_id=table.pk, user=mover, version=table.version, move={"action": "income"}
    )
    recorded = Move.objects.get(table=table, seq=table.version + 1)
    assert (recorded.target, recorded.private) == ("treasury", False)
    theirs = login_client(other).get(f"/tables/{table.pk}/board/").content.decode()
    assert f'data-marked="treasury" title="{mover.username} takes Income."' in theirs
    assert f"(last: {mover.username} takes Income.)" in theirs
    mine = login_client(mover).get(f"/tables/{table.pk}/board/").content.decode()
    assert "data-marked" not in mine


@pytest.mark.django_db
def test_no_mark_ever_points_at_a_private_piece_in_a_whole_game(users):
    """Random Coup games with exchanges and lost cards: every move naming a
    card is recorded private, and no board marks a card."""
    players = users[:3]
    table = start_table("coup", players, {"rounds_to_win": 1}, seed=21)
    engine = registry.get("coup").engine
    rng = random.Random(8)
    by_seat = {s.number: s.user for s in table.seats.all()}
    clients = {s: login_client(u) for s, u in by_seat.items()}
    spectator = Client()
    for _ in range(60):
        if not table.is_active:
            break
        seat = rng.choice(table.to_act)
        choice = rng.choice(engine.legal_moves(state_of(table), seat))
        services.move_submit(
            table_id=table.pk, user=by_seat[seat], version=table.version, move=choice
        )
        table.refresh_from_db()
        for reader in [*clients.values(), spectator]:
            board = reader.get(f"/tables/{table.pk}/board/").content.decode()
            assert 'data-marked="card:' not in board
    recorded = list(Move.objects.filter(table=table).values_list("target", "private", "move"))
    assert any(private for _, private, _ in recorded)
    for target, private, made in recorded:
        assert private == target.startswith("card:"), (target, json.dumps(made))
