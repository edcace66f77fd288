"""Small filters for drawing tables in lists and pages."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from accounts.templatetags.times import zoned
from clocks import controls
from games import registry
from tables import present

register = template.Library()


@register.filter
def game_name(table) -> str:
    try:
        return registry.get(table.game).engine.name
    except LookupError:
        return table.game


@register.filter
def options_text(table) -> str:
    try:
        engine = registry.get(table.game).engine
    except LookupError:
        return ""
    changed = [
        _option_text(opt.label, opt.label_of(table.options.get(opt.key, opt.default)))
        for opt in engine.options
        if opt.always_named or table.options.get(opt.key, opt.default) != opt.default
    ]
    return " · ".join(changed) or "Standard rules"


def _option_text(name: str, label: str) -> str:
    """ "Factions: On (Loyalists and ...)", not "Factions: On: Loyalists and ..."."""
    lead, _, rest = label.partition(": ")
    return f"{name}: {lead}" + (f" ({rest})" if rest else "")


@register.filter
def time_control_text(table) -> str:
    return controls.describe(table.time_bank, table.time_increment, table.time_cap)


@register.filter
def lookup(mapping, key):
    """`{{ names|lookup:seat }}`: a dict or list item by a variable key."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return ""


@register.filter
def human_duration(span) -> str:
    return controls.human(span) if span is not None else ""


@register.filter
def times(count) -> range:
    """`{% for _ in n|times %}`: repeat n times."""
    try:
        return range(int(count))
    except (TypeError, ValueError):
        return range(0)


@register.filter
def summary_text(table) -> str:
    """The table's summary line with its players' names filled in."""
    return present.summary_text(table)


def log_rows(entries) -> list[dict]:
    """The log's entries as the reader sees them, numbered by move: a run of
    moves that say nothing to this reader (a die picked or put back, a choice
    begun: moves that log no line, or only lines for others) is one quiet row
    saying so, so that the numbers never skip without a word."""
    rows: list[dict] = []
    for entry in entries:
        if entry.lines:
            rows.append({"entry": entry})
        elif rows and "quiet" in rows[-1]:
            rows[-1]["last"] = entry.seq
        else:
            rows.append({"quiet": True, "first": entry.seq, "last": entry.seq})
    return rows


@register.simple_tag
def log_items(entries, with_times: bool = False) -> str:
    """The log's rows as list items, the same on the table page and the
    whole-game log. Built here rather than in a template: every redraw of a
    board draws its 25 latest rows, and a template took a tenth of a move's
    answer to draw them."""
    return mark_safe("\n".join(_log_item(row, with_times) for row in log_rows(entries)))


def _log_item(row: dict, with_times: bool) -> str:
    if "quiet" in row:
        first, last = row["first"], row["last"]
        said = (
            f"Move {first}: a choice in progress"
            if first == last
            else f"Moves {first} to {last}: choices in progress"
        )
        return format_html(
            '<li value="{}" class="quiet muted small">{}, nothing to tell you.</li>', first, said
        )
    entry = row["entry"]
    classes = " ".join(
        c for c, on in (("automatic", entry.automatic), ("setup", entry.seq == 0)) if on
    )
    parts = []
    if with_times:
        parts.append(
            format_html(
                '<time class="muted small log-time" datetime="{}">{}</time>',
                entry.created_at.isoformat(),
                zoned(entry.created_at, "j M H:i"),
            )
        )
    if entry.seq == 0:
        parts.append(mark_safe('<span class="muted small">The deal:</span>'))
    for line in entry.lines:
        if line.get("private"):
            parts.append(
                format_html(
                    '<span class="line private">{} '
                    '<span class="muted small">(only you see this)</span></span>',
                    line["text"],
                )
            )
        else:
            parts.append(format_html('<span class="line">{}</span>', line["text"]))
    if entry.automatic:
        parts.append(
            format_html(
                '<span class="badge small" title="played automatically">{}</span>',
                entry.kind_label,
            )
        )
    return format_html(
        '<li value="{}"{}>{}</li>',
        entry.seq,
        format_html(' class="{}"', classes) if classes else "",
        mark_safe(" ".join(parts)),
    )
