"""A bot's move: queued on the `bots` queue when a play that asks its seat
commits, played through the move service from the seat's view only, stopped
by a stale version, queued again by the sweep when its task was lost; and a
medium bot taking over a dropped or resigned player's seat."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autoplay import tasks
from autoplay.play import bot_move_play
from autoplay.seats import bot_seats_to_act
from clocks import clock
from games import registry
from players.models import RatingChange
from tables import services
from tables.models import Move, Table
from tables.selectors import table_read
from tests.bots.platform_helpers import play_out, table_with_bots
from tests.conftest import after_commit, start_table


@pytest.fixture
def queued(monkeypatch):
    """The bot tasks sent to the broker: (args, queue) each."""
    sent = []
    monkeypatch.setattr(
        tasks.bot_move, "apply_async", lambda args, queue=None: sent.append((args, queue))
    )
    return sent


def bot_to_act(table_id: int) -> tuple[Table, int]:
    found = table_read(table_id)
    return found.table, bot_seats_to_act(found.table, found.seats)[0]


def test_a_bots_turn_is_queued_on_its_queue_when_the_play_commits(
    ana, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        table = table_with_bots(ana, "seasons", 2, seed=3)
    # Seasons' draft asks every seat at once: the bot's too, from the start.
    assert queued == [((table.pk, 1, table.version), "bots")]


def test_nothing_is_queued_before_the_commit(ana, queued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        table_with_bots(ana, "seasons", 2, seed=3)
    assert queued == [] and callbacks


def test_the_bot_moves_through_the_move_service_from_its_view_only(ana, monkeypatch):
    table = table_with_bots(ana, "coup", 2, seed=11)
    play_until_bot(table.pk, ana)
    table, seat = bot_to_act(table.pk)
    engine = registry.get(table.game).engine
    state = table_read(table.pk).state
    seen = {}

    def spy(bot, view, legal, seat_, **kwargs):
        seen.update(view=view, legal=legal, seat=seat_, level=kwargs["level"])
        return legal[0]

    monkeypatch.setattr("autoplay.play.choose_move", spy)
    assert bot_move_play(table.pk, seat, table.version).played
    assert seen["view"] == engine.view(state, seat)
    assert seen["legal"] == engine.legal_moves(state, seat)
    assert seen["level"] == "easy"
    last = Move.objects.get(table=table, seq=table.version + 1)
    assert (last.seat, last.kind, last.move) == (seat, Move.Kind.PLAYER, seen["legal"][0])


def play_until_bot(table_id: int, person, limit: int = 50) -> None:
    """Random moves for the person until the table asks the bot."""
    import random

    rng = random.Random(1)
    for _ in range(limit):
        found = table_read(table_id)
        if bot_seats_to_act(found.table, found.seats):
            return
        engine = registry.get(found.table.game).engine
        mine = next(s for s in found.seats if s.user_id == person.pk).number
        move = rng.choice(engine.legal_moves(found.state, mine))
        services.move_submit(table_id=table_id, user=person, version=found.table.version, move=move)
    raise AssertionError("the bot was never asked")


def test_a_stale_version_plays_nothing(ana):
    table = table_with_bots(ana, "seasons", 2, seed=3)
    table, seat = bot_to_act(table.pk)
    assert not bot_move_play(table.pk, seat, table.version - 1).played
    assert bot_move_play(table.pk, seat, table.version).played
    # The same task run twice (a retry, the sweep's copy) plays once.
    assert not bot_move_play(table.pk, seat, table.version).played
    assert Table.objects.get(pk=table.pk).version == table.version + 1


def test_a_persons_seat_is_never_played_by_a_bot(ana, ben):
    table = start_table("koryo", [ana, ben], seed=3)
    assert not bot_move_play(table.pk, 1, table.version).played
    assert Table.objects.get(pk=table.pk).version == table.version


def test_the_sweep_queues_again_a_bot_that_waited_too_long(
    ana, queued, frozen, settings, django_capture_on_commit_callbacks
):
    settings.BOT_STALE_SECONDS = 120
    table = table_with_bots(ana, "seasons", 2, seed=3)
    frozen.advance(timedelta(seconds=119))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.requeue_waiting_bots() == 0
    frozen.advance(timedelta(seconds=2))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.requeue_waiting_bots() == 1
    assert queued == [((table.pk, 1, table.version), "bots")]


def test_a_resigned_players_seat_is_taken_over_by_a_medium_bot(ana, ben, carl, monkeypatch):
    """The result still says who left, and the resigner ranks last."""
    table = start_table("coup", [ana, ben, carl], seed=8, bot_takeover=True)
    services.seat_resign(table_id=table.pk, user=ben)
    levels = []
    real = tasks.bot_move_play.__globals__["choose_move"]

    def spy(*args, **kwargs):
        levels.append(kwargs["level"])
        return real(*args, **kwargs)

    monkeypatch.setattr("autoplay.play.choose_move", spy)
    # The ratings of the game follow its last move's commit.
    with after_commit():
        table = play_out(table.pk, seed=2)
    assert table.status == "finished"
    assert table.outcome["dropped"] == [1]
    kinds = set(Move.objects.filter(table=table, seat=1).values_list("kind", flat=True))
    assert kinds == {Move.Kind.DROPPED}
    assert levels and set(levels) == {"medium"}
    # Rated as before take-over: the dropped player loses to everyone.
    places = dict(RatingChange.objects.filter(table=table).values_list("seat", "place"))
    assert places[1] == 3 and places[1] > max(places[0], places[2])


def test_without_take_over_a_dropped_seat_plays_its_timeout_moves(ana, ben):
    table = start_table("coup", [ana, ben], seed=8, bot_takeover=False)
    services.seat_resign(table_id=table.pk, user=ben)
    found = table_read(table.pk)
    assert bot_seats_to_act(found.table, found.seats) == []
    assert 1 not in found.table.to_act


def test_a_resigned_player_cannot_move_for_the_bot(ana, ben, carl):
    table = start_table("seasons", [ana, ben], seed=8, bot_takeover=True)
    services.seat_resign(table_id=table.pk, user=ana)
    table.refresh_from_db()
    assert 0 in table.to_act  # the draft waits for the bot now playing the seat
    engine = registry.get("seasons").engine
    move = engine.legal_moves(table_read(table.pk).state, 0)[0]
    with pytest.raises(services.Forbidden, match="a bot plays your seat"):
        services.move_submit(table_id=table.pk, user=ana, version=table.version, move=move)
    assert Table.objects.get(pk=table.pk).version == table.version


def test_a_bot_with_a_clock_is_timed_like_anyone(ana, frozen):
    table = services.table_create(creator=ana, game="seasons", max_players=2, time_control="fast")
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    services.table_start(table_id=table.pk, user=ana)
    bot = table_read(table.pk).seats[1]
    assert bot.must_act and bot.deadline_at is not None
    assert bot.deadline_at == clock.now() + table.time_bank


def test_the_page_says_a_bot_plays_a_dropped_seat(ana, ben):
    from tests.conftest import login_client

    table = start_table("seasons", [ana, ben], seed=8, bot_takeover=True)
    services.seat_resign(table_id=table.pk, user=ben)
    page = login_client(ana).get(f"/tables/{table.pk}/").content.decode()
    assert 'dropped</span> <span class="badge bot">a medium bot plays on</span>' in page


def test_a_bot_going_round_in_circles_plays_its_timeout_moves(ana, monkeypatch):
    """Once one bot seat has made RUNAWAY_MOVES moves in a row, whatever its
    search wants, it plays the engine's timeout moves (which end a turn)
    until another seat has moved. Troyes turns take a bot several moves
    (an action, its dice, the confirmation), so a low limit is soon met."""
    import random

    from autoplay import play

    monkeypatch.setattr(play, "RUNAWAY_MOVES", 2)
    table = table_with_bots(ana, "troyes", 2, seed=5)
    engine = registry.get("troyes").engine
    rng = random.Random(2)
    checked = 0
    while checked < 3:
        found = table_read(table.pk)
        assert found.table.is_active, "the game ended before a bot's third move in a row"
        version = found.table.version
        bots = bot_seats_to_act(found.table, found.seats)
        if not bots:
            move = rng.choice(engine.legal_moves(found.state, 0))
            services.move_submit(table_id=table.pk, user=ana, version=version, move=move)
            continue
        seat = bots[0]
        last = Move.objects.filter(table=table).order_by("-seq")[:2]
        in_a_row = [m.seat for m in last] == [seat, seat]
        assert bot_move_play(table.pk, seat, version).played
        if in_a_row:
            played = Move.objects.get(table=table, seq=version + 1).move
            assert played == engine.timeout_move(found.state, seat)
            checked += 1
