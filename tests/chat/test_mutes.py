"""A muted user keeps playing but cannot chat, and is told until when."""

from __future__ import annotations

from datetime import timedelta

import pytest

from chat import services
from chat.models import Message
from clocks import clock
from tables import services as table_services
from tests.conftest import login_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def muted_ana(users, mod):
    until = clock.now().replace(microsecond=0) + timedelta(days=2)
    services.user_mute(user=users[0], until=until, moderator=mod, reason="insults")
    return until


def test_a_muted_player_is_refused_with_the_end_of_the_mute(table, users, muted_ana):
    client = login_client(users[0])
    response = client.post(
        f"/tables/{table.pk}/chat/post/", {"text": "hello"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 403
    expected = f"You are muted in the chat until {muted_ana:%-d %b %Y, %H:%M} UTC"
    assert expected in response.content.decode()
    assert not Message.objects.exists()
    # The page says so instead of offering the box.
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert expected in page and 'id="chat-text"' not in page


def test_a_muted_player_is_refused_in_the_api(table, users, muted_ana, api_for):
    response = api_for(users[0]).post(f"/api/tables/{table.pk}/chat", {"text": "hello"})
    assert response.status_code == 403
    assert response.json()["detail"].startswith("You are muted in the chat until")
    assert not Message.objects.exists()
    read = api_for(users[0]).get(f"/api/tables/{table.pk}/chat").json()
    assert read["muted_until"] == muted_ana.isoformat()


def test_a_muted_player_still_plays(table, users, muted_ana):
    seat = table.to_act[0]
    table_services.move_submit(
        table_id=table.pk, user=users[seat], version=table.version, move={"action": "income"}
    )
    table.refresh_from_db()
    assert table.version == 1


def test_a_mute_ends_on_time(table, users, muted_ana, frozen):
    frozen.set(muted_ana + timedelta(seconds=1))
    services.message_post(table_id=table.pk, user=users[0], text="back")
    assert Message.objects.count() == 1


def test_a_lifted_mute_no_longer_refuses(table, users, mod, muted_ana):
    services.mutes_lift(mute_ids=[m.pk for m in users[0].chat_mutes.all()], moderator=mod)
    services.message_post(table_id=table.pk, user=users[0], text="thanks")
    assert Message.objects.count() == 1


def test_a_mute_must_end_in_the_future(users, mod):
    from tables.errors import BadRequest

    with pytest.raises(BadRequest, match="must end in the future"):
        services.user_mute(user=users[0], until=clock.now(), moderator=mod)
    assert not users[0].chat_mutes.exists()
