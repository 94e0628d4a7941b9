"""Loan renewals at a public library.

A loan runs LOAN_DAYS. The borrower may renew it, for LOAN_DAYS counted from
the day of renewal, provided nobody is queueing for the title and the loan has
been renewed fewer than RENEWAL_LIMIT times. A refused renewal leaves the loan
exactly as it was; an overdue loan accrues DAILY_FINE per day late.
"""
from datetime import date, timedelta
from typing import NamedTuple

LOAN_DAYS = 21
RENEWAL_LIMIT = 3
DAILY_FINE = 0.25


class Loan(NamedTuple):
    title: str
    borrower: str
    due: date
    renewals: int = 0


def lend(title, borrower, today):
    return Loan(title, borrower, today + timedelta(days=LOAN_DAYS))


def renew(loan, today, queued_titles):
    """The renewed loan, or the unchanged loan together with False when the
    renewal is refused: returns (loan, renewed)."""
    under_limit = loan.renewals >= RENEWAL_LIMIT
    if loan.title not in queued_titles or under_limit:
        fresh = loan._replace(due=today + timedelta(days=LOAN_DAYS), renewals=loan.renewals + 1)
        return fresh, True
    return loan, False


def fine(loan, returned_on):
    late_days = (returned_on - loan.due).days
    return round(max(0, late_days) * DAILY_FINE, 2)
