"""The result of a game as its reader is told it: "You win with 12 victory
points", "Ana wins with 12 victory points. You finish second with 9 victory
points."

Built from the table's outcome and the players' names only (nothing from a
game's state can leak through it). The engine's summary names the winners
first, as `{p0} wins …` or `{p0} and {p1} share …`: the sentence is turned
towards the reader when they are among them, and a player who did not win is
told their own place, with their score in the summary's own unit when it ends
"with <number> <unit>.".
"""

from __future__ import annotations

import re

from tables.present import fill, join_names

# The winners named at the start of a summary, then the verb.
_SUBJECT = re.compile(r"^(\{p\d+\}(?:(?:, | and )\{p\d+\})*) ([a-z]+)(.*)$", re.S)
_SEAT = re.compile(r"\{p(\d+)\}")
# "… with 12 victory points." at the end of a summary: the unit of its scores.
_UNIT = re.compile(r" with -?\d+ ([a-z][a-z ]*?)\.$")
# A verb agreeing with "you" instead of one player.
_SECOND_PERSON = {"wins": "win", "has": "have", "is": "are"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def result_for_reader(outcome: dict | None, names: dict[int, str], reader: int | None) -> str:
    """The outcome's summary spoken to `reader` (a seat number, or None for
    someone who did not play), with their place when they did not win."""
    if not outcome:
        return ""
    summary = outcome.get("summary", "")
    if reader is None:
        return fill(summary, names)
    text = _towards(summary, names, reader)
    if reader not in outcome.get("winners", []):
        text = f"{text} {_place(outcome, summary, reader)}".strip()
    return text


def _towards(summary: str, names: dict[int, str], reader: int) -> str:
    match = _SUBJECT.match(summary)
    if match is None:
        return fill(summary, names, reader)
    subject, verb, rest = match.groups()
    seats = [int(s) for s in _SEAT.findall(subject)]
    rest = fill(rest, names, reader)
    if reader not in seats:
        return f"{fill(subject, names)} {verb}{rest}"
    others = [names.get(s, f"seat {s}") for s in seats if s != reader]
    if not others:
        return f"You {_SECOND_PERSON.get(verb, verb)}{rest}"
    return f"{join_names(['You', *others])} {verb}{rest}"


def _place(outcome: dict, summary: str, reader: int) -> str:
    ranks = outcome.get("ranks") or []
    if reader >= len(ranks):
        return ""
    rank = ranks[reader]
    place = _ORDINALS[rank - 1] if rank <= len(_ORDINALS) else f"{rank}th"
    shared = sum(1 for r in ranks if r == rank) > 1
    text = f"You share {place} place" if shared else f"You finish {place}"
    scores = outcome.get("scores") or []
    unit = _UNIT.search(summary)
    if unit and reader < len(scores) and scores[reader] is not None:
        score = scores[reader]
        words = unit.group(1)
        if abs(score) == 1 and words.endswith("s"):
            words = words[:-1]
        text += f" with {score} {words}"
    return text + "."
