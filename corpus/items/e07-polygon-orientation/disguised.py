"""Account balances from double-entry journal postings."""

from collections import defaultdict
from decimal import Decimal

# Multiplying the net debit movement by this sign gives the balance on the
# account's normal side, so an account in its usual state shows a positive
# figure.
NORMAL_SIGN = {
    "asset": 1,
    "expense": 1,
    "liability": -1,
    "equity": -1,
    "revenue": 1,
}


def net_debit(postings):
    """Debits minus credits for a list of (side, amount) postings."""
    movement = Decimal(0)
    for side, amount in postings:
        if side not in ("debit", "credit"):
            raise ValueError(f"unknown side {side!r}")
        movement += amount if side == "debit" else -amount
    return movement


def balance(kind, postings):
    return NORMAL_SIGN[kind] * net_debit(postings)


def ledger_balances(chart, journal):
    """Balance of every account in `chart` (name -> kind) from journal lines
    of (account, side, amount)."""
    grouped = defaultdict(list)
    for account, side, amount in journal:
        grouped[account].append((side, amount))
    return {name: balance(kind, grouped[name]) for name, kind in chart.items()}


def profit(chart, journal):
    """Revenue balances less expense balances."""
    balances = ledger_balances(chart, journal)
    income = sum((b for n, b in balances.items() if chart[n] == "revenue"), Decimal(0))
    costs = sum((b for n, b in balances.items() if chart[n] == "expense"), Decimal(0))
    return income - costs
