"""Three people open and join a three-player Troyes table and play it to the
end in their browsers, each page updating by itself when another moves: the
starting citizens, the black dice, actions built die by die (with an undo
before confirming), bought dice, passing, down to the final score sheet
(TRO-4 to TRO-18). Every move is played by clicking the board: a space, a
die, a black die, a card, an event, a building, the Cathedral, or the turn's
own buttons beside them; the folded list is only checked to hold the same
moves. Screenshots at each kind of step, at 1280 and 390 px. A two-player
table is opened too, for its neutral citizens placed before the players'
(TRO-OP2), and axe checks the fight and an action being built."""

from __future__ import annotations

import json
import random
import re

import pytest

from tables.models import Table
from tests.browser import test_accessibility as axe
from tests.browser.conftest import open_two_player_table, press, shot, sign_up
from tests.conftest import make_user, start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("ana", "ben", "carl")


def open_three_player_table(pages, seed: int) -> Table:
    """ana, ben and carl sign up; ana opens a three-player Troyes table through
    the new-table form, the others join and ana starts it (a fixed seed)."""
    for page, name in zip(pages, NAMES, strict=True):
        sign_up(page, name)
    ana = pages[0]
    ana.click("text=New table")
    ana.click(".tabs a:has-text('Troyes')")
    ana.select_option("select[name=max_players]", "3")
    ana.select_option("select[name=time_control]", "fast")
    ana.click("button:has-text('Open the table')")
    table = Table.objects.get()
    Table.objects.filter(pk=table.pk).update(seed=seed)
    for page in pages[1:]:
        page.goto("/")
        page.click("button:has-text('Join')")
    ana.reload()
    ana.click("button:has-text('Start the game')")
    # Every page becomes the game by itself (ana's by the start's redirect, the
    # others' when their waiting room's poll sees the start): a navigation of
    # ours now would race theirs.
    for page in pages:
        page.wait_for_selector("#board", timeout=20_000)
    table.refresh_from_db()
    return table


def wait_for_turn(page, table: Table) -> None:
    table.refresh_from_db()
    page.wait_for_selector(
        f"form.moves input[name=version][value='{table.version}']", state="attached"
    )


def on_board(page) -> list[tuple[dict, str, str]]:
    """The moves the board itself offers: each move, the name its button
    reads out, and the piece whose menu holds it ('' for a button of its own)."""
    found = page.locator(".troyes button[name=move]").evaluate_all(
        """bs => bs.map(b => [b.value, b.getAttribute('aria-label') || b.textContent.trim(),
            (b.closest('details.piece-menu') || {dataset: {piece: ''}}).dataset.piece])"""
    )
    return [(json.loads(value), label, menu) for value, label, menu in found]


def listed(page) -> list[dict]:
    """The moves of the folded list, the second way in."""
    values = page.locator("form.moves button[name=move]").evaluate_all("bs => bs.map(b => b.value)")
    return [json.loads(v) for v in values]


def click_on_board(page, table: Table, move: dict, menu: str) -> int:
    """Play a move by clicking its piece (and the menu item when the piece
    holds several moves); returns the clicks it took."""
    wait_for_turn(page, table)
    value = json.dumps(move, separators=(",", ":"))
    clicks = 1
    if menu:
        page.locator(f".troyes details.piece-menu[data-piece='{menu}'] > summary").click()
        clicks += 1
    press(page, page.locator(f".troyes button[value='{value}']:visible").first)
    page.wait_for_selector(
        f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
    )
    table.refresh_from_db()
    return clicks


def key(move: dict) -> str:
    return json.dumps(move, sort_keys=True)


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


