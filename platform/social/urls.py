from django.urls import path

from social import views

urlpatterns = [
    *(
        path(
            f"players/<str:username>/{action}/",
            views.relation_change,
            {"action": action},
            name=f"player_{action}",
        )
        for action in views.ACTIONS
    ),
    path("players/<str:username>/note/", views.note_save, name="player_note"),
    path("accounts/blocked/", views.blocked_list, name="blocked_list"),
    path("invite/<str:token>/", views.invite_link_open, name="invite_link"),
]
