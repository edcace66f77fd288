"""Standing orders: a player's answers to Coup's reaction windows, given in
advance so that a game by correspondence does not wait a day for a "pass".

The windows are those of section 13 of rules/coup.md: the challenge of an
action's claim (COUP-7.1, COUP-OP9: every living opponent is asked), the
block (COUP-6.3: anyone for Foreign Aid, COUP-5.2; only the target for a
Steal or an Assassination) and the challenge of a block (COUP-OP8). An order
never makes a choice for a player that is not a pass, and a player is still
asked about what concerns them ("Pass unless it concerns me").

The moves an order makes go through the same move service as a player's:
each one a `Move` row of kind "standing", counted by the table's version,
the log without gaps.
"""

from __future__ import annotations

import re

import pytest

from tables import services
from tables.errors import BadRequest, Forbidden
from tables.models import Move, Seat, Table
from tests.conftest import ApiClient, login_client, start_table, state_of
from tests.support.seeds import seed_deal

pytestmark = pytest.mark.django_db

ALWAYS_PASS = {"challenges": "always_pass", "blocks": "never_block"}
UNLESS_TARGETED = {"challenges": "pass_unless_targeted", "blocks": "ask"}


def order(table: Table, user, **orders) -> Seat:
    return services.standing_orders_set(table_id=table.pk, user=user, orders=orders)


def play(table: Table, user, **move) -> services.MoveResult:
    table.refresh_from_db()
    result = services.move_submit(table_id=table.pk, user=user, version=table.version, move=move)
    table.refresh_from_db()
    return result


def after(table: Table, seat: int) -> list[int]:
    """The other seats in turn order after `seat` (COUP-4.1)."""
    n = table.seats.count()
    return [(seat + k) % n for k in range(1, n)]


def checked(page: str, name: str) -> str:
    """The value of the checked radio button `name` in a page."""
    found = re.search(rf'<input type="radio" name="{name}" value="([^"]+)"[^>]* checked>', page)
    assert found, name
    return found.group(1)


def log_rows(table: Table) -> list[tuple[int, str, dict]]:
    return [(m.seat, m.kind, m.move) for m in Move.objects.filter(table=table).order_by("seq")]


def assert_gap_free(table: Table) -> None:
    table.refresh_from_db()
    seqs = list(Move.objects.filter(table=table).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, table.version + 1))


def test_a_window_where_everyone_else_always_passes_closes_after_the_actors_move(users):
    """COUP-5.4 Tax, COUP-OP9: both opponents are asked, both orders answer."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    others = after(table, actor)
    for seat in others:
        order(table, users[seat], **ALWAYS_PASS)
    assert table.version == 0  # nothing to answer yet: the orders wait

    result = play(table, users[actor], action="tax")

    assert result.applied == 3
    assert table.version == 3
    assert log_rows(table) == [
        (actor, "player", {"action": "tax"}),
        (others[0], "standing", {"action": "pass"}),
        (others[1], "standing", {"action": "pass"}),
    ]
    assert_gap_free(table)
    assert table.to_act == [others[0]]  # the next player's turn, already
    assert state_of(table)["coins"][actor] == 5
    last = Move.objects.get(table=table, seq=3)
    assert any("collects 3 coins of Tax" in line["text"] for line in last.log)


def test_a_targeted_player_who_passes_unless_targeted_is_asked(users):
    """COUP-5.5 Steal: the bystander's order passes; the target is asked."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    target, bystander = after(table, actor)
    order(table, users[target], **UNLESS_TARGETED)
    order(table, users[bystander], **UNLESS_TARGETED)

    play(table, users[actor], action="steal", target=target)

    assert log_rows(table)[1:] == [(bystander, "standing", {"action": "pass"})]
    assert table.to_act == [target]
    assert "respond to" in table.prompt
    seat = Seat.objects.get(table=table, number=target)
    assert seat.must_act


def test_pass_unless_targeted_still_asks_about_a_block_of_your_own_action(users):
    """COUP-5.2, COUP-OP8: a Duke block of my Foreign Aid concerns me."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    blocker, bystander = after(table, actor)
    for seat in (actor, bystander):
        order(table, users[seat], **UNLESS_TARGETED)

    play(table, users[actor], action="foreign_aid")
    assert sorted(table.to_act) == sorted([blocker, bystander])  # blocks: "ask"
    play(table, users[blocker], action="block", **{"as": "duke"})

    assert log_rows(table)[-1] == (bystander, "standing", {"action": "pass"})
    assert table.to_act == [actor]
    assert "block as Duke" in table.prompt


def test_never_block_foreign_aid_lets_it_through_but_a_steal_still_asks_the_target(users):
    """COUP-5.2 (anyone may block Foreign Aid) and COUP-6.3 (only the target
    blocks a Steal)."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    first, second = after(table, actor)
    for seat in (first, second):
        order(table, users[seat], challenges="always_pass", blocks="never_block_foreign_aid")

    play(table, users[actor], action="foreign_aid")
    assert log_rows(table)[1:] == [
        (first, "standing", {"action": "pass"}),
        (second, "standing", {"action": "pass"}),
    ]
    assert state_of(table)["coins"][actor] == 4
    assert table.to_act == [first]

    # Now `first` steals from `second`: the challenges are passed by order,
    # the block is the target's to decide.
    order(table, users[actor], challenges="always_pass", blocks="ask")
    play(table, users[first], action="steal", target=second)
    assert table.to_act == [second]
    assert state_of(table)["phase"] == "block"
    assert table.prompt.startswith("decide whether to block")
    assert_gap_free(table)


