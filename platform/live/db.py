"""A stream lasts for hours, and Django lends a request its database
connection until the request ends: a stream would hold one for its whole
life (and a process's pool of 4 would be gone after four pages). Each read a
stream makes gives its connection back at once instead."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.db import connection

P = ParamSpec("P")
R = TypeVar("R")


def released(func: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        finally:
            # Inside a transaction (a caller's, a test's) it is theirs to end.
            if not connection.in_atomic_block:
                connection.close()

    return wrapper
