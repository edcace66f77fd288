"""The board's pieces as controls: `{% piece tv target %}…{% endpiece %}`.

A board template wraps each piece a move may act on (a card, a die, a space)
in this tag, naming it as the engine's `MoveInfo.target` does. The piece is
drawn as it is when no legal move of the viewer acts on it, as a button that
plays the move when one does, and as a button opening a small menu of moves
when several do. The buttons submit the page's move form (`#moves-form`), so
a click is the same request as a button in the list of moves. A piece that
others' moves acted on since the viewer's own last move (`TableView.marks`)
is marked: a ring, the mover's name beside it, and the log's words for
those who cannot see the ring.

`{% move_list tv %}` is the list of moves every game shares, grouped under
the engine's `MoveInfo.group` titles. Moves that act on no piece (a pass, an
answer, the end of a turn) are shown as buttons; when the board has pieces to
click, the moves that act on them are listed again, folded, as a second way
in. Templates build no piece name: the view carries each one, made by the
game's pieces module that names the moves' targets.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


class PieceNode(template.Node):
    def __init__(self, tv, target, nodelist, *, shown: bool = False, open_when=None):
        self.tv, self.target, self.nodelist = tv, target, nodelist
        self.shown = shown
        self.open_when = open_when

    def render(self, context) -> str:
        inner = self.nodelist.render(context)
        tv = self.tv.resolve(context)
        target = self.target.resolve(context)
        moves = tv.moves_by_target.get(str(target), []) if tv is not None else []
        opened = bool(self.open_when.resolve(context)) if self.open_when is not None else False
        drawn = (
            control(mark_safe(inner), moves, str(target), shown=self.shown, opened=opened)
            if moves
            else inner
        )
        mark = tv.marks.get(str(target)) if tv is not None else None
        if mark is None:
            return drawn
        return format_html(MARKED, target=target, who=mark.who, text=mark.text, drawn=drawn)


# Built here rather than from a template, one format per case: a board draws
# dozens of pieces, and a template per piece was a tenth of the page's time.
ONE_MOVE = (
    '<button type="submit" form="moves-form" name="move" value="{json}" class="piece"'
    ' data-piece="{target}" aria-label="{name}" title="{name}">{inner}</button>'
)
ONE_MOVE_SHOWN = (
    '<button type="submit" form="moves-form" name="move" value="{json}" class="piece"'
    ' data-piece="{target}" title="{name}">{inner}'
    '<span class="visually-hidden">: {name}</span></button>'
)
MENU = (
    '<details class="piece-menu" data-piece="{target}"{opened}><summary class="piece"'
    ' aria-label="{name}">{inner}</summary><span class="piece-moves">{buttons}</span></details>'
)
MENU_SHOWN = (
    '<details class="piece-menu" data-piece="{target}"{opened}><summary class="piece">{inner}'
    '<span class="visually-hidden">: {name}</span></summary>'
    '<span class="piece-moves">{buttons}</span></details>'
)
MENU_BUTTON = '<button type="submit" form="moves-form" name="move" value="{}">{}</button>'
MARKED = (
    '<span class="marked" data-marked="{target}" title="{text}">{drawn}'
    '<span class="mark-who" aria-hidden="true">{who}</span>'
    '<span class="visually-hidden"> (last: {text})</span></span>'
)


def control(
    inner: SafeString, moves: list[dict], target: str, *, shown: bool, opened: bool = False
) -> SafeString:
    """A piece with one move is a button playing it; with several, a small
    menu (a `details`) of their buttons, drawn open when the decision in
    progress is about that piece. The control is named by its moves, after
    the piece's own words when it shows some."""
    if len(moves) == 1:
        html = ONE_MOVE_SHOWN if shown else ONE_MOVE
        name = moves[0]["label"]
        return format_html(html, json=moves[0]["json"], target=target, name=name, inner=inner)
    name = f"{len(moves)} moves: " + "; ".join(str(m["label"]) for m in moves)
    buttons = format_html_join("", MENU_BUTTON, ((m["json"], m["label"]) for m in moves))
    html = MENU_SHOWN if shown else MENU
    return format_html(
        html,
        target=target,
        name=name,
        inner=inner,
        buttons=buttons,
        opened=mark_safe(" open") if opened else "",
    )


@register.tag
def piece(parser, token):
    """`{% piece tv target %}drawing{% endpiece %}`.

    A drawing with words of its own (a card's name) is marked `shown`: its
    control is then named by those words followed by the move, so the name
    holds what the eye reads (what voice control users say), instead of the
    move's words alone. `open=<value>` draws a piece's menu open when the
    value is true: the next step of a choice begun on that piece."""
    bits = token.split_contents()
    flags = bits[3:]
    shown = "shown" in flags
    opens = [flag.removeprefix("open=") for flag in flags if flag.startswith("open=")]
    if len(bits) < 3 or len(flags) != shown + len(opens) or len(opens) > 1:
        raise template.TemplateSyntaxError(
            "piece takes the table view, the piece's name and, optionally, shown and open=<value>"
        )
    nodelist = parser.parse(("endpiece",))
    parser.delete_first_token()
    return PieceNode(
        parser.compile_filter(bits[1]),
        parser.compile_filter(bits[2]),
        nodelist,
        shown=shown,
        open_when=parser.compile_filter(opens[0]) if opens else None,
    )


def grouped(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Moves under their group titles, groups in the order the engine lists
    them, a move marked `first` ahead of the others in its group."""
    groups: dict[str, dict[str, Any]] = {}
    for m in moves:
        groups.setdefault(m["group"], {"title": m["group"], "moves": []})["moves"].append(m)
    for g in groups.values():
        g["moves"].sort(key=lambda m: not m.get("first"))
    return list(groups.values())


@register.inclusion_tag("tables/_moves.html")
def move_list(tv) -> dict[str, Any]:
    moves = tv.moves
    on_board = [m for m in moves if m["target"] is not None]
    return {
        "loose": grouped([m for m in moves if m["target"] is None]),
        "on_board": grouped(on_board),
    }
