def read_config(load):
    try:
        return load()
    finally:
        # ruleid: return-in-finally
        return {}


def drain(queue, handle):
    while queue:
        try:
            handle(queue.pop())
        except ValueError:
            # ok: return-in-finally
            continue
        finally:
            if not queue:
                # ruleid: return-in-finally
                break


def shutdown(workers):
    for worker in workers:
        try:
            worker.stop()
        finally:
            # ruleid: return-in-finally
            continue


def close_all(resources, log):
    try:
        # ok: return-in-finally
        return len(resources)
    finally:
        for res in resources:
            if res.closed:
                # ok: return-in-finally
                continue
            res.close()

        def report():
            # ok: return-in-finally
            return log("closed")

        report()
        # ok: return-in-finally
        for res in sorted(resources, key=lambda r: r.name):
            log(res)
