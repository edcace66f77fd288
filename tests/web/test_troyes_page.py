"""The Troyes table page: it draws every part of the board from the viewer's
view, keeps other seats' characters and victory points out of the page, the
board partial and the API answer (TRO-3), marks house cards, costs the same
early and late, and plays timeouts through the move service."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from tables import services
from tables.models import TableState
from tests.conftest import ApiClient, login_client, play_random_moves, start_table, state_of
from tests.troyes.on_the_site import play_timeouts_to_the_end
from tests.troyes.secrets import scramble_secrets

pytestmark = pytest.mark.django_db

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def board(user, table) -> str:
    response = login_client(user).get(f"/tables/{table.pk}/board/")
    assert response.status_code == 200
    return _CSRF.sub("", response.content.decode())


def page(user, table) -> str:
    response = login_client(user).get(f"/tables/{table.pk}/")
    assert response.status_code == 200
    return _CSRF.sub("", response.content.decode())


def to_actions(table, users, seed=0):
    """Play random moves until the first action phase of round 1."""
    rng = random.Random(seed)
    for _ in range(200):
        table.refresh_from_db()
        state = state_of(table)
        if state["phase"] == "actions":
            return table
        seat = table.to_act[0]
        move = (
            ENGINE.timeout_move(state, seat)
            if state["phase"] != "placement"
            else (rng.choice(ENGINE.legal_moves(state, seat)))
        )
        services.move_submit(table_id=table.pk, user=users[seat], version=table.version, move=move)
    raise AssertionError("no action phase")


def test_the_page_draws_the_board_and_the_move_rows(users):
    table = start_table("troyes", users[:2])
    html = page(users[0], table)
    assert "Placing the starting citizens" in html
    assert "Monastery" in html and "Palace" in html and "City Hall" in html
    assert 'aria-label="empty space"' in html
    table = to_actions(table, users[:2])
    me = table.to_act[0]
    html = page(users[me], table)
    assert "City square" in html and 'class="die d-' in html  # dice with pips
    assert "takes an action or passes" in html
    assert "Choose an action" in html and "Pass" in html
    assert "Activate the" in html
    assert "face down until round 2" in html
    assert "Cathedral" in html and "Looting" in html


def test_house_cards_carry_the_mark_and_its_tooltip(users):
    table = start_table("troyes", users[:2])
    table = to_actions(table, users[:2])
    html = board(users[0], table)
    state = state_of(table)
    shown = [C.CARDS[state["activity"][c][0]] for c in C.COLOURS]
    marks = html.count('aria-label="house card"')
    events = [C.EVENT_CARDS[e["id"]] for e in state["events"]]
    characters = len(state["characters"][0])
    expected = sum(c.house for c in shown) + sum(e.house for e in events) + characters + 1
    assert marks == expected  # the +1 is the legend in the help
    assert "House card: this effect" in html


def test_my_character_and_points_are_mine_alone(users):
    table = start_table("troyes", users[:3])
    state = state_of(table)
    for seat in range(3):
        html = page(users[seat], table)
        mine = C.CHARACTER_CARDS[state["characters"][seat][0]].name
        assert mine in html
        for other in range(3):
            if other != seat:
                name = C.CHARACTER_CARDS[state["characters"][other][0]].name
                assert name not in html
        assert html.count('title="Victory points are hidden"') == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pages_and_api_do_not_depend_on_other_seats_secrets(users, players):
    rng = random.Random(players)
    spectator = users[5]
    for moves in (5, 40, 120):
        table = start_table("troyes", users[:players])
        table = play_random_moves(table, users[:players], moves, seed=moves)
        if not table.is_active:
            continue
        original = state_of(table)
        seen = {}
        for seat, user in [*enumerate(users[:players]), (None, spectator)]:
            seen[seat] = (
                board(user, table),
                page(user, table),
                ApiClient(user).get(f"/api/tables/{table.pk}").json(),
            )
        for seat, user in [*enumerate(users[:players]), (None, spectator)]:
            scrambled = scramble_secrets(original, seat, rng)
            TableState.objects.filter(pk=table.pk).update(state=scrambled)
            got = (
                board(user, table),
                page(user, table),
                ApiClient(user).get(f"/api/tables/{table.pk}").json(),
            )
            assert got == seen[seat], (moves, seat)
        TableState.objects.filter(pk=table.pk).update(state=original)


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("path", ["", "board/"])
def test_the_page_costs_the_same_early_and_late(users, path, django_assert_max_num_queries):
    early = start_table("troyes", users[:4])
    early = play_random_moves(early, users[:4], 5, seed=1)
    late = start_table("troyes", users[:4])
    late = play_random_moves(late, users[:4], 250, seed=2)
    assert late.is_active and late.version >= 250
    client = login_client(users[0])
    for t in (early, late):
        client.get(f"/tables/{t.pk}/{path}")
    counts = [_queries(client, f"/tables/{t.pk}/{path}") for t in (early, late)]
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(10):
        client.get(f"/tables/{late.pk}/{path}")


def test_timeouts_play_a_dropped_seat_to_the_end(users):
    """Every decision has a timeout move (section 23): a game where every
    move is the timeout move ends."""
    table = play_timeouts_to_the_end(start_table("troyes", users[:3]), users[:3])
    assert table.status == "finished"
    assert "Final score" in page(users[0], table)
    html = page(users[1], table)
    state = state_of(table)
    for dealt in state["characters"]:
        for cid in dealt:
            assert C.CHARACTER_CARDS[cid].name in html  # revealed at the end


def test_a_refused_move_changes_nothing(users):
    table = start_table("troyes", users[:2])
    seat = table.to_act[0]
    version = table.version
    client = ApiClient(users[seat])
    answer = client.post(
        f"/api/tables/{table.pk}/moves",
        {"version": version, "move": {"action": "place", "building": "cathedral"}},
    )
    assert answer.status_code == 400 and "detail" in answer.json()
    table.refresh_from_db()
    assert table.version == version


def test_every_clock_chip_shows_its_time_from_the_first_move(users):
    """At the start of a three-player table with the normal clock (1 day in
    the bank), the seats not yet asked to move show their whole bank."""
    table = start_table("troyes", users[:3], time_control="normal")
    html = page(users[0], table)
    clocks = re.search(r'<ul class="clocks">(.*?)</ul>', html, re.S).group(1)
    chips = re.findall(r"<li.*?</li>", clocks, re.S)
    assert len(chips) == 3
    acting = table.to_act[0]
    for seat, chip in enumerate(chips):
        if seat == acting:
            assert 'class="clock"' in chip
        else:
            assert "1 day in the bank" in chip, chip


def test_pieces_are_buttons_for_the_seat_to_act_only(users):
    """TRO-4.1: each empty space is a button of the move form, named by where
    it puts the citizen; the other seats' pages draw the same spaces inert."""
    table = start_table("troyes", users[:3])
    seat = table.to_act[0]
    places = ENGINE.legal_moves(state_of(table), seat)
    html = page(users[seat], table)
    spaces = re.findall(r'<button type="submit" form="moves-form"[^>]*data-piece="space:', html)
    assert len(spaces) == len(places)
    assert re.search(r'data-piece="space:[a-z]+:\d:\d" aria-label="(Palace|Monastery|City)', html)
    other = page(users[(seat + 1) % 3], table)
    assert 'data-piece="' not in other and other.count('aria-label="empty space') == len(places)


