"""Fixtures for the email tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def sent(mailoutbox, django_capture_on_commit_callbacks):
    """Run the block's on-commit work (queued emails go out at once)."""

    class Sent:
        def __enter__(self):
            mailoutbox.clear()
            self.ctx = django_capture_on_commit_callbacks(execute=True)
            self.ctx.__enter__()
            return mailoutbox

        def __exit__(self, *exc):
            return self.ctx.__exit__(*exc)

    return Sent
