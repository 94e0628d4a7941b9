class Account:
    def __init__(self, owner, balance):
        # ruleid: self-assignment
        owner = owner
        self.balance = balance

    def rename(self, name):
        # ruleid: self-assignment
        self.name = self.name
        return name


def configure(options, debug):
    # ok: self-assignment
    options.debug = debug
    # ok: self-assignment
    debug = not debug
    # ok: self-assignment
    options, debug = debug, options
    return options


def make_record(ret):
    class Record:
        # ok: self-assignment
        ret = ret

    return Record


def swap_state(self, new):
    # ok: self-assignment
    self.included, self.excluded = new, self.excluded
    return self


# ok: self-assignment
__version__ = __version__


def enable_diff():
    from json import decoder as d
    global decoder
    # ok: self-assignment
    decoder = d
    return decoder
