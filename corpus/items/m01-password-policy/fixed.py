"""Password policy checks used by the sign-up and change-password forms."""

from dataclasses import dataclass, field

MIN_LENGTH = 10
COMMON_PASSWORDS = frozenset({"password123", "qwerty12345", "letmein2024", "welcome1234"})


@dataclass
class PolicyResult:
    accepted: bool
    reasons: list[str] = field(default_factory=list)


def _has_digit(password: str) -> bool:
    return any(ch.isdigit() for ch in password)


def _has_upper(password: str) -> bool:
    return any(ch.isupper() for ch in password)


def check_password(password: str, username: str = "") -> PolicyResult:
    """Validate a candidate password.

    The password must be at least MIN_LENGTH characters long, contain at
    least one digit and at least one uppercase letter, must not contain the
    username and must not be one of the well-known common passwords.
    """
    reasons = []
    if len(password) < MIN_LENGTH:
        reasons.append(f"must be at least {MIN_LENGTH} characters long")
    if not (_has_digit(password) and _has_upper(password)):
        reasons.append("must mix digits and uppercase letters")
    if username and username.lower() in password.lower():
        reasons.append("must not contain the username")
    if password.lower() in COMMON_PASSWORDS:
        reasons.append("is too common")
    return PolicyResult(accepted=not reasons, reasons=reasons)