def test_three_players_play_troyes_by_clicking_the_board(new_page, settings):
    """Every legal move is on the board (a piece, a menu item of a piece, or
    a control of the turn); the game is played through those alone. The
    defence reads its total beside the dice, red counted double, with the
    fight disabled and its reason while too low (TRO-9.4, TRO-9.5, TRO-9.9)."""
    pages = [new_page() for _ in NAMES]
    table = open_three_player_table(pages, 20261203)
    by_name = dict(zip(NAMES, pages, strict=True))
    by_seat = {seat.number: by_name[seat.user.username] for seat in table.seats.all()}
    first = by_seat[table.to_act[0]]
    wait_for_turn(first, table)
    first.wait_for_selector("text=Placing the starting citizens")
    # Every clock shows its time from the start, not only the first mover's.
    chips = first.locator("ul.clocks li").all_inner_texts()
    assert len(chips) == 3 and all(re.search(r"left|in the bank", c) for c in chips), chips
    assert "Put each starting citizen on any empty space" in first.inner_text("#board")
    # TRO-4.1: each empty space is a button named by where it puts the citizen.
    spaces = first.locator(".t-building button.piece[data-piece^='space:']")
    assert spaces.count() == len([m for m in listed(first) if m["action"] == "place"])
    assert spaces.first.get_attribute("aria-label").startswith(("Palace", "Monastery", "City"))
    assert not first.locator("form.moves details.move-list").evaluate("d => d.open")
    shot(first, "troyes-02-placement")

    rng = random.Random(3)
    shots: set[str] = set()
    undone = False
    clicks: dict[str, list[int]] = {"action": [], "defence": [], "place": []}
    running = {"kind": None, "clicks": 0}
    for _ in range(1500):
        table.refresh_from_db()
        if table.status != "active":
            break
        page = by_seat[table.to_act[0]]
        wait_for_turn(page, table)
        board = on_board(page)
        moves = list({key(m): m for m, _, _ in board}.values())  # a move may have two buttons
        # Every legal move (those of the folded list) is on the board.
        assert {key(m) for m in listed(page)} == {key(m) for m in moves}
        menus = {}
        for m, _, menu in board:
            menus[key(m)] = min(menus.get(key(m), menu), menu)
        actions = {m["action"] for m in moves}
        if "select_own" in actions and "defence" not in shots:
            shots.add("defence")
            fight = page.inner_text(".t-fight")
            assert "against the black" in fight
            if "fight" not in actions:
                why = page.locator(".t-fight button[disabled]:has-text('Fight')")
                assert why.count() == 1 and page.inner_text("#t-fight-why")
            shot(page, "troyes-03-black-dice")
            page.set_viewport_size({"width": 390, "height": 844})
            # On a phone the fight comes first, its buttons within the first screen.
            box = page.locator(".t-fight .t-controls").bounding_box()
            assert box["y"] + box["height"] <= 844, box
            for b in page.locator(".t-square button.piece").all():
                size = b.bounding_box()
                assert size["width"] >= 44 and size["height"] >= 44, size
            shot(page, "troyes-03-black-dice-phone")
            page.set_viewport_size({"width": 1280, "height": 900})
        bought = [label for m, label, _ in board if m["action"] == "add_die" and " from " in label]
        if bought and "bought" not in shots:
            # TRO-10.4: another district's die reads with its price in deniers.
            assert all(re.search(r"(for \d+ deniers?|free with Tithing)", b) for b in bought)
            shots.add("bought")
            shot(page, "troyes-04-bought-die")
        if "add_die" in actions and "remove_die" in actions and not undone:
            # Undo before confirming: the die goes back, nothing else changes.
            undo = next(m for m in moves if m["action"] == "remove_die")
            assert "worth" in page.inner_text(".t-turn")
            shot(page, "troyes-05-building-an-action")
            running["clicks"] += click_on_board(page, table, undo, menus[key(undo)])
            undone = True
            continue
        if "uses" in actions and "uses" not in shots:
            shots.add("uses")
            shot(page, "troyes-06-uses")
        if "pass-deniers" not in shots and page.locator(".t-pass-deniers").count():
            shots.add("pass-deniers")
            assert re.search(r"\d+ deniers? from passing", page.inner_text(".t-square"))
            shot(page, "troyes-07-deniers-from-passing")
        if "choose" in actions and "phone-actions" not in shots:
            # On a phone the actions to start are in the first screen.
            shots.add("phone-actions")
            page.set_viewport_size({"width": 390, "height": 844})
            box = page.locator(".t-choose").bounding_box()
            assert box["y"] + box["height"] <= 844, box
            assert page.locator(".t-choose button").count() == sum(
                m["action"] == "choose" for m in moves
            )
            page.screenshot(path=str(shot(page, "troyes-09-phone-actions")), full_page=False)
            page.set_viewport_size({"width": 1280, "height": 900})
        if table.summary.startswith("Round 3") and "round3" not in shots:
            shots.add("round3")
            shot(page, "troyes-08-round-3")
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, "troyes-09-phone")

            page.set_viewport_size({"width": 1280, "height": 900})
        move = pick(moves, rng)
        n = click_on_board(page, table, move, menus[key(move)])
        action = move["action"]
        if action == "place":
            clicks["place"].append(n)
        elif action == "choose" or (
            action in ("select_own", "select_black") and not running["kind"]
        ):
            running.update(kind="action" if action == "choose" else "defence", clicks=n)
        elif action in ("confirm", "fight", "concede", "cancel") and running["kind"]:
            if action != "cancel":
                clicks[running["kind"]].append(running["clicks"] + n)
            running.update(kind=None, clicks=0)
        elif running["kind"]:
            running["clicks"] += n
        elif action == "concede":
            clicks["defence"].append(n)
    table.refresh_from_db()
    assert table.status == "finished"
    assert undone and {"bought", "pass-deniers", "defence", "phone-actions"} <= shots, shots
    print("clicks per step:", {k: (min(v), max(v), len(v)) for k, v in clicks.items() if v})
    for name, page in by_name.items():
        page.wait_for_selector(".t-final")
        text = page.inner_text("#board")
        assert text.count("Game over") == 1
        header = page.locator(".t-sheet thead th").all_inner_texts()
        assert header[:2] == ["Player", "Victory points"] and "Tokens" not in header
        shot(page, f"troyes-10-{name}-final")
        totals = page.locator(".t-sheet tbody td strong").all_inner_texts()
        assert [int(t) for t in totals] == table.outcome["scores"]


