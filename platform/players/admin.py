"""Ratings for operators: to read, never to edit (a rating is the sum of the
games behind it; a change made here would have no game to answer for it)."""

from django.contrib import admin

from config.read_only_admin import ReadOnlyAdmin
from players.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("user", "game", "shown", "games", "mu", "sigma", "updated_at")
    list_filter = ("game",)
    search_fields = ("user__username",)
    ordering = ("game", "-shown")
    list_select_related = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("table", "user", "game", "place", "shown_before", "shown_after", "created_at")
    list_filter = ("game",)
    search_fields = ("user__username", "=table__id")
    date_hierarchy = "created_at"
    list_select_related = ("user", "table")
