"""What the Coup table page tells each player: factions and their limits,
the almshouse, the round score, the action in progress with who is still
asked, and a move list with Convert and Embezzle in their own groups."""

from __future__ import annotations

import html
import re

import pytest

from tables import services
from tables.models import TableState
from tests.conftest import login_client, start_table, state_of

pytestmark = pytest.mark.django_db


def text_of(client, table) -> str:
    """The board's words, without tags, one space between words."""
    page = client.get(f"/tables/{table.pk}/board/").content.decode()
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split()).replace(" ,", ",")


def edit(table, **changes) -> None:
    state = state_of(table)
    state.update(changes)
    TableState.objects.filter(pk=table.pk).update(state=state)


def test_every_player_sees_the_factions_and_the_almshouse(users):
    """COUP-10.1, COUP-OP19 (alternate factions from the first player), and
    section 2: factions and the almshouse are public."""
    table = start_table("coup", users[:4], {"factions": True})
    first = table.to_act[0]
    loyalists = sorted(users[(first + k) % 4].username for k in (0, 2))
    reformists = sorted(users[(first + k) % 4].username for k in (1, 3))
    edit(table, almshouse=3)
    for user in [*users[:4], users[5]]:
        text = text_of(login_client(user), table)
        assert "Almshouse 3 coins" in text
        assert re.search(rf"Loyalists {loyalists[0]}( \(you\))?, {loyalists[1]}", text)
        assert re.search(rf"Reformists {reformists[0]}( \(you\))?, {reformists[1]}", text)
        assert text.count("Loyalist ") >= 2 and text.count("Reformist ") >= 2
        assert "While both factions are in play" in text


def test_the_limits_are_said_to_be_lifted_when_one_faction_is_left(users):
    """COUP-10.3, COUP-OP20: only living players count."""
    table = start_table("coup", users[:3], {"factions": True})
    state = state_of(table)
    lone = next(s for s in range(3) if state["factions"][s] == "reformist")
    state["dead"][lone] = state["hands"][lone]
    state["hands"][lone] = []
    TableState.objects.filter(pk=table.pk).update(state=state)
    text = text_of(login_client(users[0]), table)
    assert "Only the Loyalists are left in play: the faction limits are lifted" in text


def test_the_round_score_shows_the_round_the_target_and_everyones_wins(users):
    """COUP-9.1, COUP-OP18."""
    table = start_table("coup", users[:3], {"rounds_to_win": 3})
    edit(table, round=2, wins=[1, 0, 0], round_winners=[0])
    text = text_of(login_client(users[1]), table)
    assert "Round 2 · first to 3 wins" in text
    assert f"{users[0].username} 1 win" in text
    assert f"{users[1].username} 0 wins" in text
    assert f"Round 1: {users[0].username}" in text
    assert "1 of 3" in text


def test_a_one_round_game_shows_no_round_score(users):
    table = start_table("coup", users[:3])
    assert "first to" not in text_of(login_client(users[0]), table)


def test_the_action_in_progress_says_who_has_answered_and_who_is_asked(users):
    """Section 13's challenge window, COUP-OP9: every opponent is asked."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    first, second = (actor + 1) % 3, (actor + 2) % 3
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    services.move_submit(table_id=table.pk, user=users[first], version=1, move={"action": "pass"})
    text = text_of(login_client(users[second]), table)
    name = users[actor].username
    assert f"{name} · Tax (+3 coins) claims the Duke" in text
    assert f"Does anyone challenge {name}'s claim of the Duke?" in text
    assert f"{users[first].username} passed" in text
    assert f"{users[second].username} (you) to answer" in text


def test_the_target_of_a_steal_is_marked_and_asked_to_block(users):
    """COUP-6.3: only the target may block a Steal, as Ambassador or Captain."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    target, other = (actor + 1) % 3, (actor + 2) % 3
    move = {"action": "steal", "target": target}
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move=move)
    for version, seat in ((1, target), (2, other)):
        services.move_submit(
            table_id=table.pk, user=users[seat], version=version, move={"action": "pass"}
        )
    text = text_of(login_client(users[target]), table)
    assert f"Steal from {users[target].username} (you)" in text
    assert "Do you block, claiming the Ambassador or the Captain?" in text
    other_view = text_of(login_client(users[other]), table)
    assert (
        f"Does {users[target].username} block, claiming the Ambassador or the Captain?"
        in other_view
    )
    assert "TARGET" in text.upper()
    assert "Answer Pass Block as Ambassador Block as Captain" in text


