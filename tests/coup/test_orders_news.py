"""Coup's standing orders turn themselves off on news (issue 41): an order
was set for the table as its player saw it, so losing an influence
(COUP-8.1), another player knocked out (COUP-8.3) or a new round dealt
(COUP-9.2) ends it before it answers for them again."""

from __future__ import annotations

import pytest

from games.coup.rules import ENGINE
from tables import services
from tables.models import Move, TableState
from tests.conftest import login_client
from tests.coup.helpers import act, make_state
from tests.coup.test_rounds import final_blow
from tests.support.orders import lines_with, notices_of, orders_of, standing_rows, table_at

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"
KEY = "challenges"


def play(table, user, **move):
    table.refresh_from_db()
    services.move_submit(table_id=table.pk, user=user, version=table.version, move=move)


def ended(before, after, seat):
    return ENGINE.order_ended(after, seat, KEY, ENGINE.order_mark(before, seat, KEY))


def test_an_order_holds_while_nothing_new_happens():
    state = make_state([[D, C], [A, T], [M, D]])
    later = act(state, 0, "income")
    assert ended(state, later, 1) is None
    assert ended(state, later, 2) is None


def test_coup_8_1_losing_an_influence_ends_the_players_order():
    state = make_state([[D, C], [A, T], [M, D]], coins=[7, 2, 2])
    lost = act(act(state, 0, "coup", target=1), 1, "lose", card=A)
    assert ended(state, lost, 1) == "you lost an influence"
    # Another player's loss of one card of two is no news to seat 2's order.
    assert ended(state, lost, 2) is None


def test_coup_8_3_another_player_knocked_out_ends_the_order():
    state = make_state([[D, C], [T], [M, D]], dead=[[], [A], []], coins=[7, 2, 2])
    out = act(state, 0, "coup", target=1)
    assert out["hands"][1] == []
    assert ended(state, out, 2) == "{p1} was knocked out"
    # A player already out when the order was set is not news.
    assert ENGINE.order_ended(out, 2, KEY, ENGINE.order_mark(out, 2, KEY)) is None


def test_coup_9_2_a_new_round_ends_the_order():
    state = final_blow(rounds_to_win=3)
    mark = ENGINE.order_mark(state, 0, KEY)
    next_round = act(state, 0, "coup", target=2)
    assert next_round["round"] == 2
    assert ENGINE.order_ended(next_round, 0, KEY, mark) == "round 2 was dealt"


def test_nothing_ends_for_a_player_who_is_out_or_a_game_that_is_over():
    state = make_state([[D, C], [T], [M, D]], dead=[[], [A], []], coins=[7, 2, 2])
    out = act(state, 0, "coup", target=1)
    assert ended(state, out, 1) is None
    over = act(final_blow(), 0, "coup", target=2)
    assert ENGINE.outcome(over) is not None
    assert ended(final_blow(), over, 0) is None


@pytest.mark.django_db
def test_the_order_answers_then_turns_itself_off_when_its_player_loses_an_influence(users):
    players = users[:3]
    state = make_state([[D, C], [A, T], [M, D]], coins=[7, 2, 2])
    table = table_at("coup", players, state)
    services.standing_orders_set(
        table_id=table.pk, user=players[1], orders={KEY: "always_pass", "blocks": "ask"}
    )

    # Seat 0 claims Duke: seat 1's order passes for them (COUP-OP9).
    play(table, players[0], action="tax")
    assert [r.move for r in standing_rows(table, 1)] == [{"action": "pass"}]
    play(table, players[2], action="pass")
    # Seat 0, at 10 coins, must coup (COUP-4.3): it coups seat 1.
    play(table, players[1], action="income")
    play(table, players[2], action="income")
    play(table, players[0], action="coup", target=1)
    play(table, players[1], action="lose", card="assassin")

    kept = orders_of(table, 1)
    assert kept[KEY] == "ask"
    text = notices_of(table, 1)[0]
    assert text == "Your order \u201cAlways pass\u201d was turned off: you lost an influence."
    [line] = lines_with(table, "was turned off")
    assert line["to"] == [1]

    # Seat 1 has the turn after the coup; the next claim, seat 2's, asks
    # seat 1 again: no more standing answers.
    play(table, players[1], action="income")
    play(table, players[2], action="tax")
    table.refresh_from_db()
    assert 1 in table.to_act
    assert Move.objects.filter(table=table, seat=1, kind=Move.Kind.STANDING).count() == 1
    page = login_client(players[1]).get(f"/tables/{table.pk}/").content.decode()
    assert "was turned off: you lost an influence." in page


@pytest.mark.django_db
def test_a_knock_out_notice_names_the_player(users):
    players = users[:3]
    state = make_state([[D, C], [T], [M, D]], dead=[[], [A], []], coins=[7, 2, 2])
    table = table_at("coup", players, state)
    services.standing_orders_set(
        table_id=table.pk, user=players[2], orders={KEY: "always_pass", "blocks": "ask"}
    )
    play(table, players[0], action="coup", target=1)
    text = notices_of(table, 2)[0]
    assert text.endswith(f"turned off: {players[1].username} was knocked out.")
    page = login_client(players[2]).get(f"/tables/{table.pk}/").content.decode()
    assert f"{players[1].username} was knocked out." in page


@pytest.mark.django_db
def test_an_order_set_in_the_waiting_room_knows_the_deal_and_ends_on_later_news(users):
    players = users[:3]
    table = services.table_create(creator=players[0], game="coup", max_players=3)
    for user in players[1:]:
        services.table_join(table_id=table.pk, user=user)
    services.standing_orders_set(
        table_id=table.pk, user=players[2], orders={KEY: "always_pass", "blocks": "ask"}
    )
    services.table_start(table_id=table.pk, user=players[0])
    # The deal is no news: the order holds through the first claim...
    state = make_state([[D, C], [T], [M, D]], dead=[[], [A], []], coins=[7, 2, 2])
    TableState.objects.filter(pk=table.pk).update(state=state)
    table.refresh_from_db()
    table.to_act = ENGINE.to_act(state)
    table.prompt = ENGINE.prompt(state)
    table.save()
    play(table, players[0], action="tax")
    assert [r.move for r in standing_rows(table, 2)] == [{"action": "pass"}]
    assert orders_of(table, 2)[KEY] == "always_pass"
    # ...and ends when a player is knocked out.
    play(table, players[1], action="pass")
    play(table, players[1], action="income")
    assert orders_of(table, 2)[KEY] == "always_pass"
    play(table, players[2], action="income")
    play(table, players[0], action="coup", target=1)
    assert orders_of(table, 2)[KEY] == "ask"
    assert notices_of(table, 2)[0].endswith(f"{players[1].username} was knocked out.")
