"""Turn emails respect attention: they wait a little, skip players who are on
the site, go once per table per absence; and what every email says."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from accounts import presence
from games import registry
from notifications import delivery
from notifications.models import Notification
from tables import services
from tests.clocks.helpers import MIN, SECOND
from tests.conftest import login_client, start_table, state_of

SAFE = ("pass", "reveal", "lose", "return", "income", "coup")

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _timings(settings):
    settings.TURN_EMAIL_DELAY_SECONDS = 180
    settings.PRESENT_SECONDS = 180
    cache.clear()  # the presence throttle lives in the cache
    yield
    cache.clear()


DELAY = 180 * SECOND


def turn_mail(box, user):
    return [m for m in box if m.to == [user.email] and "Your turn" in m.subject]


def test_a_turn_email_waits_for_the_delay_then_goes(users, sent, frozen):
    with sent() as box:
        table = start_table("coup", users[:2])
    first = users[table.to_act[0]]
    assert turn_mail(box, first) == []  # not at once
    row = Notification.objects.get(kind="turn")
    assert row.due_at == frozen.now + DELAY
    with sent() as box:
        assert delivery.drain(now=frozen.now + DELAY - MIN) == 0
        assert delivery.drain(now=frozen.now + DELAY + MIN) == 1
    assert len(turn_mail(box, first)) == 1


def test_a_reaction_window_that_closes_by_itself_sends_nothing(users, sent, frozen):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    Notification.objects.all().delete()
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    asked = set(Notification.objects.filter(kind="turn").values_list("user_id", flat=True))
    assert asked == {users[s].pk for s in range(3) if s != actor}
    # Both others pass within the minute: nobody is asked any more.
    table.refresh_from_db()
    for seat in list(table.to_act):
        table.refresh_from_db()
        services.move_submit(
            table_id=table.pk, user=users[seat], version=table.version, move={"action": "pass"}
        )
    table.refresh_from_db()
    (now_asked,) = table.to_act
    with sent() as box:
        delivery.drain(now=frozen.now + DELAY + MIN)
    # Only the player whose turn it now is hears of it.
    assert [m.to for m in box] == [[users[now_asked].email]]


def test_a_player_whose_page_polls_gets_no_email_until_gone(users, sent, frozen):
    table = start_table("coup", users[:2])
    first = users[table.to_act[0]]
    page = login_client(first).get(f"/tables/{table.pk}/").content.decode()
    token = page.split("&amp;p=")[1].split('"')[0]
    frozen.advance(DELAY)
    # The page keeps polling (without any session: the signed id says who).
    cache.clear()
    assert Client().get(f"/tables/{table.pk}/poll/?p={token}").status_code == 200
    with sent() as box:
        delivery.drain(now=frozen.now + MIN)
    assert turn_mail(box, first) == []
    assert Notification.objects.get(kind="turn").status == "pending"
    # The player closes the page: once the present window passes, one email.
    with sent() as box:
        delivery.drain(now=frozen.now + 180 * SECOND + MIN)
        delivery.drain(now=frozen.now + 10 * MIN)
    assert len(turn_mail(box, first)) == 1


def test_a_forged_poll_token_marks_nobody_present(users):
    table = start_table("coup", users[:2])
    token = presence.token(users[0].pk)
    forged = token[:-2] + ("xx" if not token.endswith("xx") else "yy")
    Client().get(f"/tables/{table.pk}/poll/?p={forged}")
    assert presence.last_seen(users[0].pk) is None
    Client().get(f"/tables/{table.pk}/poll/?p={token}")
    assert presence.last_seen(users[0].pk) is not None


def test_the_lobby_counts_as_being_here(users, frozen):
    login_client(users[0]).get("/")
    assert presence.last_seen(users[0].pk) == frozen.now


def test_an_absent_player_gets_one_email_per_table_until_back(users, sent, frozen):
    """Ana and Ben play on while Carl is away: Carl is asked again and again,
    and gets a single email for the table."""
    table = start_table("coup", users[:3])
    carl = users[2]
    got = 0
    for _ in range(25):
        table.refresh_from_db()
        if not table.is_active:
            break
        seat = table.to_act[0]
        frozen.advance(DELAY + MIN)  # everyone waits long enough to be emailed
        with sent() as box:
            delivery.drain(now=frozen.now)
        got += len(turn_mail(box, carl))
        legal = registry.get("coup").engine.legal_moves(state_of(table), seat)
        move = next(m for a in SAFE for m in legal if m["action"] == a)
        services.move_submit(table_id=table.pk, user=users[seat], version=table.version, move=move)
    assert got == 1
    asked = Notification.objects.filter(user=carl, kind="turn").count()
    assert asked > 1  # he was asked several times


# -- what the emails say ------------------------------------------------------------


def test_the_text_part_is_plain_text_and_the_reader_is_not_among_the_others(users, sent, settings):
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    with sent() as box:
        services.move_submit(
            table_id=table.pk, user=users[actor], version=0, move={"action": "tax"}
        )
    assert len(box) == 2
    for message in box:
        reader = next(u for u in users if u.email == message.to[0])
        assert f"{users[actor].username}'s" in message.body  # "ana's", not "ana&#x27;s"
        assert "&#x27;" not in message.body and "&amp;" not in message.body
        line = next(ln for ln in message.body.splitlines() if "It is your turn" in ln)
        others = line.split(" with ")[1].split(":")[0]
        assert reader.username not in others
        assert set(others.replace(" and ", ", ").split(", ")) == {
            users[s].username for s in range(3) if users[s] != reader
        }


def test_the_invitation_says_the_options_and_the_time_control(users, sent):
    table = services.table_create(
        creator=users[0],
        game="coup",
        max_players=3,
        options={"factions": True},
        time_control="fast",
    )
    with sent() as box:
        services.table_invite(table_id=table.pk, user=users[0], username="carl")
    body = box[0].body
    assert "Time control: 1 h + 1 h a turn, up to 4 h" in body
    assert "Factions" in body and "Options:" in body
    assert "Factions" in box[0].alternatives[0][0]


def test_the_password_reset_subject_names_the_site(users, client, mailoutbox):
    client.post("/accounts/password/reset/", {"email": users[0].email})
    assert [m.subject for m in mailoutbox] == ["[Tabletop] Reset your password"]
    assert "Tabletop" in mailoutbox[0].body
