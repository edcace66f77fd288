"""Two people open and join a two-player Seasons table at the Apprentice
level and play it to the end in their browsers: the year sets clicked card by
card, then the Duel with buttons picked at random (ending turns often, so the
game stays short), each page updating by itself when the other moves. Pages
are shot at each step, one of them at a phone's width."""

from __future__ import annotations

import json
import random

import pytest

from games.seasons.models import SeasonsState
from tables.models import Table
from tests.browser.conftest import open_two_player_table, press, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def stored(table: Table) -> dict:
    return SeasonsState.objects.get(pk=table.pk).state


def wait_for_turn(page, table: Table) -> None:
    table.refresh_from_db()
    page.wait_for_selector(
        f"form.moves input[name=version][value='{table.version}']", state="attached"
    )


def click(page, table: Table, selector: str) -> None:
    wait_for_turn(page, table)
    press(page, page.locator(f"form.moves {selector}").first)
    page.wait_for_selector(
        f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
    )
    table.refresh_from_db()


def button(move: dict) -> str:
    return f"button[value='{json.dumps(move, separators=(',', ':'))}']"


def offered(page) -> list[dict]:
    values = page.locator("form.moves button[name=move]").evaluate_all("bs => bs.map(b => b.value)")
    return [json.loads(v) for v in values]


def pick(moves: list[dict], rng: random.Random) -> dict:
    actions = {m["action"] for m in moves}
    summons = [m for m in moves if m["action"] == "summon"]
    if summons and rng.random() < 0.8:
        return summons[0]
    if "end_turn" in actions and rng.random() < 0.6:
        return {"action": "end_turn"}
    quiet = [m for m in moves if m["action"] != "bonus"]
    return rng.choice(quiet or moves)


def test_two_players_play_seasons_through_the_page(new_page, settings):
    settings.TABLE_POLL_SECONDS = 1
    ana, ben = new_page(), new_page()
    table = open_two_player_table(
        ana, ben, "Seasons", 20261201, selects={"opt_level": "apprentice"}
    )
    assert table.options == {"level": "apprentice"}
    by_seat = {s.number: {"ana": ana, "ben": ben}[s.user.username] for s in table.seats.all()}
    for page in (ana, ben):
        page.goto(f"/tables/{table.pk}/")

    # The year sets: every card clicked into a year, then confirmed (SEA-4.2).
    ana.wait_for_selector(".s-picked .scard")
    assert ana.locator(".s-picked .scard").count() == 9
    shot(ana, "seasons-02-year-sets")
    for page in (ana, ben):
        for year in (1, 1, 1, 2, 2, 2, 3, 3, 3):
            click(page, table, f"button:has-text('to year {year}')")
        shot(page, "seasons-03-sets-made")
        click(page, table, "button:has-text('Confirm my three sets')")

    rng = random.Random(3)
    shots: set[str] = set()
    for _ in range(900):
        table.refresh_from_db()
        if table.status != "active":
            break
        page = by_seat[table.to_act[0]]
        wait_for_turn(page, table)
        moves = offered(page)
        actions = {m["action"] for m in moves}
        for wanted, name in [
            ("take_die", "seasons-04-dice"),
            ("summon", "seasons-05-my-turn"),
            ("keep", "seasons-06-keep-a-card"),
            ("move_marker", "seasons-07-boots"),
            ("return", "seasons-08-reserve-full"),
        ]:
            if wanted in actions and name not in shots:
                shots.add(name)
                shot(page, name)
        if stored(table)["year"] == 2 and "phone" not in shots:
            shots.add("phone")
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, "seasons-09-phone-year-2")
            page.set_viewport_size({"width": 1200, "height": 900})
        click(page, table, button(pick(moves, rng)))
    table.refresh_from_db()
    assert table.status == "finished"
    scores = table.outcome["scores"]
    for page in (ana, ben):
        page.wait_for_selector("text=Game over.")
        page.wait_for_selector(".s-final")
        shot(page, "seasons-10-final")
        totals = page.locator(".s-final tbody td strong").all_inner_texts()
        assert [int(t) for t in totals] == scores
