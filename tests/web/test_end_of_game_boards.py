"""The end of a game on every board: the clocks and the standing orders go,
the rematch button comes, and what stayed secret to the end is shown.

Each game is played by its engine to its last move; that move is then made
through the move service, so the table ends as it does on the site.
"""

from __future__ import annotations

import random

import pytest

from games import registry
from tables import services
from tables.models import Table, TableState
from tests.conftest import login_client, start_table, state_of

pytestmark = pytest.mark.django_db


def finish(game: str, players, options=None, seed: int = 1) -> tuple[Table, dict]:
    """A started table brought to its last move, then that move made by its player."""
    table = start_table(game, players, options, time_control="fast", seed=seed)
    engine = registry.get(game).engine
    rng = random.Random(seed)
    state = state_of(table)
    while True:
        seat = rng.choice(engine.to_act(state))
        move = rng.choice(engine.legal_moves(state, seat))
        after = engine.apply(state, seat, move)
        if engine.outcome(after) is not None:
            break
        state = after
    TableState.objects.filter(pk=table.pk).update(state=state)
    Table.objects.filter(pk=table.pk).update(to_act=engine.to_act(state))
    table.refresh_from_db()
    services.move_submit(table_id=table.pk, user=players[seat], version=table.version, move=move)
    table.refresh_from_db()
    assert table.status == "finished"
    return table, state_of(table)


def page_of(table: Table, user) -> str:
    return login_client(user).get(f"/tables/{table.pk}/").content.decode()


def assert_the_end_looks_finished(page: str) -> None:
    assert "Game over." in page
    assert 'class="clocks"' not in page
    assert 'data-deadline="' not in page
    assert "Standing orders" not in page
    assert "Rematch" in page
    assert 'class="moves"' not in page


@pytest.mark.parametrize("seed", [1, 2])
def test_koryo_ends_with_no_card_face_down(users, seed):
    # KOR-9: the game ends after the last round's actions, when every order
    # has been revealed, so no player holds a hidden card.
    table, state = finish("koryo", users[:3], seed=seed)
    assert not any(state["orders"]) and not any(state["hands"])
    page = page_of(table, users[0])
    assert_the_end_looks_finished(page)
    assert "k-backs" not in page
    assert "Face down" not in page


def test_seasons_shows_the_cards_left_in_every_hand(users):
    # SEA-10: each card left in hand costs 5 points; at the end everyone may
    # see which, to check the score.
    table, state = finish("seasons", users[:3], {"level": "apprentice"}, seed=3)
    hands = [p["hand"] for p in state["p"]]
    assert any(hands), "this seed should leave somebody a card in hand"
    page = page_of(table, users[0])
    assert_the_end_looks_finished(page)
    assert page.count("Left in hand") == sum(1 for hand in hands if hand)
    spectator = registry.get("seasons").engine.view(state, None)
    for player, hand in zip(spectator["players"], hands, strict=True):
        assert [card["id"] for card in player["hand_shown"]] == hand


def test_seasons_hides_the_hands_until_the_end(users):
    table = start_table("seasons", users[:2], {"level": "apprentice"}, seed=3)
    view = registry.get("seasons").engine.view(state_of(table), None)
    assert all(player["hand_shown"] is None for player in view["players"])


def test_troyes_shows_every_players_characters_and_points_at_the_end(users):
    table, state = finish("troyes", users[:2], seed=4)
    spectator = registry.get("troyes").engine.view(state, None)
    for seat, player in enumerate(spectator["players"]):
        assert player["vp"] == state["vp"][seat]
        assert player["characters"] is not None
    assert_the_end_looks_finished(page_of(table, users[1]))


def against_the_totals(scores: list[int]) -> list[int]:
    """Ranks a sheet would not give: the best total last, the other first."""
    best = scores.index(max(scores))
    return [2 if seat == best else 1 for seat in range(len(scores))]


def test_troyes_marks_the_winners_the_outcome_ranks(users):
    """TRO-OP27: the score sheet marks who the outcome ranks first, never a
    rank of its own making from the totals."""
    table, _ = finish("troyes", users[:2], seed=4)
    ranks = against_the_totals(table.outcome["scores"])
    Table.objects.filter(pk=table.pk).update(outcome={**table.outcome, "ranks": ranks})
    page = page_of(table, users[0])
    rows = page.split('<table class="t-sheet">')[1].split("</table>")[0].split("<tr")
    marked = [row for row in rows if 'class="winner"' in row]
    first = ranks.index(1)
    assert len(marked) == 1 and f">{users[first].username}<" in marked[0]


def test_koryo_marks_the_winners_the_outcome_ranks(users):
    """KOR-9.5, KOR-OP17: the winners are the outcome's."""
    table, _ = finish("koryo", users[:2], seed=1)
    ranks = against_the_totals(table.outcome["scores"])
    Table.objects.filter(pk=table.pk).update(outcome={**table.outcome, "ranks": ranks})
    page = page_of(table, users[0])
    head = page.split('<section class="k-sheet"')[1].split("</thead>")[0]
    columns = head.split('<th scope="col"')[2:]
    first = ranks.index(1)
    assert ["badge win" in column for column in columns] == [s == first for s in range(2)]
