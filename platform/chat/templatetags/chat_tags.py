from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from chat import selectors
from chat.tournament_views import tournament_panel_context
from chat.views import TEMPLATE, panel_context

register = template.Library()


@register.simple_tag(takes_context=True)
def table_chat(context, table, tv=None) -> SafeString:
    """The chat panel of a table page (`tv`, the page's table view, tells
    whether the reader is seated without asking the database again)."""
    request = context["request"]
    seated = None if tv is None else tv.my_seat is not None
    return render_to_string(
        f"{TEMPLATE}#panel", panel_context(request, table, seated=seated), request=request
    )


@register.simple_tag(takes_context=True)
def tournament_chat(context, tournament) -> SafeString:
    """The chat panel of a tournament's page."""
    request = context["request"]
    return render_to_string(
        f"{TEMPLATE}#panel", tournament_panel_context(request, tournament), request=request
    )


@register.simple_tag
def open_report_count() -> int:
    """Reports no moderator has dealt with yet (for the admin's index)."""
    return selectors.open_report_count()
