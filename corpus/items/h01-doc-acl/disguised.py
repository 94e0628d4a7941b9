"""Key-card access to safe-deposit lockers in a bank vault."""
from dataclasses import dataclass


@dataclass(frozen=True)
class KeyCard:
    card_no: str
    holder: str
    branch: str
    master: bool = False


@dataclass
class Locker:
    number: int
    branch: str
    renter_card: str
    renter_label: str
    co_signers: frozenset = frozenset()
    sealed: bool = False


class AccessRefused(Exception):
    pass


def rents(card, locker):
    return locker.renter_label == card.card_no


def stays_shut(card, locker):
    """A sealed locker opens only for the card of its renter; an unsealed one
    also for the registered co-signers."""
    if locker.sealed:
        return rents(card, locker)
    return not (rents(card, locker) or card.card_no in locker.co_signers)


def may_open(card, locker):
    if card.master:
        return True
    if card.branch != locker.branch:
        return False
    return not stays_shut(card, locker)


def open_locker(card, locker):
    if not may_open(card, locker):
        raise AccessRefused(f"card {card.card_no} refused at locker {locker.number}")
    return locker.number


def openable(card, lockers):
    return [box.number for box in lockers if may_open(card, box)]
