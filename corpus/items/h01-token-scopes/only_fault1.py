"""Scope checks for calls to a partner API.

Every route names the OAuth scopes a caller needs.  A token may call a
route only while it is unexpired and carries every one of the scopes that
the route names.  Times are seconds since the epoch.
"""
from dataclasses import dataclass


class Forbidden(Exception):
    """The token has expired or lacks a scope that the route requires."""


@dataclass(frozen=True)
class Token:
    client: str
    scopes: frozenset
    expires_at: int


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    scopes: tuple = ()


class Gateway:
    def __init__(self, routes):
        self._routes = {(route.method, route.path): route for route in routes}

    def authorize(self, token, method, path, now):
        """Return the route for method and path if the token may call it."""
        route = self._routes.get((method, path))
        if route is None:
            raise LookupError(f"no route {method} {path}")
        if now >= token.expires_at:
            raise Forbidden(f"the token of {token.client} has expired")
        missing = [scope for scope in route.scopes if scope in token.scopes]
        if missing:
            raise Forbidden(f"{token.client} may not call {method} {path}")
        return route

    def callable_routes(self, token, now):
        """Every route the token may call at time now, in registration order."""
        found = []
        for method, path in self._routes:
            try:
                found.append(self.authorize(token, method, path, now))
            except Forbidden:
                continue
        return found
