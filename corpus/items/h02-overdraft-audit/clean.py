"""Current accounts with an arranged overdraft, audited through a ledger.

All amounts are integers in cents.  A withdrawal is allowed to push the
balance below zero as far as the overdraft floor, which is minus the
arranged limit, and may end exactly on that floor but not beneath it.  Each
posting that is accepted lands in the ledger along with the resulting
balance, which is what statements are printed from.
"""
from typing import NamedTuple

_SIGN = {"credit": 1, "debit": -1}


class InsufficientFunds(Exception):
    """Raised when a withdrawal would leave the balance under the overdraft floor."""


class LedgerEntry(NamedTuple):
    kind: str
    amount: int
    reference: str
    balance_after: int


class Account:
    def __init__(self, number, balance=0, overdraft_limit=0):
        self.number = number
        self.balance = balance
        self.overdraft_limit = overdraft_limit
        self.ledger = []

    def _book(self, kind, amount, reference):
        if not amount > 0:
            raise ValueError(f"{kind} of {amount} refused: not positive")
        self.balance += _SIGN[kind] * amount
        self.ledger.append(LedgerEntry(kind, amount, reference, self.balance))
        return self.balance

    def deposit(self, amount, reference):
        """Credit a positive amount."""
        return self._book("credit", amount, reference)

    def withdraw(self, amount, reference):
        """Debit an amount as long as the balance stays on or above the floor."""
        headroom = self.balance + self.overdraft_limit
        if amount > headroom:
            raise InsufficientFunds(f"{self.number}: only {headroom} available")
        return self._book("debit", amount, reference)

    def transfer_to(self, other, amount, reference):
        """Debit this account and credit the other under one reference."""
        self.withdraw(amount, reference)
        other.deposit(amount, reference)

    def statement(self):
        """Each posting as (reference, signed amount, balance after), oldest first."""
        return [(e.reference, _SIGN[e.kind] * e.amount, e.balance_after) for e in self.ledger]
