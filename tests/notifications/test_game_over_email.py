"""The game-over email speaks to its reader: "You win with 12 victory
points", "Ana wins with 12 victory points. You finish second with 9 victory
points.", for every game, from the outcome and the names alone."""

from __future__ import annotations

import pytest

from notifications.results import result_for_reader
from tests.conftest import start_table
from tests.troyes.on_the_site import play_timeouts_to_the_end

NAMES = {0: "ana", 1: "ben", 2: "carl"}


def outcome(summary, ranks, scores):
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return {"summary": summary, "ranks": ranks, "scores": scores, "winners": winners}


TROYES = outcome("{p1} wins with 12 victory points.", [2, 1, 3], [9, 12, 1])


def test_the_winner_is_told_you_win():
    assert result_for_reader(TROYES, NAMES, 1) == "You win with 12 victory points."


def test_the_others_read_who_won_and_their_own_place_and_score():
    assert result_for_reader(TROYES, NAMES, 0) == (
        "ben wins with 12 victory points. You finish second with 9 victory points."
    )
    # One point reads in the singular.
    assert result_for_reader(TROYES, NAMES, 2) == (
        "ben wins with 12 victory points. You finish third with 1 victory point."
    )


def test_someone_who_did_not_play_reads_the_summary():
    assert result_for_reader(TROYES, NAMES, None) == "ben wins with 12 victory points."


def test_shared_wins_and_shared_places():
    seasons = outcome(
        "{p0} and {p2} share the win with 80 prestige points.", [1, 3, 1], [80, 60, 80]
    )
    assert result_for_reader(seasons, NAMES, 2) == (
        "You and ana share the win with 80 prestige points."
    )
    assert result_for_reader(seasons, NAMES, 1) == (
        "ana and carl share the win with 80 prestige points. "
        "You finish third with 60 prestige points."
    )
    koryo = outcome("{p0} wins with 20 points.", [1, 2, 2], [20, 7, 7])
    assert result_for_reader(koryo, NAMES, 1) == (
        "ana wins with 20 points. You share second place with 7 points."
    )
    troyes = outcome(
        "{p0}, {p1} and {p2} share the victory with 5 victory points.", [1, 1, 1], [5, 5, 5]
    )
    assert result_for_reader(troyes, NAMES, 1) == (
        "You, ana and carl share the victory with 5 victory points."
    )


def test_a_summary_without_a_score_unit_keeps_its_own_words():
    coup = outcome("{p2} wins 2 rounds ({p0} 1, {p1} 0).", [2, 2, 1], [1, 0, 2])
    assert result_for_reader(coup, NAMES, 2) == "You win 2 rounds (ana 1, ben 0)."
    assert result_for_reader(coup, NAMES, 0) == (
        "carl wins 2 rounds (you 1, ben 0). You share second place."
    )
    assert result_for_reader(outcome("{p0} wins.", [1, 2], [1, 0]), NAMES, 1) == (
        "ana wins. You finish second."
    )
    assert result_for_reader(outcome("{p0} wins.", [1, 2], [1, 0]), NAMES, 0) == "You win."
    assert result_for_reader(None, NAMES, 0) == ""


@pytest.mark.django_db
def test_a_finished_troyes_game_emails_each_player_their_result(users, sent):
    """Three players play Troyes to the end (timeout moves); each reads the
    result spoken to them, with the outcome's own scores."""
    players = users[:3]
    table = start_table("troyes", players, seed=5)
    with sent() as box:
        table = play_timeouts_to_the_end(table, players)
    assert table.status == "finished"
    result = table.outcome
    over = [m for m in box if "Game over" in m.subject]
    assert len(over) == 3
    places = {1: "first", 2: "second", 3: "third"}
    for seat, user in enumerate(players):
        body = next(m.body for m in over if m.to == [user.email])
        score, rank = result["scores"][seat], result["ranks"][seat]
        if result["winners"] == [seat]:
            assert f"You win with {score} victory points. Well played!" in body
        elif seat not in result["winners"]:
            shared = result["ranks"].count(rank) > 1
            verb = f"share {places[rank]} place" if shared else f"finish {places[rank]}"
            point = "victory point" if abs(score) == 1 else "victory points"
            assert f"points. You {verb} with {score} {point}." in body
        assert "{p" not in body
