"""Killability check for h02-overdraft-audit."""


def _expect_raise(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type:
        return
    raise AssertionError(f"{fn.__name__}{args} did not raise {exc_type.__name__}")


def check_original(m):
    acct = m.Account("A-1", balance=10_000, overdraft_limit=5_000)
    assert acct.withdraw(3_000, "r1") == 7_000, "plain withdrawal gave a wrong balance"
    assert len(acct.ledger) == 1, f"expected one ledger entry after a withdrawal, got {len(acct.ledger)}"
    entry = acct.ledger[-1]
    assert (entry.kind, entry.amount, entry.reference, entry.balance_after) == ("debit", 3_000, "r1", 7_000), entry
    _expect_raise(m.InsufficientFunds, acct.withdraw, 20_000, "r2")
    assert acct.balance == 7_000, "a refused withdrawal changed the balance"
    assert len(acct.ledger) == 1, "a refused withdrawal was recorded"
    assert acct.withdraw(10_000, "r3") == -3_000, "withdrawal into the overdraft failed"
    _expect_raise(m.InsufficientFunds, acct.withdraw, 2_001, "r4")
    assert acct.withdraw(2_000, "r5") == -5_000, "withdrawal up to the overdraft limit failed"
    assert [e.reference for e in acct.ledger] == ["r1", "r3", "r5"], "ledger does not list every debit"
    plain = m.Account("B-2", balance=500)
    _expect_raise(m.InsufficientFunds, plain.withdraw, 501, "x1")
    dest = m.Account("C-3")
    plain.transfer_to(dest, 500, "t1")
    assert (plain.balance, dest.balance) == (0, 500), "transfer moved the wrong amount"
    assert [e.kind for e in plain.ledger] == ["debit"], "transfer debit missing from the ledger"
    assert [e.kind for e in dest.ledger] == ["credit"], "transfer credit missing from the ledger"


def check_disguised(m):
    bin_a = m.Bin("A-01", negative_tolerance=5)
    bin_a.put_away("SKU-9", 100, "PO-1")
    assert bin_a.pick("SKU-9", 30, "SO-1") == 70, "plain pick left a wrong count"
    assert len(bin_a.movements) == 2, f"expected two movements after a pick, got {len(bin_a.movements)}"
    last = bin_a.movements[-1]
    assert (last.sku, last.delta, last.order, last.on_hand) == ("SKU-9", -30, "SO-1", 70), last
    _expect_raise(m.StockShortage, bin_a.pick, "SKU-9", 200, "SO-2")
    assert bin_a.count("SKU-9") == 70, "a refused pick changed the count"
    assert bin_a.pick("SKU-9", 73, "SO-3") == -3, "pick within the tolerance failed"
    _expect_raise(m.StockShortage, bin_a.pick, "SKU-9", 3, "SO-4")
    assert bin_a.pick("SKU-9", 2, "SO-5") == -5, "pick up to the tolerance failed"
    assert [mv.order for mv in bin_a.movements] == ["PO-1", "SO-1", "SO-3", "SO-5"], "movement log is incomplete"
    strict = m.Bin("B-02")
    strict.put_away("SKU-1", 4, "PO-2")
    _expect_raise(m.StockShortage, strict.pick, "SKU-1", 5, "SO-6")
    other = m.Bin("C-03")
    strict.relocate("SKU-1", 4, other, "MV-1")
    assert (strict.count("SKU-1"), other.count("SKU-1")) == (0, 4), "relocation moved the wrong quantity"
    assert [mv.delta for mv in strict.movements] == [4, -4], "relocation pick missing from the log"
