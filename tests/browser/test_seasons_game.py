"""Two people open and join a two-player Seasons table at the Wizard level and
play it to the end in their browsers by clicking the pieces on the board only
(never the folded list of moves): the draft's cards, the year buttons under
the picked cards, the season dice, the die's star and card, the reserve's
tokens, the cards in hand and in play (a menu where a card has several
moves), the bonuses and the end of the turn, each page updating by itself
when the other moves. The clicks each turn costs are counted. A second test
sets up the screens a new player reads (the draft's names, a token put on the
Amulet of Water, the set still to come in year 2, the Apprentice level in the
lobby and the table header) and shoots them. Pages are shot at 1280 and 390
pixels wide."""

from __future__ import annotations

import json
import random
import statistics
from collections import Counter

import pytest

from games.seasons.rules import ENGINE
from tables import services
from tables.models import Table, TableState
from tests.browser.conftest import SCREENSHOTS, open_two_player_table, press, shot
from tests.seasons.helpers import cid, duel

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDE, PHONE = {"width": 1280, "height": 900}, {"width": 390, "height": 844}


def stored(table: Table) -> dict:
    return TableState.objects.get(pk=table.pk).state


def wait_for_turn(page, table: Table) -> None:
    table.refresh_from_db()
    page.wait_for_selector(
        f"form.moves input[name=version][value='{table.version}']", state="attached"
    )


def on_board(page) -> dict[str, dict]:
    """Every move the board's pieces offer: its JSON, the piece it is on, and
    whether the piece opens a menu."""
    found = page.locator("#board .seasons").evaluate(
        """board => {
        const out = [];
        board.querySelectorAll("button.piece[name=move]").forEach(b =>
            out.push({value: b.value, piece: b.dataset.piece, menu: false}));
        board.querySelectorAll("details.piece-menu").forEach(d =>
            d.querySelectorAll(".piece-moves button[name=move]").forEach(b =>
                out.push({value: b.value, piece: d.dataset.piece, menu: true})));
        return out;
    }"""
    )
    return {f["value"]: f for f in found}


def play(page, table: Table, move: dict, offered: dict[str, dict]) -> int:
    """Play a move by clicking its piece on the board (and its line in the
    piece's menu); return the clicks it took."""
    value = json.dumps(move, separators=(",", ":"))
    where = offered[value]
    board = page.locator("#board .seasons")
    if where["menu"]:
        menu = board.locator(f"details.piece-menu[data-piece='{where['piece']}']")
        press(page, menu.locator("summary"))
        press(page, menu.locator(f".piece-moves button[value='{value}']"))
        clicks = 2
    else:
        press(page, board.locator(f"button.piece[value='{value}']"))
        clicks = 1
    page.wait_for_selector(
        f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
    )
    table.refresh_from_db()
    return clicks


def choose(moves: list[dict], rng: random.Random) -> dict:
    actions = {m["action"] for m in moves}
    summons = [m for m in moves if m["action"] == "summon"]
    if summons and rng.random() < 0.8:
        return summons[0]
    if "end_turn" in actions and rng.random() < 0.6:
        return {"action": "end_turn"}
    quiet = [m for m in moves if m["action"] not in ("bonus", "cancel")]
    return rng.choice(quiet or moves)


