"""Moderation through the real admin pages: the queue's count on the index,
hiding, dismissing and muting from the lists, and the audit trail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME

from chat.models import Message, ModerationEvent, Mute, Report
from chat.services import message_report
from clocks import clock
from tests.chat.conftest import say
from tests.conftest import login_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def reported(table, users, dora):
    rude = say(table, users[0], "you idiot")
    message_report(message_id=rude.pk, user=users[1])
    message_report(message_id=rude.pk, user=dora)
    return rude


def act(client, model: str, action: str, ids):
    return client.post(
        f"/admin/chat/{model}/",
        {"action": action, ACTION_CHECKBOX_NAME: [str(i) for i in ids]},
        follow=True,
    )


def trail():
    return list(ModerationEvent.objects.order_by("id").values_list("action", "moderator__username"))


def test_the_index_counts_the_open_reports(reported, mod):
    html = login_client(mod).get("/admin/").content.decode()
    assert (
        'Open chat reports</a></th>\n      <td><strong class="open-report-count">2</strong>' in html
    )


def test_the_queue_lists_open_reports(reported, mod):
    html = login_client(mod).get("/admin/chat/report/").content.decode()
    assert html.count("you idiot") == 2


def test_hiding_from_the_queue_hides_closes_the_reports_and_leaves_a_trail(reported, mod):
    client = login_client(mod)
    ids = Report.objects.values_list("pk", flat=True)
    response = act(client, "report", "hide", ids)
    assert "1 message(s) hidden." in response.content.decode()
    reported.refresh_from_db()
    assert reported.hidden and reported.hidden_by == mod
    assert set(Report.objects.values_list("outcome", flat=True)) == {"hidden"}
    assert trail() == [("hide", "mod")]
    assert ModerationEvent.objects.get().user.username == "ana"
    html = client.get("/admin/").content.decode()
    assert '<strong class="open-report-count">0</strong>' in html


def test_dismissing_leaves_the_message_and_a_trail(reported, mod):
    act(login_client(mod), "report", "dismiss", Report.objects.values_list("pk", flat=True))
    reported.refresh_from_db()
    assert not reported.hidden
    assert set(Report.objects.values_list("outcome", flat=True)) == {"dismissed"}
    assert trail() == [("dismiss", "mod"), ("dismiss", "mod")]


def test_muting_the_writer_from_the_messages_list(reported, mod, users):
    response = act(login_client(mod), "message", "mute_day", [reported.pk])
    assert "1 writer(s) muted for a day." in response.content.decode()
    mute = Mute.objects.get()
    assert mute.user == users[0] and mute.created_by == mod
    assert abs(mute.until - (clock.now() + timedelta(days=1))) < timedelta(minutes=1)
    assert trail() == [("mute", "mod")]


def test_hiding_and_restoring_from_the_messages_list(reported, mod):
    client = login_client(mod)
    act(client, "message", "hide", [reported.pk])
    act(client, "message", "hide", [reported.pk])  # already hidden: nothing more
    act(client, "message", "restore", [reported.pk])
    assert not Message.objects.get().hidden
    assert trail() == [("hide", "mod"), ("restore", "mod")]


def test_a_mute_added_by_hand_goes_through_the_service(users, mod):
    until = (clock.now() + timedelta(hours=3)).replace(microsecond=0)
    client = login_client(mod)
    response = client.post(
        "/admin/chat/mute/add/",
        {
            "user": users[2].pk,
            "until_0": until.strftime("%Y-%m-%d"),
            "until_1": until.strftime("%H:%M:%S"),
            "reason": "spam",
        },
        follow=True,
    )
    assert response.status_code == 200
    assert Mute.objects.get().until == until
    assert trail() == [("mute", "mod")]
    assert "spam" in ModerationEvent.objects.get().note
    past = client.post(
        "/admin/chat/mute/add/",
        {"user": users[2].pk, "until_0": "2000-01-01", "until_1": "10:00:00", "reason": ""},
    )
    assert "A mute must end in the future." in past.content.decode()
    assert Mute.objects.count() == 1
    act(client, "mute", "lift", [Mute.objects.get().pk])
    assert trail() == [("mute", "mod"), ("unmute", "mod")]


def test_the_audit_trail_cannot_be_edited(reported, mod):
    act(login_client(mod), "report", "hide", Report.objects.values_list("pk", flat=True))
    client = login_client(mod)
    event = ModerationEvent.objects.get()
    assert client.get("/admin/chat/moderationevent/").status_code == 200
    assert client.get("/admin/chat/moderationevent/add/").status_code == 403
    response = client.post(f"/admin/chat/moderationevent/{event.pk}/change/", {"note": "x"})
    assert response.status_code == 403
    assert ModerationEvent.objects.get().note == ""


def test_staff_without_the_moderation_right_get_no_actions(reported, users):
    from django.contrib.auth.models import Permission

    helper = users[4]
    helper.is_staff = True
    helper.save()
    helper.user_permissions.add(Permission.objects.get(codename="view_report"))
    response = act(login_client(helper), "report", "hide", [Report.objects.first().pk])
    reported.refresh_from_db()
    assert not reported.hidden and not ModerationEvent.objects.exists()
    assert response.status_code == 200
