"""Hop-count routing for a small mesh of routers.

Links are bidirectional.  A router forwards a packet to a neighbour that
lies on a shortest path (fewest hops) to the destination, the neighbour
whose name sorts first on a tie.  The forwarding tables are cached and
must be rebuilt after any link has been added or taken down.
"""
from collections import deque


class Mesh:
    def __init__(self):
        self.links = {}
        self._table = {}
        self._valid = True

    def connect(self, a, b):
        self.links.setdefault(a, set()).add(b)
        self.links.setdefault(b, set()).add(a)

    def disconnect(self, a, b):
        self._valid = False
        self.links[a].discard(b)
        self.links[b].discard(a)

    def _hops_to(self, target):
        hops = {target: 0}
        queue = deque([target])
        while queue:
            node = queue.popleft()
            for peer in self.links[node]:
                if peer not in hops:
                    hops[peer] = hops[node] + 1
                    queue.append(peer)
        return hops

    def _rebuild(self):
        self._table = {}
        for target in self.links:
            hops = self._hops_to(target)
            for node, n in hops.items():
                if n:
                    closer = [peer for peer in self.links[node] if hops.get(peer) == n - 1]
                    self._table[node, target] = min(closer)

    def next_hop(self, node, target):
        """The neighbour that node forwards to for target; None when unreachable."""
        if self._valid:
            self._rebuild()
            self._valid = True
        return self._table.get((node, target))

    def path(self, source, target):
        """Routers a packet visits from source to target, both included, or None."""
        route = [source]
        while route[-1] != target:
            step = self.next_hop(route[-1], target)
            if step is None:
                return None
            route.append(step)
        return route
