"""A few SVG primitives and a linear plot frame for the report's charts, written as text.

The charts used to be drawn by matplotlib: its import and four figures (each laid out twice for a tight bounding
box) were a fixed 0.6 s of every report, most of a resumed comparison on the shipped corpus. These charts are dots,
lines, rectangles and labels on linear axes, so they are written directly: the same sizes in points, colours,
markers, line widths, font and font sizes, ticks chosen as matplotlib's default locator chooses them. Text is
escaped as XML, so a reviewer name holding markup is shown, never parsed. No randomness and no date: the same
data gives byte-identical SVG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

FONT = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, Arial, Helvetica, sans-serif"  # matplotlib's default
TICK = 3.5  # tick length and pad, points (matplotlib's defaults)
SPINE = 0.8
GRID = "stroke: #b0b0b0; stroke-opacity: 0.25; stroke-width: 0.8"
# DejaVu Sans advance widths in em, by character class: enough to size margins around labels
_NARROW, _MEDIUM, _WIDE = set("ijl.,:;'!|I ()[]"), set("frt-/*\"1"), set("mwMW%@")


def text_width(text: str, size: float) -> float:
    """An estimate of a label's width in points (DejaVu Sans, the font asked for first)."""
    width = 0.0
    for char in text:
        if char in _NARROW:
            width += 0.31
        elif char in _MEDIUM:
            width += 0.42
        elif char in _WIDE:
            width += 0.93
        elif char.isupper():
            width += 0.72
        else:
            width += 0.62
    return width * size


def num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if math.isfinite(x) else "0"


def nice_ticks(low: float, high: float, bins: int = 9) -> list[float]:
    """The ticks inside [low, high] at the smallest step of 1, 2, 2.5, 5 or 10 x 10^k that cuts the span into at
    most `bins` intervals: what matplotlib's default locator (MaxNLocator, nine bins) picks."""
    if not high > low:
        return [low]
    magnitude = 10 ** math.floor(math.log10((high - low) / bins))
    step = next(f * magnitude for f in (1, 2, 2.5, 5, 10, 20) if (high - low) / (f * magnitude) <= bins)
    first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
    return [round(k * step, 10) + 0.0 for k in range(first, last + 1)]


def tick_label(value: float) -> str:
    """As matplotlib's ScalarFormatter shows round ticks, with a true minus sign."""
    text = f"{value:g}" if value != int(value) else str(int(value))
    return text.replace("-", "\u2212")


def margin_limits(low: float, high: float, margin: float = 0.05) -> tuple[float, float]:
    """Data limits widened by 5 % of their span on each side, as matplotlib's autoscaling does."""
    span = (high - low) or abs(high) or 1.0
    return low - margin * span, high + margin * span


@dataclass
class Svg:
    """An SVG document in points; elements are appended in drawing order."""

    width: float
    height: float
    parts: list[str] = field(default_factory=list)
    text_right: float = 0.0  # the right end of the widest-reaching unrotated label: the page must hold it

    def line(self, points: list[tuple[float, float]], color: str, width: float, opacity: float = 1.0,
             dash: str = "", cap: str = "butt") -> None:
        path = " ".join(f"{'M' if k == 0 else 'L'} {num(x)} {num(y)}" for k, (x, y) in enumerate(points))
        style = f"fill: none; stroke: {color}; stroke-width: {num(width)}; stroke-linecap: {cap}"
        style += f"; stroke-opacity: {num(opacity)}" if opacity < 1 else ""
        style += f"; stroke-dasharray: {dash}" if dash else ""
        self.parts.append(f'<path d="{path}" style="{style}"/>')

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "", stroke_width: float = 0.0
             ) -> None:
        edge = f"; stroke: {stroke}; stroke-width: {num(stroke_width)}" if stroke else ""
        self.parts.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
                          f'style="fill: {fill}{edge}"/>')

    def circle(self, x: float, y: float, diameter: float, color: str) -> None:
        """matplotlib's "o": filled, and edged in its own colour one point wide."""
        self.parts.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(diameter / 2)}" '
                          f'style="fill: {color}; stroke: {color}; stroke-width: 1"/>')

    def diamond(self, x: float, y: float, size: float, color: str, width: float) -> None:
        """matplotlib's "D": a square of side `size` turned 45 degrees, hollow."""
        r = size / math.sqrt(2)
        self.parts.append(f'<path d="M {num(x)} {num(y - r)} L {num(x + r)} {num(y)} L {num(x)} {num(y + r)} '
                          f'L {num(x - r)} {num(y)} Z" style="fill: none; stroke: {color}; '
                          f'stroke-width: {num(width)}; stroke-linejoin: miter"/>')

    def text(self, x: float, y: float, text: str, size: float, color: str = "#000000", anchor: str = "start",
             baseline: str = "auto", rotate: float = 0.0) -> None:
        """baseline: 'auto' (y is the baseline), 'middle', 'hanging' (y is the top) or 'bottom' (y is the bottom,
        descenders included); done by shifting, since SVG renderers differ on dominant-baseline."""
        shift = {"auto": 0.0, "middle": 0.35 * size, "hanging": 0.76 * size, "bottom": -0.24 * size}[baseline]
        if not rotate:
            reach = {"start": 1.0, "middle": 0.5, "end": 0.0}[anchor] * text_width(text, size)
            self.text_right = max(self.text_right, x + reach)
        turn = f' transform="rotate({num(rotate)} {num(x)} {num(y)})"' if rotate else ""
        self.parts.append(f'<text x="{num(x)}" y="{num(y + shift)}"{turn} style="font-size: {num(size)}px; '
                          f'font-family: {FONT}; fill: {color}; text-anchor: {anchor}">{escape(text)}</text>')

    def render(self) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{num(self.width)}pt" '
                f'height="{num(self.height)}pt" viewBox="0 0 {num(self.width)} {num(self.height)}">\n'
                f'<rect x="0" y="0" width="{num(self.width)}" height="{num(self.height)}" style="fill: #ffffff"/>\n'
                + "\n".join(self.parts) + "\n</svg>\n")


