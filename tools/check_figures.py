#!/usr/bin/env python3
"""Every figure in the README's tables appears in docs/ too, so that each has one source
with its command. A figure is a number with a decimal point or a unit-bearing number of
three or more digits in a table row ("| ... |"); counts such as 2^20 or 1024 x 1024 that
name the task rather than measure it are left out by looking at measured columns only: every
column but the first.

Usage: check_figures.py README.md DOCS_DIR   (exit status 1 and a line per missing figure)
"""

import pathlib
import re
import sys

FIGURE = re.compile(r"(?<![\w.^])(\d[\d,]*\.\d+|\d{3,}(?:,\d{3})*)(?![\w^])")


def table_figures(text):
    """(line number, figure) for the figures in the measured columns of every table row."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        for cell in cells[1:]:
            for figure in FIGURE.findall(cell):
                yield number, figure


def main(readme, docs_dir):
    # docs/history.md tells what figures were, not what they are: it is no source.
    docs = "\n".join(p.read_text() for p in sorted(pathlib.Path(docs_dir).rglob("*.md")) if p.name != "history.md")
    missing = [(n, f) for n, f in table_figures(pathlib.Path(readme).read_text()) if f not in docs]
    for n, f in missing:
        print(f"{readme}:{n}: {f} appears in no file of {docs_dir}/")
    print(f"{len(missing)} figures of {readme}'s tables missing from {docs_dir}/")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
