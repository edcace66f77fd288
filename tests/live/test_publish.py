"""Every change of a table or its chat publishes one set of events, once its
transaction has committed, from the process that made it: the table's
channel (`table`, `{"version": N}`, id its revision), the own channels of the
people whose lists changed (`mine`), the chat's channels (`chat`). Nothing
of a game travels in them. A refused change publishes nothing, and a broker
that cannot be reached loses no move."""

from __future__ import annotations

import logging
import random
from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client

from accounts.vacations import vacation_add
from chat.services import message_post, messages_hide
from clocks import clock
from clocks.services import seat_deadline_extend
from games import registry
from live import channels
from tables import services
from tables.errors import StaleVersion
from tables.models import Table
from tests.conftest import login_client, play_random_moves, start_table, state_of

# Real commits: the events go out once the change's transaction commits.
pytestmark = pytest.mark.django_db(transaction=True)


def table_events(heard_items, table: Table):
    return [(e, data, i) for c, e, data, i in heard_items if c == channels.table(table.pk)]


def test_a_move_publishes_the_table_and_its_players_once_it_commits(users, heard):
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], {"rounds_to_win": 1}, seed=3)
    by_seat = {s.number: s.user for s in table.seats.all()}
    mover, other = by_seat[table.to_act[0]], by_seat[1 - table.to_act[0]]
    ear = heard([channels.table(table.pk), channels.user(ana.pk), channels.user(ben.pk)])
    with transaction.atomic():
        services.move_submit(
            table_id=table.pk, user=mover, version=table.version, move={"action": "income"}
        )
        assert ear.take() == []  # nothing before the commit
    after = Table.objects.get(pk=table.pk)
    assert after.revision == table.revision + 1
    told = {
        channels.user(mover.pk): {"kind": "count", "table": table.pk},
        channels.user(other.pk): {"kind": "turn", "table": table.pk},
    }
    assert ear.take() == [
        (channels.table(table.pk), "table", {"version": after.version}, after.revision),
        *((c, "mine", told[c], None) for c in sorted(told, key=lambda c: int(c[5:]))),
    ]


def test_a_refused_move_publishes_nothing_and_counts_no_revision(users, heard):
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], seed=3)
    mover = table.seats.get(number=table.to_act[0]).user
    ear = heard([channels.table(table.pk)])
    with pytest.raises(StaleVersion):
        services.move_submit(
            table_id=table.pk, user=mover, version=table.version - 1, move={"action": "income"}
        )
    assert ear.take() == []
    assert Table.objects.get(pk=table.pk).revision == table.revision


def test_each_change_of_the_waiting_room_and_the_start_counts_one_revision(users, heard):
    ana, ben, carl = users[:3]
    table = services.table_create(creator=ana, game="coup", max_players=4)
    ear = heard([channels.table(table.pk), *(channels.user(u.pk) for u in (ana, ben, carl))])
    steps = [
        lambda: services.table_join(table_id=table.pk, user=ben),
        lambda: services.table_invite(table_id=table.pk, user=ana, username="carl"),
        lambda: services.table_bot_add(table_id=table.pk, user=ana, level="easy"),
        lambda: services.table_bot_remove(table_id=table.pk, user=ana, number=2),
        lambda: services.table_leave(table_id=table.pk, user=ben),
        lambda: services.table_join(table_id=table.pk, user=ben),
    ]
    mine = []
    for revision, step in enumerate(steps, start=1):
        step()
        items = ear.take()
        assert table_events(items, table) == [("table", {"version": 0}, revision)]
        mine.append([(c, data["kind"]) for c, e, data, _ in items if e == "mine"])
    assert mine == [
        [(channels.user(ben.pk), "games")],
        [(channels.user(carl.pk), "invitation")],
        [],
        [],
        [(channels.user(ben.pk), "games")],
        [(channels.user(ben.pk), "games")],
    ]
    services.table_start(table_id=table.pk, user=ana)
    table.refresh_from_db()
    items = ear.take()
    assert table_events(items, table) == [("table", {"version": table.version}, 7)]
    asked = {s.user_id for s in table.seats.filter(must_act=True)}
    kinds = {int(c.split("-")[1]): data["kind"] for c, e, data, _ in items if e == "mine"}
    assert kinds == {u: "turn" if u in asked else "games" for u in (ana.pk, ben.pk)}


