"""axe-core finds no WCAG 2.1 A or AA fault on any page of the site: for a
visitor, a player whose turn it is, a player who waits and a spectator, on
every game's table page at more than one moment of play, at desktop and
phone widths.

Our CSP forbids injected scripts, and axe is one: each browser context here
has the CSP turned off (its own tests are in test_pages_under_csp.py).
"""

from __future__ import annotations

import random

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client

from chat.models import Message
from chat.selectors import RECENT
from games import registry
from tables import services
from tables.models import Table
from tests.conftest import make_user, start_table, state_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# Structure rules axe files as best practice, which the site keeps too: one
# h1, headings in order, no empty header cell, every landmark named apart.
STRUCTURE = ["page-has-heading-one", "heading-order", "empty-table-header", "landmark-unique"]
WIDTHS = {"desktop": 1280, "phone": 390}
AXE_SCRIPT = Axe().axe_script
RUN = """([exclude, structure, tags]) => {
  const rules = axe.getRules(tags).map((r) => r.ruleId).concat(structure);
  return axe.run(exclude.length ? {exclude: exclude} : document,
                 {runOnly: {type: "rule", values: rules}, resultTypes: ["violations"]});
}"""


def violations_text(page, what: str, exclude: list[str] = (), structure: bool = True) -> str:
    """What axe finds wrong on the page, one fault and its elements a line."""
    results = page.evaluate(
        RUN, [[[sel] for sel in exclude], STRUCTURE if structure else [], WCAG_A_AA]
    )
    lines = []
    for v in results["violations"]:
        lines.append(f"{what}: {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:6]:
            lines.append(f"    {' '.join(map(str, node['target']))}: {node['html'][:160]}")
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"      {summary[:300]}")
    return "\n".join(lines)


