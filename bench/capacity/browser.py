"""A player's browser, as cheap as it can be: HTTP/1.1 over asyncio, the
cookies of one person, the page's event stream when it has one, and the
reading of what the site answers (the table's version and revision, who the
game waits for, the moves one may click)."""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections import defaultdict
from dataclasses import dataclass
from urllib.parse import urlencode

from harness.sse import parse_block

REQUEST_TIMEOUT = 30.0
# The status each kind of request answers when all is well.
EXPECTED = {
    "page": {200},
    "board": {200},
    "move": {200},
    "poll": {200, 204},
    "chat": {200, 204},
    "header": {200, 204},
    "api read": {200},
    "api move": {200},
    "stream": {200},
}


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    cookies: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


def _dechunk(body: bytes) -> bytes:
    out, at = bytearray(), 0
    while True:
        end = body.index(b"\r\n", at)
        size = int(body[at:end].split(b";")[0], 16)
        if size == 0:
            return bytes(out)
        out += body[end + 2 : end + 2 + size]
        at = end + 2 + size + 2


async def http(port: int, method: str, path: str, headers: dict, body: bytes = b"") -> Answer:
    """One request on its own connection, as the proxy in front of gunicorn's
    sync workers sends it (they close the connection after each answer)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: 127.0.0.1:{port}",
            "Connection: close",
            "X-Forwarded-Proto: https",  # the proxy terminated TLS
        ]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        raw = await reader.read()
    finally:
        writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    if not status_line.startswith("HTTP/"):
        raise ConnectionError(f"no HTTP answer ({len(raw)} bytes)")
    answer_headers, cookies = {}, {}
    for line in header_lines:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name == "set-cookie":
            cookie, _, value_ = value.partition(";")[0].partition("=")
            cookies[cookie] = value_
        answer_headers[name] = value
    if answer_headers.get("transfer-encoding", "").lower() == "chunked":
        content = _dechunk(content)
    return Answer(int(status_line.split()[1]), answer_headers, cookies, content)


async def event_stream(port: int, path: str, headers: dict, on_event) -> None:
    """Hold a page's event stream open, calling `on_event(name, data, id)`
    for each event as it comes, until it ends or is cancelled. Raises
    ConnectionError when the stream is refused."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: 127.0.0.1:{port}",
            "Accept: text/event-stream",
            "X-Forwarded-Proto: https",
        ]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(head.split(b"\r\n", 1)[0].decode("latin-1"))
        text = ""
        while True:
            size_line = await reader.readuntil(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                return
            chunk = await reader.readexactly(size + 2)
            text += chunk[:-2].decode()
            while "\n\n" in text:
                block, text = text.split("\n\n", 1)
                event = parse_block(block)
                if event.data is not None:
                    on_event(event.event, event.data, event.id)
    finally:
        writer.close()


class Recorder:
    """Latencies and failures per kind of request, for the requests sent
    within the measured window."""

    def __init__(self):
        self.window = (float("inf"), float("inf"))
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.samples: list[str] = []  # a few failures, to print
        self.last = ""  # the latest failure, measured or not

    def counts(self, started: float) -> bool:
        return self.window[0] <= started < self.window[1]

    def ok(self, kind: str, started: float, seconds: float) -> None:
        if self.counts(started):
            self.latencies[kind].append(seconds)

    def failed(self, kind: str, started: float, what: str) -> None:
        self.last = f"{kind}: {what}"
        if self.counts(started):
            self.errors[kind] += 1
            if len(self.samples) < 8:
                self.samples.append(f"{kind}: {what}")


class Player:
    """One person's browser: their session and CSRF cookies, their API token."""

    def __init__(self, name: str, port: int, cookies: dict[str, str], token: str, rec: Recorder):
        self.name = name
        self.port = port
        self.cookies = cookies
        self.token = token
        self.rec = rec

    async def send(
        self, kind: str, method: str, path: str, headers: dict, body: bytes = b""
    ) -> Answer | None:
        """The answer, or None when it failed (recorded)."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            answer = await asyncio.wait_for(
                http(self.port, method, path, headers, body), REQUEST_TIMEOUT
            )
        except (TimeoutError, OSError, ValueError, IndexError) as exc:
            self.rec.failed(kind, started, f"{method} {path}: {type(exc).__name__} {exc}")
            return None
        self.cookies.update(answer.cookies)
        if answer.status not in EXPECTED[kind]:
            self.rec.failed(kind, started, f"{method} {path}: {answer.status} {answer.text[:200]}")
            return None
        self.rec.ok(kind, started, loop.time() - started)
        return answer

    def _cookie_header(self) -> dict:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}

    async def get(self, kind: str, path: str, htmx: bool = True) -> Answer | None:
        headers = self._cookie_header()
        if htmx:
            headers["HX-Request"] = "true"
        return await self.send(kind, "GET", path, headers)

    async def post_form(self, kind: str, path: str, fields: dict) -> Answer | None:
        headers = self._cookie_header()
        headers.update(
            {
                "HX-Request": "true",
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": f"https://127.0.0.1:{self.port}",
            }
        )
        return await self.send(kind, "POST", path, headers, urlencode(fields).encode())

    async def api(self, kind: str, method: str, path: str, payload=None) -> dict | None:
        headers = {"Authorization": f"Bearer {self.token}"}
        body = b""
        if payload is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(payload).encode()
        answer = await self.send(kind, method, path, headers, body)
        return json.loads(answer.body) if answer else None


# -- reading the pages, as the player's eyes do -------------------------------

POLL_URL = re.compile(r'hx-get="([^"]*/poll/\?version=[^"]*)"')
BOARD_REVISION = re.compile(r'id="board"[^>]*?data-revision="(\d+)"')
CHAT_URL = re.compile(r'hx-get="([^"]*/chat/poll/[^"]*)"')
BOARD_STATUS = re.compile(r'id="board"[^>]*?data-status="(\w+)"')
CLOCKS = re.compile(r'<ul class="clocks">(.*?)</ul>', re.S)
CLOCK = re.compile(r'<li class="([^"]*)">\s*<span class="name"><a [^>]*>([^<]+)</a>')
MOVE = re.compile(r'name="move" value="([^"]*)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FORM_VERSION = re.compile(r'name="version" value="(\d+)"')


@dataclass
class Board:
    """What one player's board shows: the table's version and status, who
    the game waits for, and the moves this player may click."""

    version: int
    status: str
    acting: list[str]
    moves: list[str]
    poll_url: str
    csrf: str = ""
    form_version: int | None = None
    revision: int | None = None  # pages with an event stream draw it


def read_board(text: str) -> Board:
    """The board of a table page or of its redraw (the HTMX partial)."""
    poll = POLL_URL.search(text)
    status = BOARD_STATUS.search(text)
    if not poll or not status:
        raise ValueError("no board with its poll in the answer")
    poll_url = html.unescape(poll.group(1))
    clocks = CLOCKS.search(text)
    acting = [
        html.unescape(name)
        for classes, name in CLOCK.findall(clocks.group(1) if clocks else "")
        if "acting" in classes.split()
    ]
    csrf = CSRF.search(text)
    form_version = FORM_VERSION.search(text)
    revision = BOARD_REVISION.search(text)
    return Board(
        version=int(re.search(r"version=(\d+)", poll_url).group(1)),
        status=status.group(1),
        acting=acting,
        # A move on a piece is offered twice, by the piece and in the folded
        # list; both buttons submit the same form: each move is one choice.
        moves=list(dict.fromkeys(html.unescape(m) for m in MOVE.findall(text))),
        poll_url=poll_url,
        csrf=csrf.group(1) if csrf else "",
        form_version=int(form_version.group(1)) if form_version else None,
        revision=int(revision.group(1)) if revision else None,
    )


def read_chat_url(text: str) -> str:
    found = CHAT_URL.search(text)
    if not found:
        raise ValueError("no chat poll on the table page")
    return html.unescape(found.group(1))
