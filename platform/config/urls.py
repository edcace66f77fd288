from django.contrib import admin
from django.urls import include, path

from accounts.api import router as accounts_router
from chat.api import router as chat_router
from config import views
from config.api import api
from players.api import router as players_api
from push.api import router as push_router
from replays.api import router as replays_router
from social.api import router as social_router
from tables.api import router as tables_router
from tournaments.api import router as tournaments_router

api.add_router("", tables_router)
api.add_router("", replays_router)
api.add_router("", chat_router)
api.add_router("", players_api)
api.add_router("", push_router)
api.add_router("", accounts_router)
api.add_router("", social_router)
api.add_router("", tournaments_router)

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/", api.urls),
    path("notifications/", include("notifications.urls")),
    # Replies to turn emails posted by a mail service (django-anymail's webhooks).
    path("inbound/", include("replies.urls")),
    path("healthz", views.health, name="health"),
    path("live/", include("live.urls")),
    path("favicon.ico", views.favicon),
    # The app's manifest and service worker (at the root: its scope is the
    # site), and the answers from notifications, under /tables/<id>/answer/.
    path("", include("push.urls")),
    # Before the tables: both live under /tables/<id>/.
    path("", include("replays.urls")),
    path("tables/<int:table_id>/chat/", include("chat.urls")),
    # Before the players' pages: its buttons post to /players/<name>/follow/.
    path("", include("social.urls")),
    path("tournaments/<int:tournament_id>/chat/", include("chat.tournament_urls")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("players.urls")),
    path("", include("guides.urls")),
    path("", include("tables.urls")),
]

handler500 = "config.unavailable.server_error"
