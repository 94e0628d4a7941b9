"""Parameterised SELECT builder for a small reporting service."""

OPERATORS = {"eq": "=", "ne": "<>", "lt": "<", "lte": "<=", "gt": ">", "gte": ">=", "in": "IN"}


def _split(key):
    column, _, suffix = key.partition("__")
    if suffix and suffix not in OPERATORS:
        raise ValueError(f"unknown operator in filter {key!r}")
    return column, OPERATORS[suffix or "eq"]


def build_query(table, filters=None, *, tenant=None, archived=False, order_by=None, limit=None):
    """Return (sql, params) selecting the rows of table that match every filter."""
    filters = dict(filters or {})
    if tenant is not None:
        filters["tenant_id"] = tenant
    if not archived:
        filters.setdefault("archived", False)
    clauses, params = [], []
    for key in sorted(filters):
        column, op = _split(key)
        value = filters[key]
        if op == "IN":
            values = list(value)
            clauses.append(f"{column} IN ({', '.join('?' for _ in values)})")
            params.extend(values)
        else:
            clauses.append(f"{column} {op} ?")
            params.append(value)
    sql = f"SELECT * FROM {table}"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    if order_by:
        sql += f" ORDER BY {order_by}"
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return sql, params