def _defence_table(users):
    table = start_table("troyes", users[:2])
    seat = table.to_act[0]
    state = state_of(table)
    state.update(phase="defence", black=[6], current=seat, start=seat, turning=None)
    state["dice"] = [
        {"id": 0, "owner": seat, "colour": C.RED, "value": 2},
        {"id": 1, "owner": seat, "colour": C.WHITE, "value": 1},
        {"id": 2, "owner": 1 - seat, "colour": C.WHITE, "value": 5},
    ]
    state["fight"] = {"black": [0], "own": []}
    state["ip"][seat] = 0
    TableState.objects.filter(pk=table.pk).update(state=state)
    return table, seat


def test_tro_9_5_the_defence_reads_its_total_beside_the_dice(users):
    """The chosen dice, their total with red counted double and the black die
    to beat are one line by the dice; the fight stays disabled with its
    reason while the total is too low (TRO-9.4, TRO-9.5, TRO-OP8)."""
    table, seat = _defence_table(users)
    html = page(users[seat], table)
    assert "No dice chosen: <strong>0</strong> against the black 6" in html
    black = html.split('aria-label="Black dice to fight"')[1].split("</div>")[0]
    assert 'class="die d-black chosen" role="img" aria-label="black die showing 6, chosen"' in black
    assert black.count('<i class="on"></i>') == 6  # six pips, drawn like a citizen die's
    assert re.search(r'<button type="button" class="primary" disabled[^>]*>Fight</button>', html)
    assert "Choose your dice to fight with." in html
    assert 'data-piece="die:0" aria-label="Defend with a red 2 (counts 4)"' in html
    assert 'data-piece="die:2"' not in html  # another district's die never defends
    move = {"action": "select_own", "die": 0}
    answer = ApiClient(users[seat]).post(
        f"/api/tables/{table.pk}/moves", {"version": table.version, "move": move}
    )
    assert answer.status_code == 200, answer.content
    table.refresh_from_db()
    html = page(users[seat], table)
    assert "Your dice: red 2 (counts 4): <strong>4</strong> against the black 6" in html
    assert "Your dice count 4: you need 6 or more." in html
    assert 'aria-label="Take back the red 2 (counts 4)"' in html
    other = page(users[1 - seat], table)
    assert "s dice: red 2 (counts 4): <strong>4</strong> against the black 6" in other
    assert "disabled" not in other.split('class="t-fight"')[1].split("</section>")[0]


def test_the_actions_to_start_are_listed_in_the_turns_panel(users):
    """TRO-10: each action the seat may start (a card, an event, a building,
    the Cathedral, Agriculture) is a piece of the board and a button of the
    turn's panel, which a phone shows first."""
    table = to_actions(start_table("troyes", users[:2]), users[:2])
    seat = table.to_act[0]
    chooses = [m for m in ENGINE.legal_moves(state_of(table), seat) if m["action"] == "choose"]
    html = board(users[seat], table)
    panel = re.search(r'<div class="t-choose"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert panel.count('name="move"') == len(chooses) > 0
    assert 'data-piece="cathedral"' in html or {"action": "choose", "kind": "cathedral"} not in (
        chooses
    )
    assert "t-choose" not in board(users[1 - seat], table)
