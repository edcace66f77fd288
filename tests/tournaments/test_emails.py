"""Joining, leaving before the start and the first round's seat arrive by
email, through the outbox, each once (issue 41)."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.models import Profile
from notifications.models import Notification
from tests.conftest import after_commit
from tests.tournaments.helpers import entered, players, round_tables, tournament
from tournaments import services

pytestmark = pytest.mark.django_db


def subjects(user) -> list[str]:
    return [m.subject for m in mail.outbox if m.to == [user.email]]


def test_joining_and_leaving_before_the_start_are_emailed():
    ana, ben = players(2)
    made = tournament(ana, name="Spring Koryo", game="koryo")
    with after_commit():
        services.tournament_join(tournament_id=made.pk, user=ben)
    with after_commit():
        services.tournament_leave(tournament_id=made.pk, user=ben)
    assert subjects(ben) == [
        "[Tabletop] You have entered Spring Koryo",
        "[Tabletop] You have left Spring Koryo",
    ]
    body = mail.outbox[0].body
    assert "a Koryo tournament" in body and f"/tournaments/{made.pk}/" in body
    assert "List-Unsubscribe" in mail.outbox[0].extra_headers
    # Entering again sends nothing new: one notice per player, news and tournament.
    with after_commit():
        services.tournament_join(tournament_id=made.pk, user=ben)
    assert len(subjects(ben)) == 2
    assert Notification.objects.filter(user=ben, kind="tournament").count() == 2


def test_the_first_round_tells_each_player_their_table():
    people = players(5)
    made = entered(people[0], people, name="Cup")
    mail.outbox.clear()
    with after_commit():
        services.tournament_start(tournament_id=made.pk, user=people[0])
    tables = round_tables(made, 1)
    for table in tables:
        for seat in table.seats.all():
            news = [m for m in mail.outbox if m.subject == "[Tabletop] Cup has begun"]
            assert any(seat.user.email in m.to and f"/tables/{table.pk}/" in m.body for m in news)
    told = {m.to[0] for m in mail.outbox if m.subject == "[Tabletop] Cup has begun"}
    assert len(told) == 4  # the player with the bye has no table to go to


def test_a_player_who_turned_tournament_news_off_gets_no_tournament_email():
    ana, ben = players(2)
    Profile.objects.filter(user=ben).update(notify_tournament=False)
    made = tournament(ana)
    with after_commit():
        services.tournament_join(tournament_id=made.pk, user=ben)
    assert subjects(ben) == []
    assert not Notification.objects.filter(user=ben).exists()


def test_tournament_news_and_invitations_to_tables_are_separate_switches():
    ana, ben = players(2)
    Profile.objects.filter(user=ben).update(notify_invitation=False)
    made = tournament(ana, name="Cup")
    with after_commit():
        services.tournament_join(tournament_id=made.pk, user=ben)
    assert subjects(ben) == ["[Tabletop] You have entered Cup"]


def test_the_news_unsubscribe_link_turns_off_tournament_news_alone(client):
    ana, ben = players(2)
    made = tournament(ana, name="Cup")
    with after_commit():
        services.tournament_join(tournament_id=made.pk, user=ben)
    (news,) = [m for m in mail.outbox if m.to == [ben.email]]
    link = next(word for word in news.body.split() if "/notifications/unsubscribe/" in word)
    response = client.post(link[link.index("/notifications/") :])
    assert response.status_code == 200
    assert "the news of your tournaments" in response.content.decode()
    profile = Profile.objects.get(user=ben)
    assert (profile.notify_tournament, profile.notify_invitation) == (False, True)


def test_the_notification_settings_turn_tournament_news_off_on_their_own(client):
    (ben,) = players(1)
    client.force_login(ben)
    settings = {"form": "settings", "email": ben.email, "notify_turn": "immediate"}
    response = client.post("/accounts/profile/", {**settings, "notify_invitation": "on"})
    assert response.status_code == 302
    profile = Profile.objects.get(user=ben)
    assert (profile.notify_tournament, profile.notify_invitation) == (False, True)
    client.post("/accounts/profile/", {**settings, "notify_tournament": "on"})
    profile = Profile.objects.get(user=ben)
    assert (profile.notify_tournament, profile.notify_invitation) == (True, False)


def test_a_player_with_pushes_gets_the_first_round_on_each_device(device, push_service, vapid):
    from notifications import delivery

    people = players(2)
    made = entered(people[0], people, name="Cup")
    phone = device(people[1], "phone")
    with after_commit():
        services.tournament_start(tournament_id=made.pk, user=people[0])
    (table,) = round_tables(made, 1)
    pushed = Notification.objects.filter(user=people[1], kind="tournament", channel="push")
    assert [row.subscription_id for row in pushed] == [phone[0].pk]
    delivery.deliver(pushed[0].pk)
    # The phone may also hear that it is the player's turn at the new table.
    payloads = [phone[1].decrypt(received) for received in push_service.received]
    (payload,) = [p for p in payloads if p["kind"] == "tournament"]
    assert payload["title"] == "Cup has begun"
    assert payload["url"] == f"/tables/{table.pk}/" and payload["tag"] == f"tournament-{made.pk}"
