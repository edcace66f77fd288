"""`{% live_stream %}`: the attributes that open a page's event stream
(HTMX's SSE extension: `hx-ext="sse" sse-connect="..."`), on the page's
`<body>`, for the channels it shows: the reader's own (the header's count,
the lobby's lists) and, on a table page, the table's and its chat's."""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.html import format_html

from live import channels, grants

register = template.Library()


def stream_url(user, table=None) -> str:
    """The address of a page's stream ("" when it has nothing to hear)."""
    query: list[tuple[str, str]] = []
    if table is not None:
        query += [("channel", channels.table(table.pk)), ("channel", channels.chat(table.pk))]
        # What the page shows: a change after it is sent when the stream opens.
        query.append(("lastEventId", f"{channels.table(table.pk)}:{table.revision}"))
    if user is not None and user.is_authenticated:
        query += [("channel", channels.user(user.pk)), ("grant", grants.grant(user.pk))]
    if not query:
        return ""
    return reverse("live_stream") + "?" + urlencode(query)


@register.simple_tag(takes_context=True)
def live_stream(context, table=None) -> str:
    url = stream_url(context.get("user"), table)
    if not url:
        return ""
    return format_html(
        ' hx-ext="sse" sse-connect="{}" data-live-poll="{}"', url, settings.LIVE_POLL_SECONDS
    )
