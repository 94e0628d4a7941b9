import json


def load(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    # ruleid: bare-except
    except:
        return {}


def first(items):
    try:
        return items[0]
    except IndexError:
        return None
    # ruleid: bare-except
    except :
        log("unexpected")
        return None


def transactional(conn, work):
    try:
        work(conn)
    # ok: bare-except
    except:
        conn.rollback()
        raise


def parse(text):
    try:
        return int(text)
    # ok: bare-except
    except ValueError:
        return None


def log(message):
    # ok: bare-except
    print("except: this is only text")