def test_never_block_passes_the_block_of_a_steal_aimed_at_you(users):
    """COUP-6.3: the target's block window is answered by the order."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    target, bystander = after(table, actor)
    order(table, users[target], **ALWAYS_PASS)
    order(table, users[bystander], **ALWAYS_PASS)

    play(table, users[actor], action="steal", target=target)

    assert [kind for _, kind, _ in log_rows(table)] == ["player"] + ["standing"] * 3
    assert log_rows(table)[-1] == (target, "standing", {"action": "pass"})
    assert state_of(table)["coins"][actor] == 4
    assert state_of(table)["coins"][target] == 0


def test_an_order_set_while_a_window_waits_on_you_answers_at_once(users):
    """COUP-OP9: the window closes when the last asked player answers, here
    by the order they just gave."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    first, second = after(table, actor)
    play(table, users[actor], action="tax")
    assert sorted(table.to_act) == sorted([first, second])

    order(table, users[first], challenges="always_pass", blocks="ask")
    table.refresh_from_db()
    assert table.version == 2
    assert log_rows(table)[-1] == (first, "standing", {"action": "pass"})
    assert table.to_act == [second]
    assert not Seat.objects.get(table=table, number=first).must_act

    order(table, users[second], challenges="always_pass", blocks="ask")
    table.refresh_from_db()
    assert table.version == 3
    assert table.to_act == [first]  # Tax resolved; the next turn
    assert_gap_free(table)


def test_orders_can_be_changed_at_any_time(users):
    """Orders given before the start count from the first window; taking
    them back makes the player asked again."""
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    for user in users[1:3]:
        services.table_join(table_id=table.pk, user=user)
    for user in users[:3]:
        order(table, user, **ALWAYS_PASS)
    seed_deal(table.pk)
    services.table_start(table_id=table.pk, user=users[0])
    table.refresh_from_db()

    actor = table.to_act[0]
    first, second = after(table, actor)
    play(table, users[actor], action="tax")
    assert table.version == 3

    order(table, users[actor], challenges="ask", blocks="ask")
    assert Seat.objects.get(table=table, number=actor).standing_orders == {
        "challenges": "ask",
        "blocks": "ask",
    }
    play(table, users[first], action="tax")
    assert table.to_act == [actor]  # asked again; `second` passed by order
    assert log_rows(table)[-1] == (second, "standing", {"action": "pass"})


def test_it_refuses_an_order_the_game_does_not_offer_and_a_stranger(users):
    table = start_table("coup", users[:3])
    with pytest.raises(BadRequest):
        order(table, users[0], challenges="challenge_everything")
    assert Seat.objects.get(table=table, number=0).standing_orders == {}
    with pytest.raises(Forbidden):
        order(table, users[5], **ALWAYS_PASS)


def test_a_six_player_table_moves_on_without_waiting_for_those_with_orders(users):
    """COUP-OP1 (6 players), COUP-5.5 and COUP-6.3: five opponents pass the
    challenge of a Steal by order, the target passes its block by order, and
    only the next player's clock runs."""
    table = start_table("coup", users[:6], time_control="fast")
    actor = table.to_act[0]
    others = after(table, actor)
    target = others[2]
    for seat in others:
        order(table, users[seat], **ALWAYS_PASS)

    play(table, users[actor], action="steal", target=target)

    assert table.version == 7
    assert log_rows(table)[1:] == [(seat, "standing", {"action": "pass"}) for seat in others] + [
        (target, "standing", {"action": "pass"})
    ]
    assert_gap_free(table)
    assert state_of(table)["coins"][actor] == 4
    assert table.to_act == [others[0]]
    running = Seat.objects.filter(table=table, must_act=True)
    assert [seat.number for seat in running] == [others[0]]
    assert Seat.objects.filter(table=table, deadline_at__isnull=False).count() == 1


def test_the_table_page_and_the_log_show_automatic_moves_as_such(users):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    for seat in after(table, actor):
        order(table, users[seat], **ALWAYS_PASS)
    play(table, users[actor], action="tax")

    client = login_client(users[actor])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert page.count(">standing order</span>") == 2
    full_log = client.get(f"/tables/{table.pk}/log/").content.decode()
    assert full_log.count("standing order") == 2
    entries = ApiClient(users[actor]).get(f"/api/tables/{table.pk}/log").json()["entries"]
    assert [e["kind"] for e in entries] == ["setup", "player", "standing", "standing"]


