"""Physical address map for a board support package: named regions must never collide."""

from typing import NamedTuple


class Region(NamedTuple):
    label: str
    base: int
    size: int


class AddressMap:
    def __init__(self, span):
        self.span = span
        self.regions = []

    def collision(self, base, size):
        """The first reserved region sharing any address with [base, base + size), if any."""
        limit = base + size
        for region in self.regions:
            if base < region.base + region.size and region.base <= limit:
                return region
        return None

    def reserve(self, label, base, size):
        if size <= 0 or base < 0 or base + size > self.span:
            raise ValueError(f"{label}: region outside the address space")
        hit = self.collision(base, size)
        if hit is not None:
            raise ValueError(f"{label} collides with {hit.label}")
        region = Region(label, base, size)
        self.regions.append(region)
        return region

    def first_fit(self, label, size, align=0x1000):
        """Reserve `size` bytes at the lowest aligned free address."""
        addr = 0
        while addr + size <= self.span:
            if self.collision(addr, size) is None:
                return self.reserve(label, addr, size)
            addr += align
        raise MemoryError(f"no room for {label} ({size:#x} bytes)")
