"""The Content-Security-Policy middleware of the site: django-csp's for pages,
and for the API's JSON answers a fixed policy that allows nothing.

A JSON answer loads no script, style or frame, so `default-src 'none'` is
the right policy for it (and stricter than the pages' one, should a browser
ever be led to render it). It is also a constant: django-csp builds each
response's policy from the settings, twice (enforced and report-only), and
that was a tenth of an API read's time."""

from __future__ import annotations

from csp.constants import HEADER
from csp.middleware import CSPMiddleware
from django.http import HttpRequest, HttpResponseBase

from config.api_errors import API_PREFIX

JSON_POLICY = "default-src 'none'; frame-ancestors 'none'"


class SiteCSPMiddleware(CSPMiddleware):
    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        is_json = response.get("Content-Type", "").startswith("application/json")
        if is_json and request.path_info.startswith(API_PREFIX):
            if HEADER not in response:
                response[HEADER] = JSON_POLICY
            return response
        return super().process_response(request, response)
