"""A server-sent events client for tests, as a browser's EventSource reads a
stream: one GET over HTTP/1.1, the chunked body read as it comes, events
parsed from it (comment lines kept apart, to see the heartbeats)."""

from __future__ import annotations

import json
import socket
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from harness.sse import parse_block


@dataclass
class SseEvent:
    event: str
    data: str
    id: str | None

    @property
    def json(self):
        return json.loads(self.data)


@dataclass
class Stream:
    """An open stream: `status` and `headers` once it answered; `next()`
    waits for the next event."""

    status: int
    headers: dict[str, str]
    sock: socket.socket
    body: bytes = b""  # an answer that is not a stream (a refusal)
    comments: int = 0
    retry: int | None = None
    ended: bool = False
    last_id: str | None = None
    _raw: bytes = b""
    _text: str = ""
    _events: list[SseEvent] = field(default_factory=list)

    def next(self, timeout: float = 10.0) -> SseEvent | None:
        """The next event (None when none came in time, or the stream ended)."""
        end = time.monotonic() + timeout
        while not self._events:
            if self.ended or time.monotonic() >= end:
                return None
            self._read(max(0.05, end - time.monotonic()))
        return self._events.pop(0)

    def events(self, seconds: float) -> list[SseEvent]:
        """Every event within `seconds`."""
        end = time.monotonic() + seconds
        found = []
        while True:
            event = self.next(max(0.0, end - time.monotonic()))
            if event is None:
                return found
            found.append(event)

    def wait_for(self, name: str, timeout: float = 10.0) -> SseEvent | None:
        """The next event called `name`, skipping others."""
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            event = self.next(left)
            if event is None:
                return None
            if event.event == name:
                return event
        return None

    def _read(self, timeout: float) -> None:
        self.sock.settimeout(timeout)
        try:
            chunk = self.sock.recv(65536)
        except TimeoutError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self.ended = True
            return
        self._raw += chunk
        self._dechunk()

    def _dechunk(self) -> None:
        while True:
            line_end = self._raw.find(b"\r\n")
            if line_end < 0:
                return
            size = int(self._raw[:line_end].split(b";")[0] or b"0", 16)
            if size == 0:
                self.ended = True
                return
            if len(self._raw) < line_end + 2 + size + 2:
                return
            data = self._raw[line_end + 2 : line_end + 2 + size]
            self._raw = self._raw[line_end + 2 + size + 2 :]
            self._text += data.decode()
            self._parse()

    def _parse(self) -> None:
        while "\n\n" in self._text:
            text, self._text = self._text.split("\n\n", 1)
            block = parse_block(text)
            self.comments += block.comments
            if block.retry is not None:
                self.retry = block.retry
            if block.id is not None:
                self.last_id = block.id
            if block.data is not None:
                self._events.append(SseEvent(block.event, block.data, block.id))

    def close(self) -> None:
        self.sock.close()


def open_stream(
    base: str,
    channels: list[str],
    *,
    last_event_id: str | None = None,
    query: dict | None = None,
    cookies: dict[str, str] | None = None,
    path: str = "/live/",
    timeout: float = 15.0,
) -> Stream:
    """GET the stream of these channels from the server at `base`."""
    parts = urlsplit(base)
    params = [("channel", c) for c in channels] + list((query or {}).items())
    target = path + "?" + urlencode(params)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
    lines = [
        f"GET {target} HTTP/1.1",
        f"Host: {parts.netloc}",
        "Accept: text/event-stream",
        "Cache-Control: no-cache",
    ]
    if last_event_id is not None:
        lines.append(f"Last-Event-ID: {last_event_id}")
    if cookies:
        lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()))
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(65536)
        if not chunk:
            break
        head += chunk
    raw_head, _, rest = head.partition(b"\r\n\r\n")
    status_line, *header_lines = raw_head.decode("latin-1").split("\r\n")
    headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    stream = Stream(int(status_line.split()[1]), headers, sock)
    if headers.get("transfer-encoding", "").lower() == "chunked":
        stream._raw = rest
        stream._dechunk()
    else:
        # A refusal: read its whole (short) body.
        body = rest
        length = int(headers.get("content-length", "0") or 0)
        sock.settimeout(timeout)
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        stream.body = body
        stream.ended = True
        sock.close()
    return stream
