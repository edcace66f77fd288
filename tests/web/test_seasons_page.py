"""The Seasons table page: what it draws in each phase, that it never depends
on another seat's secrets (SEA-2), what it costs early and late, and the
timeout move of a decision played through the move service."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.seasons.rules import ENGINE
from tables import services
from tables.models import Table, TableState
from tests.conftest import ApiClient, login_client, play_random_moves, start_table, state_of
from tests.seasons.helpers import duel
from tests.seasons.secrets import scramble_secrets

pytestmark = pytest.mark.django_db

WATER = 1

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def put_state(table: Table, state: dict) -> Table:
    TableState.objects.filter(pk=table.pk).update(state=state)
    table.to_act = ENGINE.to_act(state)
    table.prompt = ENGINE.prompt(state)
    table.summary = ENGINE.summary(state)
    table.save()
    return table


def board(user, table: Table) -> str:
    response = login_client(user).get(f"/tables/{table.pk}/board/")
    assert response.status_code == 200
    return _CSRF.sub("", response.content.decode())


def page(user, table: Table) -> str:
    response = login_client(user).get(f"/tables/{table.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_draft_shows_my_packet_and_only_counts_of_the_others(users):
    table = start_table("seasons", users[:3], {"level": "archmage"})
    html = page(users[0], table)
    assert "The packet you hold" in html and "9 cards, only you see them" in html
    assert "Your turn: pick a card from the draft packet (with " in html
    assert html.count('class="scard ') == 9  # my packet only
    assert "Picked" in html
    spectator = page(users[5], table)
    assert 'class="scard ' not in spectator


def test_the_duel_draws_the_wheel_dice_tokens_and_cards(users):
    table = start_table("seasons", users[:2], {"level": "apprentice"})
    state = duel(
        hands=[[6, 22]],
        play=[[4, 5], [11]],
        energy=[[1, 2, 0, 1], [0, 0, 3, 0]],
        crystals=[12, 4],
        month=5,
    )
    state["p"][0]["play"][0]["tokens"] = [0, 3, 0, 0]
    state["p"][0]["play"][1]["tapped"] = True
    table = put_state(table, state)
    html = page(users[0], table)
    assert 'aria-label="Season wheel: year 1 of 3, spring, month 5 of 12"' in html
    assert "Spring die:" in html and "taken by" in html
    assert 'aria-label="Reserve: 1 air, 2 water, 1 earth (4 of 7)"' in html
    assert "Staff of Spring, card 6, magic item; cost 3 earth; 9 prestige points" in html
    assert "Amulet of Water, card 4" in html and "holding 3 water" in html
    assert "Balance of Ishtar, card 5" in html and "activated this round" in html
    assert "Figrim the Avaricious, card 11, familiar; cost 3 crystals" in html
    assert "Your hand" in html and "Runic Cube of Eolis" in html
    assert "End my turn" in html and "Summon the Staff of Spring" not in html  # no earth enough
    other = page(users[1], table)
    assert "Runic Cube of Eolis" not in other and "Staff of Spring, card 6" not in other


def test_the_final_score_sheet(users):
    table = start_table("seasons", users[:2], {"level": "apprentice"})
    state = duel(play=[[22], []], crystals=[40, 10], month=12, year=3, leftover_dots=3)
    table = put_state(table, state)
    services.move_submit(
        table_id=table.pk, user=users[0], version=table.version, move={"action": "end_turn"}
    )
    table.refresh_from_db()
    assert table.status == "finished"
    html = page(users[1], table)
    assert "Final score" in html and "<strong>70</strong>" in html


@pytest.mark.parametrize(("players", "level"), [(2, "archmage"), (3, "wizard"), (4, "apprentice")])
def test_sea_2_board_page_and_api_do_not_depend_on_secrets(users, players, level):
    rng = random.Random(players)
    spectator = users[5]
    for moves in (4, 70):
        table = start_table("seasons", users[:players], {"level": level})
        table = play_random_moves(table, users[:players], moves, seed=moves)
        if not table.is_active:
            continue
        original = state_of(table)

        def answers(seat, table=table):
            user = spectator if seat is None else users[seat]
            return (
                board(user, table),
                ApiClient(user).get(f"/api/tables/{table.pk}").json(),
                ApiClient(user).get(f"/api/tables/{table.pk}/log").json(),
            )

        for seat in [*range(players), None]:
            seen = answers(seat)
            TableState.objects.filter(pk=table.pk).update(
                state=scramble_secrets(original, seat, rng)
            )
            assert answers(seat) == seen, (moves, seat)
            TableState.objects.filter(pk=table.pk).update(state=original)


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("path", ["", "board/"])
def test_the_page_costs_the_same_early_and_late(users, path, django_assert_max_num_queries):
    early = play_random_moves(
        start_table("seasons", users[:4], {"level": "archmage"}), users[:4], 5, 1
    )
    late = play_random_moves(
        start_table("seasons", users[:4], {"level": "archmage"}), users[:4], 150, 2
    )
    assert late.is_active and late.version >= 150
    client = login_client(users[0])
    for t in (early, late):
        client.get(f"/tables/{t.pk}/{path}")
    counts = [_queries(client, f"/tables/{t.pk}/{path}") for t in (early, late)]
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(10):
        client.get(f"/tables/{late.pk}/{path}")


def test_the_api_read_is_bounded_late_in_the_game(users, django_assert_max_num_queries):
    table = play_random_moves(
        start_table("seasons", users[:3], {"level": "wizard"}), users[:3], 150, 4
    )
    bot = ApiClient(users[0])
    with django_assert_max_num_queries(8):
        assert bot.get(f"/api/tables/{table.pk}").status_code == 200


def test_a_sacrifice_for_syllas_waits_for_the_opponent_and_times_out_to_a_card(users):
    table = start_table("seasons", users[:2], {"level": "archmage"})
    state = duel(hands=[[10]], play=[[], [3, 29]], energy=[[0, 0, 3, 0]])
    table = put_state(table, state)
    services.move_submit(
        table_id=table.pk,
        user=users[0],
        version=table.version,
        move={"action": "summon", "card": 18},
    )
    table.refresh_from_db()
    assert table.to_act == [1]
    html = page(users[0], table)
    assert "choose a card to sacrifice for" in html and "Syllas the Faithful" in html
    move = ENGINE.timeout_move(state_of(table), 1)
    assert move["action"] == "sacrifice"


@pytest.mark.parametrize(("year", "sets", "titles"), [(1, 2, [2, 3]), (2, 1, [3]), (3, 0, [])])
def test_the_sets_still_to_come_are_labelled_with_their_own_year(users, year, sets, titles):
    """SEA-9.3: in year 2 the one set left is year 3's."""
    table = start_table("seasons", users[:2], {"level": "apprentice"})
    to_come = [[1, 2, 3], [4, 5, 6]][2 - sets :]
    state = duel(year=year, month=2, years=[to_come, [[]] * sets])
    table = put_state(table, state)
    html = page(users[0], table)
    assert re.findall(r"Set for year (\d)", html) == [str(y) for y in titles]


