"""Document search that respects who may read private documents."""

from typing import NamedTuple


class Document(NamedTuple):
    doc_id: int
    title: str
    owner: str
    private: bool = False
    shared_with: frozenset = frozenset()
    tags: tuple = ()


class User(NamedTuple):
    name: str
    groups: frozenset = frozenset()
    is_admin: bool = False


def can_read(user, doc):
    """Whether `user` may open a private document: admins, the owner, and the
    users or groups it is shared with may."""
    principals = {user.name} | set(user.groups)
    return user.is_admin or user.name == doc.owner or not principals.isdisjoint(doc.shared_with)


def _visible(user, doc):
    return can_read(user, doc) if doc.private else True


def _matches(doc, text, tag):
    title_ok = text.casefold() in doc.title.casefold()
    return title_ok and (tag is None or tag in doc.tags)


def search(docs, user, text="", tag=None):
    """Visible documents whose title contains `text` (any case) and, if given,
    carry `tag`; sorted by title."""
    hits = (d for d in docs if _visible(user, d) and _matches(d, text, tag))
    return sorted(hits, key=lambda d: (d.title.casefold(), d.doc_id))
