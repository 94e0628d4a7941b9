def check_original(module):
    sql, params = module.build_query("invoices", tenant=42, limit=10)
    assert "tenant_id = ?" in sql and 42 in params, (sql, params)
    sql, params = module.build_query("invoices")
    assert "tenant_id" not in sql and 42 not in params, (
        f"a filter from an earlier call leaked into a later call without filters: {sql!r} {params!r}"
    )
    assert params == [False] and sql == "SELECT * FROM invoices WHERE archived = ?", (sql, params)
    mine = {"amount__gte": 100, "status__in": ("open", "late")}
    sql, params = module.build_query("invoices", mine, tenant=7, order_by="due")
    assert mine == {"amount__gte": 100, "status__in": ("open", "late")}, f"caller's dict was modified: {mine}"
    assert "amount >= ?" in sql and "status IN (?, ?)" in sql and sql.endswith("ORDER BY due"), sql
    assert sorted(map(str, params)) == sorted(map(str, [100, False, "open", "late", 7])), params
    sql, params = module.build_query("invoices", archived=True)
    assert sql == "SELECT * FROM invoices" and params == [], (
        f"filters from earlier calls leaked into this one: {sql!r} {params!r}"
    )
    for table, filters, order_by in (
        ("invoices; DROP TABLE invoices", {}, None),
        ("invoices", {"amount = 0 OR 1": 1}, None),
        ("invoices", {}, "due; DROP TABLE invoices"),
    ):
        try:
            module.build_query(table, filters, order_by=order_by)
        except ValueError:
            continue
        raise AssertionError(f"identifier not checked: {table!r} {filters!r} {order_by!r}")


def check_disguised(module):
    first = module.request_headers(token="s3cret", idempotency_key="k-1")
    assert first["Authorization"] == "Bearer s3cret", first
    second = module.request_headers()
    assert "Authorization" not in second and "Idempotency-Key" not in second, (
        f"headers from an earlier request leaked into an anonymous one: {second}"
    )
    assert second["Accept"] == "application/json", second
    third = module.request_headers(basic=("ann", "pw"))
    assert third["Authorization"] == "Basic YW5uOnB3", third
    assert "Authorization" not in module.request_headers(), "credentials persisted between calls"
