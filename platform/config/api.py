"""The JSON API for bots and scripts (schema at /api/openapi.json).

Authentication: `Authorization: Bearer <token>` (see /accounts/tokens/ or
`manage.py api_token USERNAME`), or the session cookie with a CSRF token.
Every error is `{"detail": "..."}` with the status of the refusal.

Rate limits: moves are limited per user (all tables together) and per table
(all its players together), by default 1,200 and 300 a minute. A refused
request answers 429 with a `Retry-After` header: the seconds to wait.
"""

# The API's shell, for the whole site: the `NinjaAPI` object (its docstring,
# above, is the schema's description), its authentication, its errors and
# their answers, and the schema pieces every app's router shares. Each app's
# endpoints are a router in its own app (`tables.api`, `chat.api`, ...),
# mounted by config/urls.py.

from __future__ import annotations

from typing import Annotated

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from ninja import NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer
from ninja.security.apikey import APIKeyCookie
from ninja.utils import check_csrf
from pydantic import AfterValidator, StringConstraints

from accounts.tokens import token_user
from config import api_errors, unavailable
from tables.errors import ServiceError


class BearerAuth(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> AbstractBaseUser | None:
        user = token_user(token)
        if user is not None:
            request.user = user
        return user


class SessionAuth(APIKeyCookie):
    """The site's session; unsafe methods also need the CSRF token. A request
    with no session at all is simply unauthenticated (401), not a CSRF error."""

    param_name = settings.SESSION_COOKIE_NAME

    def _get_key(self, request: HttpRequest) -> str | None:
        if not request.user.is_authenticated:
            return None
        if request.method not in ("GET", "HEAD", "OPTIONS") and check_csrf(request):
            raise HttpError(403, "CSRF check failed: send the X-CSRFToken header.")
        return request.COOKIES.get(self.param_name)

    def authenticate(self, request: HttpRequest, key: str | None) -> AbstractBaseUser | None:
        return request.user if request.user.is_authenticated else None


api = NinjaAPI(
    title="Tabletop API",
    version="1",
    description=__doc__,
    auth=[BearerAuth(), SessionAuth()],
    urls_namespace="api",
)


# -- errors ---------------------------------------------------------------------


class ErrorOut(Schema):
    detail: str


ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut, 429: ErrorOut}


@api.exception_handler(ServiceError)
def service_error(request: HttpRequest, exc: ServiceError):
    return api.create_response(request, {"detail": exc.message}, status=exc.status)


@api.exception_handler(ValidationError)
def validation_error(request: HttpRequest, exc: ValidationError):
    problems = []
    for err in exc.errors:
        loc = err.get("loc", ())
        where = ".".join(str(part) for part in loc if part not in ("body", "payload"))
        problems.append(f"{where}: {err.get('msg', 'invalid')}" if where else err.get("msg", ""))
    detail = "Invalid request. " + "; ".join(problems)
    return api.create_response(request, {"detail": detail}, status=400)


@api.exception_handler(AuthenticationError)
def auth_error(request: HttpRequest, exc: AuthenticationError):
    return api.create_response(
        request,
        {"detail": "Authentication required: send 'Authorization: Bearer <token>'."},
        status=401,
    )


class TooManyMoves(Exception):
    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.seconds = seconds


@api.exception_handler(TooManyMoves)
def too_many_moves(request: HttpRequest, exc: TooManyMoves):
    response = api.create_response(
        request,
        {"detail": f"Too many moves; try again in {exc.seconds} s (see Retry-After)."},
        status=429,
    )
    response["Retry-After"] = str(exc.seconds)
    return response


api_errors.add_handlers(api)
unavailable.add_handlers(api)


# -- schema pieces ----------------------------------------------------------------


def _no_nul(value: str) -> str:
    # PostgreSQL cannot store NUL in text: refuse it here, before any query.
    if "\x00" in value:
        raise ValueError("must not contain NUL characters")
    return value


def Text(max_length: int):
    """A user-supplied string: bounded, and free of NUL."""
    return Annotated[str, StringConstraints(max_length=max_length), AfterValidator(_no_nul)]
