"""RULES.md on fixing an earlier hand, against the reference scorer: the game scores as if
the file had held the fixed hand from the start; a fix a later hand's blind bid no longer
allows is refused; a fix after which the game is over before its last hand removes the
hands after that one only once the table confirms, and scores as the file cut there."""

from __future__ import annotations

import copy
import json
import re

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.files import game as gamefile
from scorepad.store import commands
from scorepad.store.outcomes import RemovesHands
from tests.reference_scorer import Refused, score
from tests.strategies import example_count
from tests.test_reference_scorer import comparable, game_files, hands, reference_result


@st.composite
def fixes(draw) -> tuple[dict, int, dict]:
    """A valid game of two or more hands, a hand of it and new bids and tricks for it."""
    doc = draw(game_files())
    doc.pop("ended", None)
    if reference_result(doc) is None or len(doc["hands"]) < 2:
        doc = {
            "format": "scorepad/1",
            "mode": "partnership",
            "players": ["Alice", "Ben", "Cara", "Dev"],
            "rules": {"target": 200},
            "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]} for _ in range(3)],
        }
    number = draw(st.integers(1, len(doc["hands"])))
    seats = len(doc["players"])
    new = draw(hands(doc["mode"], seats, 17 if seats == 3 else 13))
    played = doc["hands"][number - 1]["tricks"] is not None
    fixed = {"bids": new["bids"], "tricks": new["tricks"] if played else None}
    if fixed["tricks"] is not None and None in fixed["tricks"]:  # drawn by side: take seats
        fixed["tricks"] = None if not played else draw(hands(doc["mode"], seats, 13))["tricks"]
    return doc, number, fixed


def expected_fix(doc: dict, number: int, fixed: dict) -> tuple[dict | None, tuple[int, ...]]:
    """The reference's game after the fix, and the hands it removes (None: refused)."""
    new = copy.deepcopy(doc)
    hand = new["hands"][number - 1]
    hand.pop("side_tricks", None)
    hand.update(fixed)
    try:
        result = score(new)
    except Refused as err:
        over = re.match(r"hand (\d+): the game is over", str(err))
        if over is None or int(over.group(1)) <= number:
            return None, ()
        first_gone = int(over.group(1))
        new["hands"] = new["hands"][: first_gone - 1]
        result = score(new)
        removed = tuple(range(first_gone, len(doc["hands"]) + 1))
        del result["how"]
        return result, removed
    del result["how"]
    return result, ()


def scorepad_fix(db, doc: dict, number: int, fixed: dict) -> tuple[dict | None, tuple[int, ...]]:
    game, scored = gamefile.loads_scored(json.dumps(doc))
    stored = commands.import_game(db, game, scored)
    version = stored.versions[number - 1]

    def fix(confirm=None):
        return commands.fix_hand(
            db, stored.id, number, version, fixed["bids"], fixed["tricks"], confirm=confirm
        )

    removed: tuple[int, ...] = ()
    try:
        try:
            fresh = fix()
        except RemovesHands as asked:
            removed = asked.numbers
            fresh = fix((asked.revision, asked.numbers))
    except GameError:
        return None, ()
    return comparable(gamefile.export(fresh.game, fresh.score())), removed


@settings(
    max_examples=example_count(80),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(fixes())
def test_a_fix_scores_as_the_reference(db, case):
    doc, number, fixed = case
    expected = expected_fix(doc, number, fixed)
    event("refused" if expected[0] is None else "removes hands" if expected[1] else "fixed")
    assert scorepad_fix(db, doc, number, fixed) == expected
