def save(record, store):
    try:
        store.write(record)
    # ruleid: swallowed-exception
    except Exception:
        pass


def process(items, handle):
    for item in items:
        try:
            handle(item)
        # ruleid: swallowed-exception
        except BaseException as exc:
            continue


def parse_all(lines, parse):
    try:
        return [parse(line) for line in lines]
    # ruleid: swallowed-exception
    except (ValueError, Exception):
        ...


def optional_import():
    try:
        import yaml
    # ok: swallowed-exception
    except ImportError:
        yaml = None
    return yaml


def save_logged(record, store, logger):
    try:
        store.write(record)
    # ok: swallowed-exception
    except Exception:
        logger.exception("could not save %r", record)
        raise


def cleanup(path, os):
    try:
        os.remove(path)
    # ok: swallowed-exception
    except FileNotFoundError:
        pass
