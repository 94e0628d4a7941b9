"""Outgoing HTTP request header assembly for an API client."""

import base64

USER_AGENT = "acme-client/2.3"


def request_headers(extra=None, token=None, basic=None, content_type=None, idempotency_key=None):
    """Return the header mapping for one outgoing request."""
    extra = dict(extra or {})
    if token and basic:
        raise ValueError("use either a bearer token or basic credentials, not both")
    if token:
        extra["Authorization"] = f"Bearer {token}"
    elif basic:
        user, password = basic
        raw = f"{user}:{password}".encode()
        extra["Authorization"] = "Basic " + base64.b64encode(raw).decode("ascii")
    if content_type:
        extra["Content-Type"] = content_type
    if idempotency_key:
        extra["Idempotency-Key"] = idempotency_key
    extra.setdefault("User-Agent", USER_AGENT)
    extra.setdefault("Accept", "application/json")
    return extra


def header_lines(headers):
    return [f"{name}: {text}" for name, text in sorted(headers.items())]
