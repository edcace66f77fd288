"""`{% guide_sample "seasons" "seasons-duel" as tv %}`: a sample table for a
how-to-play page's pictures, drawn by the board's own tags and partials."""

from __future__ import annotations

from django import template

from guides.samples import SampleView, sample_view

register = template.Library()


@register.simple_tag
def guide_sample(slug: str, moment: str) -> SampleView:
    return sample_view(slug, moment)
