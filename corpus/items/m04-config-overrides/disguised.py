"""PATCH /users/<id>/profile: partial update of a stored user profile."""

from copy import deepcopy

EDITABLE = ("display_name", "bio", "timezone", "avatar_url", "newsletter")
BIO_LIMIT = 280


class ProfileError(ValueError):
    """Rejected request body; the API layer turns it into a 422 response."""


def _checked(name: str, value):
    if name == "display_name" and not value.strip():
        raise ProfileError("display_name cannot be blank")
    if name == "bio" and len(value) > BIO_LIMIT:
        raise ProfileError(f"bio is limited to {BIO_LIMIT} characters")
    if name == "newsletter" and not isinstance(value, bool):
        raise ProfileError("newsletter must be true or false")
    return value


def patch_profile(stored: dict, body: dict) -> dict:
    """Apply a PATCH body and return the updated profile (`stored` is not modified).

    Unknown fields are rejected. Editable fields that are missing from the
    body, or sent as null by clients that serialise every form field, keep
    their stored value.
    """
    unknown = sorted(set(body) - set(EDITABLE))
    if unknown:
        raise ProfileError(f"unknown fields: {', '.join(unknown)}")
    changes = {
        name: _checked(name, body[name])
        for name in EDITABLE
        if name in body or body[name] is not None
    }
    updated = deepcopy(stored)
    updated.update(changes)
    return updated
