"""Room blocks that a hotel holds back for conferences and weddings."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Block:
    event: str
    room_type: str
    rooms: int


class NoVacancy(Exception):
    pass


class Hotel:
    def __init__(self, rooms_by_type):
        """rooms_by_type: number of rooms of each type, e.g. {"double": 40}."""
        self.rooms_by_type = dict(rooms_by_type)
        self._blocked = dict.fromkeys(self.rooms_by_type, 0)
        self._blocks = {}

    def vacant(self, room_type):
        return self.rooms_by_type.get(room_type, 0) - self._blocked.get(room_type, 0)

    def hold_block(self, event, room_type, rooms):
        code = f"{event}/{room_type}"
        if code in self._blocks:
            raise ValueError(f"{event} already holds {room_type} rooms")
        if rooms <= 0 or rooms > self.vacant(room_type):
            raise NoVacancy(f"cannot hold {rooms} {room_type} rooms for {event}")
        self._blocked[room_type] = self._blocked.get(room_type, 0) + rooms
        self._blocks[code] = Block(event, room_type, rooms)
        return code

    def drop_block(self, code):
        """The event cancelled: its rooms go back on general sale."""
        block = self._blocks.get(code)
        if block is None:
            raise KeyError(f"no block {code}")
        kind = block.room_type
        self._blocked[kind] = self._blocked.get(kind, 0) + block.rooms
        return block.rooms

    def convert_block(self, code):
        """Guests booked the block: the rooms are sold, the hold disappears."""
        block = self._blocks.pop(code)
        self._blocked[block.room_type] -= block.rooms
        self.rooms_by_type[block.room_type] -= block.rooms
        return block.rooms

    def blocks_for(self, event):
        return sorted(code for code, block in self._blocks.items() if block.event == event)
