"""The site served by uvicorn in a thread of the test process, as the
browser tests' `live_server`: pages and their event streams from one ASGI
process (as `bin/run` serves them), on the test database, static files
included. Events published by the test's own code reach its streams, since
the process serves them (`live.bus.serve_here`)."""

from __future__ import annotations

import threading
import time

from harness.processes import free_port


class AsgiLiveServer:
    """What pytest-django's `live_server` offers (`url`, `stop`, the
    settings its helper turns on for each test), on uvicorn."""

    def __init__(self, host: str = "localhost") -> None:
        import uvicorn
        from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
        from django.core.asgi import get_asgi_application
        from django.test.utils import modify_settings

        from live import bus

        bus.serve_here()
        self.host = host
        self.port = free_port()
        config = uvicorn.Config(
            ASGIStaticFilesHandler(get_asgi_application()),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="off",
            # Open streams do not end by themselves: stop without waiting for them.
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="asgi-live-server", daemon=True)
        # Where pytest-django's live server thread says it listens.
        self.thread.host, self.thread.port = "127.0.0.1", self.port
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": host})
        self.thread.start()
        end = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > end:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def __str__(self) -> str:
        return self.url

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
