"""The screens a new player met, each looked at in Chromium at 1280 and 390
pixels wide (screenshots under the screenshot directory): what the issue of
those screens asked is checked on the drawn page.

- Koryo: one click on a family opens its counts, on screen (KOR-6.1, KOR-6.2),
  and the phase line says what is asked next.
- Troyes: a die chosen for the fight does not light its influence chips
  (TRO-9.4, TRO-10.5); the Cathedral and Agriculture share a column; a page
  drawn before a die was chosen on another visit applies none of its clicks
  and then draws that die chosen.
- Seasons: the ways to pay are buttons under the line that asks (SEA-7).
- Coup: who the table waits for is said in words (section 13).
- The lobby's "Play now" offers each game's own counts and level; a start
  button that cannot be pressed says why beside it.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from games.koryo.rules import ENGINE as KORYO
from games.seasons.rules import ENGINE as SEASONS
from games.troyes.rules import ENGINE as TROYES
from tables import services
from tables.models import Table, TableState
from tests.browser.conftest import shot
from tests.browser.test_accessibility import AXE_SCRIPT, violations_text
from tests.conftest import start_table, state_of
from tests.seasons.helpers import duel

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (1280, 390)


@pytest.fixture
def look(browser, live_server):
    """`look(user, width)`: a page of that user's own, at that width."""
    contexts = []

    def open_page(user, width: int):
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": width, "height": 900}
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def put(model, engine, table: Table, state: dict) -> Table:
    model.objects.filter(pk=table.pk).update(state=state)
    table.to_act = engine.to_act(state)
    table.prompt = engine.prompt(state)
    table.save()
    return table


def test_koryo_one_click_on_a_family_opens_its_counts_on_screen(users, look):
    for width in WIDTHS:
        table = start_table("koryo", users[:2], seed=3)
        seat = table.to_act[0]
        hand = [card["kind"] for card in KORYO.view(state_of(table), seat)["hand"]]
        # A family of two cards or more: its counts are a menu of several.
        family = max((kind for kind in hand if isinstance(kind, int)), key=hand.count)
        assert hand.count(family) >= 2
        page = look(users[seat], width)
        page.goto(f"/tables/{table.pk}/")
        stack = page.locator(f"#k-hand [data-piece='hand:{family}']")
        # One click on the family (a button, or a menu's first move).
        if stack.evaluate("el => el.tagName") == "BUTTON":
            stack.click()
        else:
            stack.locator("> summary").click()
            stack.locator(".piece-moves button").first.click()
        page.wait_for_selector("#k-hand .kstack.chosen details[open]")
        menu = page.locator("#k-hand .kstack.chosen details[open] .piece-moves")
        expect(menu).to_be_visible()
        expect(menu.locator("button").first).to_be_in_viewport()
        box = menu.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        expect(page.locator(".k-phase")).to_contain_text("now choose how many to place face down")
        shot(page, f"koryo-family-chosen-{width}")


def _troyes_defence(users):
    """A two-player Troyes table played by timeouts to its first defence."""
    table = start_table("troyes", users[:2], seed=7)
    state = state_of(table)
    for _ in range(200):
        if state["phase"] == "defence":
            break
        seat = table.to_act[0]
        move = TROYES.timeout_move(state, seat) if state["phase"] != "placement" else None
        move = move or TROYES.legal_moves(state, seat)[0]
        services.move_submit(table_id=table.pk, user=users[seat], version=table.version, move=move)
        table.refresh_from_db()
        state = state_of(table)
    assert state["phase"] == "defence"
    return table, state


def test_troyes_a_die_chosen_to_fight_leaves_its_influence_chips_unlit(users, look):
    table, state = _troyes_defence(users)
    seat = state["current"]
    own = [d for d in state["dice"] if d["owner"] == seat]
    state["fight"]["own"] = [own[0]["id"]]
    state["ip"][seat] = 6
    table = put(TableState, TROYES, table, state)
    for width in WIDTHS:
        page = look(users[seat], width)
        page.goto(f"/tables/{table.pk}/")
        chosen = page.locator(".t-square .die.chosen")
        expect(chosen).to_have_count(1)
        expect(page.locator(".t-influence .die.chosen")).to_have_count(0)
        side = page.locator(".t-side")
        expect(side.locator(".t-cathedral")).to_be_visible()
        expect(side.locator(".t-agri")).to_be_visible()
        shot(page, f"troyes-defence-chosen-die-{width}")


def test_seasons_the_ways_to_pay_stand_under_the_line_that_asks(users, look):
    table = start_table("seasons", users[:2], {"level": "archmage"})
    # Naria the Prophetess (12) in hand too: her long name and her badges
    # stay inside her card.
    state = duel(hands=[[20, 12]], play=[[4]], energy=[[1, 1, 1, 1]], crystals=[9])
    card = state["p"][0]["hand"][0]
    state["p"][0]["play"][0]["tokens"] = [0, 0, 1, 0]
    state["queue"].insert(0, {"k": "pay", "seat": 0, "card": card})
    table = put(TableState, SEASONS, table, state)
    for width in WIDTHS:
        page = look(users[0], width)
        page.goto(f"/tables/{table.pk}/")
        ways = page.get_by_role("group", name="Ways to pay").get_by_role("button")
        expect(ways).to_have_count(2)
        expect(ways.first).to_have_text("Pay 1 air, 1 fire, 1 earth, 3 crystals")
        expect(ways.first).to_be_visible()
        for card in page.locator(".s-hand .scard").all():
            outer = card.bounding_box()
            for badge in card.locator(".scard-pp, .scard-cost > *").all():
                inner = badge.bounding_box()
                assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        shot(page, f"seasons-pay-{width}")


