"""Install-order resolution for packages with declared dependencies."""


class DependencyCycle(Exception):
    def __init__(self, chain):
        super().__init__(" -> ".join(chain))
        self.chain = chain


def install_order(requirements, graph):
    """Every package needed by `requirements`, each exactly once and after all its dependencies.

    `graph` maps a name to the names it depends on; a name absent from it has
    no dependencies. A dependency loop raises DependencyCycle.
    """
    placed = {}
    stack = [(name, False) for name in reversed(list(requirements))]
    active = []
    while stack:
        node, expanded = stack.pop()
        if expanded:
            active.remove(node)
            placed.setdefault(node, len(placed))
            continue
        if node in placed:
            continue
        if node in active:
            cut = active.index(node)
            raise DependencyCycle(active[cut:] + [node])
        active.append(node)
        stack.append((node, True))
        deps = sorted(graph.get(node, ()), reverse=True)
        stack.extend((dep, False) for dep in deps if dep not in placed)
    return sorted(placed, key=placed.get)


def missing_packages(requirements, graph, installed):
    """The part of the install order not yet in `installed`, order kept."""
    have = set(installed)
    return list(filter(lambda pkg: pkg not in have, install_order(requirements, graph)))
