"""Edit permissions for documents in a shared workspace."""
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
    pass


def is_owner(user, doc):
    return doc.owner_name == user.user_id


def is_read_only(user, doc):
    """Locked documents can only be changed by their owner; unlocked ones by
    the owner and the listed editors."""
    if doc.locked:
        return is_owner(user, doc)
    return not (is_owner(user, doc) or user.user_id in doc.editors)


def can_edit(user, doc):
    if user.is_admin:
        return True
    if user.org != doc.org:
        return False
    return not is_read_only(user, doc)


def require_edit(user, doc):
    if not can_edit(user, doc):
        raise PermissionDenied(f"{user.user_id} may not edit {doc.doc_id}")


def editable_documents(user, docs):
    return [doc for doc in docs if can_edit(user, doc)]
