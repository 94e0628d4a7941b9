"""Parameterised SELECT builder for a small reporting service.

Table and column names must appear in _TABLE_COLUMNS; values travel only as
"?" parameters.
"""

_TABLE_COLUMNS = {
    "invoices": ("id", "tenant_id", "customer_id", "amount", "status", "due", "archived"),
    "customers": ("id", "tenant_id", "name", "region", "created", "archived"),
}
_SQL_OPS = {"": "=", "eq": "=", "ne": "<>", "lt": "<", "lte": "<=", "gt": ">", "gte": ">=", "in": "IN"}


def _checked_column(table, name):
    """Return name if it is a column of table, else raise ValueError."""
    if name not in _TABLE_COLUMNS[table]:
        raise ValueError(f"{table} has no column {name!r}")
    return name


def _condition(table, key, value):
    """Translate one filter entry into (sql_fragment, bound_values)."""
    name, _, op_name = key.partition("__")
    name = _checked_column(table, name)
    try:
        op = _SQL_OPS[op_name]
    except KeyError:
        raise ValueError(f"unknown operator in filter {key!r}") from None
    if op != "IN":
        return f"{name} {op} ?", [value]
    items = list(value)
    if not items:
        raise ValueError(f"empty list for filter {key!r}")
    return f"{name} IN ({', '.join(['?'] * len(items))})", items


def build_query(table, filters=None, *, tenant=None, archived=False, order_by=None, limit=None):
    """Build a SELECT over one known table; return the pair (sql, params).

    All conditions are combined with AND, sorted by filter key. A tenant adds
    tenant_id = tenant, overriding any tenant_id filter; unless archived is
    true, rows flagged archived are excluded (an explicit archived filter
    wins). A negative limit is treated as 0. The caller's mapping is copied,
    so it is left untouched and no state survives from one call to the next.
    """
    if table not in _TABLE_COLUMNS:
        raise ValueError(f"unknown table {table!r}")
    criteria = {**(filters or {})}
    if tenant is not None:
        criteria["tenant_id"] = tenant
    if not archived and "archived" not in criteria:
        criteria["archived"] = False
    parts = [_condition(table, key, criteria[key]) for key in sorted(criteria)]
    pieces = ["SELECT * FROM", table]
    if parts:
        pieces.append("WHERE " + " AND ".join(text for text, _ in parts))
    if order_by:
        pieces.append("ORDER BY " + _checked_column(table, order_by))
    if limit is not None:
        pieces.append(f"LIMIT {max(int(limit), 0)}")
    bound = [v for _, group in parts for v in group]
    return " ".join(pieces), bound
