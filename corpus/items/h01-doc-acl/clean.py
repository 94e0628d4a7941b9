"""Who may change which document in a shared workspace."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class User:
    user_id: str
    display_name: str
    org: str
    is_admin: bool = False


@dataclass
class Document:
    doc_id: str
    title: str
    org: str
    owner_id: str
    owner_name: str
    editors: set = field(default_factory=set)
    locked: bool = False


class PermissionDenied(Exception):
    """Raised when a user tries to modify a document they may not edit."""


def _writers(doc):
    """Ids of the non-admin users allowed to write to the document."""
    if doc.locked:
        return frozenset([doc.owner_id])
    return frozenset(doc.editors) | {doc.owner_id}


def is_owner(user, doc):
    return user.user_id == doc.owner_id


def is_read_only(user, doc):
    return user.user_id not in _writers(doc)


def can_edit(user, doc):
    same_org = user.org == doc.org
    return user.is_admin or (same_org and user.user_id in _writers(doc))


def require_edit(user, doc):
    if can_edit(user, doc):
        return
    raise PermissionDenied(f"{user.user_id} may not edit {doc.doc_id}")


def editable_documents(user, docs):
    return list(filter(lambda candidate: can_edit(user, candidate), docs))
