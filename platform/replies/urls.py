from django.urls import include, path

from replies import webhooks

urlpatterns = [
    path("anymail/", include((webhooks.urlpatterns(), "anymail"), namespace="anymail")),
]
