"""The house style that tools can check: ruff's rules and typed signatures in scorepad/."""

from __future__ import annotations

import ast
import re
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
    "scorepad/files": ("scorepad.core", "scorepad.files"),
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


# The one library the core may use, and where: openskill (pure, no I/O) rates players.
CORE_LIBRARIES = {"ratings.py": {"openskill"}}


def test_the_core_uses_the_standard_library_only():
    allowed = set(sys.stdlib_module_names) | {"scorepad", "__future__"}
    files = sorted((ROOT / "scorepad" / "core").rglob("*.py"))
    assert files
    for path in files:
        for module in _imports(path):
            here = allowed | CORE_LIBRARIES.get(path.name, set())
            assert module.split(".")[0] in here, (path.name, module)


# Seat arithmetic in a template: "(dealer + 1) % n", "loop.index0 + first", "seat % 2".
_JINJA = re.compile(r"\{\{(.*?)\}\}|\{%-?(.*?)-?%\}", re.S)
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_SEAT = r"(?:\bdealer\b|\bseat\b|\bleader\b|\bloop\.index0?\b)"
_SEAT_SUM = re.compile(rf"{_SEAT}\s*[-+%]|[-+%]\s*{_SEAT}|\)\s*%\s*\w")


def seat_arithmetic(source: str) -> list[str]:
    """The Jinja expressions of a template that work out a seat by arithmetic."""
    found = []
    for match in _JINJA.finditer(source):
        code = _QUOTED.sub("''", match.group(1) or match.group(2) or "")
        if _SEAT_SUM.search(code):
            found.append(match.group(0))
    return found


def test_the_seat_check_finds_seat_arithmetic():
    assert seat_arithmetic("{{ table.players[(dealer + 1) % table.players|length] }}")
    assert seat_arithmetic("{% set seat = (first + i) % n %}")
    assert seat_arithmetic("{{ loop.index0 + 1 }}")
    assert not seat_arithmetic("{{ pick(form['bid_' ~ seat], 'seat-count') }} 50 % off")


def test_no_template_works_out_a_seat_from_the_dealer():
    """Who deals, who leads and the bidding order come from the core's next hand."""
    found = {
        path.name: seat_arithmetic(path.read_text())
        for path in (ROOT / "templates").rglob("*.html")
    }
    assert {name: hits for name, hits in found.items() if hits} == {}


_FIGURE = r"\b(?:target|totals?|contract(?:_tricks)?|points|bags|tricks|penalty\w*|nil_value)\b"
_FIGURE_SUM = re.compile(rf"{_FIGURE}\s*[-+*]\s*[\w(]|[\w)]\s*[-+*]\s*(?:[\w.]+\.)?{_FIGURE}")


def score_arithmetic(source: str) -> list[str]:
    """The Jinja expressions of a template that work out a score figure by arithmetic."""
    found = []
    for match in _JINJA.finditer(source):
        code = _QUOTED.sub("''", match.group(1) or match.group(2) or "")
        if _FIGURE_SUM.search(code):
            found.append(match.group(0))
    return found


def test_the_score_check_finds_score_arithmetic():
    assert score_arithmetic("{{ score.rules.target - side.total }} to go")
    assert score_arithmetic("set by {{ r.contract - r.contract_tricks }}")
    assert score_arithmetic("{{ 2 * rules.nil_value }}")
    assert not score_arithmetic("{{ words.to_go(score, loop.index0) }} {{ r.set_by }}")
    assert not score_arithmetic("{{ 'Undo hand ' ~ last.number }} {{ side.total }}")


def test_no_template_works_out_a_score():
    """To go, set by, a nil's value doubled: the core's figures, shown as they are."""
    found = {
        path.name: score_arithmetic(path.read_text())
        for path in (ROOT / "templates").rglob("*.html")
    }
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_the_script_holds_no_spades_facts():
    """The tricks of a hand and what a nil is reach app.js from the page (the core)."""
    script = (ROOT / "static" / "app.js").read_text()
    assert not re.findall(r"(?<![\w.#-])(?:13|17|51|52)(?![\w.])", script)
    assert not re.findall(r"[\"'`](?:nil|blind_nil|Nil|Blind nil)[\"'`]", script)
    # a table's seats and whether partners play come with its choice (data-seats, -partners)
    assert not re.findall(r"[\"'`](?:partnership|cutthroat)", script)


_HAND_WORDS = re.compile(r"\btricks?\b|\bunbid\b|\boverbid\b|\btook\b|too many|\bassign")
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`')


def script_faults(script: str) -> list[str]:
    """Where a script reads a chip's value as a number (not the count the core gave it,
    data-n) or says hand-entry words of its own (not the page's, from web/words)."""
    found = re.findall(r"Number\([^)]*(?:\.value\b|checkedValue)[^)]*\)", script)
    words = [text for text in _LITERAL.findall(script) if " " in text]  # not a selector
    return found + [text for text in words if _HAND_WORDS.search(text)]


def test_the_script_check_finds_sums_of_values_and_words_of_its_own():
    assert script_faults("sum += Number(checkedValue(g)) || 0;")
    assert script_faults("out.textContent = `${left} of ${top} tricks still to assign.`;")
    assert script_faults('parts.push(left >= 0 ? `${left} unbid` : "overbid");')
    assert not script_faults("sum += Number(input.dataset.n); fill(say.left, { n: left });")


def test_the_script_adds_the_cores_counts_and_says_the_pages_words():
    """The live sums add the tricks each chip counts for (data-n, from the core's next
    hand) and say the phrases the page carries (data-*, from web/words)."""
    script = (ROOT / "static" / "app.js").read_text()
    assert "dataset.n" in script and _LITERAL.findall(script)
    assert script_faults(script) == []


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


def test_who_won_is_worded_in_web_words_alone():
    """ "Alice & Cara win", "Ann wins", "a draw": only web/words names a game's winner."""
    winner = re.compile(r"sides\[\s*[\w.]*winner\s*\]")
    places = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "scorepad" / "web").rglob("*.py")]
    named = {p.relative_to(ROOT).as_posix() for p in places if winner.search(p.read_text())}
    assert named <= {"scorepad/web/words/__init__.py", "scorepad/web/words/rules.py"}
    assert "scorepad/web/words/__init__.py" in named  # the check finds where it is
