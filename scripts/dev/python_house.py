#!/usr/bin/env python3
"""The house rules for the repository's Python that ruff and mypy do not check (run by python-check.sh).

    python_house.py sizes FILE...    every file at most MAX_LINES lines
    python_house.py cycles FILE...   no import cycle among the given files

Each prints one line per finding as FILE:LINE: what, and exits 1 when there is one.

An import is resolved the way the scripts' own sys.path manipulations make it work: a relative import against its
package, an absolute one against the importing file's directory first, then against every directory that holds one
of the given files (the suite puts scripts/vm on sys.path, the gadget's tools put scripts/vm/uvc_gadget there). A
name that resolves to none of the given files (the standard library, a third-party package) is not followed.
Imports inside functions count: a cycle that only closes at run time is still a cycle.
"""

from __future__ import annotations

import ast
import os
import sys
from collections.abc import Iterable, Sequence

MAX_LINES = 400


def sizes(files: Sequence[str]) -> list[str]:
    """One finding per file longer than MAX_LINES lines."""
    found = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            n = sum(1 for _ in fh)
        if n > MAX_LINES:
            found.append("%s:%d: %d lines, over the house limit of %d: split it by what it does" % (f, n, n, MAX_LINES))
    return found


def _candidates(root: str, dotted: str) -> list[str]:
    """The files that DOTTED names under ROOT: a module or a package's __init__."""
    base = os.path.join(root, *dotted.split("."))
    return [base + ".py", os.path.join(base, "__init__.py")]


def _package_of(path: str) -> list[str]:
    """The package parts of PATH's directory (the chain of directories with an __init__.py)."""
    parts: list[str] = []
    d = os.path.dirname(path)
    while os.path.exists(os.path.join(d, "__init__.py")):
        parts.insert(0, os.path.basename(d))
        d = os.path.dirname(d)
    return parts


def imports(path: str, tree: ast.AST) -> Iterable[tuple[int, str, int]]:
    """(line, dotted name, relative level) of each import in TREE; `from X import a` yields X and X.a."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, 0
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if mod:
                yield node.lineno, mod, node.level
            for alias in node.names:
                yield node.lineno, (mod + "." if mod else "") + alias.name, node.level


def resolve(path: str, dotted: str, level: int, known: set[str], roots: list[str]) -> str | None:
    """The given file that the import of DOTTED (at LEVEL) in PATH loads, or None."""
    if level:
        pkg = _package_of(path)
        if level - 1 > len(pkg):
            return None
        d = os.path.dirname(path)
        for _ in range(level - 1):
            d = os.path.dirname(d)
        search = [d]
    else:
        search = [os.path.dirname(path), *roots]
    for root in search:
        for c in _candidates(root, dotted):
            if c in known:
                return c
    return None


def graph(files: Sequence[str]) -> tuple[dict[str, dict[str, int]], list[str]]:
    """The import edges among FILES (importer -> imported -> first line), and the files that do not parse."""
    known = {os.path.normpath(f) for f in files}
    roots = sorted({os.path.dirname(f) for f in known})
    edges: dict[str, dict[str, int]] = {f: {} for f in known}
    broken = []
    for f in sorted(known):
        try:
            with open(f, encoding="utf-8") as fh:
                tree = ast.parse(fh.read(), f)
        except (SyntaxError, ValueError) as e:
            broken.append("%s:%s: does not parse: %s" % (f, getattr(e, "lineno", 0) or 0, e))
            continue
        for line, dotted, level in imports(f, tree):
            target = resolve(f, dotted, level, known, roots)
            if target and target != f and target not in edges[f]:
                edges[f][target] = line
    return edges, broken


def cycles(files: Sequence[str]) -> list[str]:
    """One finding per import cycle (a strongly connected set of two or more files), naming each edge's line."""
    edges, found = graph(files)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                components.append(sorted(comp))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(edges) + 100))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    for comp in components:
        members = set(comp)
        links = ["%s:%d imports %s" % (a, edges[a][b], b) for a in comp for b in sorted(edges[a]) if b in members]
        found.append("%s: import cycle among %s (%s)" % (comp[0], ", ".join(comp), "; ".join(links)))
    return found


def main(argv: Sequence[str]) -> int:
    """Runs the named rule over the files; 2 on a usage error."""
    if len(argv) < 2 or argv[1] not in ("sizes", "cycles"):
        print("usage: python_house.py sizes|cycles FILE...", file=sys.stderr)
        return 2
    files = list(argv[2:])
    found = sizes(files) if argv[1] == "sizes" else cycles(files)
    for line in found:
        print(line)
    print("%s: %d files, %d findings" % (argv[1], len(files), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
