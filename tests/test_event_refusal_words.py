"""Issue 26, what to build 2: the event commands answer with typed outcomes and
no English, and the web layer words every one. Each EventRefused code raised anywhere
in store/event_commands/ (read from the source) and every refusal the core's state
table can give (an action not allowed in a state, a condition it lacks) reads as a
sentence of words.events, never a KeyError's 500."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorepad.core.event_flow import ACTIONS, CONDITIONS, FLOW
from scorepad.store.event_commands.outcomes import EventRefused
from scorepad.web.words.events import refused

ROOT = Path(__file__).resolve().parents[1]
NUMBERS = {"want", "most", "round", "table", "rounds"}


def _raised() -> list[tuple[str, str | None, dict]]:
    """Each EventRefused(...) the event commands raise: its code, field and values, the
    values filled in as a page would find them (a number, a name)."""
    found = []
    for path in sorted((ROOT / "scorepad/store/event_commands").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "EventRefused"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                continue
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            field = keywords.pop("field", None)
            values = {
                k: 2 if k in NUMBERS else ["Ann"] if k == "names" else "Ann" for k in keywords
            }
            named = field.value if isinstance(field, ast.Constant) else None
            found.append((node.args[0].value, named, values))
    return found


def test_the_sweep_reads_the_commands_refusals():
    assert len({code for code, _, _ in _raised()}) >= 25


@pytest.mark.parametrize(("code", "field", "values"), [r for r in _raised() if r[0] != "flow"])
def test_every_refusal_of_an_event_command_has_its_words(code, field, values):
    said = refused(EventRefused(code, field=field, **values))
    assert said and said[-1] != ":" and "{" not in said


FLOW_VALUES = {"round": 2, "rounds": 4}


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("state", sorted(FLOW))
def test_every_refusal_of_the_state_table_has_its_words(state, action):
    kind, status = state
    values = {"action": action, "kind": kind, "status": status, **FLOW_VALUES}
    for why in ("state", *CONDITIONS):
        said = refused(EventRefused("flow", field="round", why=why, **values))
        assert said.startswith("round") and len(said) > len("round: ")
