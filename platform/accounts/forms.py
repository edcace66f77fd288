from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

from accounts import names, zones
from accounts.hours import DAYS, HoursError, PlayingHours
from accounts.models import Profile
from push import keys as push_keys

User = get_user_model()


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        required=True, help_text="For turn notices and password resets. Never shown to others."
    )
    # Filled in by the browser (site.js, from Intl.DateTimeFormat); the
    # settings page changes it.
    time_zone = forms.CharField(
        required=False, widget=forms.HiddenInput(attrs={"data-guess-zone": ""})
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def full_clean(self) -> None:
        super().full_clean()
        # Django files a refused password (too short, too common, the two
        # not matching) under the second box only; the first is as wrong, so
        # it is marked invalid too and described by the same message.
        if self.errors.get("password2") and "password1" not in self.errors:
            first, second = self["password1"], self["password2"]
            described = [f"{first.auto_id}_helptext"] if first.help_text else []
            self.fields["password1"].widget.attrs.update(
                {
                    "aria-invalid": "true",
                    "aria-describedby": " ".join([*described, f"{second.auto_id}_error"]),
                }
            )

    def clean_username(self) -> str:
        username = super().clean_username()
        if not username or self.has_error("username"):
            return username
        if names.is_bot_name(username):
            raise forms.ValidationError(
                "Names like this one are kept for the site's bots: choose another."
            )
        other = names.look_alike(username)
        if other is not None:
            raise forms.ValidationError(
                f"This name looks too much like “{other}”, another player's: choose another."
            )
        return username

    def clean_time_zone(self) -> str:
        """The browser's guess, if it is a zone we know; else UTC. Nobody
        typed it, so it is never an error to show."""
        guess = self.cleaned_data.get("time_zone", "")
        return guess if guess in zones.known() else zones.DEFAULT

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("An account with this email address already exists.")
        return email


class LoginForm(AuthenticationForm):
    """Django's log-in form. A refused log-in does not say which box was
    wrong, so both are marked invalid and described by the form's error
    summary (templates/forms/_error_summary.html)."""

    def full_clean(self) -> None:
        super().full_clean()
        if self.non_field_errors():
            for name in ("username", "password"):
                self.fields[name].widget.attrs.update(
                    {"aria-invalid": "true", "aria-describedby": "form-errors"}
                )


class EmailForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("email",)

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if not email:
            raise forms.ValidationError("An email address is needed.")
        if User.objects.filter(email__iexact=email).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError("Another account uses this email address.")
        return email


class NotificationForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = (
            "notify_turn",
            "notify_push",
            "notify_reminder",
            "notify_game_over",
            "notify_invitation",
            "notify_tournament",
        )
        widgets = {"notify_turn": forms.RadioSelect, "notify_push": forms.RadioSelect}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # While push is off on the site, there is nothing to choose.
        if not push_keys.enabled():
            del self.fields["notify_push"]


class TokenForm(forms.Form):
    name = forms.CharField(max_length=60, help_text="What the token is for, e.g. “my bot”.")


class VacationForm(forms.Form):
    starts_on = forms.DateField(
        label="First day away", widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(label="Last day away", widget=forms.DateInput(attrs={"type": "date"}))


class ScheduleForm(forms.Form):
    """A player's time zone and playing hours (`accounts.services.schedule_set`
    checks them again, and says why it refuses)."""

    ALL_DAY, HOURS = "all", "hours"

    time_zone = forms.ChoiceField(
        label="Time zone",
        help_text="Every time you read on the site and in emails is in this zone.",
    )
    keeps = forms.ChoiceField(
        label="My clocks run",
        choices=[(ALL_DAY, "All day"), (HOURS, "Only in these hours")],
        widget=forms.RadioSelect,
        initial=ALL_DAY,
    )
    hours_start = forms.TimeField(
        label="From",
        required=False,
        input_formats=["%H:%M"],
        widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
    )
    hours_end = forms.TimeField(
        label="To",
        required=False,
        input_formats=["%H:%M"],
        widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
        help_text="At least 8 hours a day; an end before the start runs past midnight "
        "(10:00 to 01:00).",
    )
    days_off = forms.MultipleChoiceField(
        label="Days off",
        required=False,
        choices=[
            (day, name)
            for day, name in zip(
                DAYS,
                ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
                strict=True,
            )
        ],
        widget=forms.CheckboxSelectMultiple,
        help_text="At most two; on them your clocks do not run at all.",
    )

    def __init__(self, *args, profile: Profile, **kwargs) -> None:
        hours = (profile.hours_start, profile.hours_end)
        kwargs.setdefault(
            "initial",
            {
                "time_zone": profile.time_zone,
                "keeps": self.HOURS if hours[0] is not None else self.ALL_DAY,
                "hours_start": hours[0],
                "hours_end": hours[1],
                "days_off": list(profile.days_off or []),
            },
        )
        super().__init__(*args, **kwargs)
        offered = zones.choices()
        if profile.time_zone not in dict(offered):
            offered = [(profile.time_zone, profile.time_zone), *offered]
        self.fields["time_zone"].choices = offered

    def clean_time_zone(self) -> str:
        try:
            return zones.checked(self.cleaned_data["time_zone"])
        except zones.ZoneError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        if data.get("keeps") == self.HOURS:
            for name in ("hours_start", "hours_end"):
                if data.get(name) is None:
                    self.add_error(name, "Give the time your hours start and end.")
            if self.errors:
                return data
        hours = self.hours()
        if hours is not None:
            try:
                PlayingHours.build(zones.zone_named(data["time_zone"]), **hours)
            except HoursError as exc:
                field = {"start": "hours_start", "days_off": "days_off"}.get(exc.part, "hours_end")
                self.add_error(field, str(exc))
        return data

    def hours(self) -> dict | None:
        """The hours for `schedule_set`: None when the clocks run all day
        every day."""
        data = self.cleaned_data
        start = end = "00:00"
        if data["keeps"] == self.HOURS:
            start, end = (f"{data[name]:%H:%M}" for name in ("hours_start", "hours_end"))
        if start == end and not data["days_off"]:
            return None
        return {"start": start, "end": end, "days_off": list(data["days_off"])}
