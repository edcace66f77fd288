"""The markup a screen reader depends on, checked on the server's HTML:
help text that fields point to exists, every refused field is marked
invalid, headings go down one level at a time, board pieces have names."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from itertools import pairwise

import pytest

from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


class Outline(HTMLParser):
    """Headings, ids, and the described and invalid fields of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[int] = []
        self.ids: set[str] = set()
        self.described: list[str] = []
        self.invalid: set[str] = set()
        self.empty_th = 0
        self._th: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        if "id" in a:
            self.ids.add(a["id"])
        if a.get("aria-describedby"):
            self.described.extend(a["aria-describedby"].split())
        if a.get("aria-invalid") == "true":
            self.invalid.add(a.get("name", ""))
        if tag == "th":
            self._th = []

    def handle_data(self, data):
        if self._th is not None:
            self._th.append(data)

    def handle_endtag(self, tag):
        if tag == "th" and self._th is not None:
            self.empty_th += not "".join(self._th).strip()
            self._th = None


def outline(html: str) -> Outline:
    parser = Outline()
    parser.feed(html)
    return parser


def assert_headings_in_order(headings: list[int]) -> None:
    assert headings.count(1) == 1, headings
    assert headings[0] == 1, headings
    for before, after in pairwise(headings):
        assert after <= before + 1, headings


@pytest.mark.parametrize("path", ["/accounts/signup/", "/tables/new/", "/tables/new/?game=koryo"])
def test_every_id_a_field_is_described_by_exists(path, ana, client):
    if path.startswith("/tables"):
        client = login_client(ana)
    page = outline(client.get(path).content.decode())
    assert page.described, "no field has help text"
    assert set(page.described) <= page.ids


def test_a_failed_sign_up_marks_every_refused_field_and_sums_up_the_errors(client, ana):
    response = client.post(
        "/accounts/signup/",
        {"username": "ana", "email": "ana@example.org", "password1": "abc", "password2": "abd"},
    )
    html = response.content.decode()
    page = outline(html)
    assert page.invalid == {"username", "email", "password1", "password2"}
    assert set(page.described) <= page.ids
    summary = html.split("data-error-summary", 1)[1].split("</div>", 1)[0]
    assert 'href="#id_username"' in summary
    assert 'href="#id_password2"' in summary


def test_a_refused_password_alone_marks_both_password_boxes(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "zed", "email": "zed@example.org", "password1": "abc", "password2": "abd"},
    )
    assert outline(response.content.decode()).invalid == {"password1", "password2"}


def test_a_refused_log_in_marks_both_boxes_and_points_them_to_the_summary(client, ana):
    response = client.post("/accounts/login/", {"username": "ana", "password": "wrong"})
    page = outline(response.content.decode())
    assert page.invalid == {"username", "password"}
    assert "form-errors" in page.described
    assert set(page.described) <= page.ids


@pytest.mark.parametrize("game", ["coup", "koryo", "seasons", "troyes"])
def test_table_page_headings_go_down_one_level_at_a_time(game, users):
    table = start_table(game, users[:2], seed=1)
    for client in (login_client(users[0]), login_client(users[2])):
        page = outline(client.get(f"/tables/{table.pk}/").content.decode())
        assert_headings_in_order(page.headings)
        assert page.empty_th == 0


def test_the_logged_in_lobby_has_one_h1_and_no_empty_header_cell(users):
    from tables import services

    services.table_create(creator=users[1], game="coup", options={}, max_players=3)
    page = outline(login_client(users[0]).get("/").content.decode())
    assert_headings_in_order(page.headings)
    assert page.empty_th == 0


def test_every_face_down_card_and_coin_count_of_coup_has_a_name(users):
    table = start_table("coup", users[:2], seed=1)
    html = login_client(users[2]).get(f"/tables/{table.pk}/").content.decode()
    backs = re.findall(r'<span class="card back"[^>]*>', html)
    assert len(backs) == 4
    assert all('role="img"' in b and 'aria-label="face-down card"' in b for b in backs)
    coins = re.findall(r'<div class="coins">.*?</div>', html)
    assert len(coins) == 2
    assert all(re.search(r'\d+<span class="visually-hidden"> coins?</span>', c) for c in coins)


def test_the_api_docs_page_says_its_language(client):
    assert b'<html lang="en">' in client.get("/api/docs").content


class Controls(HTMLParser):
    """Each link's and button's accessible name as served, before any script
    fills it: its aria-label, else its text."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[tuple[str, str]] = []
        self._open: list[tuple[str, str, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("a", "button"):
            a = dict(attrs)
            ref = a.get("id") or a.get("href") or ""
            self._open.append((tag, ref, [a.get("aria-label") or ""]))

    def handle_data(self, data):
        for _, _, text in self._open:
            text.append(data)

    def handle_endtag(self, tag):
        if tag in ("a", "button") and self._open:
            tag, ref, text = self._open.pop()
            self.names.append((f"{tag} {ref}", "".join(text).strip()))


def test_every_link_and_button_has_a_name_before_the_page_s_scripts_run(users):
    """The header's count of waiting games is filled in by a request after
    load; until then its link must still say what it is."""
    table = start_table("coup", users[:2], seed=1)
    client = login_client(users[0])
    for path in ("/", f"/tables/{table.pk}/"):
        parser = Controls()
        parser.feed(client.get(path).content.decode())
        assert parser.names
        assert [ref for ref, name in parser.names if not name] == [], path


def test_a_start_button_that_cannot_be_pressed_says_why_beside_it(users):
    """Coup needs two players (COUP-OP1): alone at the table, its creator sees
    the disabled button described by the reason, in words."""
    from tables import services

    table = services.table_create(
        creator=users[0], game="coup", options={}, max_players=3, time_control="fast"
    )
    page = login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    assert '<button disabled aria-describedby="start-why">Start the game</button>' in page
    assert re.search(r'id="start-why">Coup needs at least 2 players', page)
    services.table_join(table_id=table.pk, user=users[1])
    page = login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    assert "<button>Start the game</button>" in page and "start-why" not in page
