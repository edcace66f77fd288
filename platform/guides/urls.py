from django.urls import path

from guides import views

urlpatterns = [
    path("how-to-play/", views.index, name="guides"),
    path("how-to-play/<slug:game>/", views.guide, name="guide"),
]
