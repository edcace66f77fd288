"""The traffic: tables in play, open table pages and their polls, and the
moves that arrive at Poisson times."""

from __future__ import annotations

import asyncio
import json
import random
from collections import deque
from dataclasses import dataclass, field

from bench.capacity.browser import (
    Board,
    Player,
    Recorder,
    event_stream,
    read_board,
    read_chat_url,
)
from bench.capacity.server import GAMES, SETUP_SCRIPT, Site
from harness.sse import read_stream_url


@dataclass
class Table:
    id: int
    players: list[str]
    version: int = 0
    status: str = "active"
    acting: list[str] = field(default_factory=list)
    watcher: Page | None = None
    moved_at: float = 0.0  # loop time of its latest move made here
    # The latest move not yet seen by the watcher's page: (loop time of its
    # answer, the version it made, the player who made it).
    moved_by_other: tuple[float, int, Player] | None = None

    def learn(self, board: Board) -> None:
        # A board drawn after the latest move knows best; an older one is ignored.
        if board.version >= self.version:
            self.version, self.status, self.acting = board.version, board.status, board.acting


class Page:
    """A table page open in a player's browser: with its event stream, or
    (a site from before streams) with its three polls."""

    def __init__(self, load: Load, player: Player, table: Table):
        self.load = load
        self.player = player
        self.table = table
        self.board: Board | None = None
        self.chat_url = ""
        self.stream_url: str | None = None
        self.stream: asyncio.Task | None = None
        self.reopen = False  # the stream's server asked it to open again
        self.next_poll = 0.0
        self.polling = self.chatting = False
        self.redrawing: asyncio.Future | None = None

    async def open(self) -> bool:
        answer = await self.player.get("page", f"/tables/{self.table.id}/", htmx=False)
        if answer is None:
            return False
        self.show(read_board(answer.text))
        self.chat_url = read_chat_url(answer.text)
        self.stream_url = read_stream_url(answer.text)
        if self.stream_url is None:
            await self.player.get("header", "/tables/waiting/")  # hx-trigger="load"
        else:
            # The header's count and the chat are read when the stream opens.
            self.stream = asyncio.get_running_loop().create_task(self.hold_stream())
        return True

    def close(self) -> None:
        if self.stream is not None:
            self.stream.cancel()

    async def hold_stream(self) -> None:
        """The page's event stream, opened again (as a browser does, two
        seconds later) whenever it ends or fails."""
        loop = asyncio.get_running_loop()
        while True:
            started = loop.time()
            try:
                await event_stream(
                    self.load.site.stream_port,
                    self.stream_url,
                    self.player._cookie_header(),
                    self.on_event,
                )
                if not self.reopen:  # a game's end reopens its streams
                    self.load.rec.failed("stream", started, "the stream ended")
                self.reopen = False
            except asyncio.CancelledError:
                raise
            except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
                self.load.rec.failed("stream", started, f"{type(exc).__name__} {exc}")
            await asyncio.sleep(2)

    def on_event(self, name: str, data: str, event_id: str | None) -> None:
        """What the page's script does with each event."""
        load = self.load
        if name == "stream-open":
            load.streams_opened += 1
            load.spawn(self.player.get("header", "/tables/waiting/"))
            load.spawn(self.chat())
        elif name == "table":
            revision = _revision(event_id, self.table.id)
            if self.board.revision is None or revision is None or revision > self.board.revision:
                load.spawn(self.redraw())
        elif name == "reopen":
            self.reopen = True
        elif name == "mine":
            load.spawn(self.player.get("header", "/tables/waiting/"))
        elif name == "chat":
            load.spawn(self.chat())

    def show(self, board: Board) -> None:
        """A new board is drawn: its poll starts again from now. A board
        drawn after another player's move is the move reaching this page
        (its latency: from the move's answer to the redraw)."""
        self.board = board
        self.table.learn(board)
        self.next_poll = asyncio.get_running_loop().time() + self.load.poll_seconds
        moved = self.table.moved_by_other
        if moved is not None and moved[2] is not self.player and board.version >= moved[1]:
            self.load.rec.ok("live", moved[0], asyncio.get_running_loop().time() - moved[0])
            self.table.moved_by_other = None

    async def poll(self) -> None:
        if self.polling:  # the last poll has not answered yet: HTMX skips this one
            self.load.skipped_polls += 1
            return
        self.polling = True
        try:
            answer = await self.player.get("poll", self.board.poll_url)
            if answer is not None and answer.status == 200 and "hx-trigger" in answer.headers:
                await self.redraw()
        finally:
            self.polling = False

    async def redraw(self) -> None:
        """The poll's "table-changed": the board and the header's count redraw
        (once: a second caller waits for the redraw on its way)."""
        if self.redrawing is None or self.redrawing.done():
            self.redrawing = asyncio.ensure_future(self._redraw())
        await asyncio.shield(self.redrawing)

    async def _redraw(self) -> None:
        if self.stream_url is not None:
            # The header's count has its own event (`mine`).
            board = await self.player.get("board", f"/tables/{self.table.id}/board/")
        else:
            board, _ = await asyncio.gather(
                self.player.get("board", f"/tables/{self.table.id}/board/"),
                self.player.get("header", "/tables/waiting/"),
            )
        if board is not None:
            self.show(read_board(board.text))

    async def chat(self) -> None:
        if self.chatting:
            self.load.skipped_polls += 1
            return
        self.chatting = True
        try:
            await self.player.get("chat", self.chat_url)
        finally:
            self.chatting = False

    async def live(self, until: float) -> None:
        """Poll as the page's script does until `until` (loop time); a page
        with a stream hears it instead (its task runs apart)."""
        load, loop = self.load, asyncio.get_running_loop()
        if self.stream_url is not None:
            await asyncio.sleep(max(0.0, until - loop.time()))
            return
        rng = load.rng
        now = loop.time()
        self.next_poll = now + rng.uniform(0, load.poll_seconds)
        next_chat = now + rng.uniform(0, load.poll_seconds)
        next_header = now + rng.uniform(0, load.header_seconds)
        while True:
            due = min(self.next_poll, next_chat, next_header)
            if due >= until:
                return
            await asyncio.sleep(max(0.0, due - loop.time()))
            now = loop.time()
            if now >= self.next_poll:  # a redraw may have put it later meanwhile
                self.next_poll += load.poll_seconds
                load.spawn(self.poll())
            if now >= next_chat:
                next_chat += load.poll_seconds
                load.spawn(self.chat())
            if now >= next_header:
                next_header += load.header_seconds
                load.spawn(self.player.get("header", "/tables/waiting/"))


