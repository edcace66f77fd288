"""Operators create tournaments here, and pause, resume or cancel them."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from tables.errors import ServiceError
from tournaments import services
from tournaments.models import Entry, Round, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("user", "seed", "points", "tie_break", "byes", "withdrawn_at", "eliminated")
    readonly_fields = fields
    can_delete = False


def _each(request: HttpRequest, queryset: QuerySet, change, done: str) -> None:
    for tournament in queryset:
        try:
            change(tournament_id=tournament.pk)
            messages.success(request, f"{tournament}: {done}.")
        except ServiceError as exc:
            messages.error(request, f"{tournament}: {exc.message}")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format", "seats_per_table", "status", "starts_at")
    list_filter = ("status", "game", "format")
    search_fields = ("name", "creator__username")
    readonly_fields = ("status", "seed", "revision", "started_at", "finished_at")
    inlines = [EntryInline]
    actions = ["pause", "resume", "cancel"]

    def save_model(self, request, obj, form, change):
        if not change and not obj.seed:
            obj.seed = services.new_seed()
        super().save_model(request, obj, form, change)

    @admin.action(description="Pause (no new round starts)")
    def pause(self, request, queryset):
        _each(request, queryset, services.tournament_pause, "paused")

    @admin.action(description="Resume")
    def resume(self, request, queryset):
        _each(request, queryset, services.tournament_resume, "resumed")

    @admin.action(description="Cancel")
    def cancel(self, request, queryset):
        _each(request, queryset, services.tournament_cancel, "cancelled")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "started_at", "finished_at")
    readonly_fields = ("tournament", "number", "status", "byes", "started_at", "finished_at")
