"""The house style that tools can check: ruff's rules and typed signatures in scorepad/."""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import pkgutil
import re
import subprocess
import sys
import typing
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


# The route decorators of a blueprint's own (events' and seasons' blueprint.py): a
# director's or a manager's form, its night or season found first.
ROUTES = {"director_post", "manager_post"}


def _routed(decorator: ast.expr) -> bool:
    """@bp.get(...), @bp.route(...), or one of the blueprints' own ROUTES."""
    if not isinstance(decorator, ast.Call):
        return False
    called = decorator.func
    if isinstance(called, ast.Name):
        return called.id in ROUTES
    return isinstance(called, ast.Attribute) and getattr(called.value, "id", None) == "bp"


def _views(path: Path) -> list[ast.FunctionDef]:
    """The functions of a module routed by a blueprint (@bp.get, @bp.route...)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and any(_routed(d) for d in node.decorator_list)
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


# A core value (a status, a kind, a mode, a reason, a phase) is asked of the core, never
# compared as a string above it. The fields are the core's dataclass fields typed with
# one of its enums; ALSO names what the layers above call such a value themselves.
ALSO = ("round_status", "phase", "state", "stage", "type")
ABOVE_CORE = ("store", "web", "files", "serving", "cli.py", "__init__.py")


def _enum_typed(hint: object) -> bool:
    """Whether a type hint is (or holds, as in `X | None`) an enum of the core."""
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return True
    return any(_enum_typed(arg) for arg in typing.get_args(hint))


def core_value_fields() -> set[str]:
    """The names of the core's fields (and properties) whose values are one of its enums."""
    import scorepad.core

    found: set[str] = set()
    for info in pkgutil.iter_modules(scorepad.core.__path__):
        module = importlib.import_module(f"scorepad.core.{info.name}")
        for value in vars(module).values():
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            if not (dataclasses.is_dataclass(value) or hasattr(value, "_fields")):
                continue
            hints = typing.get_type_hints(value)
            found.update(name for name, hint in hints.items() if _enum_typed(hint))
            for name, member in vars(value).items():
                if isinstance(member, property) and member.fget is not None:
                    returns = typing.get_type_hints(member.fget).get("return")
                    if _enum_typed(returns):
                        found.add(name)
    return found


def _named(node: ast.expr, names: set[str]) -> bool:
    """Whether an expression ends in one of the names: `x.kind`, `kind`, `row["kind"]`."""
    if isinstance(node, ast.Attribute):
        return node.attr in names
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Subscript):
        key = node.slice
        return isinstance(key, ast.Constant) and key.value in names
    return False


def _words(node: ast.expr, named: frozenset[str] = frozenset()) -> bool:
    """A str constant, or a tuple, list or set of them, or a module's name for one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_words(e) for e in node.elts)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
        return node.func.id in ("frozenset", "set", "tuple") and _words(node.args[0])
    return isinstance(node, ast.Name) and node.id in named


def _word_names(tree: ast.Module) -> frozenset[str]:
    """The module's own names for words: `DECIDING = ("need", "set_out")`."""
    return frozenset(
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign) and _words(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    )


def string_comparisons(source: str, names: set[str]) -> list[int]:
    """The lines where a core value's field is compared with a string (==, !=, in, not
    in) or looked up in a dict keyed by strings."""
    found = []
    tree = ast.parse(source)
    words = _word_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, sides, sides[1:]):
                if not isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                    continue
                if (_named(left, names) and _words(right, words)) or (
                    _named(right, names) and _words(left, words)
                ):
                    found.append(node.lineno)
        elif isinstance(node, ast.Match) and _named(node.subject, names):
            values = [p for case in node.cases for p in ast.walk(case.pattern)]
            if any(isinstance(p, ast.MatchValue) and _words(p.value) for p in values):
                found.append(node.lineno)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
            keys = node.value.keys
            if keys and all(k is not None and _words(k) for k in keys):
                if _named(node.slice, names):
                    found.append(node.lineno)
    return found


def template_comparisons(source: str, names: set[str]) -> list[str]:
    """The Jinja expressions comparing such a field with a string literal."""
    field = "|".join(sorted(names))
    compared = re.compile(
        rf"""\b(?:{field})\s*(?:==|!=)\s*['"]|['"]\s*(?:==|!=)\s*[\w.]*\b(?:{field})\b"""
        rf"""|\b(?:{field})\s+(?:not\s+)?in\s*[(\[]\s*['"]|\}}\s*\[\s*[\w.]*\b(?:{field})\s*\]"""
    )
    return [
        match.group(0)
        for match in _JINJA.finditer(source)
        if compared.search(match.group(1) or match.group(2) or "")
    ]


def sql_comparisons(source: str, names: set[str]) -> list[int]:
    """The lines of SQL text that set or compare such a field with a quoted literal
    (`r.status = 'done'`, `status in ('drawn', 'playing')`): the value is the core's,
    bound as a parameter. SQLite's own catalogue (`sqlite_master`'s type) is not one."""
    field = "|".join(sorted(names))
    compared = re.compile(rf"""\b(?:{field})\s*(?:=|!=|<>|\bin\s*\()\s*'""", re.IGNORECASE)
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and compared.search(node.value)
        and "sqlite_master" not in node.value
    ]


