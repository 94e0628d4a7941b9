"""Pick-face addressing for a racked warehouse zone.

Pick slots are numbered 0, 1, 2, ... through the zone: an aisle is filled
level by level from the floor up, each level bin by bin from the aisle
entrance.  Labels read like "A03-L2-B07" (all parts 1-based).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Zone:
    aisles: int
    levels: int
    bins_per_level: int

    @property
    def capacity(self):
        return self.aisles * self.levels * self.bins_per_level


def bin_label(zone, slot):
    """Label of the bin that holds pick slot number `slot`."""
    if not 0 <= slot < zone.capacity:
        raise IndexError(f"slot {slot} outside zone of {zone.capacity}")
    per_aisle = zone.levels * zone.bins_per_level
    aisle = slot // per_aisle
    within = slot % per_aisle
    level = within % zone.bins_per_level
    position = slot % zone.bins_per_level
    return f"A{aisle + 1:02d}-L{level + 1}-B{position + 1:02d}"


def slot_number(zone, label):
    """Inverse of bin_label."""
    a, l, b = (int(part[1:]) - 1 for part in label.split("-"))
    if not (0 <= a < zone.aisles and 0 <= l < zone.levels and 0 <= b < zone.bins_per_level):
        raise ValueError(f"no such bin in this zone: {label}")
    return (a * zone.levels + l) * zone.bins_per_level + b


def pick_route(zone, slots):
    """Labels of the given slots in walking order, duplicates removed."""
    return [bin_label(zone, s) for s in sorted(set(slots))]
