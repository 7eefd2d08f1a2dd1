"""scorepad's modules import one another as a DAG, and none imports another's private
names.

Read statically with ast: every import counts, at the top, under `if TYPE_CHECKING:`
or inside a function (an import moved into a function to dodge a circle is still the
circle). A private name (`_x`) is one module's own: no other module imports it or reads
it off an imported module.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorepad"


def module_name(path: Path, root: Path = ROOT) -> str:
    """scorepad/store/db.py -> scorepad.store.db; a package's __init__.py -> the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[: len(parts) - node.level + 1]
    return ".".join([*parts, *([node.module] if node.module else [])])


def imports(
    source: str, module: str, known: set[str], is_package: bool = False
) -> list[tuple[str, str | None]]:
    """(module imported, name taken from it or None) for every import of a known module
    in `source`; `from pkg import sub` names the submodule when `pkg.sub` is known."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names if alias.name in known]
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.append((f"{base}.{alias.name}", None))
                elif base in known:
                    found.append((base, alias.name))
    return found


def graph(files: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Each module's imports of the others: {name: (source, is_package)} in."""
    known = set(files)
    return {
        name: {target for target, _ in imports(source, name, known, package)} - {name}
        for name, (source, package) in files.items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected group of two or more modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(
    source: str, module: str, known: set[str], is_package: bool = False
) -> list[str]:
    """Every private name `source` takes from another module: imported by name, or read
    off a module it imported (`storage._rows`)."""
    found = [
        f"{target}.{name}"
        for target, name in imports(source, module, known, is_package)
        if name is not None and _private(name) and target != module
    ]
    bound: dict[str, str] = {}
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known and alias.asname:
                    bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and _private(node.attr)
        ):
            found.append(f"{bound[node.value.id]}.{node.attr}")
    return found


def _scorepad() -> dict[str, tuple[str, bool]]:
    return {
        module_name(path): (path.read_text(), path.name == "__init__.py")
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def test_the_cycle_check_finds_a_circle_through_a_function_level_import():
    files = {
        "p.model": ("from .rules import Rules\n\ndef f():\n    from .next import n\n", False),
        "p.next": ("from p.model import Score\n", False),
        "p.rules": ("import math\n", False),
    }
    assert cycles(graph(files)) == [["p.model", "p.next"]]
    files["p.model"] = ("from .rules import Rules\n", False)
    assert cycles(graph(files)) == []


def test_the_cycle_check_reads_type_checking_imports_and_submodules():
    files = {
        "p": ("from . import a\n", True),
        "p.a": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
            False,
        ),
        "p.b": ("from p import a\n", False),
    }
    assert cycles(graph(files)) == [["p.a", "p.b"]]


def test_the_private_check_finds_a_private_name_by_import_and_by_attribute():
    known = {"p.a", "p.b", "p.c"}
    assert private_imports("from .a import _now, later\n", "p.b", known) == ["p.a._now"]
    assert private_imports("from p import a\nx = a._rows(1)\n", "p.b", known) == ["p.a._rows"]
    assert private_imports("import p.a as a\nx = a._rows\n", "p.b", known) == ["p.a._rows"]
    assert private_imports("from .a import now, __all__\n", "p.b", known) == []
    assert private_imports("def _own():\n    pass\n_own()\n", "p.b", known) == []


def test_scorepad_imports_as_a_dag():
    files = _scorepad()
    assert len(files) > 50
    assert cycles(graph(files)) == []


def test_no_module_imports_another_modules_private_names():
    files = _scorepad()
    known = set(files)
    found = [
        (name, hit)
        for name, (source, package) in files.items()
        for hit in private_imports(source, name, known, package)
    ]
    assert found == []