def test_the_core_value_checks_find_strings_compared():
    names = {"kind", "status", "mode", "phase", "format"}
    for code in (
        'if r.kind == "playoff": pass',
        'x = "done" != self.round_status',
        'x = [r for r in rounds if r.status in ("drawn", "playing")]',
        'x = row["mode"] not in ["partnership"]',
        'x = {"swiss": 1, "individual": 2}[settings.format]',
        'x = 0 < r.status == "done"',
        'DECIDING = ("need", "set_out")\nx = [s for s in found if s.kind not in DECIDING]',
        'match r.kind:\n    case "playoff":\n        pass',
    ):
        assert string_comparisons(code, names | {"round_status", "status"}), code
    for code in ("x = r.kind is RoundKind.PLAYOFF", "x = r.is_playoff", 'x = r.name == "Ann"'):
        assert not string_comparisons(code, names), code
    for page in (
        "{% if r.kind == 'playoff' %}",
        '{{ _("Side") if table.mode != "partnership" }}',
        "{% if t.phase in ('bidding', 'playing') %}",
        "{{ {'swiss': _('Swiss')}[event.settings.format] }}",
    ):
        assert template_comparisons(page, names), page
    assert not template_comparisons("{% if r.playoff %}{{ t.status }}{% endif %}", names)
    for sql in (
        "q = \"select 1 from r where r.status = 'done'\"",
        'q = ("update event_rounds set status = \'playing\', "\n     "started_at = ?")',
        "q = \"select * from r where kind != 'playoff' and STATUS IN ('drawn')\"",
    ):
        assert sql_comparisons(sql, names), sql
    assert not sql_comparisons("q = \"select 1 from r where r.status = ? and name = 'x'\"", names)


def test_core_values_are_asked_of_the_core_never_compared_as_strings():
    """Statuses, kinds, modes, reasons and phases are the core's enums: the layers
    above read its properties (`score.over`, `round.is_playoff`, `table.partnership`),
    never compare the field with a string (issue 40)."""
    fields = core_value_fields()
    assert {"status", "kind", "mode", "reason", "format", "phase"} <= fields  # the walk finds them
    names = fields | set(ALSO)
    top = ROOT / "scorepad"
    files = [
        path
        for part in ABOVE_CORE
        for path in ([top / part] if part.endswith(".py") else sorted((top / part).rglob("*.py")))
    ]
    templates = sorted((ROOT / "templates").rglob("*.html"))
    assert len(files) > 100 and len(templates) > 50  # the walk finds the layers and pages
    code = {
        p.relative_to(ROOT).as_posix(): string_comparisons(p.read_text(encoding="utf-8"), names)
        for p in files
    }
    pages = {
        p.relative_to(ROOT).as_posix(): template_comparisons(p.read_text(encoding="utf-8"), names)
        for p in templates
    }
    # and the store's SQL binds the core's value, never spells it (store/ is above the core)
    sql = {
        p.relative_to(ROOT).as_posix(): sql_comparisons(p.read_text(encoding="utf-8"), names)
        for p in sorted((top / "store").rglob("*.py"))
    }
    assert {k: v for k, v in {**code, **pages, **sql}.items() if v} == {}


FUNCTION = re.compile(r"\s*(\(?[\w\s,]*\)?\s*=>|function\b|async\b)")


def waits_not_a_function(source: str) -> list[int]:
    """The lines where a test's `wait_for_function` is given an expression, not a function:
    Playwright evaluates an expression again at each poll with eval, which the pages'
    Content-Security-Policy refuses, so such a wait fails whenever its first look is false."""
    tree = ast.parse(source)
    constants = {
        target.id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
        ):
            continue
        arg = node.args[0]
        if isinstance(arg, ast.JoinedStr) and arg.values:
            arg = arg.values[0]
        text = arg.value if isinstance(arg, ast.Constant) else constants.get(getattr(arg, "id", ""))
        if not isinstance(text, str) or not FUNCTION.match(text):
            found.append(node.lineno)
    return found


def test_the_wait_check_finds_an_expression():
    assert waits_not_a_function('p.wait_for_function("document.body.x === 1")') == [1]
    assert waits_not_a_function("E = 'x > 1'\np.wait_for_function(E)") == [2]
    assert waits_not_a_function('p.wait_for_function("() => 1")') == []
    assert waits_not_a_function('p.wait_for_function("img => img.complete", arg=q)') == []


def test_every_browser_wait_is_given_a_function():
    tests = sorted((ROOT / "tests").rglob("*.py"))
    found = {
        p.relative_to(ROOT).as_posix(): waits_not_a_function(p.read_text(encoding="utf-8"))
        for p in tests
    }
    assert sum("wait_for_function" in p.read_text(encoding="utf-8") for p in tests) > 5
    assert {path: lines for path, lines in found.items() if lines} == {}
