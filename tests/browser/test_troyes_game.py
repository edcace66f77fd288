"""Two people open and join a two-player Troyes table and play it to the end
in their browsers, each page updating by itself when the other moves: the
starting citizens, the black dice, actions built die by die (with an undo
before confirming), passing, down to the final score sheet (TRO-4 to TRO-18).
The moves are the page's own buttons, picked with a preference for getting
things done so that the game stays short; screenshots at each kind of step,
and one at a phone's width."""

from __future__ import annotations

import json
import random

import pytest

from tables.models import Table
from tests.browser.conftest import open_two_player_table, press, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def wait_for_turn(page, table: Table) -> None:
    table.refresh_from_db()
    page.wait_for_selector(
        f"form.moves input[name=version][value='{table.version}']", state="attached"
    )


def click(page, table: Table, move: dict) -> None:
    wait_for_turn(page, table)
    value = json.dumps(move, separators=(",", ":"))
    press(page, page.locator(f"form.moves button[value='{value}']"))
    page.wait_for_selector(
        f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
    )
    table.refresh_from_db()


def offered(page) -> list[dict]:
    values = page.locator("form.moves button[name=move]").evaluate_all("bs => bs.map(b => b.value)")
    return [json.loads(v) for v in values]


def pick(moves: list[dict], rng: random.Random) -> dict:
    """Finish what was started; build actions rather than dither."""
    by = {}
    for m in moves:
        by.setdefault(m["action"], []).append(m)
    for action in ("fight", "confirm", "concede"):
        if action in by:
            return by[action][0]
    if "uses" in by:
        return by["uses"][-1]
    for action in ("supervisor", "select_own", "add_die", "place"):
        if action in by:
            return rng.choice(by[action])
    if "choose" in by and rng.random() < 0.8:
        return rng.choice(by["choose"])
    if "pass" in by:
        return by["pass"][0]
    return by["cancel"][0]


def test_two_players_play_troyes_through_its_buttons(new_page, settings):
    settings.TABLE_POLL_SECONDS = 1
    ana, ben = new_page(), new_page()
    table = open_two_player_table(ana, ben, "Troyes", 20261201)
    by_seat = {
        seat.number: {"ana": ana, "ben": ben}[seat.user.username] for seat in table.seats.all()
    }
    for page in (ana, ben):
        page.goto(f"/tables/{table.pk}/")
    first = by_seat[table.to_act[0]]
    wait_for_turn(first, table)
    first.wait_for_selector("text=Placing the starting citizens")
    shot(first, "troyes-02-placement")

    rng = random.Random(3)
    shots: set[str] = set()
    undone = False
    for _ in range(900):
        table.refresh_from_db()
        if table.status != "active":
            break
        page = by_seat[table.to_act[0]]
        wait_for_turn(page, table)
        moves = offered(page)
        actions = {m["action"] for m in moves}
        if "select_own" in actions and "defence" not in shots:
            shots.add("defence")
            page.wait_for_selector(".t-black .die.black")
            shot(page, "troyes-03-black-dice")
        if "add_die" in actions and "remove_die" in actions and not undone:
            # Undo before confirming: the die goes back, nothing else changes.
            undo = next(m for m in moves if m["action"] == "remove_die")
            shot(page, "troyes-04-building-an-action")
            click(page, table, undo)
            undone = True
            continue
        if "uses" in actions and "uses" not in shots:
            shots.add("uses")
            shot(page, "troyes-05-uses")
        if table.summary.startswith("Round 3") and "round3" not in shots:
            shots.add("round3")
            shot(page, "troyes-06-round-3")
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, "troyes-07-phone")
            page.set_viewport_size({"width": 1280, "height": 900})
        click(page, table, pick(moves, rng))
    table.refresh_from_db()
    assert table.status == "finished"
    assert undone
    for name, page in (("ana", ana), ("ben", ben)):
        page.wait_for_selector("text=Game over.")
        page.wait_for_selector(".t-final")
        shot(page, f"troyes-08-{name}-final")
        totals = page.locator(".t-sheet tbody td strong").all_inner_texts()
        assert [int(t) for t in totals] == table.outcome["scores"]