def test_a_game_cancelled_in_play_tells_every_player_and_reopens_the_streams(users, heard):
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], {"rounds_to_win": 1}, seed=5)
    ear = heard([channels.table(table.pk), channels.user(ana.pk), channels.user(ben.pk)])
    services.table_cancel(table_id=table.pk, user=None, reason="Cancelled by a moderator")
    items = ear.take()
    assert [e for c, e, _, _ in items if c == channels.table(table.pk)] == ["table", "reopen"]
    assert {(c, data["kind"]) for c, e, data, _ in items if e == "mine"} == {
        (channels.user(ana.pk), "games"),
        (channels.user(ben.pk), "games"),
    }


def test_a_cancelled_table_tells_its_players_and_those_invited(users, heard):
    ana, ben, carl = users[:3]
    table = services.table_create(creator=ana, game="coup", max_players=3)
    services.table_join(table_id=table.pk, user=ben)
    services.table_invite(table_id=table.pk, user=ana, username="carl")
    ear = heard([channels.table(table.pk), *(channels.user(u.pk) for u in (ana, ben, carl))])
    services.table_cancel(table_id=table.pk, user=ana)
    items = ear.take()
    assert [e for c, e, _, _ in items if c == channels.table(table.pk)] == ["table", "reopen"]
    assert {c for c, e, _, _ in items if e == "mine"} == {
        channels.user(u.pk) for u in (ana, ben, carl)
    }


def test_bots_have_no_channel_of_their_own(users, heard):
    ana = users[0]
    table = services.table_play_now(user=ana, game="coup", level="easy", players=3)
    bots = [s.user for s in table.seats.all() if s.user_id != ana.pk]
    assert all(b.profile.bot_level == "easy" for b in bots)
    ear = heard([channels.user(b.pk) for b in bots] + [channels.table(table.pk)])
    # Each of ana's moves asks a bot (or ends her turn): no bot is told.
    for _ in range(3):
        table.refresh_from_db()
        seat = table.seats.get(user=ana)
        if not seat.must_act:
            break
        move = registry.get("coup").engine.legal_moves(state_of(table), seat.number)[0]
        services.move_submit(table_id=table.pk, user=ana, version=table.version, move=move)
    heard_items = ear.take()
    assert heard_items
    assert all(c == channels.table(table.pk) for c, _, _, _ in heard_items)


def test_chat_lines_and_their_moderation_reach_the_channel_they_were_written_in(
    users, heard, admin_user
):
    ana, ben, carl = users[:3]
    table = start_table("coup", [ana, ben], seed=3)
    ear = heard([channels.chat(table.pk, "players"), channels.chat(table.pk, "spectators")])
    said = message_post(table_id=table.pk, user=ana, text="Good luck")
    message_post(table_id=table.pk, user=carl, text="Watching")
    messages_hide(message_ids=[said.pk], moderator=admin_user)
    assert ear.take() == [
        (channels.chat(table.pk, "players"), "chat", {"channel": "players"}, None),
        (channels.chat(table.pk, "players"), "chat", {"channel": "players"}, None),
        (channels.chat(table.pk, "spectators"), "chat", {"channel": "spectators"}, None),
    ]


