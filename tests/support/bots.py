"""Random bots that play whole games through the JSON API only."""

from __future__ import annotations

import random
from typing import Any

from tests.support.seeds import seed_deal

NOT_A_MOVE = {"action": "__not_a_move__"}


class BotError(AssertionError):
    pass


def play_api_game(
    clients: list[Any],
    game: str,
    options: dict[str, Any],
    seed: int,
    *,
    probe_every: int = 13,
    max_moves: int = 5000,
) -> dict[str, Any]:
    """Open a table with clients[0], seat the others, start it and play random
    legal moves until the end (the deal and the moves from `seed`). Every
    `probe_every` moves, also check that a move not offered gets 400, a stale
    version 409 and a seat that may not act 403. Returns the final table as
    the first client sees it."""
    rng = random.Random(seed)
    created = clients[0].post(
        "/api/tables",
        {"game": game, "options": options, "max_players": len(clients), "time_control": "none"},
    )
    if created.status_code != 201:
        raise BotError(f"open: {created.status_code} {created.content!r}")
    table_id = created.json()["id"]
    for client in clients[1:]:
        joined = client.post(f"/api/tables/{table_id}/join")
        if joined.status_code != 200:
            raise BotError(f"join: {joined.status_code} {joined.content!r}")
    # The deal comes from `seed` too: a failing game can be played again.
    seed_deal(table_id, seed)
    started = clients[0].post(f"/api/tables/{table_id}/start")
    if started.status_code != 200:
        raise BotError(f"start: {started.status_code} {started.content!r}")
    seat_client = {}
    for client in clients:
        seat_client[client.get(f"/api/tables/{table_id}").json()["my_seat"]] = client
    url = f"/api/tables/{table_id}/moves"

    table = started.json()
    for count in range(max_moves):
        if table["status"] != "active":
            if table["outcome"] is None:
                raise BotError(f"the game stopped without a result: {table['status']}")
            return table
        seat = rng.choice(table["to_act"])
        mine = seat_client[seat].get(f"/api/tables/{table_id}").json()
        version, moves = mine["version"], mine["legal_moves"]
        if not moves:
            raise BotError(f"seat {seat} must act but is offered no move")
        if count % probe_every == 0:
            _probe(seat_client, table, seat, url, version)
        move = rng.choice(moves)
        answer = seat_client[seat].post(url, {"version": version, "move": move})
        if answer.status_code != 200:
            raise BotError(f"an offered move was refused: {move} -> {answer.content!r}")
        table = answer.json()
    raise BotError("the game did not end")


def _probe(seat_client, table, seat, url, version) -> None:
    client = seat_client[seat]
    bad = client.post(url, {"version": version, "move": NOT_A_MOVE})
    if bad.status_code != 400 or "detail" not in bad.json():
        raise BotError(f"a move not offered got {bad.status_code}")
    stale = client.post(url, {"version": version + 1, "move": NOT_A_MOVE})
    if stale.status_code != 409:
        raise BotError(f"a stale version got {stale.status_code}")
    idle = [s for s in seat_client if s not in table["to_act"]]
    if idle:
        other = seat_client[idle[0]]
        refused = other.post(url, {"version": version, "move": {"action": "pass"}})
        if refused.status_code != 403:
            raise BotError(f"a seat that may not act got {refused.status_code}")
