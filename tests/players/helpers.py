"""Finished games built through the real services, for rating tests."""

from __future__ import annotations

from tables import services
from tables.models import Table, TableState
from tests.conftest import after_commit, start_table, state_of


def coup_to_the_last_card(winner, *losers, rated: bool = True, **kwargs) -> Table:
    """A Coup table of one round, seated `winner` (seat 0) then `losers`:
    it is the winner's turn, with 7 coins for each loser, and every loser is
    down to one card, so each coup the winner makes knocks a player out."""
    # This deal has seat 0 play first (with two players or three).
    table = start_table(
        "coup", [winner, *losers], {"rounds_to_win": 1}, rated=rated, seed=3, **kwargs
    )
    assert table.to_act == [0]
    state = state_of(table)
    state["coins"][0] = 7 * len(losers)
    for seat in range(1, len(losers) + 1):
        state["hands"][seat] = state["hands"][seat][:1]
    TableState.objects.filter(pk=table.pk).update(state=state)
    return table


def coup(table: Table, user, target: int) -> Table:
    table.refresh_from_db()
    # The ratings of a game this move ends follow its commit.
    with after_commit():
        services.move_submit(
            table_id=table.pk,
            user=user,
            version=table.version,
            move={"action": "coup", "target": target},
        )
    table.refresh_from_db()
    return table


def finish_coup(winner, loser, *, rated: bool = True) -> Table:
    """A two-player Coup game `winner` wins in one move (the winner chose a
    rated game against bots, should the loser be one)."""
    table = coup(
        coup_to_the_last_card(winner, loser, rated=rated, rated_against_bots=True), winner, 1
    )
    assert table.status == Table.Status.FINISHED
    return table
