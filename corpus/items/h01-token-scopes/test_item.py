"""Killability check for h01-token-scopes.

The combination is killed by a route that names no scope (it must admit any
live token, but the defective check refuses every token) and by a route that
names two scopes (a token holding only one of them must be refused, but the
defective check lets it through).  Routes that name exactly one scope, the
common case, behave correctly: the scope list keeps the held scope instead of
the missing one, and the negated emptiness test turns that back into the
right answer.
"""


def _refused(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type:
        return True
    return False


def check_original(m):
    gw = m.Gateway([
        m.Route("GET", "/invoices", ("invoices:read",)),
        m.Route("POST", "/refunds", ("payments:write", "refunds:write")),
        m.Route("GET", "/health"),
    ])
    books = m.Token("acme-books", frozenset({"invoices:read"}), 2_000)
    crm = m.Token("acme-crm", frozenset({"contacts:read"}), 2_000)
    assert gw.authorize(books, "GET", "/invoices", 1_000).path == "/invoices", "holder of the scope refused"
    assert _refused(m.Forbidden, gw.authorize, crm, "GET", "/invoices", 1_000), "token without the scope admitted"
    assert _refused(m.Forbidden, gw.authorize, books, "GET", "/invoices", 2_000), "expired token admitted"
    assert _refused(LookupError, gw.authorize, books, "GET", "/nowhere", 1_000), "unknown route accepted"
    assert gw.authorize(crm, "GET", "/health", 1_000).path == "/health", "a route naming no scope refused a live token"
    payer = m.Token("acme-pay", frozenset({"payments:write"}), 2_000)
    assert _refused(m.Forbidden, gw.authorize, payer, "POST", "/refunds", 1_000), \
        "a token holding one of two required scopes was admitted"
    both = m.Token("acme-ops", frozenset({"payments:write", "refunds:write", "invoices:read"}), 2_000)
    assert gw.authorize(both, "POST", "/refunds", 1_000).path == "/refunds", "holder of both scopes refused"
    assert [r.path for r in gw.callable_routes(books, 1_000)] == ["/invoices", "/health"]
    assert [r.path for r in gw.callable_routes(both, 1_000)] == ["/invoices", "/refunds", "/health"]
    assert gw.callable_routes(both, 5_000) == [], "expired token may still call routes"


def check_disguised(m):
    cluster = m.Cluster([m.Machine("a", 8, ["ssd"]), m.Machine("b", 16, ["gpu"]), m.Machine("c", 4, ["gpu", "ssd"])])
    assert cluster.submit("train", 4, ("gpu",)) == "b", "single-label job not on the idlest gpu machine"
    assert cluster.submit("etl", 2, ("ssd",)) == "a", "single-label job not on the idlest ssd machine"
    assert [x.name for x in cluster.candidates(2, ("gpu",))] == ["b", "c"], "wrong candidates for a gpu job"
    assert _refused(m.NoCapacity, cluster.submit, "tpu-job", 1, ("tpu",)), "job placed without its label"
    assert _refused(m.NoCapacity, cluster.submit, "huge", 20, ("gpu",)), "job placed without enough cores"
    assert cluster.submit("report", 1) == "b", "a job asking for no label was not placed on the idlest machine"
    assert cluster.submit("render", 2, ("gpu", "ssd")) == "c", \
        "a job asking for two labels went to a machine carrying only one"
    assert [x.name for x in cluster.candidates(1, ("gpu", "ssd"))] == ["c"]
    assert cluster.finish("train") == "b" and "train" not in cluster.machines[1].jobs
