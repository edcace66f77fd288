"""Two requests at once: the same reader's two reports count once, and two
moderators hiding the same message leave one hiding in the trail."""

from __future__ import annotations

import pytest

from chat import services
from chat.models import ModerationEvent, Report
from tables.errors import Conflict
from tests.chat.conftest import say
from tests.conftest import make_user, requires_postgres
from tests.support.concurrency import race

pytestmark = [requires_postgres, pytest.mark.django_db(transaction=True)]


def test_two_reports_sent_at_once_by_one_reader_count_once(table, users):
    rude = say(table, users[0], "you idiot")

    def report():
        return services.message_report(message_id=rude.pk, user=users[1])

    results = race(report, report)
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "Report"]
    assert "already reported" in next(r for r in results if isinstance(r, Conflict)).message
    assert Report.objects.count() == 1


def test_two_moderators_hiding_one_message_at_once_hide_it_once(table, users, mod):
    rude = say(table, users[0], "you idiot")
    other = make_user("mod2")

    def hide(moderator):
        return lambda: services.messages_hide(message_ids=[rude.pk], moderator=moderator)

    assert sorted(race(hide(mod), hide(other))) == [0, 1]
    assert ModerationEvent.objects.filter(action="hide").count() == 1
