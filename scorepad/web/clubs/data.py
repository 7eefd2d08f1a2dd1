"""What a club's pages show, from the club read whole (store.club_view): the ratings as
rows, a person's rating history and each game's change in words. No database work here
but the one read of the club; the templates show these values as they are."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from flask import abort, g

from ...core.card import Record
from ...core.club import Member
from ...core.game import Game
from ...core.names import name_key
from ...core.ratings import chances
from ...core.records import changed
from ...store.club_view import ClubView, club_view
from ...store.clubs import club_of_event, club_of_game
from ...store.storage import StoredGame
from .. import remembered
from ..db import get_db
from ..paging import Paged, page_of
from ..words import signed
from ..words.card import (
    card_facts,
    milestone_line,
    opponent_text,
    partner_text,
    results_text,
    streak_text,
)
from ..words.ratings import (
    chances_line,
    game_line,
    percent,
    rating_line,
    rating_text,
    score_text,
)


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
    """One rated game of a person's: its id, its date, who with and against, the score
    and the change in words, the rating after it."""

    game_id: str
    date: str
    words: str
    delta: str
    rating: int


def in_club(view: ClubView, games: Iterable[Game]) -> bool:
    """Whether any of these games is the very game of one the club holds already (the
    same file brought in twice, or a copy of a game filed): it would count twice."""
    held = {stored.game for stored in view.games}
    return any(game in held for game in games)


def view_or_404(token: str, by: str = "id") -> ClubView:
    """The club by its manager id (or members' id), or a 404."""
    view = club_view(get_db(), token, by=by)
    if view is None:
        abort(404)
    return view


def members_or_404(token: str, card: str | None = None) -> ClubView:
    """The club by its members' id, with the card `card` in it if given, or a 404. A
    members' or card link that finds nothing (replaced on another phone, its club gone)
    is let go of by this phone: its foot stops leading to it."""
    view = club_view(get_db(), token, by="members")
    if view is None or (card is not None and card not in view.by_token):
        remembered.forget_card(token, card)
        abort(404)
    return view


def rating_rows(view: ClubView, *, public: bool) -> list[RatingRow]:
    """Every person rated, best first; `public`: those who keep off the lists left out."""
    rows: list[RatingRow] = []
    for _, player, member in view.ranked_all:
        if public and member.hidden:
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


def _search(view: ClubView, items: tuple, anchor_of: Callable[[Any], str], query: str) -> tuple:
    """The items of the people with a name that holds `query` (all, for none)."""
    key = name_key(query)
    if not key:
        return items
    names = view.search_keys
    return tuple(item for item in items if key in names.get(anchor_of(item), ""))


def rating_page(view: ClubView, *, public: bool, query: str = "", page: int = 1) -> Paged:
    """One page of the people rated, best first, each with their rank among all;
    `query`: only those with a name that holds it (case and accents aside); `public`:
    those who keep off the lists left out. Rows are made for the page only."""
    ranked = view.ranked_public if public else view.ranked_all
    shown = page_of(_search(view, ranked, lambda r: r[2].anchor, query), page, query.strip())
    rows = tuple(
        RatingRow(
            rank,
            member.anchor,
            member.name,
            player.skill.rating,
            rating_text(player.skill),
            player.skill.provisional,
            player.skill.games,
            member.hidden,
            view.club.card_token(member.anchor),
        )
        for rank, player, member in shown.items
    )
    return changed(shown, items=rows)


@dataclass(frozen=True)
class PlayerLine:
    """A person on the manager's roster: who, a few of the names merged in, how many more."""

    number: int
    member: Member
    merged: tuple[tuple[str, str], ...]  # (name key, spelling), the first MERGED_SHOWN
    more: int  # names merged in beyond those


MERGED_SHOWN = 3  # names merged into a person the roster shows, each with its split button


def roster_page(view: ClubView, query: str = "", page: int = 1) -> Paged:
    """One page of the club's people by name; `query` as for the ratings."""
    found = _search(view, view.members, lambda m: m.anchor, query)
    shown = page_of(found, page, query.strip())
    lines = tuple(
        PlayerLine(
            shown.first + i,
            m,
            m.merged[:MERGED_SHOWN],
            max(0, len(m.merged) - MERGED_SHOWN),
        )
        for i, m in enumerate(shown.items)
    )
    return changed(shown, items=lines)


def _names(view: ClubView, anchors: list[str]) -> str:
    return " & ".join(view.by_anchor[a].name if a in view.by_anchor else a for a in anchors)


def history(view: ClubView, member: Member) -> list[GameLine]:
    """A person's rated games, newest first: each one's date, partners, opponents, score
    and change in one sentence."""
    stored = {g.id: g for g in view.games}
    lines = []
    for game_id, done, change in view.games_of.get(member.anchor, ()):
        sides = [list(done.game.people(s)) for s in range(len(done.game.sides))]
        # the person's side (a name merged since still reads as them: the change's own)
        own = next((s for s, people in enumerate(sides) if change.name in people), 0)
        game = stored[game_id]
        totals = game.score().totals
        others = [s for s in range(len(sides)) if s != own]
        words = game_line(
            _names(view, [a for a in sides[own] if a != member.anchor]),
            " vs ".join(_names(view, sides[s]) for s in others),
            score_text([totals[own], *(totals[s] for s in others)]),
            change,
        )
        lines.append(
            GameLine(
                game_id, game.updated_at[:10], words, signed(change.delta), change.after.rating
            )
        )
    return lines[::-1]


@dataclass(frozen=True)
class PairRow:
    """One partnership's line in the club's ratings."""

    rank: int
    names: str
    rating: int
    words: str
    games: int
    provisional: bool


PAIRS_SHOWN = 25  # partnerships a club's page lists (docs/ratings.md)


def pair_rows(view: ClubView, *, public: bool = False) -> list[PairRow]:
    """The best partnerships, best first: the first PAIRS_SHOWN of those no longer
    provisional (of all, while none is); `public`: none with a partner who keeps off
    the public lists."""
    settled = any(not p.skill.provisional for p in view.ratings.pairs)
    count = 2 * PAIRS_SHOWN  # the best few, more while those left out leave too few
    while True:
        best = view.best_pairs(count, settled)
        rows: list[PairRow] = []
        for pair in best:
            people = [view.by_anchor.get(name) for name in pair.names]
            if any(p is None for p in people) or (public and any(p and p.hidden for p in people)):
                continue
            names = " & ".join(p.name for p in people if p)
            skill = pair.skill
            rows.append(
                PairRow(
                    len(rows) + 1,
                    names,
                    skill.rating,
                    rating_text(skill),
                    skill.games,
                    skill.provisional,
                )
            )
            if len(rows) == PAIRS_SHOWN:
                return rows
        if len(best) < count:  # every partnership looked at
            return rows
        count *= 4


@dataclass(frozen=True)
class CardStats:
    """A card's statistics in words, as the card shows them."""

    results: str
    facts: tuple[tuple[str, str], ...]  # (what, its value)
    streak: str
    partners: tuple[str, ...]
    opponents: tuple[str, ...]
    milestones: tuple[str, ...]


def card_stats(view: ClubView, member: Member, nights: tuple = ()) -> CardStats | None:
    """The card's statistics (the core's card over the club's games and the `nights`
    the person won), in words."""
    found = view.card(member.anchor, nights)
    if found is None:
        return None
    facts = card_facts(found.record, found.longest_win, found.nights_won)

    def named(record: Record) -> Record:
        shown = view.by_anchor.get(record.key)
        return record._replace(name=shown.name) if shown else record

    return CardStats(
        results_text(found),
        facts,
        streak_text(found.streak),
        tuple(partner_text(named(p)) for p in found.partners[:10]),
        tuple(opponent_text(named(o)) for o in found.opponents[:10]),
        tuple(milestone_line(m) for m in found.milestones),
    )


def _odds(view: ClubView | None, stored: StoredGame) -> tuple[float, ...]:
    if view is None or stored.score().over:
        return ()
    players = stored.game.table.players
    sides = stored.game.table.sides
    return chances([[view.skill(view.person(players[s])) for s in seats] for seats in sides])


def chance_words(view: ClubView | None, stored: StoredGame) -> str:
    """'54% : 46%': each side's chance of winning a game not over, from the club's
    ratings (the core's `chances`); '' for a game over or of no club's."""
    return " : ".join(percent(p) for p in _odds(view, stored))


def night_club(event_id: str) -> ClubView | None:
    """The club a night is filed into, as its ratings read it (the view kept while no game
    over changed), found once a request however many rounds a page shows; None: no club's.
    Asked only for a game not over: a night all over reads no club."""
    found = g.get("_night_club")
    if found is not None and found[0] == event_id:
        return found[1]  # type: ignore[no-any-return]
    db = get_db()
    club_id = club_of_event(db, event_id)
    view = club_view(db, club_id, ratings=True) if club_id else None
    g._night_club = (event_id, view)
    return view


def chance_line(stored: StoredGame) -> str | None:
    """The game page's line of each side's chance, for a club game not over:
    'Chances to win, from the club's ratings: Ann & Cy 54% · Bo & Di 46%'."""
    if stored.score().over or not stored.in_club:  # most games: no club, no query
        return None
    db = get_db()
    club_id = club_of_game(db, stored.id)
    odds = _odds(club_view(db, club_id, ratings=True) if club_id else None, stored)
    if not odds:
        return None
    return chances_line([(side.name, p) for side, p in zip(stored.score().sides, odds)])


def rating_lines(stored: StoredGame) -> list[str]:
    """A finished club game's change to each player's rating, one sentence each:
    'Ann: expected 46% to win, won: +24 (1024)'. None rated: no lines. A person who keeps
    off the public lists has no line: anyone with the game's link reads this page."""
    if not stored.score().over or not stored.in_club:
        return []
    db = get_db()
    club_id = club_of_game(db, stored.id)
    view = club_view(db, club_id, ratings=True) if club_id else None
    if view is None or stored.id not in view.rated_index:
        return []
    done = view.ratings.games[view.rated_index[stored.id]]
    shown = {c.name: view.by_anchor.get(c.name) for c in done.changes}
    return [
        rating_line(member.name if member else c.name, c)
        for c in done.changes
        if not ((member := shown[c.name]) and member.hidden)
    ]
