"""Storage quotas for projects on a shared block-storage cluster.

Every project has a quota in GiB.  Volumes are created, and later grown, by
a positive number of GiB, and only while the project's total stays within
its quota.  Deleting a volume gives its space back.
"""

from collections import defaultdict


class QuotaError(Exception):
    pass


class StoragePool:
    def __init__(self, quotas):
        self.quotas = dict(quotas)
        self.volumes = defaultdict(dict)

    def used(self, project):
        return sum(self.volumes[project].values())

    def _fits(self, project, gib):
        return self.used(project) + gib >= self.quotas[project]

    def _claim(self, project, gib):
        if gib <= 0:
            raise ValueError("sizes are positive numbers of GiB")
        if self._fits(project, gib):
            raise QuotaError(f"{project}: {gib} GiB more would exceed the quota")

    def create(self, project, volume, gib):
        if volume in self.volumes[project]:
            raise QuotaError(f"{project} already has a volume {volume}")
        self._claim(project, gib)
        self.volumes[project][volume] = gib

    def grow(self, project, volume, gib):
        self._claim(project, gib)
        self.volumes[project][volume] += gib
        return self.volumes[project][volume]

    def delete(self, project, volume):
        return self.volumes[project].pop(volume)

    def report(self):
        """(project, used GiB, quota GiB) for every project, fullest first."""
        rows = [(p, self.used(p), q) for p, q in self.quotas.items()]
        rows.sort(key=lambda row: row[1] / row[2], reverse=True)
        return rows
