"""KOR-7.2: a stack of identical face-down characters is revealed in one
click ("reveal all 3"), each card still checked as a move of its own."""

from __future__ import annotations

import json
import re

import pytest

from games.koryo.rules.cards import CARD_KINDS, EVENTS
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


def test_reveal_all_is_one_click(users):
    table, seat, orders = a_stack_to_reveal(users)
    client = login_client(users[seat])
    page = client.get(f"/tables/{table.pk}/board/").content.decode()
    label = f"reveal all {len(orders)}"
    assert label in page
    value = next(
        v for v in re.findall(r'value="([^"]+)"', page) if v.startswith("[") and "reveal" in v
    )
    moves = json.loads(value.replace("&quot;", '"'))
    assert sorted(m["card"] for m in moves) == sorted(orders)
    client.post(
        f"/tables/{table.pk}/move/",
        {"move": json.dumps(moves), "version": table.version},
        headers={"HX-Request": "true"},
    )
    state = state_of(table)
    assert state["orders"][seat] == []
    assert all(card in state["tableaux"][seat] for card in orders)
    table.refresh_from_db()
    assert list(table.moves.order_by("-seq").values_list("move__action", flat=True))[
        : len(orders)
    ] == ["reveal"] * len(orders)
