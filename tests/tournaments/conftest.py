"""The live app's ear (`heard`), for the tournament pages' events."""

from tests.live.conftest import heard  # noqa: F401 - a fixture, shared
