from django.urls import path

from players import views

urlpatterns = [
    path("players/<str:username>/", views.player_page, name="player"),
    path("ratings/", views.ratings_index, name="ratings"),
    path("ratings/<slug:game>/", views.leaderboard, name="leaderboard"),
]
