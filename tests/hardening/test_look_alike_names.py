"""Sign-up refuses a name that looks like another player's: their Unicode
TS 39 skeletons (ICU's spoof checker) match (issue 12, point 12)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from accounts.names import keys, skeleton
from tests.conftest import make_user

CYRILLIC_A = "\u0430"


def sign_up(client, username: str):
    return client.post(
        "/accounts/signup/",
        {
            "username": username,
            "email": f"{abs(hash(username))}@example.org",
            "password1": "pw-Long-enough-9",
            "password2": "pw-Long-enough-9",
        },
    )


def test_the_skeleton_is_the_standards(db):
    assert skeleton(CYRILLIC_A + "lice") == skeleton("alice")
    assert skeleton("rn") == skeleton("m")  # TS 39: "rn" reads as "m"
    assert skeleton("aIice") == skeleton("alice")  # a capital I reads as an l
    assert keys("Аlice")[1] == keys("alice")[1]  # and case does not matter
    assert skeleton("alice") != skeleton("alicia")


@pytest.mark.parametrize(
    "look_alike",
    [CYRILLIC_A + "lice", "\u0430l\u0456c\u0435", "\u0410lice", "aIice"],
)
def test_a_look_alike_of_an_existing_name_is_refused(db, client, look_alike):
    make_user("alice")
    response = sign_up(client, look_alike)
    assert response.status_code == 200
    assert "looks too much like “alice”" in response.content.decode()
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["alice"]


def test_a_different_name_is_welcome(db, client):
    make_user("alice")
    assert sign_up(client, "alicia").status_code == 302
    assert get_user_model().objects.filter(username="alicia").exists()


def test_a_renamed_player_is_looked_alike_under_the_new_name(db, client):
    user = make_user("bob")
    user.username = "corn"
    user.save()
    assert sign_up(client, "bob").status_code == 302
    client.logout()
    response = sign_up(client, "com")  # "rn" reads as "m"
    assert "looks too much like “corn”" in response.content.decode()