def test_seasons_the_elemental_amulet_brought_in_free_offers_its_effects_in_words(users, look):
    """data #31, as BGA plays it: the effects stand where the line asks, each
    a button saying what it gives; after one, Done stops."""
    table = start_table("seasons", users[:2], {"level": "archmage"})
    state = duel(hands=[[9]], energy=[[1, 1, 1, 1]], gauge=[4], deck_top=[31, 22, 3, 5, 29])
    state = SEASONS.apply(state, 0, {"action": "summon", "card": state["p"][0]["hand"][0]})
    state = SEASONS.apply(
        state, 0, {"action": "summon_free", "card": state["queue"][0]["cards"][0]}
    )
    table = put(TableState, SEASONS, table, state)
    for width in WIDTHS:
        page = look(users[0], width)
        page.goto(f"/tables/{table.pk}/")
        effects = page.get_by_role("group", name="Effects to take").get_by_role("button")
        expect(effects).to_have_count(4)
        expect(effects.nth(2)).to_have_accessible_name("Take the fire effect: draw a card")
        expect(effects.nth(2)).to_contain_text("Take the fire effect: draw a card")
        expect(effects.first).to_be_in_viewport()
        page.evaluate(AXE_SCRIPT)  # evaluated, so the page's CSP lets it in
        assert violations_text(page, f"free Elemental Amulet at {width}") == ""
        shot(page, f"seasons-elemental-free-{width}")
    effects.nth(3).click()
    done = page.locator(".s-step").get_by_role("button", name="Done")
    expect(done).to_be_visible()
    expect(page.get_by_role("group", name="Effects to take").get_by_role("button")).to_have_count(3)


def test_coup_says_who_the_table_waits_for_in_words(users, look):
    table = start_table("coup", users[:3], seed=1)
    actor = table.to_act[0]
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    for width in WIDTHS:
        page = look(users[actor], width)
        page.goto(f"/tables/{table.pk}/")
        expect(page.locator(".coup-player .badge.turn", has_text="to answer")).to_have_count(2)
        shot(page, f"coup-waiting-for-answers-{width}")


def test_the_lobby_and_the_waiting_room_offer_only_what_can_be_done(users, look):
    table = services.table_create(
        creator=users[0], game="coup", options={}, max_players=3, time_control="fast"
    )
    for width in WIDTHS:
        page = look(users[0], width)
        page.goto("/")
        expect(page.locator("#play-now-troyes-players option")).to_have_count(3)
        expect(page.locator("#play-now-seasons-option-level")).to_be_visible()
        shot(page, f"lobby-play-now-{width}")
        page.goto(f"/tables/{table.pk}/")
        start = page.get_by_role("button", name="Start the game")
        expect(start).to_be_disabled()
        expect(page.locator("#start-why")).to_contain_text("Coup needs at least 2 players")
        shot(page, f"waiting-room-alone-{width}")


@pytest.mark.parametrize("game", ["seasons", "troyes"])
def test_the_guides_draw_the_board_with_its_own_partials(users, look, game):
    for width in WIDTHS:
        page = look(users[0], width)
        page.goto(f"/how-to-play/{game}/")
        figures = page.locator(".guide-figure")
        expect(figures.first).to_be_visible()
        drawn = ".sdie" if game == "seasons" else ".t-building"
        expect(page.locator(f".guide-figure {drawn}").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(page, f"guide-{game}-{width}")


def test_troyes_a_die_chosen_on_another_visit_is_drawn_and_an_older_page_applies_nothing(
    users, browser, live_server
):
    """TRO-9.4: the dice chosen for a fight are the defender's decision in
    progress, kept by the game until that defender fights or gives up. A
    visit drawn before a die was chosen elsewhere applies no click of its
    own: its move carries the version it was drawn at, is refused, and the
    page then draws the die chosen since, said in words."""
    table, state = _troyes_defence(users)
    seat = state["current"]
    first, second = [d["id"] for d in state["dice"] if d["owner"] == seat][:2]
    # The earlier page: drawn now, left open without scripts (nothing redraws it).
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    client = Client()
    client.force_login(users[seat])
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"/tables/{table.pk}/")
    expect(page.locator(".t-square .die.chosen")).to_have_count(0)
    # Another visit chooses the first die.
    move = {"action": "select_own", "die": first}
    services.move_submit(table_id=table.pk, user=users[seat], version=table.version, move=move)
    # The earlier page's click on the second die is refused...
    page.locator(
        f'#board button[name=move][value=\'{{"action":"select_own","die":{second}}}\']'
    ).first.click()
    expect(page.locator(".messages .flash.error")).to_contain_text("moved on since you looked")
    assert state_of(Table.objects.get(pk=table.pk))["fight"]["own"] == [first]
    # ... and the page now shows the first die chosen, in words too.
    expect(page.locator(".t-square .die.chosen")).to_have_count(1)
    expect(page.locator("#t-total")).to_contain_text("Your dice:")
    context.close()
