"""The Koryo table page: what each player sees in each phase (KOR-3), the move
buttons of each step, the final score sheet (KOR-9), what a page costs, and
the timeout move of every kind of decision played through the move service."""

from __future__ import annotations

import json
import random
import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.koryo.rules import ENGINE
from games.koryo.rules.cards import BARBARIANS, CARD_KINDS
from tables import services
from tables.models import Table, TableState
from tests.conftest import login_client, play_random_moves, start_table, state_of
from tests.koryo.helpers import card_of, make_state
from tests.koryo.test_playouts import Invariants
from tests.support.seeds import seed_deal

pytestmark = pytest.mark.django_db

# The page's typography: counts of cards, event points, empty score cells.
X, MINUS, DASH = "\N{MULTIPLICATION SIGN}", "\N{MINUS SIGN}", "\N{EN DASH}"


# -- helpers -------------------------------------------------------------------------


def put_state(table: Table, state: dict) -> Table:
    """Store a hand-made position, with the table's public columns to match."""
    TableState.objects.filter(pk=table.pk).update(state=state)
    table.to_act = ENGINE.to_act(state)
    table.prompt = ENGINE.prompt(state)
    table.summary = ENGINE.summary(state)
    table.save()
    return table


def seeded_table(players, seed: int) -> Table:
    """A started Koryo table whose deal is known: the same seed, the same game."""
    table = services.table_create(
        creator=players[0], game="koryo", max_players=len(players), time_control="none"
    )
    seed_deal(table.pk, seed)
    for user in players[1:]:
        services.table_join(table_id=table.pk, user=user)
    services.table_start(table_id=table.pk, user=players[0])
    table.refresh_from_db()
    return table


def submit(table: Table, users, move: dict) -> Table:
    table.refresh_from_db()
    seat = table.to_act[0]
    services.move_submit(table_id=table.pk, user=users[seat], version=table.version, move=move)
    table.refresh_from_db()
    return table


def page(user, table: Table) -> str:
    response = login_client(user).get(f"/tables/{table.pk}/")
    assert response.status_code == 200
    return response.content.decode()


class _Section(HTMLParser):
    """The text and the classes of the element with a given id."""

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id = element_id
        self.depth = 0
        self.texts: list[str] = []
        self.classes: list[str] = []
        self.found = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth:
            if tag not in ("br", "input", "img", "meta", "link"):
                self.depth += 1
            self.classes.append(attrs.get("class") or "")
        elif attrs.get("id") == self.element_id:
            self.depth, self.found = 1, True

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.texts.append(data)


def section(html: str, element_id: str) -> _Section | None:
    parser = _Section(element_id)
    parser.feed(html)
    return parser if parser.found else None


def text(html: str, element_id: str) -> str:
    found = section(html, element_id)
    return re.sub(r"\s+", " ", " ".join(found.texts)).strip() if found else ""


