"""Automatic pre-screening of personal loan applications."""

from typing import NamedTuple

MIN_ANNUAL_INCOME = 32_000
MIN_CREDIT_SCORE = 660
MAX_DEBT_RATIO = 0.40
MAX_TERM_MONTHS = 84


class Application(NamedTuple):
    applicant: str
    annual_income: float
    credit_score: int
    monthly_debt: float
    term_months: int


def debt_ratio(app: Application) -> float:
    """Existing yearly debt payments as a share of yearly income."""
    if app.annual_income <= 0:
        return float("inf")
    return app.monthly_debt * 12 / app.annual_income


def prescreen(app: Application) -> tuple[bool, str]:
    """Decide whether an application goes on to an underwriter.

    Both the income and the credit score have to reach their minimums, the
    debt ratio must stay within MAX_DEBT_RATIO and the term within
    MAX_TERM_MONTHS. Returns the decision and a short reason.
    """
    if not 1 <= app.term_months <= MAX_TERM_MONTHS:
        return False, "term out of range"
    income_ok = app.annual_income >= MIN_ANNUAL_INCOME
    score_ok = app.credit_score >= MIN_CREDIT_SCORE
    if not (income_ok and score_ok):
        return False, "income or credit score below minimum"
    if debt_ratio(app) > MAX_DEBT_RATIO:
        return False, "debt ratio too high"
    return True, "forwarded to underwriting"


def split_batch(apps: list[Application]) -> tuple[list[str], list[str]]:
    """Names of forwarded and of declined applicants, in input order."""
    forwarded, declined = [], []
    for app in apps:
        ok, _ = prescreen(app)
        (forwarded if ok else declined).append(app.applicant)
    return forwarded, declined