def _revision(event_id: str | None, table_id: int) -> int | None:
    """The table's revision in a stream's event id ("table-5:12,...")."""
    for part in (event_id or "").split(","):
        name, _, number = part.partition(":")
        if name == f"table-{table_id}" and number.isdigit():
            return int(number)
    return None


class Load:
    """The pages, the tables and the moves of one run of the site."""

    def __init__(self, site: Site, args, rec: Recorder):
        self.site = site
        self.port = site.port
        self.args = args
        self.rec = rec
        self.rng = random.Random(args.seed)
        self.poll_seconds = args.poll_seconds
        self.header_seconds = args.header_seconds
        self.players: dict[str, Player] = {}
        self.tables: list[Table] = []
        self.pages: list[Page] = []
        self.idle: deque[Table] = deque()  # in play, no move on its way
        self.tasks: set[asyncio.Task] = set()
        self.skipped_polls = 0
        self.unserved = 0
        self.arrived = 0
        self.no_move = 0
        self.moves = 0
        self.streams_opened = 0

    def spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(self.guarded(coroutine))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def guarded(self, coroutine) -> None:
        """A page the generator could not read counts as a failure, not a crash."""
        started = asyncio.get_running_loop().time()
        try:
            await coroutine
        except (ValueError, KeyError) as exc:
            self.rec.failed("unreadable", started, f"{type(exc).__name__} {exc}")

    # Setting up: tables and their players through the site's own services, then pages.

    def add_tables(self, count: int) -> None:
        script = SETUP_SCRIPT.format(
            first=len(self.tables),
            count=count,
            game=self.args.game,
            options=GAMES[self.args.game],
            tokens=self.args.api_share > 0,
        )
        made = json.loads(self.site.manage("shell", "-c", script).splitlines()[-1])
        for name, (session, token) in made["players"].items():
            cookies = {made["cookie"]: session}
            self.players[name] = Player(name, self.port, cookies, token, self.rec)
        for table_id, names, version, acting in made["tables"]:
            self.tables.append(Table(table_id, names, version, "active", acting))

    @staticmethod
    def learn_api(table: Table, answer: dict) -> None:
        names = {s["seat"]: s["username"] for s in answer["seats"]}
        table.version, table.status = answer["version"], answer["status"]
        table.acting = [names[seat] for seat in answer["to_act"]]

    async def open_pages(self, count: int) -> None:
        """Pages 0..count-1 open (table i watched by one of its two players),
        the others closed. Opened before the measured window."""
        tables_needed = count * self.args.tables_per_page
        if len(self.tables) < tables_needed:
            self.add_tables(tables_needed - len(self.tables))
        while len(self.pages) > count:
            page = self.pages.pop()
            page.close()
            page.table.watcher = None
        gate = asyncio.Semaphore(4)

        async def open_one(index: int) -> Page:
            # Spread among the tables, so that the moves reach watched tables evenly.
            table = self.tables[index * self.args.tables_per_page]
            page = Page(self, self.players[table.players[index % 2]], table)
            async with gate:
                if not await page.open():
                    raise RuntimeError(f"could not open a table page: {self.rec.last}")
            table.watcher = page
            return page

        self.pages += await asyncio.gather(*(open_one(i) for i in range(len(self.pages), count)))
        # The table that has waited longest for its move gets the next one.
        waiting = [t for t in self.tables[:tables_needed] if t.status == "active" and t.acting]
        self.idle = deque(sorted(waiting, key=lambda t: t.moved_at))

    # Moves.

    async def arrivals(self, rate: float, until: float) -> None:
        loop = asyncio.get_running_loop()
        at = loop.time()
        while True:
            at += self.rng.expovariate(rate)
            if at >= until:
                return
            await asyncio.sleep(max(0.0, at - loop.time()))
            if self.rec.counts(at):
                self.arrived += 1
            if not self.idle:
                if self.rec.counts(at):
                    self.unserved += 1
                continue
            self.spawn(self.arrive(self.idle.popleft(), at))

    async def arrive(self, table: Table, at: float) -> None:
        try:
            player = self.players[self.rng.choice(table.acting)]
            if self.rng.random() < self.args.api_share:
                made = await self.move_by_api(table, player)
            else:
                made = await self.move_by_page(table, player)
            if made and self.rec.counts(at):
                self.moves += 1
        finally:
            table.moved_at = asyncio.get_running_loop().time()
            if table.status == "active" and table.acting:
                self.idle.append(table)

    async def move_by_page(self, table: Table, player: Player) -> bool:
        page = table.watcher if table.watcher and table.watcher.player is player else None
        if page is not None:
            if page.board.version != table.version:
                await page.redraw()  # the player looks at the board once it has caught up
            board = page.board
        else:
            answer = await player.get("page", f"/tables/{table.id}/", htmx=False)
            if answer is None:
                return False
            board = read_board(answer.text)
            table.learn(board)
            await player.get("header", "/tables/waiting/")
        if not board.moves:
            self.no_move += 1
            return False
        after = await self.click(player, table, board)
        if after is not None and page is not None:
            page.show(after)  # the answer is the redrawn board
        return after is not None

    def answered(self, table: Table, version: int, player: Player) -> None:
        """A move's answer came: the table's open page, if another player's,
        is to show it (see `Page.show`)."""
        watcher = table.watcher
        if watcher is None or watcher.player is player:
            return
        now = asyncio.get_running_loop().time()
        if watcher.board is not None and watcher.board.version >= version:
            self.rec.ok("live", now, 0.0)  # its stream was quicker than the answer
        else:
            table.moved_by_other = (now, version, player)

    async def click(self, player: Player, table: Table, board: Board) -> Board | None:
        """One of the board's move buttons pressed: the board it answers."""
        fields = {
            "csrfmiddlewaretoken": board.csrf,
            "version": board.version if board.form_version is None else board.form_version,
            "move": self.rng.choice(board.moves),
        }
        answer = await player.post_form("move", f"/tables/{table.id}/move/", fields)
        if answer is None:
            return None
        after = read_board(answer.text)
        table.learn(after)
        self.answered(table, after.version, player)
        return after

    async def move_by_api(self, table: Table, player: Player) -> bool:
        read = await player.api("api read", "GET", f"/api/tables/{table.id}")
        if read is None:
            return False
        self.learn_api(table, read)
        if not read["legal_moves"]:
            self.no_move += 1
            return False
        move = self.rng.choice(read["legal_moves"])
        answer = await player.api(
            "api move",
            "POST",
            f"/api/tables/{table.id}/moves",
            {"version": read["version"], "move": move},
        )
        if answer is None:
            return False
        self.learn_api(table, answer)
        self.answered(table, answer["version"], player)
        return True

    async def settle(self, timeout: float = 60.0) -> None:
        """Wait for the requests on their way; those still out count as failed."""
        end = asyncio.get_running_loop().time() + timeout
        while self.tasks and asyncio.get_running_loop().time() < end:
            await asyncio.wait(set(self.tasks), timeout=1.0)
        for task in list(self.tasks):
            task.cancel()
            self.rec.errors["unanswered"] += 1
