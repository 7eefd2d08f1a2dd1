"""The club's handler of a write to a game that counts for it (filed itself, or played
at a club night filed in it): each such club's count of writes to its games moves by one,
and its count of writes to games over (before or after the write: what the ratings read)
with `rated` (store/club_view.py: the marks). Inside the game's own write."""

from __future__ import annotations

from ...core.happened import GameDeleted, GameWritten
from ..bus import Unit

_CLUBS_OF = (
    "insert into club_marks (club_id, games, rated) select club_id, 1, :rated from ("
    "select club_id from club_games where game_id = :game union "
    "select e.club_id from event_matches m join club_events e on e.event_id = m.event_id "
    "where m.game_id = :game) where true "
    "on conflict (club_id) do update set games = games + 1, rated = rated + :rated"
)


def game_written(news: GameWritten | GameDeleted, unit: Unit) -> None:
    """A game that counts for clubs was written or is deleted: their marks move."""
    unit.db.execute(_CLUBS_OF, {"game": news.game_id, "rated": int(news.rated)})
