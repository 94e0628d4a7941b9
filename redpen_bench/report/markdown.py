"""Render report blocks as GitHub-flavoured Markdown. Every text of a block goes through model/outside_text.py:
names, titles, rule ids, messages and answers can neither end the block they sit in nor start markup (Markdown
renderers pass raw HTML through, so a `<script>` in an answer must arrive as text, not as a tag)."""

from __future__ import annotations

import re

from redpen_bench.model.outside_text import markdown as escape
from redpen_bench.model.outside_text import markdown_html
from redpen_bench.report.blocks import Chart, Code, Details, Heading, Para, Table, Text


def _cell(cell: Text) -> str:
    if not cell.note:
        return escape(cell.text)
    note = cell.note if cell.note.startswith("[") else f"({cell.note})"
    return f"{escape(cell.text)} {escape(note)}"


def _table(table: Table) -> str:
    numeric = [bool(table.rows) and all(i < len(r) and r[i].cls == "num" for r in table.rows)
               for i in range(len(table.columns))]
    lines = ["| " + " | ".join(escape(c) for c in table.columns) + " |",
             "|" + "|".join("---:" if right else "---" for right in numeric) + "|"]
    for i, row in enumerate(table.rows):
        cells = [_cell(c) for c in row]
        kind = table.row_cls[i] if i < len(table.row_cls) else ""
        if "threshold" in kind:  # the row that marks the threshold stands out in plain text too
            cells = [f"**{c}**" if c else c for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _fence(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _code(code: Code) -> str:
    body = "\n".join(f"{n:>4} | {line}" for n, line in code.lines)
    parts = [f"**{escape(code.caption)}**"]
    if body:
        fence = _fence(body)
        parts.append(f"{fence}text\n{body}\n{fence}")
    if code.note:
        parts.append("\n".join(f"> {escape(line, block_start=True)}" if line.strip() else ">"
                                for line in code.note.splitlines()))
    return "\n\n".join(parts)


def render_block(block, chart_dir: str) -> str:
    if isinstance(block, Heading):
        return f"{'#' * block.level} {escape(block.text)}"
    if isinstance(block, Para):
        return f"**{escape(block.text)}**" if block.cls == "finding" else escape(block.text, block_start=True)
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Chart):
        return f"![{escape(block.alt)}]({chart_dir}/{block.name}.svg)"
    if isinstance(block, Code):
        return _code(block)
    if isinstance(block, Details):
        inner = "\n\n".join(render_block(b, chart_dir) for b in block.blocks)
        return f"<details><summary>{markdown_html(block.summary)}</summary>\n\n{inner}\n\n</details>"
    raise TypeError(f"unknown block {type(block).__name__}")


def render(title: str, blocks: list, chart_dir: str = "charts") -> str:
    parts = [f"# {escape(title)}"] + [render_block(b, chart_dir) for b in blocks]
    return "\n\n".join(parts) + "\n"
