"""Killability check for h02-overdraft-audit.

The combination is killed by a withdrawal that lands exactly on the overdraft
floor (or empties an account that has no overdraft): it must be accepted, but
the defective guard refuses it.  Withdrawals that stay clearly above the floor
or go clearly below it, the common inputs, are handled right: the helper's
comparison is reversed and the caller lost its `not`, and the two inversions
cancel everywhere except where the balance equals the floor, because `<=` is
not the exact opposite of `>=`.
"""


def _refused(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type:
        return True
    return False


def check_original(m):
    acct = m.Account("A-1", balance=10_000, overdraft_limit=5_000)
    assert acct.withdraw(3_000, "r1") == 7_000, "plain withdrawal gave a wrong balance"
    entry = acct.ledger[-1]
    assert (entry.kind, entry.amount, entry.reference, entry.balance_after) == ("debit", 3_000, "r1", 7_000), entry
    assert _refused(m.InsufficientFunds, acct.withdraw, 20_000, "r2"), "withdrawal beyond the overdraft accepted"
    assert acct.balance == 7_000 and len(acct.ledger) == 1, "a refused withdrawal changed the account"
    assert acct.withdraw(11_000, "r3") == -4_000, "withdrawal into the overdraft failed"
    assert _refused(m.InsufficientFunds, acct.withdraw, 1_001, "r4"), "withdrawal past the overdraft floor accepted"
    assert acct.deposit(2_500, "d1") == -1_500
    assert _refused(ValueError, acct.deposit, 0, "d0"), "zero deposit accepted"
    plain = m.Account("B-2", balance=500)
    assert _refused(m.InsufficientFunds, plain.withdraw, 501, "x1"), "overdraft granted without an arrangement"
    assert plain.withdraw(200, "x2") == 300
    dest = m.Account("C-3")
    plain.transfer_to(dest, 100, "t1")
    assert (plain.balance, dest.balance) == (200, 100), "transfer moved the wrong amount"
    assert dest.statement() == [("t1", 100, 100)] and plain.statement()[-1] == ("t1", -100, 200)
    assert acct.withdraw(3_500, "r5") == -5_000, "withdrawal landing exactly on the overdraft floor refused"
    assert plain.withdraw(200, "x3") == 0, "withdrawing the whole balance of an account without overdraft refused"
    assert [e.reference for e in acct.ledger] == ["r1", "r3", "d1", "r5"], "ledger does not match the postings"


def check_disguised(m):
    pool = m.StoragePool({"web": 100, "ml": 500})
    pool.create("web", "db", 40)
    assert pool.grow("web", "db", 20) == 60, "growing a volume gave a wrong size"
    assert _refused(m.QuotaError, pool.create, "web", "logs", 41), "volume beyond the quota created"
    pool.create("web", "logs", 30)
    assert _refused(m.QuotaError, pool.grow, "web", "db", 15), "growth beyond the quota accepted"
    assert _refused(ValueError, pool.create, "web", "empty", 0), "a zero-size volume was created"
    pool.create("ml", "data", 400)
    assert pool.report() == [("web", 90, 100), ("ml", 400, 500)], pool.report()
    assert pool.delete("web", "logs") == 30 and pool.used("web") == 60
    pool.create("web", "cache", 40)
    assert pool.used("web") == 100, "a volume that fills the quota exactly was refused"
    assert pool.grow("ml", "data", 100) == 500, "growth that fills the quota exactly was refused"
