"""Three people play the Factions variant of Coup in their browsers: a
Convert (COUP-10.4) that leaves one faction in play and lifts the limits
(COUP-10.3), then an Embezzle of the almshouse (COUP-10.5) that is
challenged and proven (COUP-10.6), all clicked on the table page."""

from __future__ import annotations

import pytest

from games import registry
from tables.models import Table, TableState
from tests.browser.conftest import move_value, play, shot, sign_up
from tests.support.seeds import seed_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def button(page, move: dict):
    """The move's button on the board (a piece, or one in a piece's menu),
    else in the list of moves."""
    value = move_value(move)
    on_board = page.locator(f"#board .coup button[value='{value}']")
    return on_board if on_board.count() else page.locator(f"form.moves button[value='{value}']")


def spoken(locator) -> str:
    """What a screen reader calls the button."""
    return locator.get_attribute("aria-label") or locator.text_content()


def bank(page) -> str:
    return " ".join(page.inner_text(".coup-bank").split())


def wait_for_version(page, version: int, *, to_move: bool = False) -> None:
    """The page shows the table at `version` (its own poll brings it)."""
    if to_move:
        page.wait_for_selector(
            f"form.moves input[name=version][value='{version}']", state="attached"
        )
    else:
        page.wait_for_selector(f"#board .poll[hx-get*='version={version}&']", state="attached")


def without_a_duke(state: dict, seat: int) -> None:
    """Swap any Duke in `seat`'s hand for another card from the court deck,
    so that an Embezzle claim by that seat is true."""
    hand, deck = state["hands"][seat], state["deck"]
    for i, card in enumerate(hand):
        if card == "duke":
            other = next(j for j, c in enumerate(deck) if c != "duke")
            hand[i], deck[other] = deck[other], card


def test_a_convert_and_a_challenged_embezzle_are_played_through_the_table_page(new_page, settings):
    pages = {name: new_page() for name in ("ana", "ben", "carl")}
    for name, page in pages.items():
        sign_up(page, name)

    ana = pages["ana"]
    ana.click("text=New table")
    ana.select_option("select[name=max_players]", "3")
    ana.select_option("select[name=opt_factions]", "true")
    shot(ana, "factions-01-new-table")
    ana.click("button:has-text('Open the table')")
    table = Table.objects.get()
    seed_deal(table.pk)
    assert table.options["factions"] is True
    for name in ("ben", "carl"):
        pages[name].goto(f"/tables/{table.pk}/")
        pages[name].click("button:has-text('Join this table')")
    ana.reload()
    ana.click("button:has-text('Start the game')")
    # Every page becomes the game by itself; a navigation now would race it.
    for page in pages.values():
        page.wait_for_selector("#board", timeout=20_000)

    # COUP-OP19: the first player is a Loyalist, the next a Reformist, the
    # third a Loyalist. The second player will embezzle: make that claim true.
    table.refresh_from_db()
    names = {s.number: s.user.username for s in table.seats.select_related("user")}
    state = TableState.objects.get(pk=table.pk).state
    converter = state["turn"]
    embezzler, challenger = (converter + 1) % 3, (converter + 2) % 3
    assert [state["factions"][s] for s in (converter, embezzler, challenger)] == [
        "loyalist",
        "reformist",
        "loyalist",
    ]
    without_a_duke(state, embezzler)
    TableState.objects.filter(pk=table.pk).update(state=state)
    by_seat = {seat: pages[name] for seat, name in names.items()}
    for page in pages.values():
        page.goto(f"/tables/{table.pk}/")

    # Every player sees both factions and who is in them.
    for page in pages.values():
        loyalists = page.inner_text(".coup-factions .team:has(.loyalist)")
        reformists = page.inner_text(".coup-factions .team:has(.reformist)")
        assert names[converter] in loyalists and names[challenger] in loyalists
        assert names[embezzler] in reformists
        assert "While both factions are in play" in page.inner_text(".coup-factions")
        assert "Almshouse 0 coins" in bank(page)

    # The converter pays 2 coins to bring the embezzler over to the Loyalists.
    page = by_seat[converter]
    convert = button(page, {"action": "convert", "target": embezzler})
    # Both are on the board: on the embezzler's cards and on the converter's own coins.
    assert convert.count() == 1 and convert.evaluate("b => !b.closest('form.moves')")
    assert spoken(convert) == f"Convert {names[embezzler]} to the Loyalists (2 coins)"
    yourself = button(page, {"action": "convert", "target": converter})
    assert yourself.evaluate("b => !b.closest('form.moves')")
    assert spoken(yourself) == "Convert yourself to the Reformists (1 coin)"
    shot(page, "factions-02-convert-offered")
    play(page, {"action": "convert", "target": embezzler})
    wait_for_version(page, 1)
    for page in pages.values():
        wait_for_version(page, 1)
        assert "Almshouse 2 coins" in bank(page)
        assert "Only the Loyalists are left in play" in page.inner_text(".coup-factions")
    shot(by_seat[challenger], "factions-03-one-faction-left")

    # The embezzler claims not to be the Duke and takes the almshouse.
    page = by_seat[embezzler]
    wait_for_version(page, 1, to_move=True)
    embezzle = button(page, {"action": "embezzle"})
    # The almshouse's picture is the button.
    assert embezzle.evaluate("b => b.matches('.almshouse button.piece')")
    assert spoken(embezzle) == "Embezzle 2 coins"
    shot(page, "factions-04-embezzle-offered")
    play(page, {"action": "embezzle"})
    wait_for_version(page, 2)

    # The challenger doubts it; the panel says who is asked.
    page = by_seat[challenger]
    wait_for_version(page, 2, to_move=True)
    pending = page.inner_text(".coup-pending")
    assert "claims not to be the Duke" in pending
    assert "Does anyone challenge" in pending
    assert "to answer" in pending
    challenge = button(page, {"action": "challenge"})
    assert challenge.inner_text() == f"Challenge {names[embezzler]}'s claim not to be the Duke"
    shot(page, "factions-05-challenge-offered")
    play(page, {"action": "challenge"})

    # COUP-10.6: both cards are shown, no Duke: the challenger loses a card.
    wait_for_version(page, 3, to_move=True)
    reveal = " ".join(page.inner_text(".coup-reveal").split())
    assert reveal.startswith(f"Last challenge: {names[embezzler]} showed")
    assert reveal.endswith("and told the truth.") and "Duke" not in reveal
    assert "choose a card to lose" in page.inner_text(".status-line")
    shot(page, "factions-06-challenger-loses-a-card")
    lose = registry.get("coup").engine.legal_moves(
        TableState.objects.get(pk=table.pk).state, challenger
    )
    assert {m["action"] for m in lose} == {"lose"}
    play(page, lose[0])
    wait_for_version(page, 4)

    state = TableState.objects.get(pk=table.pk).state
    assert state["almshouse"] == 0
    assert state["coins"][embezzler] == 4
    assert len(state["hands"][challenger]) == 1
    for name, page in pages.items():
        wait_for_version(page, 4)
        assert "Almshouse 0 coins" in bank(page)
        assert "embezzles 2 coins from the almshouse" in page.inner_text(".log")
        shot(page, f"factions-07-{name}-after-the-embezzle")
