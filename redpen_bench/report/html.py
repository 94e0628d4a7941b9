"""Render report blocks as one self-contained HTML page: inline CSS, inline SVG, no script, no external
resource. Every piece of text goes through model/outside_text.py's html (html.escape); a Content-Security-Policy
that allows no script and no fetch is a second line of defence, never the first."""

from __future__ import annotations

from redpen_bench.model.outside_text import html as escape
from redpen_bench.report.blocks import Chart, Code, Details, Heading, Para, Table, Text

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

CSS = """
:root { --ink: #1d2330; --muted: #5f6673; --line: #dde1e6; --accent: #1f5fa8; --red: #c0392b; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       max-width: 1180px; margin: 2rem auto; padding: 0 1.2rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { margin-top: 2.4rem; border-bottom: 2px solid var(--line); padding-bottom: .2rem; }
h3 { margin-top: 1.8rem; }
nav { color: var(--muted); font-size: .9rem; }
nav a { color: var(--accent); margin-right: .8rem; text-decoration: none; }
p.finding { font-size: 1.05rem; font-weight: 600; margin: .6rem 0; }
p.threshold { border-left: 4px solid var(--red); padding: .3rem .7rem; background: #fbeeee; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .9rem; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .6rem; text-align: left; vertical-align: top; }
thead th { background: #f3f5f8; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.name { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .85rem; white-space: nowrap; }
.note { display: block; color: var(--muted); font-size: .78rem; }
tr.baseline td { color: #4b515c; background: #fafafa; }
tr.threshold td { border-bottom: 3px solid var(--red); font-weight: 600; }
tr.below td.name::after { content: " ▼"; color: var(--red); font-size: .75rem; }
td.diff { color: #1d7a3a; } td.same { color: var(--muted); }
figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
figure.code { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .8rem; }
figcaption { font-family: ui-monospace, monospace; font-size: .85rem; color: var(--muted); }
pre { background: #f6f8fa; padding: .5rem .7rem; overflow-x: auto; font-size: .82rem; margin: .4rem 0; }
blockquote { margin: .3rem 0; padding-left: .7rem; border-left: 3px solid var(--line); color: var(--muted);
             white-space: pre-wrap; font-size: .85rem; }
details { margin: .8rem 0; } summary { cursor: pointer; color: var(--accent); }
"""


def _cell(cell: Text, tag: str = "td") -> str:
    classes = f' class="{escape(cell.cls)}"' if cell.cls else ""
    note = f'<span class="note">{escape(cell.note)}</span>' if cell.note else ""
    return f"<{tag}{classes}>{escape(cell.text)}{note}</{tag}>"


def _table(table: Table) -> str:
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in table.columns)
    body = []
    for i, row in enumerate(table.rows):
        kind = table.row_cls[i] if i < len(table.row_cls) else ""
        classes = f' class="{escape(kind)}"' if kind else ""
        body.append(f"<tr{classes}>" + "".join(_cell(c) for c in row) + "</tr>")
    return (f'<div class="scroll"><table id="{escape(table.id)}"><thead><tr>{head}</tr></thead>'
            f"<tbody>\n" + "\n".join(body) + "\n</tbody></table></div>")


def _code(code: Code) -> str:
    width = max((len(str(n)) for n, _ in code.lines), default=1)
    body = "\n".join(f"{str(n).rjust(width)} | {escape(line)}" for n, line in code.lines)
    pre = f"<pre><code>{body}</code></pre>" if body else ""
    note = f"<blockquote>{escape(code.note)}</blockquote>" if code.note else ""
    return f'<figure class="code"><figcaption>{escape(code.caption)}</figcaption>{pre}{note}</figure>'


def render_block(block) -> str:
    if isinstance(block, Heading):
        anchor = f' id="{escape(block.anchor)}"' if block.anchor else ""
        return f"<h{block.level}{anchor}>{escape(block.text)}</h{block.level}>"
    if isinstance(block, Para):
        classes = f' class="{escape(block.cls)}"' if block.cls else ""
        return f"<p{classes}>{escape(block.text)}</p>"
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Chart):  # SVG from matplotlib, whose text it escaped as XML
        return f'<figure class="chart" id="chart-{escape(block.name)}" aria-label="{escape(block.alt)}">' \
               f"{block.svg}</figure>"
    if isinstance(block, Code):
        return _code(block)
    if isinstance(block, Details):
        inner = "\n".join(render_block(b) for b in block.blocks)
        return f"<details><summary>{escape(block.summary)}</summary>\n{inner}\n</details>"
    raise TypeError(f"unknown block {type(block).__name__}")


def render(title: str, blocks: list) -> str:
    anchors = [b for b in blocks if isinstance(b, Heading) and b.level == 2 and b.anchor]
    nav = "".join(f'<a href="#{escape(h.anchor)}">{escape(h.text)}</a>' for h in anchors)
    body = "\n".join(render_block(b) for b in blocks)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n<nav>{nav}</nav>\n{body}\n</body>\n</html>\n"
    )