class Viewers:
    """One browser context per person and width, reused for every page."""

    def __init__(self, browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.contexts: dict = {}

    def page(self, user, width: str):
        key = (user.pk if user else None, width)
        if key not in self.contexts:
            context = self.browser.new_context(
                base_url=self.base_url,
                viewport={"width": WIDTHS[width], "height": 900},
                bypass_csp=True,
            )
            context.set_default_timeout(15_000)
            # Loaded into every page before its own scripts run.
            context.add_init_script(AXE_SCRIPT)
            if user is not None:
                client = Client()
                client.force_login(user)
                cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
                context.add_cookies(
                    [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": self.base_url}]
                )
            self.contexts[key] = context.new_page()
        return self.contexts[key]

    def audit(self, user, path: str, what: str, **checks) -> list[str]:
        found = []
        for width in WIDTHS:
            page = self.page(user, width)
            page.goto(path)
            settle(page)
            text = violations_text(page, f"{what} at {width} width ({path})", **checks)
            if text:
                found.append(text)
        return found

    def close(self) -> None:
        for page in self.contexts.values():
            page.context.close()


def settle(page) -> None:
    """Loaded, and no HTMX request (the header's count) still on its way."""
    page.wait_for_load_state("load")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


@pytest.fixture
def viewers(browser, live_server):
    v = Viewers(browser, live_server.url)
    yield v
    v.close()


def assert_clean(found: list[str]) -> None:
    assert not found, "\n" + "\n\n".join(found)


def play_until(table: Table, done, seed: int = 0, limit: int = 400) -> Table:
    """Random legal moves through the move service until `done(state)`."""
    rng = random.Random(seed)
    by_seat = {seat.number: seat.user for seat in table.seats.all()}
    engine = registry.get(table.game).engine
    for _ in range(limit):
        table.refresh_from_db()
        state = state_of(table)
        if done(state) or not table.is_active:
            break
        seat = rng.choice(table.to_act)
        move = rng.choice(engine.legal_moves(state, seat))
        services.move_submit(
            table_id=table.pk, user=by_seat[seat], version=table.version, move=move
        )
    table.refresh_from_db()
    assert done(state_of(table)), "the game never reached the wanted moment"
    return table


def audit_table(viewers, table: Table, spectator, moment: str) -> list[str]:
    """The table page for one seat that must act, one that waits (when
    there is one) and a spectator."""
    table.refresh_from_db()
    by_seat = {seat.number: seat.user for seat in table.seats.all()}
    acting = by_seat[table.to_act[0]]
    waiting = next((u for n, u in by_seat.items() if n not in table.to_act), None)
    path = f"/tables/{table.pk}/"
    found = viewers.audit(acting, path, f"{table.game} {moment}, player to act")
    if waiting is not None:
        found += viewers.audit(waiting, path, f"{table.game} {moment}, player waiting")
    found += viewers.audit(spectator, path, f"{table.game} {moment}, spectator")
    return found


def test_site_pages_have_no_wcag_violation(viewers, client):
    ana, ben = make_user("ana"), make_user("ben")
    open_table = services.table_create(
        creator=ana, game="coup", options={}, max_players=3, time_control="fast"
    )
    services.table_join(table_id=open_table.pk, user=ben)
    played = start_table("koryo", [ana, ben], seed=3)
    # A chat longer than the table page shows: it links to the older messages.
    talk = Message.objects.bulk_create(
        Message(table=played, channel="players", author=ben, text=f"Message {i}")
        for i in range(RECENT + 3)
    )
    found = []
    for path, what in (
        ("/", "lobby, logged out"),
        ("/accounts/signup/", "sign-up"),
        ("/accounts/login/", "log-in"),
        (f"/tables/{open_table.pk}/", "waiting room, logged out"),
        ("/no-such-page/", "not found"),
    ):
        found += viewers.audit(None, path, what)
    # The bundled Swagger widget's own markup (buttons in buttons, its
    # colours) is django-ninja's: the page around it is ours.
    found += viewers.audit(None, "/api/docs", "API docs", exclude=["#swagger-ui"], structure=False)
    for path, what in (
        ("/", "lobby, logged in"),
        ("/accounts/profile/", "profile"),
        ("/accounts/tokens/", "tokens"),
        ("/tables/new/", "new table form"),
        ("/tables/new/?game=seasons", "new Seasons table form"),
        (f"/tables/{open_table.pk}/", "waiting room of its creator"),
        (f"/tables/{played.pk}/log/", "whole-game log"),
        (f"/tables/{played.pk}/", "table page with a long chat"),
        (f"/tables/{played.pk}/chat/players/history/?before={talk[3].pk}", "older chat messages"),
    ):
        found += viewers.audit(ana, path, what)
    found += viewers.audit(ben, f"/tables/{open_table.pk}/", "waiting room of a seated player")

    # A failed sign-up: the page with its errors.
    for width in WIDTHS:
        page = viewers.page(None, width)
        page.goto("/accounts/signup/")
        page.fill("input[name=username]", "ana")
        page.fill("input[name=email]", "ana@example.org")
        page.fill("input[name=password1]", "short")
        page.fill("input[name=password2]", "other")
        page.click("button[type=submit]")
        page.wait_for_selector(".errorlist")
        text = violations_text(page, f"failed sign-up at {width} width")
        if text:
            found.append(text)
    assert_clean(found)


def test_coup_table_pages_have_no_wcag_violation(viewers):
    ana, ben, carl = make_user("ana"), make_user("ben"), make_user("carl")
    table = start_table("coup", [ana, ben], seed=1, time_control="fast")
    found = audit_table(viewers, table, carl, "first turn")
    table.refresh_from_db()
    actor = table.seats.get(number=table.to_act[0]).user
    services.move_submit(
        table_id=table.pk, user=actor, version=table.version, move={"action": "tax"}
    )
    found += audit_table(viewers, table, carl, "a claim open to challenge")
    table = play_until(table, lambda s: s["phase"] == "game_over", seed=4)
    # The loser's own panel is the eliminated one that says "(you)".
    winner = state_of(table)["winner"]
    by_seat = {seat.number: seat.user for seat in table.seats.all()}
    loser = next(user for seat, user in by_seat.items() if seat != winner)
    found += viewers.audit(by_seat[winner], f"/tables/{table.pk}/", "coup over, the winner")
    found += viewers.audit(loser, f"/tables/{table.pk}/", "coup over, the loser")
    found += viewers.audit(carl, f"/tables/{table.pk}/", "coup over, a spectator")
    assert_clean(found)


# (game, seed, the first moment, when the second one comes, its name)
LATER_MOMENTS = [
    ("koryo", 3, "orders", lambda s: s["phase"] != "orders", "actions"),
    ("seasons", 5, "draft", lambda s: s["phase"] == "duel", "duel"),
    ("troyes", 7, "first round", lambda s: s["phase"] == "actions", "actions"),
]


@pytest.mark.parametrize(("game", "seed", "first", "reached", "second"), LATER_MOMENTS)
def test_table_pages_have_no_wcag_violation_at_two_moments(
    viewers, game, seed, first, reached, second
):
    ana, ben, carl = make_user("ana"), make_user("ben"), make_user("carl")
    table = start_table(game, [ana, ben], seed=seed, time_control="fast")
    found = audit_table(viewers, table, carl, first)
    table = play_until(table, reached, seed=2)
    found += audit_table(viewers, table, carl, second)
    assert_clean(found)
