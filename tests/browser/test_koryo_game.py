"""Two people sign up, open and join a two-player Koryo table and play it to
the end in their browsers, each page updating by itself when the other moves.

The first two rounds are scripted so that the buttons of every kind of
decision get clicked: orders (kind, then count), reveals, the Banker's token,
a Barbarians target (KOR-7.8) and a Lobbying swap picked card after card
(KOR-7.9). To have the cards those rounds need, the test rewrites the hands
in the stored state right after each deal, before anyone has clicked; every
move is then made by clicking the cards, the bank and the menus beside them
on the board. The rest of the game is played from the list of moves, picked
at random, down to the final score sheet (KOR-9).
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from games.koryo.rules.cards import CARD_KINDS, EVENT_KINDS
from tables.models import Table, TableState
from tests.browser.conftest import open_two_player_table, press, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# -- the stored state ---------------------------------------------------------------


def stored(table: Table) -> dict:
    return TableState.objects.get(pk=table.pk).state


def give(table: Table, seat: int, wanted: dict[int | str, int]) -> None:
    """Swap cards between a seat's fresh hand and the deck so that it holds at
    least `wanted` cards of each kind (a family number or an event's name)."""
    state = stored(table)
    hand, deck = state["hands"][seat], state["deck"]
    kinds = {EVENT_KINDS.get(kind, kind): count for kind, count in wanted.items()}
    for kind, count in kinds.items():
        spare = [c for c in hand if CARD_KINDS[c] not in kinds]
        supply = [c for c in deck if CARD_KINDS[c] == kind]
        for _ in range(count - sum(1 for c in hand if CARD_KINDS[c] == kind)):
            out, into = spare.pop(), supply.pop()
            hand[hand.index(out)] = into
            deck[deck.index(into)] = out
    hand.sort()
    TableState.objects.filter(pk=table.pk).update(state=state)


# -- clicking -----------------------------------------------------------------------


def wait_for_turn(page, table: Table) -> None:
    """No reload: the page's poll must bring the new position by itself."""
    table.refresh_from_db()
    page.wait_for_selector(
        f"form.moves input[name=version][value='{table.version}']", state="attached"
    )


def redrawn(page, table: Table, version: int) -> None:
    """Wait for the board the move's answer redraws (a move may bring forced
    moves after it, so the version may go up by more than one)."""
    page.wait_for_selector(f"#board .poll:not([hx-get*='version={version}&'])", state="attached")
    table.refresh_from_db()


def click(page, table: Table, selector: str) -> None:
    """Click a piece of the board that plays one move."""
    wait_for_turn(page, table)
    version = table.version
    press(page, page.locator(f"#board {selector} button.piece"))
    redrawn(page, table, version)


def choose(page, table: Table, selector: str, label: str) -> None:
    """Open the menu of a piece with several moves (unless the board drew it
    open, as for the family just chosen) and click one of them."""
    wait_for_turn(page, table)
    version = table.version
    menu = page.locator(f"#board {selector} details.piece-menu")
    if menu.get_attribute("open") is None:
        press(page, menu.locator("summary"))
    press(page, menu.get_by_role("button", name=label))
    redrawn(page, table, version)


def listed(page, table: Table, move: dict) -> None:
    """Click a move in the list of moves (unfolded first when folded)."""
    wait_for_turn(page, table)
    version = table.version
    folded = page.locator("form.moves details.move-list:not([open]) > summary")
    if folded.count():
        press(page, folded)
    value = json.dumps(move, separators=(",", ":"))
    press(page, page.locator(f"form.moves button[value='{value}']"))
    redrawn(page, table, version)


def offered(page) -> list[dict]:
    """The moves the page's list offers."""
    values = page.locator("form.moves button[name=move]").evaluate_all("bs => bs.map(b => b.value)")
    return [json.loads(value) for value in values]


def pick(moves: list[dict], hand: list[int], rng: random.Random) -> dict:
    """Mostly big orders, so that tableaux fill up and players must discard;
    otherwise any move."""
    moves = [move for move in moves if move["action"] != "order_back"]
    kinds = [move for move in moves if move["action"] == "order_kind"]
    counts = [move for move in moves if move["action"] == "order_count"]
    if rng.random() < 0.7:
        if kinds:
            held = [CARD_KINDS[card] for card in hand]
            return max(kinds, key=lambda m: held.count(EVENT_KINDS.get(m["kind"], m["kind"])))
        if counts:
            return counts[-1]
    return rng.choice(moves)


# -- the game -------------------------------------------------------------------------


def test_two_players_play_koryo_through_its_buttons(new_page, settings):
    ana, ben = new_page(), new_page()
    table = open_two_player_table(ana, ben, "Koryo", 20261129)
    by_seat = {
        seat.number: {"ana": ana, "ben": ben}[seat.user.username] for seat in table.seats.all()
    }
    names = {seat.number: seat.user.username for seat in table.seats.all()}
    first = stored(table)["first_player"]
    second = 1 - first
    fp, sp = by_seat[first], by_seat[second]

    # Round 1: the first player places 3 Merchants; the second a Barbarians.
    give(table, first, {9: 3})
    give(table, second, {"barbarians": 1})
    for page in (ana, ben):
        page.goto(f"/tables/{table.pk}/")
    fp.wait_for_selector("#k-hand .kstack.fam-9")
    # The reference of the families stays open while the board redraws.
    sp.click("#k-help summary")
    shot(fp, "koryo-02-orders-my-hand")
    # The cards in the hand are themselves the button that places them; the
    # count is a menu beside them.
    click(fp, table, "#k-hand .kstack.fam-9")
    # One click on the family: its counts open at once (KOR-6.1, KOR-6.2).
    expect(fp.get_by_role("button", name="Play 3 Merchants")).to_be_visible()
    shot(fp, "koryo-03-orders-how-many")
    fp.keyboard.press("Escape")
    choose(fp, table, "#k-hand .kstack.fam-9", "Play 3 Merchants")
    # The first player sees their own order face up; the other, three backs.
    fp.wait_for_selector(f"#k-player-{first} .k-orders .kcard.fam-9.facedown")
    sp.wait_for_selector(f"#k-player-{first} .k-orders-count:has-text('3 cards')")
    expect(sp.locator(f"#k-player-{first} .k-backs .kcard.back")).to_have_count(3)
    expect(sp.locator(f"#k-player-{first} .kcard.fam-9")).to_have_count(0)
    expect(sp.locator("#k-help[open]")).to_have_count(1)
    shot(sp, "koryo-04-orders-the-others-backs")
    click(sp, table, "#k-hand .kstack.ev-barbarians")
    click(sp, table, "#k-hand .kstack.ev-barbarians")

    # Three identical cards are revealed in one click (KOR-7.2); the other
    # player's lone Barbarians, their only move, is revealed with it (KOR-7.4).
    shot(fp, "koryo-05-actions-reveal-1280")
    choose(fp, table, f"#k-player-{first} .k-orders .kstack.fam-9", "Reveal all 3 Merchants")
    sp.wait_for_selector(f"#k-player-{first} .kstack.fam-9.majority")
    sp.wait_for_selector("#k-pending")
    shot(sp, "koryo-06-barbarians-target")
    # The target is picked on the opponent's cards themselves.
    click(sp, table, f"#k-player-{first} .kstack.fam-9")
    fp.wait_for_selector(f"text={names[second]}'s Barbarians destroy {names[first]}'s Merchant.")
    expect(fp.locator(f"#k-player-{first} .kstack.fam-9 .kcard")).to_have_count(2)

    # Round 2: the token has passed; the new first player places 2 Bankers
    # and takes a token with them, the other swaps with a Lobbying.
    state = stored(table)
    assert state["round"] == 2 and state["first_player"] == second
    give(table, second, {6: 2})
    give(table, first, {"lobbying": 1})
    for page in (ana, ben):
        page.reload()
    click(sp, table, "#k-hand .kstack.fam-6")
    choose(sp, table, "#k-hand .kstack.fam-6", "Play 2 Bankers")
    click(fp, table, "#k-hand .kstack.ev-lobbying")
    click(fp, table, "#k-hand .kstack.ev-lobbying")
    choose(sp, table, f"#k-player-{second} .k-orders .kstack.fam-6", "Reveal all 2 Bankers")
    shot(sp, "koryo-07-banker-power")
    # The bank itself gives the Banker's token; then the Lobbying, the other
    # player's only move, is revealed.
    click(sp, table, ".k-fact")
    fp.wait_for_selector(f"#k-player-{second} .k-player-tokens:has-text('1')")
    fp.wait_for_selector("#k-pending")
    click(fp, table, f"#k-player-{first} .kstack.fam-9")
    fp.wait_for_selector("#k-pending:has-text('now the card of another player')")
    shot(fp, "koryo-08-lobbying-second-card")
    click(fp, table, f"#k-player-{second} .kstack.fam-6")
    sp.wait_for_selector(f"text={names[first]}'s Lobbying swaps")
    expect(sp.locator(f"#k-player-{first} .kstack.fam-6")).to_have_count(1)
    expect(sp.locator(f"#k-player-{second} .kstack.fam-9")).to_have_count(1)

    # The rest of the game, with buttons picked at random.
    rng = random.Random(5)
    shots = set()
    for _ in range(600):
        table.refresh_from_db()
        if table.status != "active":
            break
        page = by_seat[table.to_act[0]]
        wait_for_turn(page, table)
        offers = offered(page)
        actions = {move["action"] for move in offers}
        state = stored(table)
        for wanted, name in [("discard", "koryo-09-discard"), ("spy_steal", "koryo-10-spy")]:
            if wanted in actions and name not in shots:
                shots.add(name)
                shot(page, name)
        if state["round"] == 5 and "mid" not in shots:
            shots.add("mid")
            shot(page, "koryo-11-round-5")
        chosen = pick(offers, state["hands"][table.to_act[0]], rng)
        listed(page, table, chosen)
    table.refresh_from_db()
    assert table.status == "finished"

    scores = table.outcome["scores"]
    for seat, page in by_seat.items():
        page.wait_for_selector("text=Game over.")
        page.wait_for_selector("#k-sheet")
        shot(page, f"koryo-12-{names[seat]}-final-scores")
        totals = page.locator("#k-sheet tfoot td").all_inner_texts()
        assert [int(t) for t in totals] == scores