def test_no_event_of_a_whole_game_carries_anything_of_the_game(users, heard):
    """Only the version, a kind and the table's id travel, whatever happens."""
    players = users[:3]
    table = start_table("coup", players, {"rounds_to_win": 1}, seed=11)
    ear = heard(
        [channels.table(table.pk), channels.chat(table.pk, "players")]
        + [channels.user(u.pk) for u in players]
    )
    engine = registry.get("coup").engine
    rng = random.Random(4)
    by_seat = {s.number: s.user for s in table.seats.all()}
    seen = []
    while table.is_active:
        seat = rng.choice(table.to_act)
        move = rng.choice(engine.legal_moves(state_of(table), seat))
        services.move_submit(
            table_id=table.pk, user=by_seat[seat], version=table.version, move=move
        )
        table.refresh_from_db()
        seen += ear.take()
    # The end: the table's last event, the streams reopened, everyone told.
    last = [(c, e, d.get("kind")) for c, e, d, _ in seen[-(2 + len(players)) :]]
    assert last[:2] == [
        (channels.table(table.pk), "table", None),
        (channels.table(table.pk), "reopen", None),
    ]
    assert sorted(last[2:]) == sorted((channels.user(u.pk), "mine", "games") for u in players)
    allowed = {
        "table": {"version"},
        "reopen": set(),
        "mine": {"kind", "table"},
    }
    assert seen
    for _, event, data, _ in seen:
        assert set(data) == allowed[event], (event, data)
        assert all(isinstance(v, int) or v in ("turn", "count", "games") for v in data.values())


def test_a_move_is_made_when_the_live_broker_cannot_be_reached(users, settings, caplog):
    settings.LIVE_REDIS_URL = "redis://127.0.0.1:9/0"  # nothing listens there
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], seed=3)
    mover = table.seats.get(number=table.to_act[0]).user
    client: Client = login_client(mover)
    from live import bus

    bus.OUTAGE._failed_at = bus.OUTAGE._logged_at = None
    with caplog.at_level(logging.WARNING, logger="tabletop.outages"):
        answer = client.post(
            f"/tables/{table.pk}/move/",
            {"version": table.version, "move": '{"action":"income"}'},
            HTTP_HX_REQUEST="true",
        )
    assert answer.status_code == 200
    assert Table.objects.get(pk=table.pk).version == table.version + 1
    assert "Live events (Redis) cannot be reached" in caplog.text


def test_a_rematch_is_offered_on_the_old_tables_page_and_to_each_player(users, heard):
    ana, ben = users[:2]
    old = play_random_moves(start_table("coup", [ana, ben], {"rounds_to_win": 1}, seed=5), [], 500)
    assert old.status == Table.Status.FINISHED
    ear = heard([channels.table(old.pk), channels.user(ana.pk), channels.user(ben.pk)])
    new = services.table_rematch(table_id=old.pk, user=ana)
    items = ear.take()
    assert (channels.table(old.pk), "table", {"version": old.version}, old.revision + 1) in items
    assert (channels.user(ben.pk), "mine", {"kind": "invitation", "table": new.pk}, None) in items
    page = login_client(ben).get(f"/tables/{old.pk}/board/").content.decode()
    assert f"ana opened a rematch: Coup #{new.pk}" in page
    assert f'href="/tables/{new.pk}/"' in page


def test_a_vacation_or_a_moderators_extension_redraws_the_pages_of_the_tables_it_moves(
    users, heard
):
    """The page says when a player's clock is paused and when it runs out:
    a change of those outside a play is a change of the table's pages."""
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], seed=3, time_control="normal")
    asked = table.seats.get(number=table.to_act[0])
    ear = heard([channels.table(table.pk)])
    today = clock.now().date()
    vacation_add(
        user=asked.user,
        starts_on=today + timedelta(days=1),
        ends_on=today + timedelta(days=2),
        today=today,
    )
    first = Table.objects.get(pk=table.pk)
    assert first.revision == table.revision + 1 and first.version == table.version
    seat_deadline_extend(seat_id=asked.pk, by=timedelta(hours=6))
    second = Table.objects.get(pk=table.pk)
    assert second.revision == table.revision + 2
    assert ear.take() == [
        (channels.table(table.pk), "table", {"version": table.version}, first.revision),
        (channels.table(table.pk), "table", {"version": table.version}, second.revision),
    ]
