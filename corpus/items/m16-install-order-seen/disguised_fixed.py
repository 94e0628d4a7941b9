"""Org-chart queries for an HR directory that allows dotted-line (matrix) reporting."""

from collections import deque


def build_reports(employees):
    """employees: iterable of (name, [managers]); returns manager -> list of direct reports."""
    reports = {}
    for name, managers in employees:
        for boss in managers:
            reports.setdefault(boss, []).append(name)
    return reports


def everyone_under(reports, manager):
    """Everyone in manager's reporting tree, nearest levels first, each listed once."""
    found = []
    visited = {manager}
    queue = deque([manager])
    while queue:
        current = queue.popleft()
        for person in reports.get(current, ()):
            if person in visited:
                continue
            visited.add(person)
            found.append(person)
            queue.append(person)
    return found


def headcount(reports, manager):
    return len(everyone_under(reports, manager))


def span_of_control(reports):
    """Number of direct reports per manager, largest teams first."""
    sizes = {boss: len(team) for boss, team in reports.items()}
    return sorted(sizes.items(), key=lambda pair: (-pair[1], pair[0]))
