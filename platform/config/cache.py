"""The rate limits' cache: Redis, shared by every web process; while Redis
cannot be reached, a cache of this process's own, so that the counting goes
on in each process (an outage neither refuses every request nor lifts the
limits: a single process counts exactly as before, several each count their
own share)."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis import RedisError

from config import outages


class SharedOrLocalCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self.local = LocMemCache(f"local-{server}", {"OPTIONS": {"MAX_ENTRIES": 100_000}})

    def _either(self, method: str, *args: Any, **kwargs: Any) -> Any:
        if not outages.CACHE.suspected:
            try:
                return getattr(super(), method)(*args, **kwargs)
            except RedisError as exc:
                outages.CACHE.failed(exc)
        return getattr(self.local, method)(*args, **kwargs)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("add", key, value, timeout, version=version)

    def get(self, key, default=None, version=None):
        return self._either("get", key, default, version=version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set", key, value, timeout, version=version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("touch", key, timeout, version=version)

    def incr(self, key, delta=1, version=None):
        if not outages.CACHE.suspected:
            try:
                return super().incr(key, delta, version=version)
            except RedisError as exc:
                outages.CACHE.failed(exc)
        # A counter Redis held when it went away starts again from nothing here.
        self.local.add(key, 0, version=version)
        return self.local.incr(key, delta, version=version)

    def delete(self, key, version=None):
        return self._either("delete", key, version=version)

    def has_key(self, key, version=None):
        return self._either("has_key", key, version=version)

    def clear(self):
        self.local.clear()
        return self._either("clear")