def buttons(html: str) -> list[str]:
    """The move buttons' texts, as a player reads them."""
    form = re.search(r'<form class="moves".*?</form>', html, re.S)
    if form is None:
        return []
    found = re.findall(
        r'<button type="submit" name="move"[^>]*>(.*?)</button>', form.group(0), re.S
    )
    return [unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", b)).strip()) for b in found]


@pytest.fixture
def two(users):
    """A started two-player table (ana seat 0, ben seat 1) to fill with positions."""
    return start_table("koryo", users[:2])


@pytest.fixture
def three(users):
    return start_table("koryo", users[:3])


# -- orders (KOR-6) --------------------------------------------------------------------


def test_in_the_orders_phase_i_see_my_hand_and_only_the_size_of_the_others(two, users):
    ana, ben, carl = users[:3]
    put_state(two, make_state(2, phase="orders", hands=[[6, 6, 2, "barbarians"], [9, 9, 9]]))
    mine = page(ana, two)
    hand = text(mine, "k-hand")
    assert f"6 ¤ Banker 6 ¤ Banker : Play Bankers {X}2" in hand
    assert "Spy" in hand and "Barbarians" in hand
    assert "Merchant" not in hand
    assert "3 cards in hand" in text(mine, "k-player-1")
    assert "Merchant" not in text(mine, "k-player-1")
    assert "Your turn: place orders." in mine
    assert buttons(mine) == ["Play Spies", "Play Bankers", "Play Barbarians"]

    theirs = page(ben, two)
    assert f"Merchant {X}3" in text(theirs, "k-hand")
    assert "Banker" not in text(theirs, "k-hand")
    assert "4 cards in hand" in text(theirs, "k-player-0")
    assert "Waiting for ana to place orders." in theirs
    assert buttons(theirs) == []

    spectator = page(carl, two)
    assert section(spectator, "k-hand") is None
    assert "4 cards in hand" in text(spectator, "k-player-0")
    assert "3 cards in hand" in text(spectator, "k-player-1")
    assert "Banker" not in text(spectator, "k-player-0") + text(spectator, "k-player-1")


def test_after_choosing_a_kind_i_choose_how_many(two, users):
    put_state(two, make_state(2, phase="orders", hands=[[6, 6, 2], [9]], order_kind=6))
    html = page(users[0], two)
    assert "How many Bankers?" in html
    assert "Banker" in text(html, "k-hand") and "chosen" in text(html, "k-hand")
    # Going back acts on no card, so it stays in sight before the folded list.
    assert buttons(html) == ["Choose another kind", "Play 1 Banker", "Play 2 Bankers"]


def test_with_the_shipowner_majority_a_pair_is_offered(two, users):
    state = make_state(2, phase="orders", tableaux=[[5], []], hands=[[6, 2, 9], [9]], order_kind=6)
    html = page(users[0], put_state(two, state))
    assert "Shipowner: or place one card each of two different kinds" in html
    assert buttons(html) == [
        "Choose another kind",
        "Play 1 Banker",
        "Play 1 Banker and 1 Spy",
        "Play 1 Banker and 1 Merchant",
    ]


def test_my_face_down_cards_are_face_up_for_me_and_backs_for_the_others(two, users):
    ana, ben = users[:2]
    state = make_state(2, phase="actions", orders=[[6, 6], [9]], tableaux=[[3], [4]])
    put_state(two, state)
    mine = page(ana, two)
    assert "Face down (only you see them)" in text(mine, "k-player-0")
    assert "Banker" in text(mine, "k-player-0")
    assert buttons(mine) == ["Reveal a Banker", "Reveal all 2 Bankers"]
    # Ben's single Merchant is a back for Ana.
    other = section(mine, "k-player-1")
    assert sum("kcard back" in c for c in other.classes) == 1
    assert "1 card" in text(mine, "k-player-1") and "Merchant" not in text(mine, "k-player-1")

    theirs = page(ben, two)
    ana_panel = section(theirs, "k-player-0")
    assert sum("kcard back" in c for c in ana_panel.classes) == 2
    assert "2 cards" in text(theirs, "k-player-0")
    assert "Banker" not in text(theirs, "k-player-0")


def test_each_familys_majority_is_marked_in_its_holders_tableau(three, users):
    state = make_state(3, tableaux=[[6, 6, 1], [6, 9], [9, 9]], orders=[[4], [], []])
    html = page(users[1], put_state(three, state))
    assert text(html, "k-player-0").count("★ majority") == 2  # Banker, Omniscient
    assert "★ majority" not in text(html, "k-player-1")
    assert text(html, "k-player-2").count("★ majority") == 1  # Merchant


def test_the_season_card_bank_deck_and_first_player_are_shown(two, users):
    state = make_state(
        2, round_no=3, phase="orders", hands=[[9], [8]], tokens=[2, 1], first_player=1, current=1
    )
    html = page(users[0], put_state(two, state))
    assert "Season 3 of 8" in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "<strong>8</strong> cards dealt" in html and "keep at most <strong>5</strong>" in html
    assert "<strong>5</strong> tokens" in html
    assert f"<strong>{len(state['deck'])}</strong> cards" in html
    assert "First player" in html and "Waiting for ben to place orders." in html


# -- actions and events (KOR-7) --------------------------------------------------------


def test_powers_are_offered_while_the_majority_is_held(two, users):
    state = make_state(2, tableaux=[[6, 4, "lobbying", 2], [9]], orders=[[9], []], tokens=[0, 2])
    html = page(users[0], put_state(two, state))
    labels = buttons(html)
    assert "Take a victory token from the bank" in labels
    assert "Destroy your Lobbying card" in labels  # Priest
    assert "Steal a victory token from ben" in labels
    assert "Powers: each once per turn, while you hold the majority" in html


def test_a_revealed_barbarians_offers_unprotected_opponents_cards_by_owner(three, users):
    state = make_state(3, tableaux=[[], [6, 9], [7, 7]], orders=[["barbarians"], [], []])
    state["tableaux"][0] = []
    put_state(three, state)
    table = submit(
        three, users, {"action": "reveal", "card": card_of(state, 0, "barbarians", "orders")}
    )
    html = page(users[0], table)
    assert "You revealed Barbarians" in text(html, "k-pending")
    assert "ana revealed Barbarians" in text(page(users[2], table), "k-pending")
    assert "Your turn: choose a Barbarian target." in html
    assert buttons(html) == [
        "Let the Barbarians pass",
        "Destroy ben's Banker",
        "Destroy ben's Merchant",
    ]
    # Carl holds the Guardian majority: none of his cards is offered (KOR-7.8).
    assert "carl" not in re.search(r'<form class="moves".*?</form>', html, re.S).group(0)
    assert "Waiting for ana to choose a Barbarian target." in page(users[1], table)

    table = submit(table, users, {"action": "barbarians", "card": card_of(state, 1, 6)})
    html = page(users[1], table)
    assert section(html, "k-pending") is None
    assert "Banker" not in text(html, "k-player-1")
    assert "ana's Barbarians destroy ben's Banker." in unescape(html)


def test_a_lobbying_is_chosen_card_after_card(two, users):
    state = make_state(2, tableaux=[[9], [6, 2]], orders=[["lobbying"], []])
    put_state(two, state)
    table = submit(
        two, users, {"action": "reveal", "card": card_of(state, 0, "lobbying", "orders")}
    )
    html = page(users[0], table)
    assert "first the card to give away" in text(html, "k-pending")
    assert buttons(html) == [
        "Skip the Lobbying",
        "Swap ana's Merchant",
        "Swap ben's Spy",
        "Swap ben's Banker",
    ]

    table = submit(table, users, {"action": "lobby_first", "card": card_of(state, 0, 9)})
    html = page(users[0], table)
    assert "You revealed Lobbying and picked your Merchant" in text(html, "k-pending")
    assert "ana revealed Lobbying and picked ana's Merchant" in text(
        page(users[1], table), "k-pending"
    )
    assert buttons(html) == [
        "Skip the Lobbying",
        "Swap ana's Merchant with ben's Spy",
        "Swap ana's Merchant with ben's Banker",
    ]

    table = submit(table, users, {"action": "lobby_second", "card": card_of(state, 1, 2)})
    html = page(users[1], table)
    assert "Merchant" in text(html, "k-player-1") and "Spy" in text(html, "k-player-0")


# -- end of round (KOR-8) and the final count (KOR-9) -------------------------------------


def test_a_player_over_the_limit_discards_characters(two, users):
    state = make_state(2, phase="discard", tableaux=[[9, 9, 9, 6, "barbarians"], [8]])
    html = page(users[0], put_state(two, state))
    assert "Discard characters until 3 cards are left in front of you (events stay)" in html
    assert buttons(html) == ["Discard a Banker", "Discard a Merchant"]
    assert "5 cards in front · limit 3" in text(html, "k-player-0")


def test_the_final_score_sheet_counts_family_by_family(two, users):
    state = make_state(
        2,
        phase="discard",
        round_no=8,
        tableaux=[[9] * 6 + [8] * 3 + ["barbarians", 1], [9, 9, 6, 6]],
        tokens=[0, 3],
    )
    table = put_state(two, state)
    table = submit(table, users, {"action": "discard", "card": card_of(state, 0, 1)})
    assert table.status == "finished"
    for user in users[:3]:
        sheet = text(page(user, table), "k-sheet")
        assert "Final scores" in sheet
        assert "ana wins ben" in sheet
        # Merchants 9 (6 cards against 2), Journalists 8, one event, no token.
        assert "Merchant 6 cards 9 2 cards 0" in sheet
        assert f"Journalist 3 cards 8 {DASH}" in sheet
        assert f"Banker {DASH} 2 cards 6" in sheet
        assert f"Events {MINUS}1 0" in sheet and "Victory tokens 0 +3" in sheet
        assert sheet.endswith("Total 16 9")
    assert "ana wins with 16 points." in page(users[1], table)


# -- costs and timeouts -------------------------------------------------------------------


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("path", ["", "board/"])
def test_the_page_costs_the_same_after_5_and_120_moves(users, path, django_assert_max_num_queries):
    early = play_random_moves(seeded_table(users[:4], 1), users[:4], 5, seed=1)
    late = play_random_moves(seeded_table(users[:4], 2), users[:4], 120, seed=2)
    assert late.is_active and late.version >= 120
    client = login_client(users[0])
    counts = [queries(client, f"/tables/{t.pk}/{path}") for t in (early, late)]
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(10):
        client.get(f"/tables/{late.pk}/{path}")


def decision(state: dict) -> str:
    """The kind of decision the player to act faces."""
    if state["phase"] == "orders":
        return "order_kind" if state["order_kind"] is None else "order_count"
    if state["phase"] == "actions":
        pending = state["pending"]
        if pending is None:
            return "actions"
        if CARD_KINDS[pending["card"]] == BARBARIANS:
            return "barbarians"
        return "lobby_first" if pending["first"] is None else "lobby_second"
    return "discard"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_timeout_move_of_every_decision_is_legal_and_leaves_a_legal_state(users, players):
    """At random points of games played through the service, play the timeout
    move instead of a chosen one: it is always listed, and the game goes on
    with every invariant kept, for each kind of decision."""
    seen: set[str] = set()
    for seed in range(3):
        table = seeded_table(users[:players], seed)
        rng = random.Random(seed)
        check = Invariants()
        state = state_of(table)
        check(state)
        while table.is_active:
            seat = table.to_act[0]
            legal = ENGINE.legal_moves(state, seat)
            timeout = ENGINE.timeout_move(state, seat)
            assert timeout in legal, (decision(state), timeout)
            kind = decision(state)
            use_timeout = rng.random() < (0.9 if kind not in seen else 0.3)
            if use_timeout:
                seen.add(kind)
            version = table.version
            table = submit(table, users, timeout if use_timeout else rng.choice(legal))
            assert table.is_active or table.outcome is not None
            # A submit may bring forced moves after it (a last card revealed):
            # each logged move is checked in turn, and they lead to the saved state.
            for played in table.moves.filter(seq__gt=version).order_by("seq"):
                state = ENGINE.apply(state, played.seat, played.move)
                check(state)
            assert state == state_of(table)
    assert seen == {
        "order_kind",
        "order_count",
        "actions",
        "barbarians",
        "lobby_first",
        "lobby_second",
        "discard",
    }


# -- the cards themselves are buttons where a move uses them ---------------------------


def card_buttons(html: str, element_id: str) -> list[tuple[list | dict, str]]:
    """The moves (JSON) and names of the card stacks drawn as buttons of the
    move form (or as a menu of them) inside one element of the board."""
    found = section(html, element_id)
    if found is None:
        return []
    start = html.index(f'id="{element_id}"')
    end = html.index("</section>", start)
    found = []
    for value, attrs, inner in re.findall(
        r'<button type="submit" form="moves-form" name="move" value="([^"]*)"'
        r"([^>]*)>(.*?)</button>",
        html[start:end],
        re.S,
    ):
        # A piece with one move is named by its title; a menu's buttons by their text.
        title = re.search(r'title="([^"]*)"', attrs)
        label = title.group(1) if title else re.sub(r"<[^>]+>", "", inner).strip()
        found.append((json.loads(unescape(value)), unescape(label)))
    return found


def test_in_the_orders_phase_my_hand_cards_place_their_kind(two, users):
    put_state(two, make_state(2, phase="orders", hands=[[6, 6, 2], [9]]))
    mine = page(users[0], two)
    assert 'id="moves-form"' in mine
    assert card_buttons(mine, "k-hand") == [
        ({"action": "order_kind", "kind": 2}, "Play Spies"),
        ({"action": "order_kind", "kind": 6}, "Play Bankers"),
    ]
    # The other player's hand is no button, and neither is anything on their page.
    assert 'form="moves-form"' not in page(users[1], two)


def test_kor_7_2_a_face_down_stack_offers_one_card_or_all_of_them_in_one_click(two, users):
    state = make_state(2, phase="actions", orders=[[6, 6], [9]], tableaux=[[3], [4]])
    put_state(two, state)
    html = page(users[0], two)
    ids = sorted(c for c in state["orders"][0])
    assert '<details class="piece-menu" data-piece="orders:6">' in html
    assert card_buttons(html, "k-player-0") == [
        ({"action": "reveal", "card": ids[0]}, "Reveal a Banker"),
        ({"action": "reveal_all", "kind": 6}, "Reveal all 2 Bankers"),
    ]
    client = login_client(users[0])
    # The form takes one move, as the API does: a list is refused, nothing written.
    listed = [{"action": "reveal", "card": card} for card in ids]
    response = client.post(
        f"/tables/{two.pk}/move/",
        {"version": two.version, "move": json.dumps(listed)},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert "one move" in response.content.decode()
    assert state_of(two)["orders"][0] == ids
    response = client.post(
        f"/tables/{two.pk}/move/",
        {"version": two.version, "move": json.dumps({"action": "reveal_all", "kind": 6})},
    )
    assert response.status_code == 302
    after = state_of(two)
    assert after["orders"][0] == [] and sorted(after["tableaux"][0]) == sorted([*ids, 3])


def test_a_barbarians_target_is_picked_on_the_opponents_cards(three, users):
    state = make_state(3, tableaux=[[], [6, 9], [7, 7]], orders=[["barbarians"], [], []])
    put_state(three, state)
    table = submit(
        three, users, {"action": "reveal", "card": card_of(state, 0, "barbarians", "orders")}
    )
    html = page(users[0], table)
    picks = card_buttons(html, "k-player-1")
    assert picks == [
        ({"action": "barbarians", "card": card_of(state, 1, 6)}, "Destroy ben's Banker"),
        ({"action": "barbarians", "card": card_of(state, 1, 9)}, "Destroy ben's Merchant"),
    ]
    # The Guardians' holder is safe (KOR-7.8): none of carl's cards is a button.
    assert card_buttons(html, "k-player-2") == []
