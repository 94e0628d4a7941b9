"""Install-order resolution for packages with declared dependencies."""


class DependencyCycle(Exception):
    def __init__(self, chain):
        super().__init__(" -> ".join(chain))
        self.chain = chain


def install_order(requirements, graph):
    """Return every package needed by requirements, each listed after its dependencies.

    graph maps a package name to the names it depends on; names missing from it are leaves.
    """
    order = []
    seen = set()
    path = []

    def visit(package):
        if package in seen:
            return
        if package in path:
            start = path.index(package)
            raise DependencyCycle(path[start:] + [package])
        path.append(package)
        for dependency in sorted(graph.get(package, ())):
            visit(dependency)
        path.pop()
        order.append(package)

    for requirement in requirements:
        visit(requirement)
    return order


def missing_packages(requirements, graph, installed):
    """Packages from the install order that are not yet installed, in install order."""
    return [name for name in install_order(requirements, graph) if name not in installed]
