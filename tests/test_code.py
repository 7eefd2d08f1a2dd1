"""The house style that tools can check: ruff's rules and typed signatures in scorepad/."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.live import ROOT


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_finds_nothing():
    result = run("ruff", "check", "scorepad", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_one_formatter_has_formatted_everything():
    result = run("ruff", "format", "--check", "scorepad", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_signature_in_scorepad_is_typed():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def _imports(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved against its package."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


WEB_ONLY = ("flask", "flask_wtf", "wtforms", "werkzeug", "waitress", "jinja2", "markupsafe")
LAYERS = {
    # folder or module: what it may import of the project
    "scorepad/core": ("scorepad.core",),
    "scorepad/gamefile.py": ("scorepad.core",),
    "scorepad/store": ("scorepad.core", "scorepad.store"),
}


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_each_layer_imports_only_the_layers_below_it(layer):
    target = ROOT / layer
    files = [target] if target.is_file() else sorted(target.rglob("*.py"))
    assert files
    for path in files:
        for module in _imports(path):
            top = module.split(".")[0]
            assert top not in WEB_ONLY, (path.name, module)
            if top == "scorepad" and module != "scorepad":
                assert module.startswith(LAYERS[layer]), (path.name, module)


def test_the_core_uses_the_standard_library_only():
    allowed = set(sys.stdlib_module_names) | {"scorepad", "__future__"}
    files = sorted((ROOT / "scorepad" / "core").rglob("*.py"))
    assert files
    for path in files:
        for module in _imports(path):
            assert module.split(".")[0] in allowed, (path.name, module)


def _views(path: Path) -> list[ast.FunctionDef]:
    """The functions of a module routed by a blueprint (@bp.get, @bp.route...)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and any(
            isinstance(d, ast.Call)
            and isinstance(d.func, ast.Attribute)
            and isinstance(d.func.value, ast.Name)
            and d.func.value.id == "bp"
            for d in node.decorator_list
        )
    ]


def test_every_view_is_short():
    """A view validates, calls one command and shows its outcome: 40 lines at most."""
    views = [v for p in sorted((ROOT / "scorepad" / "web").rglob("*.py")) for v in _views(p)]
    assert len(views) > 30  # the walk finds the routes
    long = {v.name: v.end_lineno - v.lineno + 1 for v in views if v.end_lineno - v.lineno >= 40}
    assert long == {}
