"""Follows, blocks and notes for operators: to read (a note is private to its
writer; operators see that one exists, answering a report, not its text)."""

from django.contrib import admin

from config.read_only_admin import ReadOnlyAdmin
from social.models import Block, Follow, Note


@admin.register(Follow)
class FollowAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("owner", "other", "created_at")
    search_fields = ("owner__username", "other__username")
    list_select_related = ("owner", "other")


@admin.register(Block)
class BlockAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("owner", "other", "created_at")
    search_fields = ("owner__username", "other__username")
    list_select_related = ("owner", "other")


@admin.register(Note)
class NoteAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("owner", "other", "updated_at")
    fields = ("owner", "other", "updated_at")
    search_fields = ("owner__username", "other__username")
    list_select_related = ("owner", "other")
