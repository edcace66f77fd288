"""The live app's ear (`heard`), for the tournament pages' events."""

from tests.live.conftest import heard  # noqa: F401 - a fixture, shared
from tests.push.conftest import device, push_service, vapid  # noqa: F401 - fixtures, shared
