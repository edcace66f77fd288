"""Two people sign up, open and join a Coup table and play it to the end in
their browsers, each page updating by itself when the other moves."""

from __future__ import annotations

import json

import pytest

from tables.models import Table
from tests.browser.conftest import play, press, shot, sign_up
from tests.support.seeds import seed_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# When nothing more interesting is offered, the order we like moves in: it
# keeps the game short.
PREFERENCE = ["coup", "assassinate", "tax", "lose", "reveal", "return", "pass", "income"]


def pick(moves: list[dict], challenged: bool) -> dict:
    actions = [m["action"] for m in moves]
    if not challenged and "challenge" in actions:
        return moves[actions.index("challenge")]
    for wanted in PREFERENCE:
        if wanted in actions:
            return moves[actions.index(wanted)]
    return moves[0]


def test_two_players_play_coup_to_the_end_in_their_browsers(new_page, settings):
    ana, ben = new_page(), new_page()
    sign_up(ana, "ana")
    sign_up(ben, "ben")

    ana.click("text=New table")
    ana.select_option("select[name=max_players]", "2")
    ana.select_option("select[name=time_control]", "fast")
    shot(ana, "coup-01-new-table")
    ana.click("button:has-text('Open the table')")
    table = Table.objects.get()
    seed_deal(table.pk)
    ben.goto("/")
    shot(ben, "coup-02-lobby-open-table")
    ben.click("button:has-text('Join')")
    ana.reload()
    ana.click("button:has-text('Start the game')")
    # Both pages become the game by themselves (ben's when its poll sees the start).
    for page in (ana, ben):
        page.wait_for_selector("#board", timeout=20_000)
    pages = {"ana": ana, "ben": ben}

    challenged = False
    for turn in range(200):
        table.refresh_from_db()
        if table.status != "active":
            break
        seat = table.to_act[0]
        user = table.seats.get(number=seat).user.username
        page = pages[user]
        # No reload: the page's poll must bring the new position by itself.
        page.wait_for_selector(
            f"form.moves input[name=version][value='{table.version}']", state="attached"
        )
        buttons = page.locator("form.moves button[name=move]")
        moves = [json.loads(v) for v in buttons.evaluate_all("bs => bs.map(b => b.value)")]
        move = pick(moves, challenged)
        if move["action"] == "challenge":
            challenged = True
            shot(page, "coup-03-challenge-offered")
        if turn == 2:
            shot(page, f"coup-04-{user}-mid-game")
        # The list, folded when the board has pieces to click, is the second way in.
        play(page, move, board=False)
        page.wait_for_selector(
            f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
        )
    table.refresh_from_db()
    assert table.status == "finished"
    assert challenged, "the game ended before anyone could challenge"
    for name, page in pages.items():
        page.wait_for_selector("text=Game over.")
        shot(page, f"coup-05-{name}-game-over")
    winner = table.outcome["winners"][0]
    winner_name = table.seats.get(number=winner).user.username
    assert f"{winner_name} wins" in ana.inner_text(".status-line")
    assert "challenges" in ana.inner_text(".log")


def test_a_coup_turn_is_played_by_clicking_pieces_on_the_board(page_for, users, settings):
    """COUP-5.1, COUP-5.3: ana takes Income from the treasury's menu and ben
    steals from ana by clicking her cards; no button of the list is used."""
    from playwright.sync_api import expect

    from tests.browser.test_phone import PHONE
    from tests.conftest import start_table

    table = start_table("coup", users[:2])
    first = table.to_act[0]
    ana, ben = users[first], users[1 - first]
    page = page_for(ana, {"width": 1280, "height": 900})
    page.goto(f"/tables/{table.pk}/")
    treasury = page.locator("details.piece-menu[data-piece='treasury']")
    expect(page.locator("form.moves details.move-list")).not_to_have_attribute("open", "")
    # The menu opens beside the pile, closes on Escape with focus back on the pile.
    summary = treasury.locator("summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(treasury.get_by_role("button", name="Income (+1)")).to_be_visible()
    shot(page, "coup-pieces-treasury-menu-1280")
    page.keyboard.press("Escape")
    expect(treasury.get_by_role("button", name="Income (+1)")).to_be_hidden()
    assert page.evaluate("document.activeElement.matches('details.piece-menu > summary')")
    press(page, summary)
    press(page, treasury.get_by_role("button", name="Income (+1)"))
    page.wait_for_selector(
        f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
    )
    table.refresh_from_db()
    assert table.to_act == [1 - first]
    assert f"{ana.username} takes Income" in page.inner_text(".log")

    phone = page_for(ben, PHONE)
    phone.goto(f"/tables/{table.pk}/")
    steal = phone.get_by_role("button", name=f"Steal from {ana.username}")
    box = steal.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "coup-pieces-steal-390")
    press(phone, steal)
    phone.wait_for_selector(
        f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
    )
    table.refresh_from_db()
    assert table.to_act == [first]
    assert "claims the Captain to steal from" in phone.inner_text(".log")
    page.reload()
    shot(page, "coup-pieces-answer-1280")
