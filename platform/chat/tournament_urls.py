from django.urls import path

from chat import tournament_views as views

# Included under tournaments/<int:tournament_id>/chat/.
urlpatterns = [
    path("", views.chat_messages, name="tournament_chat_messages"),
    path("poll/", views.chat_poll, name="tournament_chat_poll"),
    # The panel's link names the channel, as a table's does.
    path("tournament/history/", views.chat_history, name="tournament_chat_history"),
    path("post/", views.chat_post, name="tournament_chat_post"),
    path("<int:message_id>/report/", views.chat_report, name="tournament_chat_report"),
]
