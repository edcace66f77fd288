"""Accounts: sign-up, log-in and out, passwords, the profile."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from accounts.models import Profile
from tests.conftest import PASSWORD, login_client

pytestmark = pytest.mark.django_db


def test_sign_up_makes_an_account_with_a_profile_and_logs_in(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "zoe",
            "email": "zoe@example.org",
            "password1": "a-Long-pass-77",
            "password2": "a-Long-pass-77",
        },
        follow=True,
    )
    assert response.status_code == 200
    assert "Welcome, zoe" in response.content.decode()
    user = get_user_model().objects.get(username="zoe")
    assert Profile.objects.get(user=user).notify_turn == Profile.Notify.IMMEDIATE
    assert client.get("/accounts/profile/").status_code == 200


def test_sign_up_refuses_an_email_already_used(users, client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "other",
            "email": "ANA@example.org",
            "password1": "a-Long-pass-77",
            "password2": "a-Long-pass-77",
        },
    )
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert not get_user_model().objects.filter(username="other").exists()


def test_log_in_and_out(users, client):
    response = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "ana"
    client.post("/accounts/logout/")
    assert not client.get("/").context["user"].is_authenticated
    wrong = client.post("/accounts/login/", {"username": "ana", "password": "nope"})
    assert wrong.status_code == 200 and "correct username and password" in wrong.content.decode()


def test_change_password(users):
    client = login_client(users[0])
    response = client.post(
        "/accounts/password/change/",
        {
            "old_password": PASSWORD,
            "new_password1": "Another-pass-88",
            "new_password2": "Another-pass-88",
        },
    )
    assert response.status_code == 302
    users[0].refresh_from_db()
    assert users[0].check_password("Another-pass-88")


def test_reset_a_forgotten_password_by_email(users, client, mailoutbox):
    client.post("/accounts/password/reset/", {"email": "ana@example.org"})
    assert len(mailoutbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", mailoutbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "Brand-new-pass-9", "new_password2": "Brand-new-pass-9"},
        follow=True,
    )
    assert "Password set" in done.content.decode()
    users[0].refresh_from_db()
    assert users[0].check_password("Brand-new-pass-9")
    # Nobody learns whether an address has an account.
    client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert len(mailoutbox) == 1


def test_the_profile_keeps_email_and_notification_choices(users):
    client = login_client(users[0])
    response = client.post(
        "/accounts/profile/",
        {
            "form": "settings",
            "email": "ana.new@example.org",
            "notify_turn": "digest",
            "notify_reminder": "",
            "notify_game_over": "on",
            "notify_invitation": "on",
        },
    )
    assert response.status_code == 302
    users[0].refresh_from_db()
    profile = Profile.objects.get(user=users[0])
    assert users[0].email == "ana.new@example.org"
    assert (profile.notify_turn, profile.notify_reminder) == ("digest", False)


def test_a_vacation_is_booked_and_cancelled_from_the_profile(users, frozen):
    client = login_client(users[0])
    response = client.post(
        "/accounts/profile/",
        {"form": "vacation", "starts_on": "2026-03-10", "ends_on": "2026-03-12"},
    )
    assert response.status_code == 302
    page = client.get("/accounts/profile/").content.decode()
    assert "11 of 14 days left" in page.replace("<strong>", "").replace("</strong>", "")
    vacation = users[0].vacations.get()
    client.post(f"/accounts/vacations/{vacation.pk}/cancel/")
    assert not users[0].vacations.exists()


def test_a_token_can_be_revoked(users):
    client = login_client(users[0])
    client.post("/accounts/tokens/", {"name": "bot"})
    token = users[0].api_tokens.get()
    client.post(f"/accounts/tokens/{token.pk}/revoke/")
    token.refresh_from_db()
    assert token.revoked_at is not None
    # Someone else's token is not theirs to revoke.
    other = login_client(users[1])
    assert other.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
