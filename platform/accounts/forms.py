from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

from accounts import names
from accounts.models import Profile
from push import keys as push_keys

User = get_user_model()


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        required=True, help_text="For turn notices and password resets. Never shown to others."
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
