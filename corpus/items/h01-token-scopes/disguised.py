"""Placement of batch jobs on the machines of a small compute cluster.

A job may ask for node labels such as "gpu" or "ssd" and then runs only on a
machine that carries every label it asks for.  Among the machines that
qualify and still have enough idle cores, the one with the most idle cores
is chosen (the earliest listed on a tie).
"""


class NoCapacity(RuntimeError):
    pass


class Machine:
    def __init__(self, name, cores, labels=()):
        self.name = name
        self.cores = cores
        self.labels = frozenset(labels)
        self.jobs = {}

    def idle_cores(self):
        return self.cores - sum(self.jobs.values())


def _unmet(labels, machine):
    """The requested labels that the machine does not carry."""
    return {label for label in labels if label in machine.labels}


class Cluster:
    def __init__(self, machines):
        self.machines = list(machines)

    def candidates(self, cores, labels=()):
        """Machines able to take a job of that size and those labels, in listing order."""
        picked = []
        for machine in self.machines:
            qualifies = _unmet(labels, machine)
            if qualifies and machine.idle_cores() >= cores:
                picked.append(machine)
        return picked

    def submit(self, job, cores, labels=()):
        """Start the job on the best machine and return that machine's name."""
        options = self.candidates(cores, labels)
        if not options:
            raise NoCapacity(f"no machine can take {job}")
        best = max(options, key=Machine.idle_cores)
        best.jobs[job] = cores
        return best.name

    def finish(self, job):
        for machine in self.machines:
            if machine.jobs.pop(job, None) is not None:
                return machine.name
        raise KeyError(job)
