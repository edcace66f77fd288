"""Sign-up, profile and API tokens. Log-in, log-out and passwords use
Django's own views (see urls.py)."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from accounts.forms import EmailForm, NotificationForm, SignUpForm, TokenForm
from accounts.models import ApiToken
from accounts.services import profile_get, user_sign_up
from accounts.tokens import token_create, token_revoke


@ratelimit(key="ip", rate="10/h", method="POST")
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = user_sign_up(form=form)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}! Open a table or join one below.")
        return redirect("lobby")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    prof = profile_get(request.user)
    data = request.POST if request.method == "POST" else None
    email_form = EmailForm(data, instance=request.user)
    notify_form = NotificationForm(data, instance=prof)
    if request.method == "POST" and email_form.is_valid() and notify_form.is_valid():
        email_form.save()
        notify_form.save()
        messages.success(request, "Your profile is saved.")
        return redirect("profile")
    return render(
        request,
        "accounts/profile.html",
        {"email_form": email_form, "notify_form": notify_form, "profile": prof},
    )


@login_required
@ratelimit(key="user", rate="20/h", method="POST")
def tokens(request: HttpRequest) -> HttpResponse:
    form = TokenForm(request.POST or None)
    new_key = None
    if request.method == "POST" and form.is_valid():
        _, new_key = token_create(user=request.user, name=form.cleaned_data["name"])
        form = TokenForm()
    return render(
        request,
        "accounts/tokens.html",
        {
            "form": form,
            "new_key": new_key,
            "tokens": request.user.api_tokens.all(),
        },
    )


@require_POST
@login_required
def token_revoke_view(request: HttpRequest, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=token_id, user=request.user)
    token_revoke(token=token)
    messages.success(request, f"Token “{token.name}” is revoked.")
    return redirect("tokens")
