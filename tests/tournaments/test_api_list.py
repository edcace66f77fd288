"""`GET /api/tournaments`: the list of tournaments, filtered by status and
game, a page at a time (issue 41)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from clocks import clock
from tests.tournaments.helpers import entered, players, tournament
from tournaments import selectors
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def three():
    """A Coup Swiss with two entries starting tomorrow, a Troyes round robin
    starting in two days, and a finished Coup elimination."""
    ana, bea, cid = players(3)
    coup = entered(ana, [ana, bea], seats_per_table=3, max_entries=9)
    troyes = tournament(
        bea,
        game="troyes",
        format="round_robin",
        seats_per_table=4,
        max_entries=8,
        starts_at=clock.now() + timedelta(days=2),
    )
    done = tournament(cid, format="elimination", starts_at=clock.now() + timedelta(hours=1))
    Tournament.objects.filter(pk=done.pk).update(status="finished")
    return coup, troyes, done


def listed(query: str = "") -> dict:
    response = Client().get(f"/api/tournaments{query}")
    assert response.status_code == 200, response.json()
    return response.json()


def test_it_lists_every_tournament_with_its_figures_latest_start_first(three):
    coup, troyes, done = three
    data = listed()
    assert (data["page"], data["pages"], data["count"]) == (1, 1, 3)
    assert [t["id"] for t in data["tournaments"]] == [troyes.pk, coup.pk, done.pk]
    first = data["tournaments"][1]
    assert first == {
        "id": coup.pk,
        "name": coup.name,
        "game": "coup",
        "format": "swiss",
        "status": "scheduled",
        "starts_at": coup.starts_at.isoformat(),
        "entries": 2,
        "max_entries": 9,
        "seats_per_table": 3,
    }
    assert data["tournaments"][0]["format"] == "round_robin"
    assert data["tournaments"][0]["entries"] == 0


def test_it_filters_by_status_and_by_game(three):
    coup, troyes, done = three
    assert [t["id"] for t in listed("?status=finished")["tournaments"]] == [done.pk]
    assert [t["id"] for t in listed("?game=coup")["tournaments"]] == [coup.pk, done.pk]
    assert [t["id"] for t in listed("?game=troyes")["tournaments"]] == [troyes.pk]
    both = listed("?game=coup&status=scheduled")
    assert [t["id"] for t in both["tournaments"]] == [coup.pk] and both["count"] == 1
    assert listed("?game=koryo") == {"page": 1, "pages": 1, "count": 0, "tournaments": []}


@pytest.mark.parametrize(
    "query, status, words",
    [
        ("?game=chess", 400, "no game called"),
        ("?status=open", 400, ""),
        ("?page=0", 400, ""),
        ("?page=2", 404, "no page 2"),
    ],
)
def test_a_bad_filter_or_page_is_refused_clearly(three, query, status, words):
    response = Client().get(f"/api/tournaments{query}")
    assert response.status_code == status
    assert words in response.json()["detail"]


def test_it_pages_by_fifty_in_a_bounded_number_of_queries(
    three, monkeypatch, django_assert_max_num_queries
):
    monkeypatch.setattr(selectors, "LIST_PAGE_SIZE", 2)
    with django_assert_max_num_queries(2):
        first = listed()
    second = listed("?page=2")
    assert (first["pages"], first["count"], len(first["tournaments"])) == (2, 3, 2)
    assert (second["page"], len(second["tournaments"])) == (2, 1)
    assert second["tournaments"][0]["id"] == three[2].pk
