import sys


def poll(queue, handle):
    # ruleid: infinite-while-loop
    while True:
        item = queue.get()
        if item is None:
            continue
        handle(item)


def retry(op, attempts):
    count = 0
    # ruleid: infinite-while-loop
    while 1:
        try:
            result = op()
        except OSError:
            count += 1
        if count > attempts:
            result = None


def poll_ok(queue, handle):
    # ok: infinite-while-loop
    while True:
        item = queue.get()
        if item is None:
            break
        handle(item)


def ticks():
    n = 0
    # ok: infinite-while-loop
    while True:
        n += 1
        yield n


def main(serve):
    # ok: infinite-while-loop
    while True:
        if not serve():
            sys.exit(0)


async def heartbeat(send, asyncio):
    # ok: infinite-while-loop
    while True:
        await asyncio.sleep(1)
        send("ping")


def drain_pool(pool, Empty):
    try:
        # ok: infinite-while-loop
        while True:
            conn = pool.get(block=False)
            conn.close()
    except Empty:
        pass
