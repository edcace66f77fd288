"""The game log's rows as a reader sees them on the table page and the
whole-game log: numbered by move, a run of moves with nothing for this reader
said as one quiet row (so the numbers never skip unexplained), private lines
marked, automatic moves labelled, and names escaped."""

from __future__ import annotations

from datetime import UTC, datetime

from django.utils import timezone

from tables.models import Move
from tables.present import SETUP, LogEntry
from tables.templatetags.tables_tags import log_items

AT = datetime(2026, 3, 14, 9, 30, tzinfo=UTC)


def entry(seq, *lines, kind=Move.Kind.PLAYER):
    return LogEntry(seq, 0, kind, AT, [{"text": t, "private": p} for t, p in lines])


def test_moves_with_nothing_for_the_reader_are_one_quiet_row_and_numbers_do_not_skip():
    html = log_items(
        [
            entry(12, ("Ana takes 2 coins.", False)),
            entry(13),
            entry(14),
            entry(15),
            entry(16, ("Ben takes income.", False)),
            entry(17),
        ]
    )
    items = html.split("\n")
    assert len(items) == 4
    assert items[0].startswith('<li value="12">')
    assert 'value="13"' in items[1]
    assert "Moves 13 to 15: choices in progress, nothing to tell you." in items[1]
    assert 'value="16"' in items[2]
    assert "Move 17: a choice in progress, nothing to tell you." in items[3]


def test_private_lines_are_marked_and_automatic_moves_labelled():
    html = log_items(
        [
            entry(3, ("You draw the Duke.", True), ("Ana exchanges.", False)),
            entry(4, ("Ben passes.", False), kind=Move.Kind.TIMEOUT),
            entry(5, ("Ben passes.", False), kind=Move.Kind.STANDING),
        ]
    )
    first, timeout, standing = html.split("\n")
    assert "You draw the Duke. <span" in first and "(only you see this)" in first
    assert first.count("only you see this") == 1
    assert 'class="automatic"' not in first
    assert 'class="automatic"' in timeout and ">time ran out</span>" in timeout
    assert ">standing order</span>" in standing


def test_the_deal_is_said_and_the_text_is_escaped():
    html = log_items([entry(0, ("<b>Mallory</b> deals.", False), kind=SETUP)])
    assert 'class="setup"' in html
    assert "The deal:" in html
    assert "&lt;b&gt;Mallory&lt;/b&gt; deals." in html and "<b>" not in html


def test_the_whole_log_gives_each_row_its_time_in_the_readers_zone():
    with timezone.override("Europe/Paris"):
        html = log_items([entry(1, ("Ana takes income.", False))], with_times=True)
    assert f'datetime="{AT.isoformat()}"' in html
    assert ">14 Mar 10:30 CET</time>" in html
    assert "<time" not in log_items([entry(1, ("Ana takes income.", False))])
