"""The game's handlers: what a game does when another aggregate tells the bus something
(store/handlers.py lists who handles what). Each runs inside the teller's write, through
the same steps as the game's own commands (`_run.change_in`), except `keep`, which runs
after the COMMIT."""

from __future__ import annotations

from ...core.happened import (
    GameSaved,
    GamesBroughtIn,
    SlipHandEntered,
    SlipTotalsEntered,
    TableDrawn,
    TableEnded,
    TableReseated,
    TableSaved,
    TimeUp,
)
from .. import commands as game_commands
from .. import storage
from ..bus import Unit
from ._run import change_in, end
from .games import end_act, insert_games, reseat_act
from .sent import left
from .slips import final_act, hand_act


def keep(news: GameSaved, unit: Unit) -> None:
    """After the COMMIT: the scored-game cache keeps the game as the write left it."""
    storage.remember(unit.db, unit.games[news.game_id])


def time_up(news: TimeUp, unit: Unit) -> None:
    """Time was up at the table: the game ends now (the core decides how); that end is
    a save at the table too (the round may be over with it)."""
    ended = unit.wrote(end(unit.db, unit.games[news.game_id]))
    unit.tell(TableSaved(ended.id, ended.score(), ended.score(), news.at))


def table_ended(news: TableEnded, unit: Unit) -> None:
    """The director ended the table's game."""
    change_in(unit, news.game_id, end_act(unit.db, None), "over")


def table_reseated(news: TableReseated, unit: Unit) -> None:
    """New names at the table's seats; the hands stay with their seats."""
    change_in(unit, news.game_id, reseat_act(unit.db, lambda _: news.players), "settings")


def slip_totals(news: SlipTotalsEntered, unit: Unit) -> None:
    """The game over with the slip's final totals; the phone's key noted with them."""
    change_in(unit, news.game_id, final_act(unit.db, news.final), "over", news.key)
    _left(unit, news.game_id, news.key)


def slip_hand(news: SlipHandEntered, unit: Unit) -> None:
    """The slip's hand, the game's next; the phone's key noted with it."""
    change_in(unit, news.game_id, hand_act(unit.db, news.hand), "fix", news.key)
    _left(unit, news.game_id, news.key)


def _left(unit: Unit, game_id: str, key: tuple[str, int] | None) -> None:
    """The revision the slip's write left, kept with its key (one revision a write)."""
    if key is not None:
        left(unit.db, game_id, key[0], unit.games[game_id].revision)


def table_drawn(news: TableDrawn, unit: Unit) -> None:
    """A started round's table gets its game (read from the file once committed)."""
    stored = game_commands.insert_game(unit.db, news.game, game_id=news.game_id)
    unit.wrote(stored, keep=False)


def games_brought_in(news: GamesBroughtIn, unit: Unit) -> None:
    """The games of a night's or a club's file, stored in the write of the rest of it."""
    insert_games(unit, news.ids, news.games, dict(news.rematch_of))