def test_two_players_find_the_neutral_citizens_placed_first(new_page, settings):
    """TRO-OP2: with two players six neutral citizens stand in the buildings,
    two in each, before anyone places, and twelve spaces are offered."""
    ana, ben = new_page(), new_page()
    table = open_two_player_table(ana, ben, "Troyes", 20261201)
    page = {"ana": ana, "ben": ben}[table.seats.get(number=table.to_act[0]).user.username]
    page.goto(f"/tables/{table.pk}/")
    wait_for_turn(page, table)
    for building in ("Palace", "Monastery", "City Hall"):
        greys = page.locator(f".t-building:has(h3:has-text('{building}')) .t-citizen.grey")
        assert greys.count() == 2, building
    places = [m for m in listed(page) if m["action"] == "place"]
    assert len(places) == 12
    assert "Neutral citizens go first" in page.inner_text(".log")
    shot(page, "troyes-02-placement-two-players")


@pytest.fixture
def viewers(browser, live_server):
    v = axe.Viewers(browser, live_server.url)
    yield v
    v.close()


def test_the_fight_and_an_action_being_built_have_no_wcag_violation(viewers):
    """axe at 1280 and 390 px on the defence (its total, the disabled fight
    and the influence pieces), an action being built and one to choose (the
    phone lists the actions in the turn's panel), for the player to act, the
    one waiting and a spectator (TRO-9.9, TRO-10)."""
    ana, ben, carl = make_user("ana"), make_user("ben"), make_user("carl")
    table = start_table("troyes", [ana, ben], seed=7, time_control="fast")
    table = axe.play_until(table, lambda s: s["phase"] == "defence", seed=2)
    found = axe.audit_table(viewers, table, carl, "defence")
    table = axe.play_until(table, lambda s: s["build"] is not None, seed=3)
    found += axe.audit_table(viewers, table, carl, "an action being built")
    choosing = lambda s: s["phase"] == "actions" and s["build"] is None  # noqa: E731
    table = axe.play_until(table, choosing, seed=4)
    found += axe.audit_table(viewers, table, carl, "an action to choose")
    axe.assert_clean(found)
