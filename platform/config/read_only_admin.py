"""An admin page to read, never to edit: for rows that only the site's
services write (a rating, a moderation trail, a chat message)."""

from __future__ import annotations

from django.http import HttpRequest


class ReadOnlyAdmin:
    """Mixed in before `admin.ModelAdmin`."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
