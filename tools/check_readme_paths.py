#!/usr/bin/env python3
"""Every path the README names exists: the folders of its layout drawing, the docs it points
to, the public headers of its API table (`nimber/x.hpp`, and `nimber/dir/`: `a.hpp`, `b.hpp`
rows), and each folder of src/ and include/nimber/ is drawn in the layout.

Usage: check_readme_paths.py README.md REPO_ROOT   (exit status 1 and a line per problem)
"""

import pathlib
import re
import sys

PATH = re.compile(r"(?<![\w/.])((?:src|include|docs|cli|python|tests|bench|fuzz|tools|data|single_include)/[\w/.-]*)")
HEADER = re.compile(r"`(nimber/[\w/]+\.hpp)`")
HEADER_ROW = re.compile(r"^\| `(nimber/\w+/)`: ((?:`\w+\.hpp`(?:, )?)+)")


def named_paths(text):
    """(line number, path under the repository) for every path the README names."""
    for number, line in enumerate(text.splitlines(), 1):
        for path in PATH.findall(line):
            yield number, path.rstrip(".")
        for header in HEADER.findall(line):
            yield number, "include/" + header
        row = HEADER_ROW.match(line)
        if row:
            for name in re.findall(r"`(\w+\.hpp)`", row.group(2)):
                yield number, "include/" + row.group(1) + name


def main(readme, root):
    root = pathlib.Path(root)
    text = pathlib.Path(readme).read_text()
    problems = [f"{readme}:{n}: {p} does not exist" for n, p in named_paths(text) if not (root / p).exists()]
    drawn = {p.rstrip("/") for _, p in named_paths(text)}
    for top in ("src", "include/nimber"):
        for folder in sorted(d for d in (root / top).rglob("*") if d.is_dir()):
            relative = folder.relative_to(root).as_posix()
            if relative not in drawn:
                problems.append(f"{readme}: the folder {relative} is not in the layout")
    for p in problems:
        print(p)
    print(f"{len(problems)} problems with the paths of {readme}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
