"""The board's pieces as controls: `{% piece tv target %}…{% endpiece %}`.

A board template wraps each piece a move may act on (a card, a die, a space)
in this tag, naming it as the engine's `MoveInfo.target` does. The piece is
drawn as it is when no legal move of the viewer acts on it, as a button that
plays the move when one does, and as a button opening a small menu of moves
when several do. The buttons submit the page's move form (`#moves-form`), so
a click is the same request as a button in the list of moves.

`{% move_list tv %}` is the list of moves every game shares, grouped under
the engine's `MoveInfo.group` titles. Moves that act on no piece (a pass, an
answer, the end of a turn) are shown as buttons; when the board has pieces to
click, the moves that act on them are listed again, folded, as a second way
in. `"player"|at:2` names a piece from its parts: "player:2".
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

register = template.Library()


class PieceNode(template.Node):
    def __init__(self, tv, target, nodelist, *, shown: bool = False):
        self.tv, self.target, self.nodelist = tv, target, nodelist
        self.shown = shown

    def render(self, context) -> str:
        inner = self.nodelist.render(context)
        tv = self.tv.resolve(context)
        target = self.target.resolve(context)
        moves = tv.moves_by_target.get(str(target), []) if tv is not None else []
        if not moves:
            return inner
        return render_to_string(
            "tables/_piece.html",
            {"inner": mark_safe(inner), "moves": moves, "target": target, "shown": self.shown},
        )


@register.tag
def piece(parser, token):
    """`{% piece tv target %}drawing{% endpiece %}`.

    A drawing with words of its own (a card's name) is marked `shown`: its
    control is then named by those words followed by the move, so the name
    holds what the eye reads (what voice control users say), instead of the
    move's words alone."""
    bits = token.split_contents()
    shown = bits[3:] == ["shown"]
    if len(bits) - shown != 3:
        raise template.TemplateSyntaxError(
            "piece takes the table view, the piece's name and, optionally, shown"
        )
    nodelist = parser.parse(("endpiece",))
    parser.delete_first_token()
    return PieceNode(
        parser.compile_filter(bits[1]), parser.compile_filter(bits[2]), nodelist, shown=shown
    )


@register.filter
def at(kind: Any, part: Any) -> str:
    """A piece's name from its parts: `"space"|at:row|at:col` gives "space:3:1"."""
    return f"{kind}:{part}"


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
