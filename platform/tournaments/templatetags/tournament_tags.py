"""`{% tournament_stream tournament %}`: the page's event stream, the
reader's own channels (as every page), the tournament's and, for a logged-in
reader, its chat's."""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.html import format_html

from live import channels
from live.templatetags.live_tags import stream_url

register = template.Library()


@register.simple_tag(takes_context=True)
def tournament_stream(context, tournament) -> str:
    user = context.get("user")
    mine = stream_url(user)
    wanted = [channels.tournament(tournament.pk)]
    if user is not None and user.is_authenticated:
        wanted.append(channels.tournament_chat(tournament.pk))
    query = urlencode([("channel", name) for name in wanted])
    url = f"{mine}&{query}" if mine else f"{reverse('live_stream')}?{query}"
    return format_html(
        ' hx-ext="sse" sse-connect="{}" data-live-poll="{}"', url, settings.LIVE_POLL_SECONDS
    )
