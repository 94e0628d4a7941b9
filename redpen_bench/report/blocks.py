"""The neutral blocks a report is made of. markdown.py and html.py render them; neither invents text."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Text:
    text: str
    note: str = ""  # shown smaller after the text: an interval
    cls: str = ""


@dataclass
class Heading:
    level: int
    text: str
    anchor: str = ""


@dataclass
class Para:
    text: str
    cls: str = ""


@dataclass
class Table:
    id: str
    columns: list[str]
    rows: list[list[Text]]
    row_cls: list[str] = field(default_factory=list)


@dataclass
class Chart:
    name: str
    svg: str
    alt: str


@dataclass
class Code:
    caption: str
    lines: list[tuple[int, str]]
    note: str


@dataclass
class Details:
    summary: str
    blocks: list
