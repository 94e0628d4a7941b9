"""Password policy checks used by the sign-up and change-password forms."""

from dataclasses import dataclass, field

MIN_LENGTH = 10
COMMON_PASSWORDS = frozenset({"password123", "qwerty12345", "letmein2024", "welcome1234"})


@dataclass
class PolicyResult:
    accepted: bool
    reasons: list[str] = field(default_factory=list)


def check_password(password: str, username: str = "") -> PolicyResult:
    """Validate a candidate password.

    The password must be at least MIN_LENGTH characters long, contain at
    least one digit and at least one uppercase letter, must not contain the
    username and must not be one of the well-known common passwords.
    """
    lowered = password.lower()
    rules = (
        (len(password) >= MIN_LENGTH, f"must be at least {MIN_LENGTH} characters long"),
        (any(map(str.isdigit, password)), "must contain a digit"),
        (any(map(str.isupper, password)), "must contain an uppercase letter"),
        (not username or username.lower() not in lowered, "must not contain the username"),
        (lowered not in COMMON_PASSWORDS, "is too common"),
    )
    failures = [message for passed, message in rules if not passed]
    return PolicyResult(accepted=not failures, reasons=failures)
