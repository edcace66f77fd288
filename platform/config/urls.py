from django.contrib import admin
from django.urls import include, path

from chat.api import router as chat_router
from config import views
from tables.api import api

api.add_router("", chat_router)

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/", api.urls),
    path("notifications/", include("notifications.urls")),
    path("healthz", views.health, name="health"),
    path("favicon.ico", views.favicon),
    path("tables/<int:table_id>/chat/", include("chat.urls")),
    path("", include("tables.urls")),
]
