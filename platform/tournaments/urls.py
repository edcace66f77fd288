from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.tournament_list, name="tournaments"),
    path("new/", views.tournament_new, name="tournament_new"),
    path("<int:tournament_id>/", views.tournament_page, name="tournament"),
    path("<int:tournament_id>/body/", views.tournament_body, name="tournament_body"),
    path("<int:tournament_id>/join/", views.tournament_join, name="tournament_join"),
    path("<int:tournament_id>/leave/", views.tournament_leave, name="tournament_leave"),
    path("<int:tournament_id>/start/", views.tournament_start, name="tournament_start"),
]
