"""Current accounts with an arranged overdraft and an audit ledger."""
from dataclasses import dataclass, field


class InsufficientFunds(Exception):
    pass


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

    def _record(self, kind, amount, reference):
        self.ledger.append(LedgerEntry(kind, amount, reference, self.balance))

    def deposit(self, amount, reference):
        if amount <= 0:
            raise ValueError("deposit amount must be positive")
        self.balance += amount
        self._record("credit", amount, reference)
        return self.balance

    def withdraw(self, amount, reference):
        """Debit amount (in cents); the balance may go negative only within
        the arranged overdraft."""
        if amount <= 0:
            raise ValueError("withdrawal amount must be positive")
        if self.balance < amount:
            shortfall = amount - self.balance
            if shortfall > self.overdraft_limit:
                raise InsufficientFunds(
                    f"{self.number}: {amount} exceeds balance and overdraft"
                )
        self.balance -= amount
        self._record("debit", amount, reference)
        return self.balance

    def transfer_to(self, other, amount, reference):
        self.withdraw(amount, reference)
        other.deposit(amount, reference)
