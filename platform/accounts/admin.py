from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from accounts.models import ApiToken, Profile, Vacation

User = get_user_model()


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


class ApiTokenInline(admin.TabularInline):
    model = ApiToken
    extra = 0
    fields = ("name", "prefix", "created_at", "last_used_at", "revoked_at")
    readonly_fields = ("name", "prefix", "created_at", "last_used_at")
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(UserAdmin):
    inlines = [ProfileInline, ApiTokenInline]
    list_display = ("username", "email", "is_active", "is_staff", "date_joined", "last_login")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "prefix", "created_at", "last_used_at", "revoked_at")
    search_fields = ("user__username", "name", "prefix")
    readonly_fields = ("user", "prefix", "key_hash", "created_at", "last_used_at")
    exclude = ()

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ("user", "starts_on", "ends_on", "created_at")
    search_fields = ("user__username",)
    date_hierarchy = "starts_on"
