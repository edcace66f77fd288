"""Two people open and join a two-player Seasons table at the Wizard level and
play it to the end in their browsers: the draft and the year sets clicked
card by card, then the Duel with buttons picked at random (ending turns
often, so the game stays short), a bonus taken and cancelled, each page
updating by itself when the other moves. A second test sets up the screens a
new player reads (the draft's names, a token put on the Amulet of Water, the
set still to come in year 2, the Apprentice level in the lobby and the table
header) and shoots them. Pages are shot at each step, one at a phone's width."""

from __future__ import annotations

import json
import random

import pytest

from games.seasons.models import SeasonsState
from games.seasons.rules import ENGINE
from tables import services
from tables.models import Table
from tests.browser.conftest import open_two_player_table, press, shot
from tests.seasons.helpers import cid, duel

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
    quiet = [m for m in moves if m["action"] not in ("bonus", "cancel")]
    return rng.choice(quiet or moves)


def test_two_players_play_a_wizard_game_with_the_draft_through_the_page(new_page, settings):
    settings.TABLE_POLL_SECONDS = 1
    ana, ben = new_page(), new_page()
    table = open_two_player_table(ana, ben, "Seasons", 20261201, selects={"opt_level": "wizard"})
    assert table.options == {"level": "wizard"}
    by_seat = {s.number: {"ana": ana, "ben": ben}[s.user.username] for s in table.seats.all()}
    for page in (ana, ben):
        page.goto(f"/tables/{table.pk}/")

    # The draft (SEA-4.1): eight picks each, the ninth card comes by itself.
    ana.wait_for_selector(".s-packet .scard")
    assert ana.locator(".s-packet .scard").count() == 9
    shot(ana, "seasons-02-draft")
    for _ in range(8):
        for page in (ana, ben):
            click(page, table, "button:has-text('Pick ')")
    assert stored(table)["phase"] == "sets"

    # The year sets: every card clicked into a year, then confirmed (SEA-4.2).
    wait_for_turn(ana, table)
    assert ana.locator(".s-picked .scard").count() == 9
    shot(ana, "seasons-03-year-sets")
    for page in (ana, ben):
        for year in (1, 1, 1, 2, 2, 2, 3, 3, 3):
            click(page, table, f"button:has-text('to year {year}')")
        click(page, table, "button:has-text('Confirm my three sets')")

    rng = random.Random(3)
    shots: set[str] = set()
    for _ in range(1200):
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
        if {"action": "bonus", "bonus": 3} in moves and "cancel" not in shots:
            # A bonus taken by mistake is taken back (SEA-8.2).
            shots.add("cancel")
            bonuses = stored(table)["p"][table.to_act[0]]["bonuses"]
            click(page, table, button({"action": "bonus", "bonus": 3}))
            wait_for_turn(page, table)
            shot(page, "seasons-10-cancel-a-bonus")
            click(page, table, "button:has-text('Cancel this bonus')")
            assert stored(table)["p"][table.to_act[0]]["bonuses"] == bonuses
            continue
        click(page, table, button(pick(moves, rng)))
    table.refresh_from_db()
    assert table.status == "finished"
    assert {"phone", "cancel", "seasons-04-dice"} <= shots
    scores = table.outcome["scores"]
    for page in (ana, ben):
        page.wait_for_selector("text=Game over.")
        page.wait_for_selector(".s-final")
        shot(page, "seasons-11-final")
        totals = page.locator(".s-final tbody td strong").all_inner_texts()
        assert [int(t) for t in totals] == scores


def put_state(table: Table, state: dict) -> Table:
    SeasonsState.objects.filter(pk=table.pk).update(state=state)
    Table.objects.filter(pk=table.pk).update(
        to_act=ENGINE.to_act(state), prompt=ENGINE.prompt(state), summary=ENGINE.summary(state)
    )
    table.refresh_from_db()
    return table


def test_the_screens_a_new_player_reads(page_for, users, settings):
    settings.TABLE_POLL_SECONDS = 1
    ana, ben = users[0], users[1]

    # The Apprentice level, named in the lobby and the table's header.
    waiting = services.table_create(creator=ana, game="seasons", max_players=3, options={})
    lobby = page_for(ben)
    lobby.goto("/")
    lobby.wait_for_selector("text=Level: Apprentice (ready-made sets of cards 1-30)")
    shot(lobby, "seasons-words-01-lobby-apprentice")
    lobby.goto(f"/tables/{waiting.pk}/")
    lobby.wait_for_selector("text=Level: Apprentice (ready-made sets of cards 1-30)")
    shot(lobby, "seasons-words-02-table-header-apprentice")

    # The new-table form's help for the level speaks without rule ids.
    form = page_for(ana)
    form.goto("/tables/new/?game=seasons")
    help_text = form.locator("#id_opt_level_helptext").inner_text()
    assert help_text.startswith("How each player gets their nine power cards")
    shot(form, "seasons-words-03-new-table-form")

    # The draft: familiars named as people take no article.
    table = services.table_create(
        creator=ana, game="seasons", max_players=2, options={"level": "wizard"}
    )
    services.table_join(table_id=table.pk, user=ben)
    services.table_start(table_id=table.pk, user=ana)
    state = ENGINE.setup(2, {"level": "wizard"}, 11)
    state["p"][0]["packet"] = [cid(16), cid(10), cid(4), cid(19)]
    table = put_state(table, state)
    page = page_for(ana)
    page.goto(f"/tables/{table.pk}/")
    page.wait_for_selector("button:has-text('Pick Kairn the Destroyer')")
    page.wait_for_selector("button:has-text('Pick the Amulet of Water')")
    shot(page, "seasons-words-04-draft-names")

    # A token put on the Amulet of Water, said once in the log; 1 crystal.
    state = duel(hands=[[4]], energy=[[1, 2, 0, 0]], face={"transmute": True}, month=2)
    table = put_state(table, state)
    for move in (
        {"action": "summon", "card": cid(4)},
        {"action": "take", "element": 2},
        {"action": "take", "element": 2},
        {"action": "take", "element": 1},
        {"action": "take", "element": 0},
    ):
        services.move_submit(table_id=table.pk, user=ana, version=table.version, move=move)
        table.refresh_from_db()
    page.goto(f"/tables/{table.pk}/")
    page.wait_for_selector("text=takes 1 fire onto the Amulet of Water.")
    page.wait_for_selector("button:has-text('Transmute 1 air into 1 crystal')")
    assert page.locator("text=(the Amulet of Water)").count() == 0
    shot(page, "seasons-words-05-amulet-of-water-and-one-crystal")

    # Year 2: the one set still to come is year 3's.
    table = put_state(table, duel(year=2, month=2, hands=[[1]], years=[[[2, 3, 5]], [[6]]]))
    page.goto(f"/tables/{table.pk}/")
    page.wait_for_selector("h3:has-text('Set for year 3')")
    assert page.locator("h3:has-text('Set for year 2')").count() == 0
    shot(page, "seasons-words-06-year-2-set-for-year-3")
