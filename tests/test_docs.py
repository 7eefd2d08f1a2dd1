"""The user docs agree with the code: docs/gamefile.md's examples import (or are refused) as
they say, and docs/rules.md explains every house rule scorepad knows."""

from __future__ import annotations

import json
import re

import pytest

from scorepad.core.errors import GameError
from scorepad.core.rules import RULE_SPECS
from scorepad.files import game as gamefile
from tests.live import ROOT

DOCS = ROOT / "docs"
# A marker line, then a fenced JSON block: what the example is meant to show.
BLOCK = re.compile(
    r"<!-- example: (import|export|part|refused \"([^\"]+)\") -->\n"
    r"```json\n(.*?)```",
    re.S,
)


def examples(kind: str) -> list[tuple[str, str | None, object]]:
    found = [
        (m.group(1).split()[0], m.group(2), json.loads(m.group(3)))
        for m in BLOCK.finditer((DOCS / "gamefile.md").read_text())
    ]
    return [(k, message, doc) for k, message, doc in found if k == kind]


def read(doc: object) -> gamefile.Game:
    """Read a documented example as a file: a refusal fails the test that reads it."""
    return gamefile.loads(json.dumps(doc))


def test_every_json_block_is_marked_and_valid():
    text = (DOCS / "gamefile.md").read_text()
    fenced = text.count("```json")
    assert fenced >= 5 and len(BLOCK.findall(text)) == fenced
    assert examples("import") and examples("export") and examples("refused")


@pytest.mark.parametrize("index", range(len(examples("import"))))
def test_import_examples_import(index):
    _, _, doc = examples("import")[index]
    game = read(doc)
    assert gamefile.export(game)["players"] == doc["players"]


@pytest.mark.parametrize("index", range(len(examples("part"))))
def test_hand_examples_import_inside_a_game(index):
    _, _, hand = examples("part")[index]
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["Maya", "Tom", "Rosa", "Jun"],
        "rules": {"blind_bid": 6, "blind_bid_trailing_by": 0},
        "hands": [hand],
    }
    game = read(doc)
    assert game.score().hands[0].sides is not None


def test_export_example_is_what_scorepad_exports():
    ((_, _, doc),) = examples("export")
    exported = gamefile.export(read(doc))
    for key in ("format", "mode", "players", "first_dealer", "sides", "status", "winner", "hands"):
        assert exported[key] == doc[key], key
    # the docs shorten the rules: what they show is what the export holds
    assert doc["rules"].items() <= exported["rules"].items()


@pytest.mark.parametrize("index", range(len(examples("refused"))))
def test_refused_examples_are_refused_with_their_message(index):
    _, message, doc = examples("refused")[index]
    with pytest.raises(GameError) as refused:
        gamefile.loads(json.dumps(doc))
    assert str(refused.value) == message


@pytest.mark.parametrize("key", [spec.key for spec in RULE_SPECS])
def test_every_house_rule_is_in_the_rules_doc(key):
    rows = [
        line
        for line in (DOCS / "rules.md").read_text().splitlines()
        if line.startswith(f"| `{key}` |")
    ]
    assert len(rows) == 1, f"docs/rules.md has no row for the house rule {key!r}"
    default = next(s.default for s in RULE_SPECS if s.key == key)
    shown = (
        {True: "on", False: "off", None: "none"}.get(default, default)
        if isinstance(default, bool | type(None))
        else default
    )
    assert re.match(rf"\| `{key}` \| `?{re.escape(str(shown))}`? \|", rows[0]), rows[0]


def test_readme_points_to_the_docs():
    readme = (ROOT / "README.md").read_text()
    assert "docs/gamefile.md" in readme and "docs/rules.md" in readme
    assert "shared notes" not in readme
