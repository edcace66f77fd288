from django.urls import path

from tables import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("my-games/", views.my_games, name="my_games"),
    path("tables/new/", views.table_new, name="table_new"),
    path("tables/play-now/", views.play_now, name="play_now"),
    path("tables/waiting/", views.waiting_count, name="waiting_count"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/board/", views.table_board, name="table_board"),
    path("tables/<int:table_id>/poll/", views.table_poll, name="table_poll"),
    path("tables/<int:table_id>/move/", views.table_move, name="table_move"),
    path("tables/<int:table_id>/join/", views.table_join, name="table_join"),
    path(
        "tables/<int:table_id>/against-bots/", views.table_against_bots, name="table_against_bots"
    ),
    path("tables/<int:table_id>/leave/", views.table_leave, name="table_leave"),
    path("tables/<int:table_id>/bots/", views.table_bot_add, name="table_bot_add"),
    path("tables/<int:table_id>/bots/remove/", views.table_bot_remove, name="table_bot_remove"),
    path("tables/<int:table_id>/start/", views.table_start, name="table_start"),
    path("tables/<int:table_id>/cancel/", views.table_cancel, name="table_cancel"),
    path("tables/<int:table_id>/orders/", views.table_orders, name="table_orders"),
    path("tables/<int:table_id>/invite/", views.table_invite, name="table_invite"),
    path("tables/<int:table_id>/resign/", views.table_resign, name="table_resign"),
    path("tables/<int:table_id>/rematch/", views.table_rematch, name="table_rematch"),
    path("tables/<int:table_id>/log/", views.table_log, name="table_log"),
]
