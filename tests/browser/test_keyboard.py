"""Games played with the keyboard alone (Tab, Shift+Tab, Enter, Space):
focus stays on a sensible element across every live update, and the page's
one live region says what changed and when it is the viewer's turn."""

from __future__ import annotations

import json

import pytest

from games import registry
from tables import services
from tables.models import Table
from tests.browser.conftest import shot
from tests.conftest import make_user, start_table, state_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/shots_a11y"


def focused(page, expression: str):
    """Something about the focused element, as a JS expression over `el`."""
    return page.evaluate(f"() => {{ const el = document.activeElement; return {expression}; }}")


def wait_for_focus(page, element_id: str) -> None:
    """Focus is put back once a redraw has settled, a moment after the new
    board is in the page: wait for it there (a timeout if it never comes)."""
    page.wait_for_function(
        "id => document.activeElement && document.activeElement.id === id", arg=element_id
    )


def tab_until(page, condition: str, *, key: str = "Tab", limit: int = 80) -> None:
    """Press Tab (or Shift+Tab) until the focused element meets `condition`
    (a JS expression over `el`)."""
    for _ in range(limit):
        page.keyboard.press(key)
        if focused(page, f"!!el && ({condition})"):
            return
    raise AssertionError(f"{key} never reached an element where {condition}")


def is_move(action: str) -> str:
    return f"el.name === 'move' && JSON.parse(el.value).action === {json.dumps(action)}"


def move_by_service(table: Table, user, pick) -> None:
    """Another player's move, made on the server: it reaches our page by the poll."""
    table.refresh_from_db()
    seat = table.seats.get(user=user).number
    moves = registry.get(table.game).engine.legal_moves(state_of(table), seat)
    services.move_submit(table_id=table.pk, user=user, version=table.version, move=pick(moves))


def is_piece(name: str) -> str:
    """The focused element is the board piece `name` that opens a menu."""
    return f"el.matches('details.piece-menu[data-piece={name}] > summary')"


def open_menu_and_reach(page, piece: str, action: str) -> None:
    """Tab to a board piece, open its menu with Enter, Tab to the move."""
    tab_until(page, is_piece(piece))
    page.keyboard.press("Enter")
    assert focused(page, "el.parentElement.open")
    tab_until(page, is_move(action), limit=6)


def action(name: str):
    return lambda moves: next(m for m in moves if m["action"] == name)


def wait_for_version(page, version: int) -> None:
    page.wait_for_selector(f"#board .poll[hx-get*='version={version}&']", state="attached")


def wait_for_live(page, *texts: str) -> str:
    page.wait_for_function(
        "texts => texts.every(t => document.getElementById('live').textContent.includes(t))",
        arg=list(texts),
    )
    return page.locator("#live").text_content()


def open_table_for_ana(page_for, game: str, seed: int, width: int):
    """ana's page of a new two-player table of `game` against carol."""
    ana, carol = make_user("ana"), make_user("carol")
    table = start_table(game, [ana, carol], seed=seed, time_control="fast")
    page = page_for(ana, {"width": width, "height": 900})
    page.goto(f"/tables/{table.pk}/")
    return page, table, ana, carol, table.seats.get(user=ana).number


def test_a_coup_turn_is_played_with_the_keyboard_and_announced(page_for, settings):
    page, table, _ana, carol, ana_seat = open_table_for_ana(page_for, "coup", 1, 1280)

    if table.to_act == [ana_seat]:
        # Tax, a claim, from the treasury's menu: carol may challenge it, and passes.
        open_menu_and_reach(page, "treasury", "tax")
        page.keyboard.press("Enter")
        wait_for_version(page, table.version + 1)
        # My button is gone and it is not my turn: the status line has focus.
        wait_for_focus(page, "status-line")
        assert "Waiting for carol" in focused(page, "el.textContent")
        move_by_service(table, carol, action("pass"))
    move_by_service(table, carol, action("income"))
    table.refresh_from_db()
    wait_for_version(page, table.version)

    said = wait_for_live(page, "carol takes Income.", "Your turn")
    assert said.index("carol takes Income.") < said.index("Your turn")
    # The question has focus, and it is read as such.
    assert focused(page, "el.id") == "status-line", focused(page, "el.outerHTML.slice(0, 300)")
    assert focused(page, "el.textContent").strip().startswith("Your turn")

    # From the question, the next key offers a way to my moves; on the board,
    # the treasury's menu opens with Enter, and Income is in it.
    page.keyboard.press("Tab")
    assert focused(page, "el.textContent") == "Go to your moves"
    open_menu_and_reach(page, "treasury", "income")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert focused(page, is_move("income"))
    page.screenshot(path=f"{SHOTS}/coup-keyboard-focus-on-income.png")
    page.keyboard.press("Space")
    wait_for_version(page, table.version + 1)
    wait_for_focus(page, "status-line")
    wait_for_live(page, "ana takes Income.", "Waiting for carol")

    # carol's next move arrives by the poll: focus stays where it was.
    move_by_service(table, carol, action("income"))
    table.refresh_from_db()
    wait_for_version(page, table.version)
    wait_for_live(page, "carol takes Income.", "Your turn")
    wait_for_focus(page, "status-line")


def test_a_koryo_order_is_made_with_the_keyboard(page_for, settings):
    page, table, _ana, _carol, ana_seat = open_table_for_ana(page_for, "koryo", 3, 390)
    assert ana_seat in table.to_act

    tab_until(page, is_move("order_kind"))
    page.keyboard.press("Enter")
    wait_for_version(page, table.version + 1)
    # The kind buttons gave way to the counts: my turn goes on, the question has focus.
    wait_for_focus(page, "status-line")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    tab_until(page, is_move("order_count"))
    page.screenshot(path=f"{SHOTS}/koryo-keyboard-phone-focus-on-count.png")
    page.keyboard.press("Space")
    wait_for_version(page, table.version + 2)
    table.refresh_from_db()
    assert ana_seat not in table.to_act
    wait_for_focus(page, "status-line")
    wait_for_live(page, "Waiting for carol")


def test_focus_stays_on_a_lobby_link_when_the_lobby_refreshes(page_for):
    ana, carol = make_user("ana"), make_user("carol")
    table = start_table("coup", [ana, carol], seed=1, time_control="fast")
    page = page_for(ana, {"width": 1280, "height": 900})
    page.goto("/")
    link = f"/tables/{table.pk}/"
    tab_until(page, f"el.getAttribute('href') === '{link}' && !!el.closest('#my-games')")
    page.evaluate(
        """() => new Promise(done => {
          document.addEventListener('htmx:afterSettle', () => setTimeout(done, 0), {once: true});
          htmx.ajax('GET', '/', {target: '#my-games', select: '#my-games', swap: 'outerHTML'});
        })"""
    )
    assert focused(page, "el.getAttribute('href')") == link
    assert focused(page, "!!el.closest('#my-games') && el.isConnected")
    shot(page, "lobby-keyboard-focus-after-refresh")
