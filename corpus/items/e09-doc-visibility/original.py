"""Document search that only returns what the requesting user may read."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Document:
    doc_id: int
    title: str
    owner: str
    private: bool = False
    shared_with: frozenset = frozenset()  # user names and group names
    tags: tuple = ()


@dataclass(frozen=True)
class User:
    name: str
    groups: frozenset = frozenset()
    is_admin: bool = False


def can_read(user, doc):
    """Whether `user` may open a private document."""
    if user.is_admin or doc.owner == user.name:
        return True
    return user.name in doc.shared_with or bool(user.groups & doc.shared_with)


def search(docs, user, text="", tag=None):
    """Documents visible to `user` whose title contains `text` (case-insensitive)
    and that carry `tag` if one is given, sorted by title."""
    needle = text.casefold()
    found = []
    for doc in docs:
        if not doc.private and not can_read(user, doc):
            continue
        if tag is not None and tag not in doc.tags:
            continue
        if needle and needle not in doc.title.casefold():
            continue
        found.append(doc)
    return sorted(found, key=lambda d: (d.title.casefold(), d.doc_id))
