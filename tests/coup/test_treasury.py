"""COUP-1.2, COUP-OP6: the treasury is unlimited. With six players taking
Income until each holds 9 coins, 54 coins are in hand, more than the 50 of
the published box: every Income is still paid, and no page or view shows a
count of the treasury (which would read minus 4)."""

from __future__ import annotations

from tables import services
from tests.conftest import ApiClient, login_client, start_table, state_of


def test_six_players_take_income_past_the_boxs_fifty_coins(users):
    table = start_table("coup", users[:6])
    while True:
        table.refresh_from_db()
        coins = state_of(table)["coins"]
        if min(coins) == 9:
            break
        actor = table.to_act[0]
        services.move_submit(
            table_id=table.pk, user=users[actor], version=table.version, move={"action": "income"}
        )
    assert coins == [9] * 6
    assert sum(coins) == 54  # more than the box holds: the treasury paid them all

    for user in users[:6]:
        answer = ApiClient(user).get(f"/api/tables/{table.pk}").json()
        assert "treasury" not in answer["view"]
        page = login_client(user).get(f"/tables/{table.pk}/").content.decode()
        assert "Treasury <strong>unlimited</strong>" in page
        assert "−4" not in page and "-4 coin" not in page
