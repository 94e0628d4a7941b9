def withdraw(balance, amount):
    # ruleid: assert-on-tuple
    assert (amount <= balance, "insufficient funds")
    # ruleid: assert-on-tuple
    assert (amount > 0,)
    # ok: assert-on-tuple
    assert amount <= balance, "insufficient funds"
    # ok: assert-on-tuple
    assert (amount > 0), ("amount must be positive", amount)
    # ok: assert-on-tuple
    assert (balance - amount) >= 0
    return balance - amount