def test_the_apprentice_level_is_named_in_the_lobby_the_table_header_and_the_invitation(
    users, mailoutbox, django_capture_on_commit_callbacks
):
    table = services.table_create(creator=users[0], game="seasons", max_players=3, options={})
    named = "Level: Apprentice (ready-made sets of cards 1-30)"
    assert named in page(users[0], table)
    assert named in login_client(users[1]).get("/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.table_invite(table_id=table.pk, user=users[0], username=users[2].username)
    (invitation,) = mailoutbox
    assert f"Options: {named}" in invitation.body
    assert "Standard rules" not in invitation.body


def test_a_die_says_what_its_symbols_do_on_hover_and_to_a_screen_reader(users):
    table = start_table("seasons", users[:2], {"level": "apprentice"})
    state = duel(face={"energy": (WATER, WATER), "star": True, "dots": 3}, leftover_dots=2)
    table = put_state(table, state)
    html = page(users[0], table)
    name = users[0].username
    assert (
        'aria-label="Winter die: 2 water, summoning gauge +1; 3 dots: left over, it moves the '
        f'season marker 3 months; taken by {name}"'
    ) in html
    assert 'title="Star: summoning gauge +1"' in html
    assert 'title="2 dots: left over, it moves the season marker 2 months"' in html
    assert "Dots: if this die is the one left over, the season marker moves" in html  # legend


# -- the board's pieces as controls (issue 26) ------------------------------------------


class _Pieces(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, str] = {}
        self.menu: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "details" and "data-piece" in a:
            self.menu = a["data-piece"]
        elif tag == "summary" and self.menu:
            self.found[self.menu], self.menu = a["aria-label"], None
        elif tag == "button" and "data-piece" in a:
            assert a["form"] == "moves-form" and a["type"] == "submit"
            self.found[a["data-piece"]] = a["aria-label"]


def pieces(html: str) -> dict[str, str]:
    """Each piece that is a control: its name on the board, and the button's
    name (a menu's: how many moves, then each)."""
    parser = _Pieces()
    parser.feed(html)
    return parser.found


def test_sea_6_a_turn_is_played_on_the_die_the_reserve_the_hand_and_the_cards_in_play(users):
    table = start_table("seasons", users[:2], {"level": "apprentice"})
    state = duel(
        hands=[[4, 19]],  # Amulet of Water affordable, Ragfield's Helm (3 air) not
        play=[[16], [11]],  # my Kairn the Destroyer, their Figrim
        energy=[[1, 2, 0, 0]],
        face={"star": True, "transmute": True},
        gauge=[5],
    )
    table = put_state(table, state)
    mine = pieces(board(users[0], table))
    kairn, figrim, water_amulet, helm = (
        state["p"][0]["play"][0]["id"],
        state["p"][1]["play"][0]["id"],
        *state["p"][0]["hand"],
    )
    assert mine["mydie:star"] == "Raise my summoning gauge by 1"
    assert mine["reserve:water"].startswith("Transmute 1 water into ")
    assert mine[f"hand:{water_amulet}"] == "Summon the Amulet of Water (2 water)"
    assert f"hand:{helm}" not in mine  # no legal move: drawn, not a control
    assert mine[f"play:{kairn}"] == (
        "2 moves: Activate Kairn the Destroyer with 1 air; "
        "Activate Kairn the Destroyer with 1 water"
    )
    assert f"play:{figrim}" not in mine
    assert mine["turn:end"] == "End my turn"
    assert mine["bonus:3"] == "Bonus: summoning gauge +1"
    # A card inside a control is not a second stop for the keyboard; its
    # words follow the button for a screen reader.
    html = board(users[0], table)
    start = html.index(f'data-piece="hand:{water_amulet}"')
    end = html.index("</button>", start)
    assert 'tabindex="0"' not in html[start:end]
    after = html[end + len("</button>") :].lstrip()
    assert after.startswith(
        '<span class="visually-hidden">Amulet of Water, card 4, magic item; cost 2 water'
    )
    # The other seat, waiting, and a spectator have nothing to click.
    assert pieces(board(users[1], table)) == {}
    assert pieces(board(users[5], table)) == {}


def test_sea_4_1_the_draft_is_a_click_on_a_card_of_the_packet(users):
    table = start_table("seasons", users[:2], {"level": "wizard"})
    state = state_of(table)
    mine = pieces(board(users[0], table))
    for card in state["p"][0]["packet"]:
        assert mine.get(f"packet:{card}", "").startswith("Pick ") or any(
            other // 2 == card // 2 and other != card for other in state["p"][0]["packet"]
        )
    assert len(mine) == len({c // 2 for c in state["p"][0]["packet"]})


def test_sea_4_2_a_picked_card_goes_to_a_year_in_one_click(users):
    table = start_table("seasons", users[:2], {"level": "wizard"})
    state = state_of(table)
    for p in state["p"]:
        p["picked"], p["packet"] = p["packet"], []
    state["phase"], state["queue"] = "sets", [{"k": "sets"}]
    first = state["p"][0]["picked"][0]
    table = put_state(table, state)
    mine = pieces(board(users[0], table))
    assert mine[f"set:{first}:1"].endswith(" to year 1")
    assert {f"set:{first}:{y}" for y in (1, 2, 3)} <= set(mine)
    assert "sets:confirm" not in mine


def test_sea_11_34_the_crystal_orb_shows_the_tokens_chosen_and_what_is_still_needed(users):
    table = start_table("seasons", users[:2], {"level": "archmage"})
    state = duel(play=[[34]], energy=[[2, 2, 1, 0]], deck_top=[6])
    state["queue"].insert(0, {"k": "orb", "seat": 0, "card": state["deck"][-1], "chosen": [1]})
    table = put_state(table, state)
    html = board(users[0], table)
    assert "Crystal Orb: 1 of 4 energy tokens chosen; 3 more from your reserve." in html
    assert 'aria-label="Chosen: water"' in html
    mine = pieces(html)
    assert mine["reserve:air"] == "Give 1 air"
    assert mine[f"choice:{state['deck'][-1]}"] == "Leave it on the pile"


def test_sea_7_a_payment_says_what_the_card_costs_and_what_the_reserve_holds(users):
    table = start_table("seasons", users[:2], {"level": "archmage"})
    state = duel(hands=[[20]], play=[[4]], energy=[[1, 1, 1, 1]], crystals=[9])
    card = state["p"][0]["hand"][0]
    state["p"][0]["play"][0]["tokens"] = [0, 0, 1, 0]  # the fire may come from the Amulet
    state["queue"].insert(0, {"k": "pay", "seat": 0, "card": card})
    table = put_state(table, state)
    html = board(users[0], table)
    assert (
        "Hand of Fortune costs 1 air, 1 fire, 1 earth, 3 crystals; your reserve holds "
        "1 air, 1 water, 1 fire, 1 earth. Choose how to pay:"
    ) in html
    assert pieces(html)[f"choice:{card}"] == (
        "2 moves: Pay 1 air, 1 fire, 1 earth, 3 crystals; "
        "Pay 1 air, 1 earth from your reserve and 1 fire from the Amulet of Water and 3 crystals"
    )
    # The ways to pay are also buttons under the line, each naming its energy.
    ways = html.split('aria-label="Ways to pay"')[1].split("</div>")[0]
    assert re.findall(r">(Pay [^<]+)</button>", ways) == [
        "Pay 1 air, 1 fire, 1 earth, 3 crystals",
        "Pay 1 air, 1 earth from your reserve and 1 fire from the Amulet of Water and 3 crystals",
    ]


def test_sea_6_4_a_card_drawn_with_the_card_symbol_is_kept_or_discarded_beside_it(users):
    table = start_table("seasons", users[:2], {"level": "apprentice"})
    state = duel(deck_top=[6], face={"card": True})
    state = ENGINE.apply(state, 0, {"action": "draw"})
    table = put_state(table, state)
    html = board(users[0], table)
    mine = pieces(html)
    drawn = state["queue"][0]["cards"][0]
    assert mine[f"choice:{drawn}"] == "Keep the Staff of Spring"
    assert mine["choice:discard"] == "Discard it"
    # Both in the section of the cards being chosen from.
    start = html.index('class="s-choice"')
    section = html[start : html.index("</section>", start)]
    assert 'data-piece="choice:discard"' in section


def test_sea_6_1_each_season_die_is_a_piece_that_takes_it(users):
    """SEA-6.1: the first player takes one of the round's dice, by clicking it."""
    table = start_table("seasons", users[:2], {"level": "apprentice"})
    state = ENGINE.setup(2, ENGINE.clean_options({"level": "apprentice"}), 1)
    for _ in range(100):
        if state["phase"] == "duel":
            break
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat))
    seat = ENGINE.to_act(state)[0]
    takes = [m for m in ENGINE.legal_moves(state, seat) if m["action"] == "take_die"]
    assert takes
    table = put_state(table, state)
    mine = pieces(board(users[seat], table))
    assert {f"die:{m['die']}" for m in takes} <= set(mine)
