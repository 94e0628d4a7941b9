"""Parameterised SELECT builder for a small reporting service.

Only tables and columns listed in SCHEMA can appear in the SQL text; every
filter value is bound as a "?" parameter, never spliced into the statement.
"""

SCHEMA = {
    "invoices": frozenset({"id", "tenant_id", "customer_id", "amount", "status", "due", "archived"}),
    "customers": frozenset({"id", "tenant_id", "name", "region", "created", "archived"}),
}
OPERATORS = {"eq": "=", "ne": "<>", "lt": "<", "lte": "<=", "gt": ">", "gte": ">=", "in": "IN"}


def _columns(table):
    if table not in SCHEMA:
        raise ValueError(f"unknown table {table!r}")
    return SCHEMA[table]


def _split(key, columns):
    column, _, suffix = key.partition("__")
    if column not in columns:
        raise ValueError(f"unknown column in filter {key!r}")
    if suffix and suffix not in OPERATORS:
        raise ValueError(f"unknown operator in filter {key!r}")
    return column, OPERATORS[suffix or "eq"]


def build_query(table, filters={}, *, tenant=None, archived=False, order_by=None, limit=None):
    """Return (sql, params) selecting the rows of table that match every filter.

    Filter keys are "column" or "column__op" (op one of OPERATORS); conditions are
    ANDed; an "in" filter needs a non-empty sequence. tenant adds
    tenant_id = tenant; archived rows are left out unless archived is true.
    order_by must be a column of table, and a negative limit counts as 0.
    Each call depends only on its own arguments, and the caller's filters
    mapping is never modified.
    """
    columns = _columns(table)
    if tenant is not None:
        filters["tenant_id"] = tenant
    if not archived:
        filters.setdefault("archived", False)
    clauses, params = [], []
    for key in sorted(filters):
        column, op = _split(key, columns)
        value = filters[key]
        if op == "IN":
            values = list(value)
            if not values:
                raise ValueError(f"empty list for filter {key!r}")
            clauses.append(f"{column} IN ({', '.join('?' for _ in values)})")
            params.extend(values)
        else:
            clauses.append(f"{column} {op} ?")
            params.append(value)
    parts = ["SELECT * FROM", table]
    if clauses:
        parts += ["WHERE", " AND ".join(clauses)]
    if order_by:
        if order_by not in columns:
            raise ValueError(f"cannot order {table} by {order_by!r}")
        parts += ["ORDER BY", order_by]
    if limit is not None:
        parts += ["LIMIT", str(max(int(limit), 0))]
    return " ".join(parts), params
