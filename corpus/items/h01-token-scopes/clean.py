"""Authorisation of partner API calls by OAuth scopes.

A route lists the scopes that a caller must hold.  A call is allowed when
the caller's token has not yet expired and holds all of the route's
scopes; a route listing no scopes therefore admits every live token.
Timestamps are whole seconds since the epoch.
"""
from dataclasses import dataclass


class Forbidden(Exception):
    """Raised for an expired token or one that lacks a required scope."""


@dataclass(frozen=True)
class Token:
    client: str
    scopes: frozenset
    expires_at: int

    def live_at(self, now):
        """Whether the token is still valid at time now."""
        return now < self.expires_at


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    scopes: tuple = ()


def _permits(token, route, now):
    return token.live_at(now) and set(route.scopes).issubset(token.scopes)


class Gateway:
    def __init__(self, routes):
        self._table = list(routes)

    def _lookup(self, method, path):
        for route in self._table:
            if (route.method, route.path) == (method, path):
                return route
        raise LookupError(f"no route {method} {path}")

    def authorize(self, token, method, path, now):
        """The route for method and path, provided the token may call it."""
        route = self._lookup(method, path)
        if _permits(token, route, now):
            return route
        if not token.live_at(now):
            raise Forbidden(f"the token of {token.client} has expired")
        raise Forbidden(f"{token.client} lacks a scope for {method} {path}")

    def callable_routes(self, token, now):
        """The routes this token may call at time now, in registration order."""
        return [route for route in self._table if _permits(token, route, now)]
