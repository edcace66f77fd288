"""Sign-up, profile and API tokens. Log-in, log-out and passwords use
Django's own views (see urls.py)."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts import vacations
from accounts.forms import (
    EmailForm,
    NotificationForm,
    ScheduleForm,
    SignUpForm,
    TokenForm,
    VacationForm,
)
from accounts.hours import HoursError, kept_by
from accounts.models import ApiToken, Vacation
from accounts.services import profile_get, schedule_set, user_sign_up
from accounts.tokens import token_create, token_revoke
from accounts.zones import ZoneError
from clocks import clock
from config import limits


def _today():
    """Today in the reader's own zone (their vacation days are theirs)."""
    return timezone.localdate(clock.now())


@limits.limited(limits.SIGNUP_PER_ADDRESS)
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = user_sign_up(form=form)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            f"Welcome, {user.username}! Open a table or join one below. Times are shown in "
            f"{form.cleaned_data['time_zone']}; your profile changes it.",
        )
        return redirect("lobby")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    prof = profile_get(request.user)
    data = request.POST if request.POST.get("form") == "settings" else None
    email_form = EmailForm(data, instance=request.user)
    notify_form = NotificationForm(data, instance=prof)
    if data is not None and email_form.is_valid() and notify_form.is_valid():
        email_form.save()
        notify_form.save()
        messages.success(request, "Your profile is saved.")
        return redirect("profile")
    schedule_form = ScheduleForm(
        request.POST if request.POST.get("form") == "schedule" else None, profile=prof
    )
    if schedule_form.is_bound and schedule_form.is_valid():
        try:
            schedule_set(
                user=request.user,
                time_zone=schedule_form.cleaned_data["time_zone"],
                hours=schedule_form.hours(),
            )
        except (HoursError, ZoneError) as exc:
            schedule_form.add_error(None, str(exc))
        else:
            messages.success(request, "Your time zone and playing hours are saved.")
            return redirect("profile")
    today = _today()
    vacation_form = VacationForm(request.POST if request.POST.get("form") == "vacation" else None)
    if vacation_form.is_bound and vacation_form.is_valid():
        try:
            vacations.vacation_add(user=request.user, today=today, **vacation_form.cleaned_data)
        except vacations.VacationError as exc:
            vacation_form.add_error(None, str(exc))
        else:
            messages.success(request, "Your vacation is booked: your clocks stop on those days.")
            return redirect("profile")
    return render(
        request,
        "accounts/profile.html",
        {
            "email_form": email_form,
            "notify_form": notify_form,
            "schedule_form": schedule_form,
            "hours": kept_by(prof),
            "profile": prof,
            "vacation_form": vacation_form,
            "vacations": request.user.vacations.filter(ends_on__gte=today),
            "vacation_days_left": vacations.YEARLY_ALLOWANCE_DAYS
            - vacations.days_used(request.user, today.year),
            "vacation_allowance": vacations.YEARLY_ALLOWANCE_DAYS,
            "today": today,
        },
    )


@require_POST
@login_required
def vacation_cancel(request: HttpRequest, vacation_id: int) -> HttpResponse:
    vacation = get_object_or_404(Vacation, pk=vacation_id, user=request.user)
    today = _today()
    under_way = vacation.starts_on <= today
    try:
        if under_way:
            vacations.vacation_end(vacation=vacation, today=today)
        else:
            vacations.vacation_cancel(vacation=vacation, today=today)
    except vacations.VacationError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            "Welcome back: your clocks run again." if under_way else "Your vacation is cancelled.",
        )
    return redirect("profile")


@login_required
@limits.limited(limits.TOKENS_PER_USER)
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
