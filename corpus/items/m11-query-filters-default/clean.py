"""Parameterised SELECT builder for a small reporting service."""

_SQL_OPS = {"": "=", "eq": "=", "ne": "<>", "lt": "<", "lte": "<=", "gt": ">", "gte": ">=", "in": "IN"}


def _condition(key, value):
    name, _, op_name = key.partition("__")
    try:
        op = _SQL_OPS[op_name]
    except KeyError:
        raise ValueError(f"unknown operator in filter {key!r}") from None
    if op != "IN":
        return f"{name} {op} ?", [value]
    items = list(value)
    return f"{name} IN ({', '.join(['?'] * len(items))})", items


def build_query(table, filters=None, *, tenant=None, archived=False, order_by=None, limit=None):
    criteria = {**(filters or {})}
    if tenant is not None:
        criteria["tenant_id"] = tenant
    if not archived and "archived" not in criteria:
        criteria["archived"] = False
    parts = [_condition(key, criteria[key]) for key in sorted(criteria)]
    pieces = [f"SELECT * FROM {table}"]
    if parts:
        pieces.append("WHERE " + " AND ".join(text for text, _ in parts))
    if order_by:
        pieces.append(f"ORDER BY {order_by}")
    if limit is not None:
        pieces.append(f"LIMIT {int(limit)}")
    bound = [v for _, group in parts for v in group]
    return " ".join(pieces), bound