@dataclass
class Frame:
    """A plot area (left, top, width, height in points) with linear data limits; y may run downwards."""

    left: float
    top: float
    width: float
    height: float
    xlim: tuple[float, float]
    ylim: tuple[float, float]  # (value at the bottom, value at the top)

    def x(self, value: float) -> float:
        low, high = self.xlim
        return self.left + (value - low) / (high - low) * self.width

    def y(self, value: float) -> float:
        bottom, top = self.ylim
        return self.top + self.height - (value - bottom) / (top - bottom) * self.height

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height

    def spines(self, svg: Svg) -> None:
        """Left and bottom only (the report's charts hide the top and right ones)."""
        svg.line([(self.left, self.top), (self.left, self.bottom), (self.right, self.bottom)], "#000000", SPINE,
                 cap="square")

    def xaxis(self, svg: Svg, ticks: list[float], label: str, grid: bool, size: float = 9) -> None:
        for t in ticks:
            x = self.x(t)
            if grid:
                svg.parts.append(f'<path d="M {num(x)} {num(self.top)} L {num(x)} {num(self.bottom)}" '
                                 f'style="fill: none; {GRID}"/>')
            svg.line([(x, self.bottom), (x, self.bottom + TICK)], "#000000", SPINE)
            svg.text(x, self.bottom + 2 * TICK, tick_label(t), size, anchor="middle", baseline="hanging")
        svg.text((self.left + self.right) / 2, self.bottom + 2 * TICK + size + 4, label, 10, anchor="middle",
                 baseline="hanging")

    def yaxis(self, svg: Svg, ticks: list[float], labels: list[str], grid: bool, size: float = 9) -> None:
        for t, label in zip(ticks, labels):
            y = self.y(t)
            if grid:
                svg.parts.append(f'<path d="M {num(self.left)} {num(y)} L {num(self.right)} {num(y)}" '
                                 f'style="fill: none; {GRID}"/>')
            svg.line([(self.left - TICK, y), (self.left, y)], "#000000", SPINE)
            svg.text(self.left - 2 * TICK, y, label, size, anchor="end", baseline="middle")


def rdylgn(value: float) -> str:
    """matplotlib's RdYlGn colormap (ColorBrewer's 11 colours, a 256-entry table) at a value in [0, 1]."""
    index = min(max(int(value * 256), 0), 255)
    position = index / 255 * (len(_RDYLGN) - 1)
    k = min(int(position), len(_RDYLGN) - 2)
    low, high = _RDYLGN[k], _RDYLGN[k + 1]
    return "#" + "".join(f"{round((a + (position - k) * (b - a)) * 255):02x}" for a, b in zip(low, high))


_RDYLGN = [tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)) for h in (
    "a50026", "d73027", "f46d43", "fdae61", "fee08b", "ffffbf", "d9ef8b", "a6d96a", "66bd63", "1a9850", "006837")]
