from django.urls import path

from chat import views

# Included under tables/<int:table_id>/chat/.
urlpatterns = [
    path("", views.chat_messages, name="chat_messages"),
    path("poll/", views.chat_poll, name="chat_poll"),
    path("<str:channel>/history/", views.chat_history, name="chat_history"),
    path("post/", views.chat_post, name="chat_post"),
    path("<int:message_id>/report/", views.chat_report, name="chat_report"),
]
