"""What a club's pages show, from the club read whole (store.club_view): the ratings as
rows, a person's rating history and each game's change in words. No database work here
but the one read of the club; the templates show these values as they are."""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort

from ...core.club import Member
from ...core.ratings import Change, Skill, chances
from ...store.club_view import ClubView, club_view
from ...store.clubs import club_of_game
from ...store.storage import StoredGame
from ..db import get_db
from ..words import signed
from ..words.ratings import change_text, percent, rating_text

NEW = Skill()


@dataclass(frozen=True)
class RatingRow:
    """One person's line in the club's ratings."""

    rank: int
    anchor: str
    name: str
    rating: int
    words: str  # the rating with its band, and whether provisional
    provisional: bool
    games: int
    hidden: bool
    token: str


@dataclass(frozen=True)
class GameLine:
    """One rated game of a person's: its id, the sides, the change in words."""

    game_id: str
    sides: str
    words: str
    delta: str
    rating: int


def view_or_404(token: str, by: str = "id") -> ClubView:
    """The club by its manager id (or members' id), or a 404."""
    view = club_view(get_db(), token, by=by)
    if view is None:
        abort(404)
    return view


def skill_of(view: ClubView, anchor: str) -> Skill:
    """A person's skill now (a person with no finished game: a new one's)."""
    player = view.players.get(anchor)
    return player.skill if player is not None else NEW


def rating_rows(view: ClubView, *, public: bool) -> list[RatingRow]:
    """Every person rated, best first; `public`: those who keep off the lists left out."""
    rows: list[RatingRow] = []
    for player in view.ratings.ranked():
        member = view.by_anchor.get(player.name)
        if member is None or (public and member.hidden):
            continue
        skill = player.skill
        rows.append(
            RatingRow(
                len(rows) + 1,
                member.anchor,
                member.name,
                skill.rating,
                rating_text(skill),
                skill.provisional,
                skill.games,
                member.hidden,
                view.club.card_token(member.anchor),
            )
        )
    return rows


def _side_names(view: ClubView, change: Change, sides: list[list[str]]) -> str:
    names = [
        " & ".join(view.by_anchor[a].name if a in view.by_anchor else a for a in side)
        for side in sides
    ]
    return " vs ".join(names)


def history(view: ClubView, member: Member) -> list[GameLine]:
    """A person's rated games, newest first, each with its change in one sentence."""
    lines = []
    for game_id, done, change in view.games_of.get(member.anchor, ()):
        sides = [list(done.game.people(s)) for s in range(len(done.game.sides))]
        lines.append(
            GameLine(
                game_id,
                _side_names(view, change, sides),
                change_text(change),
                signed(change.delta),
                change.after.rating,
            )
        )
    return lines[::-1]


def chart_points(lines: list[GameLine], width: int = 300, height: int = 80) -> str:
    """The rating's history as an SVG polyline's points, oldest at the left."""
    ratings = [line.rating for line in reversed(lines)]
    if len(ratings) < 2:
        return ""
    low, high = min(ratings), max(ratings)
    span = max(high - low, 1)
    step = width / (len(ratings) - 1)
    return " ".join(
        f"{round(i * step, 1)},{round(height - (r - low) * height / span, 1)}"
        for i, r in enumerate(ratings)
    )


@dataclass(frozen=True)
class PairRow:
    """One partnership's line in the club's ratings."""

    rank: int
    names: str
    rating: int
    words: str
    games: int


def pair_rows(view: ClubView, *, public: bool = False) -> list[PairRow]:
    """Every partnership rated, best first; `public`: none with a hidden partner."""
    return []


def card_stats(view: ClubView, member: Member) -> dict | None:
    """The card's statistics (games, wins, bids made...): from the core's card."""
    return {} if not view.games else None


def chance_line(stored: StoredGame) -> str | None:
    """Each side's chance of winning a club game not over, from the club's ratings
    before it (the core's `chances`); None for a game of no club's."""
    if stored.score().over:
        return None
    db = get_db()
    club_id = club_of_game(db, stored.id)
    view = club_view(db, club_id) if club_id else None
    if view is None:
        return None
    table = stored.game.table
    teams = [
        [skill_of(view, view.person(table.players[s])) for s in seats] for seats in table.sides
    ]
    odds = chances(teams)
    names = [side.name for side in stored.score().sides]
    return "Chances to win, from the club's ratings: " + " · ".join(
        f"{name} {percent(p)}" for name, p in zip(names, odds)
    )