def test_convert_and_embezzle_have_their_own_groups(users):
    """COUP-10.4 (1 coin for yourself, 2 for another) and COUP-10.5."""
    table = start_table("coup", users[:3], {"factions": True})
    actor = table.to_act[0]
    edit(table, almshouse=4)
    text = text_of(login_client(users[actor]), table)
    other = users[(actor + 1) % 3].username
    assert (
        "Convert: 1 coin for yourself, 2 for another, paid to the almshouse; cannot be blocked"
        " Convert yourself to the Reformists (1 coin)"
    ) in text
    assert f"Convert {other} to the Loyalists (2 coins)" in text
    assert "Embezzle: claims you hold no Duke Embezzle 4 coins" in text


def test_with_ten_coins_the_picker_says_a_coup_is_forced(users):
    """COUP-4.3, COUP-OP5."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    coins = [2, 2, 2]
    coins[actor] = 10
    edit(table, coins=coins, treasury=50 - 14)
    text = text_of(login_client(users[actor]), table)
    assert "Coup: with 10 coins or more you must" in text
    assert "Income" not in text


def test_an_exchange_is_described_to_the_exchanger_and_to_the_others(users):
    """COUP-5.6, COUP-OP15: only the exchanger sees the drawn cards."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    services.move_submit(
        table_id=table.pk, user=users[actor], version=0, move={"action": "exchange"}
    )
    for version, seat in ((1, (actor + 1) % 3), (2, (actor + 2) % 3)):
        services.move_submit(
            table_id=table.pk, user=users[seat], version=version, move={"action": "pass"}
        )
    mine = text_of(login_client(users[actor]), table)
    assert "You are choosing 2 cards to return to the court deck." in mine
    assert "Drawn from the court deck" in mine
    theirs = text_of(login_client(users[(actor + 1) % 3]), table)
    assert f"{users[actor].username} is choosing 2 cards to return" in theirs
    assert "Drawn from the court deck" not in theirs


def test_the_standing_orders_say_what_they_do_in_the_games_words(users):
    """COUP-OP8, COUP-OP9: orders only ever pass; the words come from the game."""
    from games.coup.rules import text as coup_text

    table = start_table("coup", users[:3])
    page = html.unescape(login_client(users[0]).get(f"/tables/{table.pk}/").content.decode())
    assert coup_text.STANDING_ORDERS in page
    assert "they never challenge or block for you" in page


def test_each_player_shows_how_often_they_have_challenged_and_blocked(users):
    """Every answer is given aloud (COUP-6, COUP-7), so each player's record
    is on the board for all, as the bots weigh it."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    first, second = (actor + 1) % 3, (actor + 2) % 3
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    services.move_submit(table_id=table.pk, user=users[first], version=1, move={"action": "pass"})
    page = login_client(users[actor]).get(f"/tables/{table.pk}/board/").content.decode()
    boxes = page.split('<div class="coup-player')[1:]
    records = {
        name: "Challenged 0 of 1 claim" in box
        for box in boxes
        for name in [users[s].username for s in (actor, first, second)]
        if f">{name}<" in box
    }
    assert records == {
        users[actor].username: False,
        users[first].username: True,
        users[second].username: False,
    }


def test_the_players_the_table_waits_for_are_said_in_words(users):
    """COUP-6, section 13: in a challenge window every other player is asked
    to answer; on a turn, its player is to play."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    text = text_of(login_client(users[actor]), table)
    assert f"{users[actor].username} (you) to play" in text
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    text = text_of(login_client(users[actor]), table)
    for seat in ((actor + 1) % 3, (actor + 2) % 3):
        assert f"{users[seat].username} to answer" in text


def test_a_blocked_chance_is_counted_in_words(users):
    """COUP-6.3: the target of a Steal is asked to block; the record says so."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    target = (actor + 1) % 3
    edit(
        table,
        answers=[
            {"challenges": 2, "challenge_windows": 3, "blocks": 1, "block_windows": 1}
            if seat == target
            else {"challenges": 0, "challenge_windows": 0, "blocks": 0, "block_windows": 0}
            for seat in range(3)
        ],
    )
    text = text_of(login_client(users[actor]), table)
    assert "Challenged 2 of 3 claims; blocked 1 of 1 chance to block" in text
