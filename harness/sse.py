"""Server-sent events as a browser reads them: the stream a page names
(its `sse-connect` address) and the blocks of a stream parsed as the SSE
spec says."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

STREAM_URL = re.compile(r'sse-connect="([^"]+)"')


def read_stream_url(page: str) -> str | None:
    """The event stream a page opens (None: a page that polls, as pages did
    before streams)."""
    found = STREAM_URL.search(page)
    return html.unescape(found.group(1)) if found else None


@dataclass
class Block:
    """One block of a stream (the lines up to a blank one), as the SSE spec
    reads it: `data` None when it dispatches no event."""

    event: str = "message"
    data: str | None = None
    id: str | None = None
    retry: int | None = None
    comments: int = 0


def parse_block(text: str) -> Block:
    block, data = Block(), []
    for line in text.split("\n"):
        if line.startswith(":"):
            block.comments += 1
            continue
        key, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if key == "event":
            block.event = value
        elif key == "data":
            data.append(value)
        elif key == "id":
            block.id = value
        elif key == "retry" and value.isdigit():
            block.retry = int(value)
    if data:
        block.data = "\n".join(data)
    return block
