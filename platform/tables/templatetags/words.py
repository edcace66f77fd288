"""Counts read as English on every page: `{{ n|counted:"card" }}` gives
"1 card", "2 cards"; `{{ n }} {{ n|noun:"die" }}` gives "dice" after 2.

The one plural helper of the site: the filters read `games.words`, which the
games' own texts use too.
"""

from __future__ import annotations

from django import template

from games.words import count_of, noun_for

register = template.Library()


@register.filter
def noun(count: int, word: str) -> str:
    """The noun as it agrees with the count: 'denier' for 1, 'deniers' otherwise."""
    return noun_for(int(count), word)


@register.filter
def counted(count: int, word: str) -> str:
    """A count and its noun, agreed: '1 card', '2 cards'."""
    return count_of(int(count), word)
