"""Talking to a site process over real HTTP, as a browser or a bot would:
a client with its own cookies (the session, the CSRF token) and a token
client for the JSON API."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str
    url: str = ""

    def json(self):
        return json.loads(self.body)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass
class Browser:
    """Cookies kept from answer to answer; redirects are answers, not followed."""

    base: str
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def __post_init__(self) -> None:
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirects()
        )

    def request(
        self, method: str, path: str, data: bytes | None = None, headers: dict | None = None
    ) -> Answer:
        request = urllib.request.Request(
            self.base + path, method=method, data=data, headers=headers or {}
        )
        try:
            with self.opener.open(request, timeout=60) as response:
                return Answer(
                    response.status, dict(response.headers), response.read().decode(), path
                )
        except urllib.error.HTTPError as error:
            return Answer(error.code, dict(error.headers), error.read().decode(), path)

    def get(self, path: str, **headers: str) -> Answer:
        return self.request("GET", path, headers=headers)

    def csrf_token(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def post_form(self, path: str, fields: dict, **headers: str) -> Answer:
        """A form as the page sends it, with the CSRF token its cookie holds
        (fetch the page first)."""
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.csrf_token(), **fields})
        return self.request(
            "POST",
            path,
            body.encode(),
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "Referer": self.base + path,
                **headers,
            },
        )

    def log_in(self, username: str, password: str) -> Answer:
        self.get("/accounts/login/")
        return self.post_form("/accounts/login/", {"username": username, "password": password})


@dataclass
class Bot:
    """The JSON API with a bearer token."""

    base: str
    token: str

    def call(self, method: str, path: str, body: dict | None = None) -> Answer:
        headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}
        data = json.dumps(body).encode() if body is not None else None
        return Browser(self.base).request(method, path, data, headers)

    def get(self, path: str) -> Answer:
        return self.call("GET", path)

    def post(self, path: str, body: dict | None = None) -> Answer:
        return self.call("POST", path, body if body is not None else {})
