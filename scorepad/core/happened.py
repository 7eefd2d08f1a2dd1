"""What happened: the domain events one aggregate's command tells the others.

In scorepad an "event" is a club night (store/events.py), so the domain events of the
message bus are called what they are: things that happened ("news"), each a frozen
value of ids and core values, named in the past tense. A command changes only its own
aggregate (a game, a night, a club, a season) and tells what happened; the bus
(store/bus.py) hands each value to the handlers of the other aggregates, listed in one
table (store/handlers.py; docs/architecture.md draws it).

Ids a handler creates rows under are chosen by the command that tells the news (a night
started for a season's night carries the night's new id), so no handler answers back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .event import Settings
from .game import Game
from .model import GameScore
from .records import Hand
from .roster import Entrant, Match, Round
from .rules import Rules
from .season_settings import SeasonRecord


class Happened:
    """Something one aggregate's command did that others may react to."""


# The game


@dataclass(frozen=True)
class GameSaved(Happened):
    """A game was written (a hand, a fix, its end, its names): once committed, the game as
    written is the one the scored-game cache keeps."""

    game_id: str


@dataclass(frozen=True)
class GameWritten(Happened):
    """A game's hands, end, names or rules were written, or the game is being deleted:
    the clubs it counts for have one more write to their games. `rated`: the game is
    over before or after the write, so what the ratings read of it may have changed."""

    game_id: str
    rated: bool


@dataclass(frozen=True)
class GameStartedInClub(Happened):
    """A new game was started (or imported, or a rematch made) to count for a club.
    `edited`: a change of the manager's (False: a rematch a table's phone made, which
    stales no form of the manager's pages)."""

    game_id: str
    club_id: str
    edited: bool = True


@dataclass(frozen=True)
class TableSaved(Happened):
    """A save of a game a club night's table plays: its score before and after, and when.
    `by_table`: sent by the table's own link (or a seat's), whose powers end with its
    round; else by one who may change the game at any time (its director)."""

    game_id: str
    before: GameScore
    after: GameScore
    at: float
    by_table: bool = False


@dataclass(frozen=True)
class GamesBroughtIn(Happened):
    """Games read from a file are to be stored under these new ids (with a night's or a
    club's file: in the same write as the rest of it)."""

    ids: tuple[str, ...]
    games: tuple[tuple[Game, GameScore], ...]
    rematch_of: tuple[tuple[str, str], ...] = ()  # (a game's id, the id it is a rematch of)


# The club night (an "event" in the store)


@dataclass(frozen=True)
class TimeUp(Happened):
    """Time was called at a table and its last hand is done: the game ends now."""

    game_id: str
    at: float


@dataclass(frozen=True)
class TableEnded(Happened):
    """The director ended a table's game now."""

    game_id: str


@dataclass(frozen=True)
class TableGameDeleted(Happened):
    """The director deleted the game of table `table` in round `round` of club night
    `event_id` (the game's rows already gone when the night hears of it)."""

    game_id: str
    event_id: str
    round: int
    table: int


@dataclass(frozen=True)
class TableReseated(Happened):
    """The director put these names at a table's seats (a substitute, or a swap)."""

    game_id: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class SlipTotalsEntered(Happened):
    """The director entered a table's paper slip: its final totals and bags."""

    game_id: str
    final: tuple[tuple[int, int], ...]
    key: tuple[str, int] | None = None  # the phone's key of this save, kept with it


@dataclass(frozen=True)
class SlipHandEntered(Happened):
    """The director entered one hand of a table's paper slip, bids and tricks."""

    game_id: str
    hand: Hand
    key: tuple[str, int] | None = None  # the phone's key of this save, kept with it


@dataclass(frozen=True)
class TableDrawn(Happened):
    """A started round's table of a night is to be played as this game, under this new
    id."""

    game_id: str
    game: Game
    event_id: str


@dataclass(frozen=True)
class NightStarted(Happened):
    """A new club night was made (`club_id`: to count for that club)."""

    event_id: str
    club_id: str | None


# The season


@dataclass(frozen=True)
class SeasonNightOpened(Happened):
    """A season's night is to be played as a new club night of its club, under this new
    id, with these entrants and (drawn for the season) rounds and tables."""

    event_id: str
    club_id: str
    settings: Settings
    rules: Rules
    entrants: Sequence[Entrant]
    rounds: Sequence[Round]
    matches: Sequence[tuple[Match, None]]


# The club


@dataclass(frozen=True)
class NightBroughtIn(Happened):
    """A night of a club's file is to be stored under this new id, its games (already
    brought in) under `game_ids`, each the game of match `index`."""

    event_id: str
    settings: Settings
    rules: Rules
    entrants: Sequence[Entrant]
    rounds: Sequence[Round]
    matches: Sequence[tuple[Match, Game | None]]
    game_ids: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class SeasonsBroughtIn(Happened):
    """The seasons of a club's file, their nights linked to the nights brought in."""

    club_id: str
    records: Sequence[SeasonRecord]
    event_ids: tuple[str, ...]
