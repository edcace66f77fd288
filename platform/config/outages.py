"""A service the site leans on (the cache, the database) failing, as one
process sees it: each is logged at most once a minute, however many requests
meet the failure, and for a few seconds after a failure the callers that can
do without the service (`suspected`) go without it at once, instead of each
waiting for its own error."""

from __future__ import annotations

import logging
import threading
import time

logger = logging.getLogger("tabletop.outages")


class Outage:
    def __init__(self, service: str, *, log_every: float = 60.0, skip_for: float = 5.0) -> None:
        self.service = service
        self.log_every = log_every
        self.skip_for = skip_for
        self._lock = threading.Lock()
        self._failed_at: float | None = None
        self._logged_at: float | None = None

    def failed(self, exc: BaseException) -> None:
        """Record a failure; log it unless one was logged less than a minute ago."""
        now = time.monotonic()
        with self._lock:
            self._failed_at = now
            if self._logged_at is not None and now - self._logged_at < self.log_every:
                return
            self._logged_at = now
        logger.warning(
            "%s cannot be reached (%s); said at most once a minute while it lasts",
            self.service,
            exc,
        )

    @property
    def suspected(self) -> bool:
        """Failed within the last `skip_for` seconds."""
        failed_at = self._failed_at
        return failed_at is not None and time.monotonic() - failed_at < self.skip_for


CACHE = Outage("The cache (Redis)")
DATABASE = Outage("The database")
