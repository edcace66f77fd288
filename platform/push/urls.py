from django.urls import path

from push import views, webapp

urlpatterns = [
    path("manifest.webmanifest", webapp.manifest, name="webmanifest"),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("offline/", webapp.offline, name="offline"),
    path("tables/<int:table_id>/answer/", views.decision, name="push_decision"),
    path("tables/<int:table_id>/answer/play/", views.answer, name="push_answer"),
    path("push/renew/", views.renew, name="push_renew"),
    path("push/offer/", views.offer, name="push_offer"),
    path(
        "push/devices/<int:subscription_id>/remove/", views.device_remove, name="push_device_remove"
    ),
]
