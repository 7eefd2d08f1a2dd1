"""English words only in scorepad/web/words (issue 31): every view module of scorepad/web
outside words/ is read with `ast`, and a string constant or f-string that reads as an
English sentence shown to a user fails, unless it goes through gettext there
(`_`, `gettext`, `ngettext`, `lazy_gettext`, `_l`, `N_`).

What is not shown to a user is allowed (ALLOWED below): docstrings, what a logger writes,
a programmer's own exceptions (ValueError and the like), SQL, HTTP header values, config
keys, CSS classes, template names and URLs (none of these read as a sentence anyway)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "scorepad" / "web"
# Calls whose string arguments are words through the catalogue.
# (and the core's refusals, extracted too: -k GameError -k Phrase -k RulesError).
GETTEXT = {"_", "gettext", "ngettext", "pgettext", "lazy_gettext", "lazy_ngettext", "_l", "N_"}
GETTEXT |= {"plural", "GameError", "Phrase", "RulesError"}
# Calls whose string arguments a user never reads: a log line, a programmer's error, SQL.
ALLOWED = {
    "debug",
    "info",
    "warning",
    "error",
    "exception",
    "critical",  # logger.*
    "ValueError",
    "TypeError",
    "KeyError",
    "RuntimeError",
    "AssertionError",
    "LookupError",
    "NotImplementedError",
    "execute",
    "executemany",
    "executescript",  # SQL
}
# Strings that look like sentences and are names: the game's and the app's (a share title).
NAMES = {"Spades - scorepad"}
# A sentence: two words of letters (a value put in, ·, between them or not) and a space,
# and a capital first or a stop at the end.
_WORD = re.compile(r"[A-Za-z]{2,}")
_SENTENCE = re.compile(r"^\s*[A-Z][a-z']* |[a-z][.!?]\s*$")


def _reads_as_sentence(text: str) -> bool:
    words = len(_WORD.findall(text)) >= 2 and " " in text.strip()
    return words and bool(_SENTENCE.search(text))


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr):
            if isinstance(node.body[0].value, ast.Constant):
                found.add(id(node.body[0].value))
    return found


def _skipped(tree: ast.AST) -> set[int]:
    """The strings inside gettext calls and inside the allowed calls, and docstrings."""
    skipped = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in GETTEXT | ALLOWED:
            skipped.update(id(inner) for inner in ast.walk(node))
    return skipped


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else "·" for part in node.values
        )
    return None


def english_in(path: Path) -> list[str]:
    """Each sentence in `path` that is not through gettext: `line: text`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _skipped(tree)
    found = []
    for node in ast.walk(tree):
        inside_fstring = isinstance(node, ast.JoinedStr)
        if id(node) in skipped or (isinstance(node, ast.Constant) and _in_fstring(tree, node)):
            continue
        text = _text(node)
        if text is not None and text not in NAMES and _reads_as_sentence(text):
            found.append(f"{node.lineno}: {text!r}" + (" (f-string)" if inside_fstring else ""))
    return found


def _in_fstring(tree: ast.AST, node: ast.AST) -> bool:
    parents = getattr(tree, "_fstring_parts", None)
    if parents is None:
        parents = {
            id(part) for f in ast.walk(tree) if isinstance(f, ast.JoinedStr) for part in f.values
        }
        tree._fstring_parts = parents  # type: ignore[attr-defined]
    return id(node) in parents


def _modules() -> list[Path]:
    return sorted(p for p in WEB.rglob("*.py") if "words" not in p.relative_to(WEB).parts)


def test_the_guard_reads_a_flash_as_english():
    assert _reads_as_sentence("The game was ended.")
    assert _reads_as_sentence("Hand · is back, as it was saved.")
    assert _reads_as_sentence("·'s bid is missing.")
    assert _reads_as_sentence("These · were not saved: ")
    assert not _reads_as_sentence("·:· ·.")  # names and marks only
    assert not _reads_as_sentence("games/page.html")
    assert not _reads_as_sentence("no-store")
    assert not _reads_as_sentence("img-src 'self' data:")
    assert not _reads_as_sentence("SELECT id FROM games")


def test_no_english_sentence_outside_words():
    found = {
        str(path.relative_to(WEB)): words for path in _modules() if (words := english_in(path))
    }
    assert not found, "\n".join(f"{path}: {w}" for path, ws in found.items() for w in ws)


def test_the_guard_finds_a_flash_and_lets_gettext_logs_and_docstrings_be(tmp_path):
    module = tmp_path / "view.py"
    module.write_text(
        '"""A view module."""\n'
        "def done(number):\n"
        '    """Say it."""\n'
        '    logger.info("Hand saved by the scorer.")\n'
        '    ok = _("Hand %(number)d deleted.", number=number)\n'
        '    return flashed("/games", f"Hand {number} deleted.")\n',
        encoding="utf-8",
    )
    assert english_in(module) == ["6: 'Hand · deleted.' (f-string)"]
