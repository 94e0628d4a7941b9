"""Current accounts with an arranged overdraft and an audit ledger.

Amounts are whole cents.  A withdrawal may take the balance below zero, down
to the overdraft floor (minus the arranged limit) but never below it.  Every
accepted posting is written to the ledger together with the balance it left
behind.
"""
from dataclasses import dataclass, field


class InsufficientFunds(Exception):
    """The withdrawal would take the balance below the overdraft floor."""


@dataclass(frozen=True)
class LedgerEntry:
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

    def _post(self, kind, amount, reference):
        if amount <= 0:
            raise ValueError(f"a {kind} must be a positive amount")
        self.balance += amount if kind == "credit" else -amount
        self.ledger.append(LedgerEntry(kind, amount, reference, self.balance))
        return self.balance

    def _within_facility(self, balance):
        """Whether a balance is at or above the overdraft floor."""
        return balance >= -self.overdraft_limit

    def deposit(self, amount, reference):
        return self._post("credit", amount, reference)

    def withdraw(self, amount, reference):
        """Debit amount unless that would take the balance below the floor."""
        if not self._within_facility(self.balance - amount):
            raise InsufficientFunds(f"{self.number}: {amount} exceeds balance and overdraft")
        return self._post("debit", amount, reference)

    def transfer_to(self, other, amount, reference):
        """Move amount to another account, recorded on both ledgers."""
        self.withdraw(amount, reference)
        other.deposit(amount, reference)

    def statement(self):
        """(reference, signed amount, balance after) of every posting, oldest first."""
        lines = []
        for entry in self.ledger:
            signed = entry.amount if entry.kind == "credit" else -entry.amount
            lines.append((entry.reference, signed, entry.balance_after))
        return lines
