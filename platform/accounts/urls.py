from django.conf import settings
from django.contrib.auth import views as auth_views
from django.urls import path
from django.utils.decorators import method_decorator

from accounts import views
from accounts.forms import LoginForm
from config import limits

limited_login = method_decorator(
    limits.limited(limits.LOGIN_PER_ADDRESS, limits.LOGIN_PER_ACCOUNT), name="dispatch"
)
limited_reset = method_decorator(limits.limited(limits.RESET_PER_ADDRESS), name="dispatch")

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path(
        "login/",
        limited_login(auth_views.LoginView).as_view(authentication_form=LoginForm),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("profile/", views.profile, name="profile"),
    path("vacations/<int:vacation_id>/cancel/", views.vacation_cancel, name="vacation_cancel"),
    path("tokens/", views.tokens, name="tokens"),
    path("tokens/<int:token_id>/revoke/", views.token_revoke_view, name="token_revoke"),
    path("password/change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        # Our name in the subject and text, not the host's.
        limited_reset(auth_views.PasswordResetView).as_view(
            extra_email_context={"site_name": settings.SITE_NAME}
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
