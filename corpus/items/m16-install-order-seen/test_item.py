def _assert_valid_order(order, graph):
    position = {name: i for i, name in enumerate(order)}
    for name in order:
        for dep in graph.get(name, ()):
            assert position[dep] < position[name], f"{dep} must come before {name}: {order}"


def check_original(module):
    graph = {
        "webapp": ["framework", "orm", "logging"],
        "framework": ["http", "templates", "logging"],
        "orm": ["driver", "logging"],
        "http": ["logging"],
        "templates": ["markup"],
    }
    order = module.install_order(["webapp"], graph)
    assert len(order) == len(set(order)), f"packages listed more than once: {order}"
    expected = {"webapp", "framework", "orm", "logging", "http", "templates", "markup", "driver"}
    assert set(order) == expected, order
    _assert_valid_order(order, graph)
    both = module.install_order(["orm", "http"], graph)
    assert sorted(both) == ["driver", "http", "logging", "orm"], both
    todo = module.missing_packages(["webapp"], graph, {"logging", "markup"})
    assert len(todo) == 6 and "logging" not in todo, todo
    try:
        module.install_order(["a"], {"a": ["b"], "b": ["a"]})
    except module.DependencyCycle:
        pass
    else:
        raise AssertionError("a dependency cycle was not reported")


def check_disguised(module):
    reports = module.build_reports([
        ("bob", ["alice"]),
        ("carol", ["alice"]),
        ("dana", ["bob", "carol"]),
        ("erin", ["dana"]),
        ("frank", ["carol"]),
    ])
    under = module.everyone_under(reports, "alice")
    assert len(under) == len(set(under)), f"people listed more than once: {under}"
    assert sorted(under) == ["bob", "carol", "dana", "erin", "frank"], under
    assert module.headcount(reports, "alice") == 5, module.headcount(reports, "alice")
    assert module.everyone_under(reports, "bob") == ["dana", "erin"]
