"""Who may replay what: a running game only up to its current move and only
as its viewer saw it live; any seat's view once the game is over; readable
refusals that write nothing."""

from __future__ import annotations

import re

import pytest

from games import registry
from replays.models import Snapshot
from replays.turns import turns_of
from tables import services
from tables.models import Move, Table
from tests.conftest import ApiClient, login_client, play_random_moves, start_table, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(users):
    """A three-player Koryo game in play: hands and orders are secret."""
    return play_random_moves(start_table("koryo", users[:3], seed=7), users[:3], 25, seed=3)


@pytest.fixture
def finished(users):
    return play_random_moves(start_table("coup", users[:2], seed=1), users[:2], 500, seed=1)


def private_texts_not_for(table, seat: int) -> set[str]:
    """The texts of the table's log lines that only other seats may read
    (and that no line this seat may read says too: "You choose to play
    Merchants" may be theirs as well as mine)."""
    names = {s.number: s.user.username for s in table.seats.all()}
    theirs, mine = set(), set()
    for log in Move.objects.filter(table=table).values_list("log", flat=True):
        for line in log:
            text = re.sub(r"\{p(\d+)\}", lambda m: names[int(m.group(1))], line["text"])
            (mine if line["to"] is None or seat in line["to"] else theirs).add(text)
    return theirs - mine


def turns(table) -> int:
    """How many turns the table's replay steps through (after the deal)."""
    return turns_of(table, registry.get(table.game).engine, table.seats.count()).count


def assert_refused(user, table, address: str, status: int, page_says: str, api_says: str):
    """The replay page and the API answer at `address` (`{n}?seat=...`)
    both refuse with this status and a readable message."""
    page_address = address.replace("?", "/?") if "?" in address else address + "/"
    page = login_client(user).get(f"/tables/{table.pk}/replay/{page_address}")
    assert page.status_code == status
    assert page_says in page.content.decode()
    api = ApiClient(user).get(f"/api/tables/{table.pk}/replay/{address}")
    assert api.status_code == status
    assert api_says in api.json()["detail"]


def test_a_player_of_a_running_game_replays_it_as_they_saw_it(running, users):
    engine = registry.get("koryo").engine
    client = login_client(users[0])
    api = ApiClient(users[0])
    answer = api.get(f"/api/tables/{running.pk}/replay/{running.version}").json()
    assert answer["seat"] == 0
    assert answer["view"] == engine.view(state_of(running), 0)
    hidden = private_texts_not_for(running, 0)
    assert hidden, "the game has lines private to the other seats"
    for turn in range(turns(running) + 1):
        html = client.get(f"/tables/{running.pk}/replay/{turn}/").content.decode()
        assert not any(text in html for text in hidden), f"turn {turn}"


def test_a_spectator_replays_a_running_game_from_the_public_view_only(running, users):
    engine = registry.get("koryo").engine
    answer = ApiClient(users[4]).get(f"/api/tables/{running.pk}/replay/{running.version}").json()
    assert answer["seat"] is None
    assert answer["view"] == engine.view(state_of(running), None)
    hidden = private_texts_not_for(running, -1)
    client = login_client(users[4])
    for turn in range(0, turns(running) + 1, 2):
        html = client.get(f"/tables/{running.pk}/replay/{turn}/").content.decode()
        assert not any(text in html for text in hidden)


def test_the_replay_of_a_running_game_never_shows_its_seed(users):
    # The site's own kind of seed: 62 random bits, too long to turn up by chance.
    running = play_random_moves(start_table("koryo", users[:2]), users[:2], 10)
    seed = str(running.seed)
    assert len(seed) > 9
    api = ApiClient(users[0])
    for move in (0, 1, running.version):
        assert seed not in api.get(f"/api/tables/{running.pk}/replay/{move}").content.decode()
    for turn in (0, 1, turns(running)):
        page = login_client(users[0]).get(f"/tables/{running.pk}/replay/{turn}/")
        assert page.status_code == 200
        assert seed not in page.content.decode()


def test_a_running_game_replays_the_same_whatever_its_moves_to_come(users):
    """Two tables with the same deal and the same first moves, then different
    ones: their replays agree up to the shared moves, so nothing of the
    moves to come shows."""
    first = start_table("koryo", users[:2], seed=11)
    second = start_table("koryo", users[:2], seed=11)
    play_random_moves(first, users[:2], 12, seed=5)
    play_random_moves(second, users[:2], 12, seed=5)
    play_random_moves(first, users[:2], 30, seed=6)
    play_random_moves(second, users[:2], 30, seed=7)
    assert (
        list(first.moves.values_list("move", flat=True))[12:]
        != list(second.moves.values_list("move", flat=True))[12:]
    )
    for move in range(13):
        a = ApiClient(users[4]).get(f"/api/tables/{first.pk}/replay/{move}").json()
        b = ApiClient(users[4]).get(f"/api/tables/{second.pk}/replay/{move}").json()
        assert (a["view"], a["lines"]) == (b["view"], b["lines"])


def test_a_running_game_refuses_moves_past_the_current_one(running, users):
    moves = f"this game has {running.version} moves so far"
    steps = f"this game has {turns(running)} turns so far"
    assert_refused(users[0], running, str(running.version + 1), 404, steps, moves)


def test_another_seats_view_of_a_running_game_is_refused(running, users):
    over = "once the game is over"
    assert_refused(users[0], running, "3?seat=1", 403, over, over)
    assert_refused(users[4], running, "3?seat=0", 403, over, over)


