"""Account services: sign-up and profiles."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts.models import Profile


def profile_get(user: AbstractBaseUser) -> Profile:
    """The user's profile, made with defaults the first time it is needed."""
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


@transaction.atomic
def user_sign_up(*, form) -> AbstractBaseUser:
    user = form.save()
    Profile.objects.create(user=user)
    return user
