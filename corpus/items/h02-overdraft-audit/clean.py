"""Current accounts: balances in cents, arranged overdrafts, full audit trail."""
from dataclasses import dataclass, field
from typing import NamedTuple


class InsufficientFunds(Exception):
    """The debit would take the balance below the overdraft floor."""


class LedgerEntry(NamedTuple):
    kind: str
    amount: int
    reference: str
    balance_after: int


@dataclass
class Account:
    number: str
    balance: int = 0
    overdraft_limit: int = 0
    ledger: list = field(default_factory=list)

    @property
    def available(self):
        return self.balance + self.overdraft_limit

    def _post(self, kind, amount, reference):
        if amount <= 0:
            raise ValueError(f"{kind} amount must be positive")
        self.balance += amount if kind == "credit" else -amount
        self.ledger.append(LedgerEntry(kind, amount, reference, self.balance))
        return self.balance

    def deposit(self, amount, reference):
        return self._post("credit", amount, reference)

    def withdraw(self, amount, reference):
        if 0 < amount and self.available < amount:
            raise InsufficientFunds(f"{self.number}: only {self.available} available")
        return self._post("debit", amount, reference)

    def transfer_to(self, other, amount, reference):
        self.withdraw(amount, reference)
        other.deposit(amount, reference)