def first_screen(page, name: str) -> None:
    """What a phone shows before any scrolling."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def big_enough(page, selector: str) -> None:
    """At a phone's width every piece is a 44 px target and nothing scrolls sideways."""
    for box in page.locator(selector).evaluate_all(
        "els => els.map(e => e.getBoundingClientRect()).map(r => [r.width, r.height])"
    ):
        assert box[0] >= 44 and box[1] >= 44, box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_two_players_play_a_wizard_game_with_the_draft_on_the_board(new_page, settings):
    ana, ben = new_page(), new_page()
    table = open_two_player_table(ana, ben, "Seasons", 20261201, selects={"opt_level": "wizard"})
    assert table.options == {"level": "wizard"}
    by_seat = {s.number: {"ana": ana, "ben": ben}[s.user.username] for s in table.seats.all()}
    for page in (ana, ben):
        page.set_viewport_size(WIDE)
        page.goto(f"/tables/{table.pk}/")
    clicks: Counter = Counter()  # (what, seat) -> clicks

    # The draft (SEA-4.1): a click on a card of the packet; the ninth comes by itself.
    ana.wait_for_selector(".s-packet .scard")
    assert ana.locator(".s-packet .scard").count() == 9
    shot(ana, "seasons-02-draft-1280")
    ben.set_viewport_size(PHONE)
    wait_for_turn(ben, table)
    big_enough(ben, "#board .seasons .piece")
    shot(ben, "seasons-02-draft-390")
    ben.set_viewport_size(WIDE)
    for _ in range(8):
        for seat, page in by_seat.items():
            wait_for_turn(page, table)
            offered = on_board(page)
            picks = [json.loads(v) for v in offered if json.loads(v)["action"] == "pick"]
            clicks["draft", seat] += play(page, table, picks[0], offered)
    assert stored(table)["phase"] == "sets"

    # The year sets: a year button under each card, then Confirm (SEA-4.2).
    wait_for_turn(ana, table)
    assert ana.locator(".s-picked .scard").count() == 9
    shot(ana, "seasons-03-year-sets-1280")
    ana.set_viewport_size(PHONE)
    big_enough(ana, "#board .seasons .piece")
    first_screen(ana, "seasons-03-year-sets-390-first-screen")
    ana.set_viewport_size(WIDE)
    for seat, page in by_seat.items():
        for year in (1, 1, 1, 2, 2, 2, 3, 3, 3):
            wait_for_turn(page, table)
            offered = on_board(page)
            move = next(
                json.loads(v)
                for v in offered
                if json.loads(v)["action"] == "assign" and json.loads(v)["year"] == year
            )
            clicks["sets", seat] += play(page, table, move, offered)
        wait_for_turn(page, table)
        clicks["sets", seat] += play(page, table, {"action": "confirm"}, on_board(page))

    rng = random.Random(3)
    shots: set[str] = set()
    turns: Counter = Counter()  # (round, seat) -> clicks, die included
    listed: Counter = Counter()  # (round, seat) -> moves: a click each in the list
    for _ in range(1500):
        table.refresh_from_db()
        if table.status != "active":
            break
        seat = table.to_act[0]
        page = by_seat[seat]
        wait_for_turn(page, table)
        offered = on_board(page)
        moves = ENGINE.legal_moves(stored(table), seat)
        # Every legal move is on the board: the list is never needed.
        assert sorted(offered) == sorted(json.dumps(m, separators=(",", ":")) for m in moves)
        actions = {m["action"] for m in moves}
        for wanted, name in [
            ("take_die", "seasons-04-dice"),
            ("summon", "seasons-05-my-turn"),
            ("keep", "seasons-06-keep-a-card"),
            ("move_marker", "seasons-07-boots"),
            ("return", "seasons-08-reserve-full"),
            ("pay", "seasons-12-pay"),
        ]:
            if wanted in actions and name not in shots:
                shots.add(name)
                shot(page, f"{name}-1280")
        if "summon" in actions and "phone" not in shots and stored(table)["year"] >= 2:
            shots.add("phone")
            page.set_viewport_size(PHONE)
            big_enough(page, "#board .seasons .piece")
            shot(page, "seasons-09-phone-my-turn-390")
            first_screen(page, "seasons-09-phone-my-turn-390-first-screen")
            page.set_viewport_size(WIDE)
        state = stored(table)
        key = (state["round"], seat)
        listed[key] += 1
        if {"action": "bonus", "bonus": 3} in moves and "cancel" not in shots:
            # A bonus taken by mistake is taken back (SEA-8.2), on the board.
            shots.add("cancel")
            bonuses = state["p"][seat]["bonuses"]
            turns[key] += play(page, table, {"action": "bonus", "bonus": 3}, offered)
            wait_for_turn(page, table)
            shot(page, "seasons-10-cancel-a-bonus-1280")
            turns[key] += play(page, table, {"action": "cancel"}, on_board(page))
            listed[key] += 1
            assert stored(table)["p"][seat]["bonuses"] == bonuses
            continue
        turns[key] += play(page, table, choose(moves, rng), offered)
    table.refresh_from_db()
    assert table.status == "finished"
    assert {"phone", "cancel", "seasons-04-dice"} <= shots
    for page in (ana, ben):  # the folded list was never opened
        assert page.locator("details.move-list[open]").count() == 0
    per_turn, in_list = sorted(turns.values()), sorted(listed.values())
    print(
        f"clicks: draft {clicks['draft', 0]} + {clicks['draft', 1]} for 8 picks each; "
        f"year sets {clicks['sets', 0]} and {clicks['sets', 1]}; "
        f"a turn (die included) median {statistics.median(per_turn)}, "
        f"min {per_turn[0]}, max {per_turn[-1]}, over {len(per_turn)} turns; "
        f"the same turns in the list: median {statistics.median(in_list)}, "
        f"min {in_list[0]}, max {in_list[-1]}; "
        f"menus opened {sum(turns.values()) - sum(listed.values())}"
    )
    scores = table.outcome["scores"]
    for page in (ana, ben):
        page.wait_for_selector("text=Game over.")
        page.wait_for_selector(".s-final")
        shot(page, "seasons-11-final-1280")
        totals = page.locator(".s-final tbody td strong").all_inner_texts()
        assert [int(t) for t in totals] == scores
    ana.set_viewport_size(PHONE)
    shot(ana, "seasons-11-final-390")


def put_state(table: Table, state: dict) -> Table:
    TableState.objects.filter(pk=table.pk).update(state=state)
    Table.objects.filter(pk=table.pk).update(
        to_act=ENGINE.to_act(state), prompt=ENGINE.prompt(state), summary=ENGINE.summary(state)
    )
    table.refresh_from_db()
    return table


def test_the_screens_a_new_player_reads(page_for, users, settings):
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
    page.wait_for_selector("#board button.piece[aria-label='Pick Kairn the Destroyer']")
    page.wait_for_selector("#board button.piece[aria-label='Pick the Amulet of Water']")
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
    page.wait_for_selector("#board button.piece[aria-label='Transmute 1 air into 1 crystal']")
    assert page.locator("text=(the Amulet of Water)").count() == 0
    shot(page, "seasons-words-05-amulet-of-water-and-one-crystal")

    # Year 2: the one set still to come is year 3's.
    table = put_state(table, duel(year=2, month=2, hands=[[1]], years=[[[2, 3, 5]], [[6]]]))
    page.goto(f"/tables/{table.pk}/")
    page.wait_for_selector("h3:has-text('Set for year 3')")
    assert page.locator("h3:has-text('Set for year 2')").count() == 0
    shot(page, "seasons-words-06-year-2-set-for-year-3")