def test_a_player_may_choose_their_own_seat_or_the_spectators_view(running, users):
    api = ApiClient(users[1])
    assert api.get(f"/api/tables/{running.pk}/replay/3?seat=1").json()["seat"] == 1
    assert api.get(f"/api/tables/{running.pk}/replay/3?seat=spectator").json()["seat"] is None


def test_a_finished_game_may_be_seen_by_any_seat(finished, users):
    assert finished.status == Table.Status.FINISHED
    stranger = ApiClient(users[4])
    for seat in (0, 1):
        answer = stranger.get(f"/api/tables/{finished.pk}/replay/1?seat={seat}").json()
        assert answer["seat"] == seat
        assert answer["view"]["hand"] is not None
    page = login_client(users[4]).get(f"/tables/{finished.pk}/replay/1/?seat=1")
    assert page.status_code == 200
    assert "Seen by ben" in page.content.decode()


def test_a_player_replays_a_finished_game_from_the_spectators_view_unless_they_choose(
    finished, users
):
    """Once it is over, the replay opens on what everyone saw (a spectator's
    view), for the game's own players too; their seat, or any, is a choice."""
    assert finished.status == Table.Status.FINISHED
    ben = ApiClient(users[1])
    assert ben.get(f"/api/tables/{finished.pk}/replay/1").json()["seat"] is None
    assert ben.get(f"/api/tables/{finished.pk}/replay/1?seat=1").json()["seat"] == 1
    page = login_client(users[1]).get(f"/tables/{finished.pk}/replay/1/").content.decode()
    assert "Seen by a spectator" in page


def test_anyone_may_replay_a_finished_game_without_logging_in(finished):
    from django.test import Client

    page = Client().get(f"/tables/{finished.pk}/replay/{turns(finished)}/")
    assert page.status_code == 200
    assert f"Turn {turns(finished)} of {turns(finished)}" in page.content.decode()


@pytest.mark.parametrize(
    "address, status, message",
    [
        ("replay/999/", 404, "There is no turn 999 to replay: this game has"),
        ("replay/?move=twelve", 400, "A move number is a whole number"),
        ("replay/?turn=twelve", 400, "A turn number is a whole number"),
        ("replay/?move=999", 404, "There is no move 999 to replay: this game has"),
        ("replay/1/?seat=7", 404, "There is no seat 7 at this table."),
        ("replay/1/?seat=-1", 400, "Choose a seat by its number"),
    ],
)
def test_a_wrong_address_gets_a_readable_refusal_and_writes_nothing(
    finished, users, address, status, message
):
    before = Snapshot.objects.count()
    page = login_client(users[0]).get(f"/tables/{finished.pk}/{address}")
    assert page.status_code == status
    assert message in page.content.decode()
    assert Snapshot.objects.count() == before


def test_the_turn_number_form_leads_to_that_turn(finished, users):
    page = login_client(users[0]).get(f"/tables/{finished.pk}/replay/?turn=3&seat=1")
    assert page.status_code == 302
    assert page["Location"] == f"/tables/{finished.pk}/replay/3/?seat=1"


def test_a_move_number_leads_to_the_turn_it_was_played_in(finished, users):
    """A move's number, as the log gives it, opens the turn that holds it."""
    client = login_client(users[0])
    for move in range(1, 8):
        page = client.get(f"/tables/{finished.pk}/replay/?move={move}&seat=1")
        assert page.status_code == 302
        turn = int(page["Location"].split("/replay/")[1].split("/")[0])
        step = client.get(page["Location"]).content.decode()
        assert f"Turn {turn} of" in step
        first, last = re.search(r"· moves? (\d+)(?: to (\d+))?", step).groups()
        assert int(first) <= move <= int(last or first), f"move {move} is not in turn {turn}"


def test_a_table_not_started_has_no_replay(users):
    table = services.table_create(creator=users[0], game="coup", max_players=2)
    page = login_client(users[0]).get(f"/tables/{table.pk}/replay/")
    assert page.status_code == 404
    assert "has not started" in page.content.decode()


def test_a_game_played_with_rules_the_site_no_longer_runs_is_not_replayed(finished, users):
    Table.objects.filter(pk=finished.pk).update(engine_version=99)
    assert_refused(users[0], finished, "2", 409, "version 99 of the Coup rules", "cannot replay it")


def test_a_game_cancelled_in_play_is_replayed_whole_with_its_hands_hidden(running, users):
    services.table_cancel(table_id=running.pk, user=None, reason="Stopped by a moderator")
    engine = registry.get("koryo").engine
    api = ApiClient(users[0])
    last = api.get(f"/api/tables/{running.pk}/replay/{running.version}").json()
    assert last["seat"] == 0
    assert last["view"] == engine.view(state_of(running), 0)
    refused = api.get(f"/api/tables/{running.pk}/replay/1?seat=1")
    assert refused.status_code == 403
    page = login_client(users[4]).get(f"/tables/{running.pk}/replay/{running.version}/")
    assert "Seen by" not in page.content.decode().split('id="replay-step"')[0]


def test_the_table_page_and_the_log_link_to_the_replay(running, finished, users):
    client = login_client(users[0])
    assert "replay so far" in client.get(f"/tables/{running.pk}/").content.decode()
    over = client.get(f"/tables/{finished.pk}/").content.decode()
    assert f'href="/tables/{finished.pk}/replay/"' in over
    assert "Replay the game" in client.get(f"/tables/{finished.pk}/log/").content.decode()


def test_the_replay_is_in_the_api_schema(users):
    schema = ApiClient(users[0]).get("/api/openapi.json").json()
    operation = schema["paths"]["/api/tables/{table_id}/replay/{move}"]["get"]
    assert "ReplayOut" in str(operation["responses"]["200"])
    assert {"403", "404", "409"} <= set(operation["responses"])
