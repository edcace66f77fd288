"""The board's pieces as controls (`{% piece %}`): a piece no move acts on is
drawn as it is, one move makes it a button of the move form, several a menu."""

from __future__ import annotations

from types import SimpleNamespace

from django.template import Context, Template

from games.engine import About, Legal
from tables.present import TableView

BOARD = Template(
    "{% load pieces %}{% for d in dice %}"
    '{% piece tv d %}<span class="die">{{ d }}</span>{% endpiece %}{% endfor %}'
)


def view_with(moves: list[tuple[dict, str, str | None]], groups: list[str] = ()) -> TableView:
    groups = list(groups) or [""] * len(moves)
    return TableView(
        table=SimpleNamespace(),
        seats=[],
        my_seat=0,
        names={},
        view={},
        legal_moves=[
            Legal.described(m, About(label, target=target, group=group))
            for (m, label, target), group in zip(moves, groups, strict=True)
        ],
        waiting="",
        log=[],
        now=None,
    )


def test_a_piece_with_no_move_is_drawn_as_it_is():
    html = BOARD.render(Context({"tv": view_with([]), "dice": ["die:0"]}))
    assert html == '<span class="die">die:0</span>'


def test_a_piece_with_one_move_is_a_button_of_the_move_form_named_by_the_move():
    tv = view_with([({"die": 1}, "Take the die: earth, star", "die:1"), ({"end": 1}, "End", None)])
    html = BOARD.render(Context({"tv": tv, "dice": ["die:0", "die:1"]}))
    assert html.startswith('<span class="die">die:0</span><button type="submit" form="moves-form"')
    assert 'value="{&quot;die&quot;:1}"' in html
    assert 'aria-label="Take the die: earth, star"' in html
    assert html.count("<button") == 1
    assert '<span class="die">die:1</span></button>' in html


def test_a_piece_with_several_moves_opens_a_menu_of_them():
    tv = view_with([({"a": 1}, "Summon it", "hand:3"), ({"a": 2}, "Discard it", "hand:3")])
    html = BOARD.render(Context({"tv": tv, "dice": ["hand:3"]}))
    assert html.startswith('<details class="piece-menu" data-piece="hand:3">')
    assert 'aria-label="2 moves: Summon it; Discard it"' in html
    assert html.count('form="moves-form"') == 2


LIST = Template("{% load pieces %}{% move_list tv %}")


def listed(moves: list[tuple[dict, str, str | None, str]]) -> TableView:
    return view_with([(m, label, target) for m, label, target, _ in moves], [g for *_, g in moves])


def test_the_list_groups_moves_under_the_engines_titles_in_the_engines_order():
    tv = listed(
        [
            ({"a": 1}, "Income", None, "Take coins"),
            ({"a": 2}, "Pass", None, "Answer"),
            ({"a": 3}, "Tax", None, "Take coins"),
        ]
    )
    html = LIST.render(Context({"tv": tv}))
    assert "<details" not in html
    assert html.count('class="group-title"') == 2
    assert html.index("Take coins") < html.index("Income") < html.index("Tax")
    assert html.index("Tax") < html.index("Answer") < html.index("Pass")
    assert 'aria-label="Take coins"' in html


def test_moves_on_the_board_are_listed_again_folded_and_the_others_stay_in_sight():
    tv = listed(
        [
            ({"a": 1}, "Steal from ben", "player:1", "Steal"),
            ({"a": 2}, "Pass", None, "Answer"),
        ]
    )
    html = LIST.render(Context({"tv": tv}))
    folded = html[html.index('<details class="move-list">') :]
    assert "Steal from ben" in folded and "Pass" not in folded
    assert html.index("Pass") < html.index("<details")
    assert '<details class="move-list" open' not in html


SHOWN = Template(
    "{% load pieces %}{% for d in dice %}"
    '{% piece tv d shown %}<span class="card">{{ d }}</span>{% endpiece %}{% endfor %}'
)


def test_a_piece_with_words_of_its_own_is_named_by_them_then_by_its_move():
    """WCAG 2.5.3: a control's name holds the words it shows."""
    tv = view_with([({"a": 1}, "Play Priests", "hand:4")])
    html = SHOWN.render(Context({"tv": tv, "dice": ["hand:4"]}))
    assert "aria-label" not in html
    name = '<span class="visually-hidden">: Play Priests</span>'
    assert f'<span class="card">hand:4</span>{name}' in html
    tv = view_with([({"a": 1}, "Reveal one", "hand:4"), ({"a": 2}, "Reveal all", "hand:4")])
    html = SHOWN.render(Context({"tv": tv, "dice": ["hand:4"]}))
    assert "aria-label" not in html
    assert '<span class="visually-hidden">: 2 moves: Reveal one; Reveal all</span>' in html
