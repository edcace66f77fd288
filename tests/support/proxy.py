"""The proxy in front of a site, as the README asks of one: one address for
the browser, `/live/` passed to the stream processes and everything else to
the web processes, streams passed on as they come (no buffering, no read
timeout). One request per connection (`Connection: close` both ways), which
is all a test's browser needs. Runs in a thread of the test process."""

from __future__ import annotations

import asyncio
import contextlib
import threading

from harness.processes import free_port


class Proxy:
    def __init__(self, web_port: int, stream_port: int, stream_prefix: str = "/live/") -> None:
        self.web_port = web_port
        self.stream_port = stream_port
        self.prefix = stream_prefix.encode()
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.started = threading.Event()
        self.thread = threading.Thread(target=self._run, name="test-proxy", daemon=True)
        self.thread.start()
        self.started.wait(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", self.port)
        )
        self.started.set()
        self.loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_writer = None
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            request_line, _, rest = head.partition(b"\r\n")
            path = request_line.split(b" ")[1]
            port = self.stream_port if path.startswith(self.prefix) else self.web_port
            headers = [
                h for h in rest.split(b"\r\n") if h and not h.lower().startswith(b"connection:")
            ]
            try:
                upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                writer.write(
                    b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                )
                await writer.drain()
                return
            lines = [request_line, *headers, b"Connection: close"]
            upstream_writer.write(b"\r\n".join(lines) + b"\r\n\r\n")
            sending = asyncio.ensure_future(self._pipe(reader, upstream_writer))
            # The answer decides: once the upstream is done, so is the client.
            await self._pipe(upstream_reader, writer)
            sending.cancel()
        except (asyncio.IncompleteReadError, ConnectionError, IndexError):
            pass
        finally:
            for w in (writer, upstream_writer):
                if w is not None:
                    w.close()

    @staticmethod
    async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while chunk := await source.read(65536):
                sink.write(chunk)
                await sink.drain()
        except ConnectionError:
            pass
        finally:
            if sink.can_write_eof():
                with contextlib.suppress(OSError):
                    sink.write_eof()

    def stop(self) -> None:
        async def shut() -> None:
            self.server.close()
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)
            self.loop.stop()

        asyncio.run_coroutine_threadsafe(shut(), self.loop)
        self.thread.join(5)
        self.loop.close()
