"""Who handles what: the message bus's one table (store/bus.py hands each value of
core/happened.py to these, in this order). docs/architecture.md draws it.

IN_WRITE handlers run inside the teller's transaction, before its COMMIT: another
aggregate's invariant that must hold with the change (a table's game finishing ends its
round; a game or a night started for a club is filed in it); one that refuses undoes the
whole command. AFTER_COMMIT handlers run once the COMMIT succeeded, and only refresh what
is kept (the scored-game cache). A handler is where one aggregate reacts to another: the
game's in `commands/on_news.py`, the night's in `event_commands`, the club's in
`club_commands/filing.py`, the season's in `season_commands/transfer.py`.
"""

from __future__ import annotations

from ..core.happened import (
    GameSaved,
    GamesBroughtIn,
    GameStartedInClub,
    GameWritten,
    NightBroughtIn,
    NightStarted,
    SeasonNightOpened,
    SeasonsBroughtIn,
    SlipHandEntered,
    SlipTotalsEntered,
    TableDrawn,
    TableEnded,
    TableGameDeleted,
    TableReseated,
    TableSaved,
    TimeUp,
)
from . import bus
from .bus import Table
from .club_commands import filing as club
from .commands import on_news as game
from .event_commands import tables as night_clock
from .event_commands import transfer as night
from .season_commands import transfer as season

IN_WRITE: Table = {
    # the game tells
    TableSaved: (night_clock.table_saved,),  # time called noted; the round done, or TimeUp
    GameStartedInClub: (club.game_started_in_club,),  # filed into the club
    GameWritten: (club.game_written,),  # the versions of the clubs it counts for move
    TableGameDeleted: (night_clock.table_game_deleted,),  # the round done, if all over
    # the club night tells
    TimeUp: (game.time_up,),  # the game ends now (and is saved at its table again)
    TableEnded: (game.table_ended,),
    TableReseated: (game.table_reseated,),
    SlipTotalsEntered: (game.slip_totals,),
    SlipHandEntered: (game.slip_hand,),
    TableDrawn: (game.table_drawn, club.table_drawn),  # its game written; its club's version
    NightStarted: (club.night_started,),  # filed into the club, if for one
    GamesBroughtIn: (game.games_brought_in,),  # a night's or a club's file: its games
    # the season tells
    SeasonNightOpened: (night.season_night_opened,),  # the night written; NightStarted
    # the club tells
    NightBroughtIn: (night.night_brought_in,),
    SeasonsBroughtIn: (season.seasons_brought_in,),
}

AFTER_COMMIT: Table = {
    GameSaved: (game.keep,),  # the scored-game cache keeps the game as written
}

bus.wire(IN_WRITE, AFTER_COMMIT)
