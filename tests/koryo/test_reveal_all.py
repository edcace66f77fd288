"""KOR-7.2: a stack of identical face-down characters is revealed in one
click ("Reveal all 3 Bankers"), one move of the engine."""

from __future__ import annotations

import json
from html import unescape

import pytest

from games.koryo.rules.cards import CARD_KINDS, EVENTS, PLURALS, public_kind
from tests.conftest import login_client, play_random_moves, state_of
from tests.web.test_koryo_page import seeded_table

pytestmark = pytest.mark.django_db


def a_stack_to_reveal(users):
    for seed in range(7, 40):  # the deal of seed 7 brings one soon
        table = seeded_table(users[:3], seed)
        for _ in range(30):
            state = state_of(table)
            if state["phase"] == "actions" and state["pending"] is None:
                orders = state["orders"][state["current"]]
                kinds = {CARD_KINDS[c] for c in orders}
                if len(orders) > 1 and len(kinds) == 1 and not kinds & set(EVENTS):
                    return table, state["current"], orders
            table = play_random_moves(table, users[:3], 1, seed=seed)
            if not table.is_active:
                break
    raise AssertionError("no stack of identical characters came up")


def test_reveal_all_is_one_click_and_one_move(users):
    table, seat, orders = a_stack_to_reveal(users)
    client = login_client(users[seat])
    page = unescape(client.get(f"/tables/{table.pk}/board/").content.decode())
    kind = public_kind(CARD_KINDS[orders[0]])
    move = {"action": "reveal_all", "kind": kind}
    assert f"Reveal all {len(orders)} {PLURALS[CARD_KINDS[orders[0]]]}" in page
    assert f'value="{json.dumps(move, separators=(",", ":"))}"' in page
    version = table.version
    client.post(
        f"/tables/{table.pk}/move/",
        {"move": json.dumps(move), "version": version},
        headers={"HX-Request": "true"},
    )
    state = state_of(table)
    assert state["orders"][seat] == []
    assert all(card in state["tableaux"][seat] for card in orders)
    first = table.moves.get(seq=version + 1)
    assert (first.seat, first.move) == (seat, move)
