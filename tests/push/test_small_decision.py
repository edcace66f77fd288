"""`tables.answers.small_decision`, game by game: a decision is offered away
from the board only when the seat is asked, has at most three legal moves,
and none of them names what only that seat can see."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model

from clocks import clock
from games import registry
from tables.answers import Answer, question, small_decision
from tables.models import Seat, Table
from tables.present import fill
from tables.selectors import TableRead

NAMES = ("ana", "ben", "carl", "dora")
# (game, players, options): every game, with the options that add choices.
GAMES = [
    ("coup", 3, {}),
    ("coup", 4, {"factions": True}),
    ("koryo", 2, {}),
    ("koryo", 3, {}),
    ("seasons", 2, {"level": "apprentice"}),
    ("seasons", 2, {"level": "wizard"}),
    ("troyes", 2, {}),
]


def read_of(game: str, state: dict, players: int = 2, **seat_fields) -> TableRead:
    """The table as the selector would read it, kept in memory."""
    engine = registry.get(game).engine
    over = engine.outcome(state) is not None
    to_act = [] if over else engine.to_act(state)
    table = Table(
        pk=7,
        game=game,
        status=Table.Status.FINISHED if over else Table.Status.ACTIVE,
        to_act=to_act,
        prompt=engine.prompt(state) if to_act else "",
        summary=engine.summary(state),
        version=3,
    )
    seats = []
    for number in range(players):
        user = get_user_model()(username=NAMES[number])
        seat = Seat(number=number, user=user, must_act=number in to_act, **seat_fields)
        seat.table = table
        seats.append(seat)
    return TableRead(table, state, seats)


def walk(game: str, players: int, options: dict, seed: int, moves: int = 400):
    """States of a seeded random game, every one of them."""
    engine = registry.get(game).engine
    rng = random.Random(seed)
    state = engine.setup(players, engine.clean_options(options), seed)
    for _ in range(moves):
        if engine.outcome(state) is not None:
            return
        yield state
        seat = rng.choice(engine.to_act(state))
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_a_decision_is_small_exactly_when_its_few_moves_are_all_public(game, players, options):
    engine = registry.get(game).engine
    found = {"small": 0, "private": 0, "big": 0}
    for seed in (1, 2):
        for state in walk(game, players, options, seed):
            read = read_of(game, state, players)
            names = {s.number: s.user.username for s in read.seats}
            for seat in engine.to_act(state):
                legal = engine.legal_moves(state, seat)
                private = any(engine.listed(state, seat, m).private for m in legal)
                answers = small_decision(read, seat)
                if len(legal) > 3:
                    assert answers is None
                    found["big"] += 1
                elif private:
                    assert answers is None
                    found["private"] += 1
                else:
                    found["small"] += 1
                    assert sorted(map(repr, (a.move for a in answers))) == sorted(map(repr, legal))
                    for a in answers:
                        assert a.label == fill(a.move.label, names)
                        assert "{p" not in a.label
            # Seats not asked have nothing to answer.
            for seat in set(range(players)) - set(engine.to_act(state)):
                assert small_decision(read, seat) is None
    assert found["small"] and found["big"], found
    if game != "troyes":  # Troyes hides nothing a move could name
        assert found["private"], found


def _coup_after(moves: list[tuple[int, dict]], seed: int = 3) -> dict:
    """A two-player Coup game (seat 0 begins) after these moves."""
    engine = registry.get("coup").engine
    state = engine.setup(2, engine.clean_options({}), seed)
    for seat, move in moves:
        state = engine.apply(state, seat, move)
    return state


def test_coup_a_claimed_tax_is_answered_by_a_pass_or_a_challenge():
    state = _coup_after([(0, {"action": "tax"})])
    read = read_of("coup", state)
    assert small_decision(read, 1) == [
        Answer({"action": "pass"}, "Pass"),
        Answer({"action": "challenge"}, "Challenge ana's claim of Duke"),
    ]
    assert question(read, 1) == "Respond to ana's Tax"
    assert small_decision(read, 1, limit=1) is None  # two answers do not fit in one


def test_coup_a_steal_may_be_blocked_two_ways_three_answers_in_all():
    state = _coup_after([(0, {"action": "steal", "target": 1}), (1, {"action": "pass"})])
    answers = small_decision(read_of("coup", state), 1)
    assert [a.label for a in answers] == ["Pass", "Block as Ambassador", "Block as Captain"]


def test_coup_losing_a_card_names_the_hand_and_needs_the_table():
    engine = registry.get("coup").engine
    state = _coup_after([(0, {"action": "tax"}), (1, {"action": "challenge"})])
    # The challenged player shows the Duke or loses a card: their hand's cards.
    legal = engine.legal_moves(state, 0)
    assert len(legal) <= 3 and all(engine.listed(state, 0, m).private for m in legal)
    assert small_decision(read_of("coup", state), 0) is None


def test_nothing_is_offered_to_a_seat_out_of_time_dropped_or_at_a_game_over(frozen):
    state = _coup_after([(0, {"action": "tax"})])
    late = read_of("coup", state, deadline_at=clock.now() - timedelta(seconds=1))
    assert small_decision(late, 1) is None
    dropped = read_of("coup", state, dropped_at=clock.now())
    assert small_decision(dropped, 1) is None
    on_time = read_of("coup", state, deadline_at=clock.now() + timedelta(hours=1))
    assert small_decision(on_time, 1) is not None
    over = read_of("coup", state)
    over.table.status = Table.Status.FINISHED
    assert small_decision(over, 1) is None
