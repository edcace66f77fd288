"""The board's pieces as controls: `{% piece tv target %}…{% endpiece %}`.

A board template wraps each piece a move may act on (a card, a die, a space)
in this tag, naming it as the engine's `MoveInfo.target` does. The piece is
drawn as it is when no legal move of the viewer acts on it, as a button that
plays the move when one does, and as a button opening a small menu of moves
when several do. The buttons submit the page's move form (`#moves-form`), so
a click is the same request as a button in the list of moves.
"""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

register = template.Library()


class PieceNode(template.Node):
    def __init__(self, tv: template.FilterExpression, target: template.FilterExpression, nodelist):
        self.tv, self.target, self.nodelist = tv, target, nodelist

    def render(self, context) -> str:
        inner = self.nodelist.render(context)
        tv = self.tv.resolve(context)
        target = self.target.resolve(context)
        moves = tv.moves_by_target.get(str(target), []) if tv is not None else []
        if not moves:
            return inner
        return render_to_string(
            "tables/_piece.html", {"inner": mark_safe(inner), "moves": moves, "target": target}
        )


@register.tag
def piece(parser, token):
    """`{% piece tv target %}drawing{% endpiece %}`."""
    bits = token.split_contents()
    if len(bits) != 3:
        raise template.TemplateSyntaxError("piece takes the table view and the piece's name")
    nodelist = parser.parse(("endpiece",))
    parser.delete_first_token()
    return PieceNode(parser.compile_filter(bits[1]), parser.compile_filter(bits[2]), nodelist)
