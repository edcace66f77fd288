from django.contrib import admin
from django.urls import include, path

from config import views
from tables.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/", api.urls),
    path("notifications/", include("notifications.urls")),
    path("healthz", views.health, name="health"),
    path("favicon.ico", views.favicon),
    path("", include("tables.urls")),
]
