def check(total, ratio, price):
    # ruleid: float-equality-comparison
    if total == 0.3:
        return "exact"
    # ruleid: float-equality-comparison
    if ratio != 1.5:
        return "ratio"
    # ruleid: float-equality-comparison
    if 2.5e-3 == price:
        return "price"
    # ok: float-equality-comparison
    if abs(total - 0.3) < 1e-9:
        return "close"
    # ok: float-equality-comparison
    if ratio == 0.0:
        return "zero"
    # ok: float-equality-comparison
    if price == 3 or total != 10:
        return "int"
    # ok: float-equality-comparison
    if price <= 1.5:
        return "ordered"
    return None
