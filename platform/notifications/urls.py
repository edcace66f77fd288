from django.urls import path

from notifications import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe_view, name="unsubscribe"),
]