def test_orders_are_set_through_the_api(users):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    first, second = after(table, actor)
    play(table, users[actor], action="tax")

    api = ApiClient(users[first])
    games = api.get("/api/games").json()
    coup = next(g for g in games if g["slug"] == "coup")
    assert [o["key"] for o in coup["standing_orders"]] == ["challenges", "blocks"]

    answer = api.put(
        f"/api/tables/{table.pk}/standing-orders",
        {"orders": {"challenges": "always_pass", "blocks": "ask"}},
    )
    assert answer.status_code == 200
    assert answer.json()["version"] == 2  # answered at once
    assert answer.json()["to_act"] == [second]

    refused = api.put(f"/api/tables/{table.pk}/standing-orders", {"orders": {"blocks": "x"}})
    assert refused.status_code == 400
    assert "Blocks" in refused.json()["detail"]
    stranger = ApiClient(users[5]).put(
        f"/api/tables/{table.pk}/standing-orders", {"orders": ALWAYS_PASS}
    )
    assert stranger.status_code == 403


def test_orders_are_set_through_the_table_page_form(users):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    first, second = after(table, actor)
    play(table, users[actor], action="tax")
    client = login_client(users[first])

    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert f'action="/tables/{table.pk}/orders/"' in page
    assert checked(page, "challenges") == "ask"

    response = client.post(f"/tables/{table.pk}/orders/", ALWAYS_PASS)
    assert response.status_code == 302
    assert Seat.objects.get(table=table, number=first).standing_orders == ALWAYS_PASS
    table.refresh_from_db()
    assert table.to_act == [second]  # answered at once

    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Your standing orders are saved." in page
    assert checked(page, "challenges") == "always_pass"
    assert checked(page, "blocks") == "never_block"

    client.post(f"/tables/{table.pk}/orders/", {"challenges": "sometimes", "blocks": "ask"})
    assert Seat.objects.get(table=table, number=first).standing_orders == ALWAYS_PASS


# -- every game's orders: the page's list, cancelling, forged values ---------------

ORDER_OF_GAME = {
    "koryo": {"reveal": "reveal"},
    "seasons": {"last_die": "keep_best"},
    "troyes": {"defence": "no_influence"},
}


def cancel_forms(page: str) -> list[dict[str, str]]:
    """The hidden values each Cancel button of the orders' list posts."""
    forms = re.findall(
        r'<form method="post" action="[^"]+/orders/" class="inline">(.*?)</form>', page, re.S
    )
    return [
        dict(re.findall(r'<input type="hidden" name="(?!csrf)([^"]+)" value="([^"]*)">', form))
        for form in forms
    ]


@pytest.mark.parametrize("game", sorted(ORDER_OF_GAME))
def test_the_page_lists_the_orders_set_and_a_button_cancels_each(users, game):
    table = start_table(game, users[:2])
    [(key, value)] = ORDER_OF_GAME[game].items()
    seat = next((s for s in (0, 1) if s not in table.to_act), 0)  # not asked now, if any
    order(table, users[seat], **{key: value})
    client = login_client(users[seat])

    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Your standing orders" in page
    [cancel] = cancel_forms(page)
    assert cancel == {key: "ask"}

    assert client.post(f"/tables/{table.pk}/orders/", cancel).status_code == 302
    assert Seat.objects.get(table=table, number=seat).standing_orders == {key: "ask"}
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert cancel_forms(page) == []


@pytest.mark.parametrize("game", sorted(ORDER_OF_GAME))
@pytest.mark.parametrize("forged", ["always", True, 1, None, ["reveal"]])
def test_a_forged_order_is_refused_with_a_clear_400_and_nothing_written(users, game, forged):
    table = start_table(game, users[:2])
    [key] = ORDER_OF_GAME[game]
    before = Seat.objects.get(table=table, number=0).standing_orders
    version = table.version
    answer = ApiClient(users[0]).put(
        f"/api/tables/{table.pk}/standing-orders", {"orders": {key: forged}}
    )
    assert answer.status_code == 400
    assert "is not one of" in answer.json()["detail"]
    assert Seat.objects.get(table=table, number=0).standing_orders == before
    table.refresh_from_db()
    assert table.version == version
    unknown = ApiClient(users[0]).put(
        f"/api/tables/{table.pk}/standing-orders", {"orders": {"challenges": "always_pass"}}
    )
    assert unknown.status_code == 400
    assert "Unknown standing order: challenges" in unknown.json()["detail"]


def test_the_api_read_shows_the_seats_orders_and_a_spectator_none(users):
    table = start_table("troyes", users[:2])
    order(table, users[1], defence="no_influence")
    mine = ApiClient(users[1]).get(f"/api/tables/{table.pk}").json()
    assert mine["standing_orders"] == {"orders": {"defence": "no_influence"}, "turned_off": []}
    assert ApiClient(users[4]).get(f"/api/tables/{table.pk}").json()["standing_orders"] is None
