from django.urls import path

from live import views

urlpatterns = [
    path("", views.stream, name="live_stream"),
    path("publish/", views.relay, name="live_relay"),
]
