from django.contrib import admin
from django.urls import include, path

from config import views
from players.api import router as players_api
from tables.api import api

api.add_router("", players_api)

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/", api.urls),
    path("notifications/", include("notifications.urls")),
    path("healthz", views.health, name="health"),
    path("favicon.ico", views.favicon),
    path("", include("players.urls")),
    path("", include("tables.urls")),
]
