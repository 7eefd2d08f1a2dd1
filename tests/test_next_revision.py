"""One rule for a game's next revision: a write takes one revision, above every revision
and every hand's version before it, and each hand it writes takes that revision."""

from __future__ import annotations

from scorepad.core.game import Game
from scorepad.core.rules import Rules
from scorepad.store import commands, storage
from tests.helpers import hand, partnership


def _imported(db, hands) -> str:
    game = Game(partnership(), Rules(), tuple(hands))
    return commands.import_game(db, game, game.score()).id


def test_a_hand_written_takes_the_revision_its_game_takes(db):
    game_id = _imported(db, [])
    for number in (1, 2):
        fresh = commands.record_bids(db, game_id, number, [3, 3, 3, 4])
        assert fresh.versions[-1] == fresh.revision
        fresh = commands.record_tricks(db, game_id, number, fresh.revision, [3, 3, 3, 4])
        assert fresh.versions[-1] == fresh.revision == storage.load_game(db, game_id).revision


def test_a_write_without_a_hand_goes_above_every_imported_version(db):
    """An imported game's hands have version 1 at revision 0: a write that writes no hand
    still takes a revision above them, as a write with a hand does."""
    game_id = _imported(db, [hand([3, 3, 3, 4], [3, 3, 3, 4])])
    before = storage.load_game(db, game_id)
    assert (before.revision, before.versions) == (0, (1,))
    ended = commands.end_now(db, game_id, 0)
    assert ended.revision == 2 > max(before.versions)
