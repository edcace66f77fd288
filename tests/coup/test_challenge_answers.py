"""Answering a challenge cannot be mis-clicked: the card that wins is shown
first and says so, the other choice says it loses, and a bluffer is asked
which card to lose (COUP-7.3 to COUP-7.5)."""

from __future__ import annotations

import pytest

from games.coup.rules import ENGINE
from tests.conftest import login_client, start_table
from tests.coup.helpers import act, make_state

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"


def labels(state, seat):
    return [m.label for m in ENGINE.legal_moves(state, seat)]


def test_the_holder_is_told_which_card_wins():
    state = act(make_state([[A, D], [C, C], [M, T]]), 0, "tax")
    challenged = act(state, 1, "challenge")
    assert sorted(labels(challenged, 0)) == sorted(
        ["Show your Duke: you win the challenge", "Lose your Assassin instead"]
    )


def test_a_bluffer_is_asked_which_card_to_lose():
    state = act(make_state([[A, C], [C, T], [M, T]]), 0, "tax")
    challenged = act(state, 1, "challenge")
    assert sorted(labels(challenged, 0)) == ["Lose your Assassin", "Lose your Captain"]
    assert "reveal" not in ENGINE.prompt(challenged)


@pytest.mark.django_db
def test_the_page_puts_the_winning_answer_first(users):
    from tables.models import TableState

    table = start_table("coup", users[:2])
    actor = table.to_act[0]
    state = TableState.objects.get(pk=table.pk).state
    claimant_hand = [A, D]  # the Duke is second in the hand
    state["hands"][actor] = claimant_hand
    TableState.objects.filter(pk=table.pk).update(state=state)
    from tables import services

    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    services.move_submit(
        table_id=table.pk, user=users[1 - actor], version=1, move={"action": "challenge"}
    )
    page = login_client(users[actor]).get(f"/tables/{table.pk}/board/").content.decode()
    # On the board each card in the hand is named by its answer, in the hand's order.
    board, listed = page.split('id="moves-form"')
    assert 'aria-label="Show your Duke: you win the challenge"' in board
    assert 'aria-label="Lose your Assassin instead"' in board
    # In the list of moves the winning answer comes first.
    show = listed.index("Show your Duke: you win the challenge")
    lose = listed.index("Lose your Assassin instead")
    assert show < lose
