from django.urls import path

from replays import views

urlpatterns = [
    path("tables/<int:table_id>/replay/", views.replay, name="replay"),
    path("tables/<int:table_id>/replay/<int:turn>/", views.replay, name="replay_step"),
]
