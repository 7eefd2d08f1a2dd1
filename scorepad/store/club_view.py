"""A club as its pages read it: its games, its people, their ratings, worked out from
the database and kept in memory (docs/clubs.md). No GET writes: ratings are derived,
never stored. Each game rated is read from what its row keeps for the ratings (its
`rated`, written by the game's commands: store/storage.py), not scored: a game is scored
only for a card that shows it.

Cache: `_views`, one ClubView a club, keyed by (the database file, the club's id) and
kept while the club's version is unchanged: its revision, moved by every change to the
club (its roster, its games and nights filed), by every write of a game that counts for
it (the club's handler of the game's news, in the game's write:
store/club_commands/filing.py) and by a round drawn at one of its nights. A changed
version re-reads the games' ids and revisions: a game at the revision kept is neither
read nor scored again (`_games`), nor its people worked out again while who is who is
unchanged (`_seen`: a rename or a person kept off the lists changes no one's games), and
ratings are worked out again only from the first game rated that changed: a game
finished or filed at the end of the list is one more game rated; one filed or changed
between others is rated with those after it, from the last checkpoint at or before it
(the ratings after every `EVERY` games, kept with the view: core/rating_checkpoints.py).
A view works out a person's card when first asked (`ClubView._cards`, by anchor), for
as long as the view is kept. What reads only the ratings (a game's chances, a night's
seeds) takes the view kept while the club's revision when they last changed holds
(`clubs.rated_revision`: the club's own change, a write to a game over before or after
it); a hand of a game not over leaves it as it was, and re-reads nothing.

Bounded: the least recently read club goes first once more than `CLUBS_KEPT` clubs, or
more than `CLUB_GAMES_KEPT` games over the clubs kept, would be kept (`keep_at_most`,
from the app's config; docs/hosting.md). Read once: requests that find a club's version
moved at the same time wait for the one read of that (club, revision) and share its view
(`_flights`); the wait holds no lock of the database, and a read inside a write
transaction never waits (it reads for itself, and keeps nothing)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from cachetools import LRUCache
from sqlite_utils import Database

from ..core.card import Card, card
from ..core.club import Member, members
from ..core.names import name_key
from ..core.rating_checkpoints import START, Checkpoint, still_good
from ..core.ratings import (
    Change,
    GameRating,
    Pair,
    Player,
    Rated,
    Ratings,
    Sitter,
    Skill,
    rate,
)
from ..core.records import changed
from .clubs import GAMES, Club, load_club
from .collector import collector_held
from .db import file_of
from .storage import StoredGame, list_games


@dataclass(frozen=True)
class ClubView:
    """A club read whole: its games in the order rated, each name met with its first
    spelling, the people, and the ratings of its finished games (people by anchor)."""

    club: Club
    games: tuple[StoredGame, ...]
    met: dict[str, str]
    ratings: Ratings
    rated: tuple[str, ...]  # the id of each game rated, in the order of ratings.games
    unrated: tuple[str, ...] = field(default=())  # finished, but one person at two seats
    _cards: dict[tuple, Card | None] = field(default_factory=dict, compare=False, repr=False)
    # The partnerships ranked, once a Ratings: shared by a view read again with the same.
    _ranks: dict[str, tuple] = field(default_factory=dict, compare=False, repr=False)

    def best_pairs(self, count: int, settled: bool) -> tuple[Pair, ...]:
        """The core's `best_pairs`, worked out once for these ratings and names shown
        (shared like `ranked_pairs`): a page shows the best few of a club's 10,000
        partnerships."""
        key = f"best {count} {settled} {self.shown_mark}"
        if key not in self._ranks:
            self._ranks[key] = self.ratings.best_pairs(count, settled, self.shown)
        return self._ranks[key]

    def ranked_pairs(self) -> tuple[Pair, ...]:
        """The partnerships best first (the core's ranking, by the names shown), worked
        out once for these ratings and names: a view read again after a hand of a game
        not over shares it (a rename does not)."""
        key = f"pairs {self.shown_mark}"
        if key not in self._ranks:
            self._ranks[key] = self.ratings.ranked_pairs(self.shown)
        return self._ranks[key]

    @cached_property
    def shown(self) -> dict[str, str]:
        """The name each person is shown under, by anchor (equal ratings go by it)."""
        return {anchor: member.name for anchor, member in self.by_anchor.items()}

    @cached_property
    def shown_mark(self) -> int:
        """What tells the names shown apart: a view renamed ranks its pairs again."""
        return hash(tuple(sorted(self.shown.items())))

    @cached_property
    def members(self) -> tuple[Member, ...]:
        """Every person of the club."""
        return members(self.club.roster, self.met)

    @cached_property
    def by_anchor(self) -> dict[str, Member]:
        """The people by anchor."""
        return {m.anchor: m for m in self.members}

    def person(self, name: str) -> str:
        """The anchor of the person a name as played belongs to."""
        return self.club.roster.anchor_of(name_key(name))

    @cached_property
    def rated_index(self) -> dict[str, int]:
        """Each rated game's place in the ratings' games, by game id."""
        return {game_id: i for i, game_id in enumerate(self.rated)}

    @cached_property
    def games_by_person(self) -> dict[str, list[int]]:
        """The index of every game each person sat at, by anchor, oldest first."""
        found: dict[str, list[int]] = {}
        for index, stored in enumerate(self.games):
            for anchor in dict.fromkeys(self.person(n) for n in stored.game.table.players):
                found.setdefault(anchor, []).append(index)
        return found

    def card(self, anchor: str, nights: tuple = ()) -> Card | None:
        """A person's card over the club's games (the core's), with the nights they won
        (store.club_nights), worked out once a view for those nights."""
        key = (anchor, nights)
        if key not in self._cards:
            games = [self.games[i] for i in self.games_by_person.get(anchor, [])]
            scores = [g.score() for g in games]
            ids = [g.id for g in games]
            self._cards[key] = card(scores, anchor, self.person, ids, {anchor: nights})
        return self._cards[key]

    def skill(self, anchor: str) -> Skill:
        """A person's skill now (a person with no finished game: a new one's)."""
        player = self.players.get(anchor)
        return player.skill if player is not None else Skill()

    @cached_property
    def players(self) -> dict[str, Player]:
        """Each person rated, by anchor."""
        return {p.name: p for p in self.ratings.players}

    @cached_property
    def games_of(self) -> dict[str, list[tuple[str, GameRating, Change]]]:
        """Each person's rated games in order (by anchor): the game's id, its rating
        and the person's change; worked out once a view, not once a card."""
        found: dict[str, list[tuple[str, GameRating, Change]]] = {}
        for game_id, done in zip(self.rated, self.ratings.games):
            for change in done.changes:
                found.setdefault(change.name, []).append((game_id, done, change))
        return found

    @cached_property
    def ranked_all(self) -> tuple[tuple[int, Player, Member], ...]:
        """Each person rated with their rank and who they are, best first (the core's
        ranking), worked out once a view."""
        found = (p for p in self.ratings.ranked(self.shown) if p.name in self.by_anchor)
        return tuple((n, p, self.by_anchor[p.name]) for n, p in enumerate(found, 1))

    @cached_property
    def ranked_public(self) -> tuple[tuple[int, Player, Member], ...]:
        """The same, ranked without those who keep off the public lists."""
        shown = (r for r in self.ranked_all if not r[2].hidden)
        return tuple((n, p, m) for n, (_, p, m) in enumerate(shown, 1))

    @cached_property
    def search_keys(self) -> dict[str, str]:
        """Each person's names (shown, and every spelling met) as one searched text, by
        anchor: a search finds a person by any name they played under."""
        return {
            m.anchor: " / ".join(name_key(n) for n in (m.name, *m.spellings)) for m in self.members
        }

    @cached_property
    def by_name(self) -> dict[str, str]:
        """The anchor of each person by the key of the name shown, and of every name
        merged into them: a name typed into a form finds its person."""
        found = dict(self.club.roster.keys_of())
        found.update({name_key(m.name): m.anchor for m in self.members})
        return found

    @cached_property
    def by_token(self) -> dict[str, Member]:
        """The people by their card link's key: the key of each name merged into a person
        opens that person's card too (a link handed out before a merge keeps working)."""
        return {
            self.club.card_token(key): m
            for m in self.members
            for key in (m.anchor, *(k for k, _ in m.merged))
        }


@dataclass
class _Kept:
    revision: int  # the club's version read
    rated: int  # the club's revision when what its ratings read last changed
    view: ClubView
    people: dict[str, tuple[Rated, ...]]  # each game's Rated as its people, by game
    checkpoints: tuple[Checkpoint, ...]  # the ratings after every EVERY games rated


CLUBS_KEPT = 16  # the default bounds (the app's config overrides them: keep_at_most)
CLUB_GAMES_KEPT = 30_000


def _weight(kept: _Kept) -> int:
    """What a club kept costs, in games (each game read and rated is most of it)."""
    return 1 + len(kept.view.games)


def _cache(games: int) -> LRUCache[tuple[str, str], _Kept]:
    """An empty cache of at most `games` games (a club bigger than that counts as that)."""
    most = max(games, 1)
    return LRUCache(most, getsizeof=lambda kept: min(_weight(kept), most))


_views = _cache(CLUB_GAMES_KEPT)
_most = CLUBS_KEPT
_lock = threading.Lock()


@dataclass
class _Flight:
    """One read of a club at one revision, under way: the others wait for its view."""

    done: threading.Event = field(default_factory=threading.Event)
    view: ClubView | None = None


_flights: dict[tuple, _Flight] = {}


def keep_at_most(clubs: int, games: int) -> None:
    """Keep at most `clubs` clubs and `games` games over them (the least recently read
    club goes first); what is kept beyond the new bounds goes now."""
    global _views, _most
    with _lock:
        old = list(_views.items())
        _views = _cache(games)
        _most = max(clubs, 0)
        for key, kept in old:
            _keep(key, kept)


def _keep(key: tuple[str, str], kept: _Kept) -> None:
    """Keep a club's view (the lock held), dropping the least recently read over bounds."""
    if _most == 0:
        return
    _views[key] = kept
    while len(_views) > _most:
        _views.popitem()


def kept_count() -> int:
    """How many clubs are kept in memory now."""
    with _lock:
        return len(_views)


def _as_people(game: Rated, person: dict[str, str]) -> Rated:
    """A game rated with each sitter known by their person's anchor."""
    sides = tuple(
        tuple(
            tuple(Sitter(person.get(name_key(s.name), name_key(s.name)), s.hands) for s in seat)
            for seat in seats
        )
        for seats in game.sides
    )
    return Rated(sides, game.places, game.winner)


def _rated(stored: StoredGame, person: dict[str, str]) -> Rated | None:
    """A finished game as the ratings read it, its sitters known as people (None: not
    over): from what its row keeps of it (storage), the game not scored."""
    plain = stored.rated()
    return None if plain is None else _as_people(plain, person)


def _one_seat_each(game: Rated) -> bool:
    """Whether each person sat down at one seat only (a wrong merge puts two at one
    table: that game is not rated until it is split)."""
    first = [seat[0].name for seats in game.sides for seat in seats]
    return len(set(first)) == len(first)


def _build(
    club: Club, games: list[StoredGame], before: _Kept | None
) -> tuple[ClubView, dict, tuple[Checkpoint, ...]]:
    met: dict[str, str] = {}
    for stored in games:
        for name in stored.game.table.players:
            met.setdefault(name_key(name), name)
    person = club.roster.keys_of()
    order, done, unrated = [], [], []
    seen = _seen(before)
    for stored in games:
        kept = seen.get(stored.id)
        if kept is not None and kept[0] is stored:  # the same game, the same roster
            order.append(stored.id)
            done.append(kept[1])
            continue
        game = _rated(stored, person)
        if game is None:
            continue
        if not _one_seat_each(game):
            unrated.append(stored.id)
            continue
        order.append(stored.id)
        done.append(game)
    ratings, checkpoints = _rate(done, order, before)
    ranks = before.view._ranks if before and ratings is before.view.ratings else {}
    view = ClubView(club, tuple(games), met, ratings, tuple(order), tuple(unrated), _ranks=ranks)
    return view, dict(zip(order, ((g,) for g in done))), checkpoints


def _seen(before: _Kept | None) -> dict[str, tuple[StoredGame, Rated]]:
    """Each game rated in `before`, as read then and as its people (None: nothing)."""
    if before is None:
        return {}
    stored = {g.id: g for g in before.view.games}
    return {i: (stored[i], rated[0]) for i, rated in before.people.items() if i in stored}


def _games(db: Database, club_id: str, kept: _Kept | None) -> list[StoredGame]:
    """The club's games in order: one kept at the revision seen is not read again."""
    rows = list(db.query(GAMES, {"club": club_id}))
    known = {g.id: g for g in kept.view.games} if kept is not None else {}
    stale = [
        r["id"] for r in rows if getattr(known.get(r["id"]), "revision", None) != r["revision"]
    ]
    by_id = {g.id: g for g in list_games(db, stale, keep=False)} if stale else {}
    gone = set(stale)
    by_id.update((i, g) for i, g in known.items() if i not in gone)
    return [by_id[r["id"]] for r in rows if r["id"] in by_id]


EVERY = 500  # games rated between two checkpoints kept (core/rating_checkpoints.py)


def _rate(
    done: list[Rated], order: list[str], before: _Kept | None
) -> tuple[Ratings, tuple[Checkpoint, ...]]:
    """The ratings, from the first game that changed since `before`: games added at the
    end rated on top of its ratings, a game changed or filed between others from the
    last checkpoint at or before it; and the checkpoints that hold now."""
    start, found = START, [START]
    if before is not None:
        old = before.view.rated
        same = 0
        while (
            same < len(old)
            and same < len(order)
            and old[same] == order[same]
            and before.people.get(old[same]) == (done[same],)
        ):
            same += 1
        if same == len(old) == len(order):  # nothing rated has changed: the same ratings
            return before.view.ratings, before.checkpoints
        found = list(still_good(before.checkpoints, same))
        if same == len(old):  # nothing rated before changed: rate the new ones after
            start = Checkpoint(same, before.view.ratings)
        else:
            last = found[-1]
            games = before.view.ratings.games[: last.games]
            start = Checkpoint(last.games, changed(last.ratings, games=games))
    ratings, at = start.ratings, start.games
    while at < len(done):
        upto = min((at // EVERY + 1) * EVERY, len(done))
        ratings, at = rate(done[at:upto], ratings), upto
        if at % EVERY == 0 and at > found[-1].games:  # kept without its games: a prefix
            found.append(Checkpoint(at, changed(ratings, games=())))
    return ratings, tuple(found)


def club_view(
    db: Database, club_id: str, *, by: str = "id", ratings: bool = False
) -> ClubView | None:
    """The club whole, from memory while its version is unchanged; None: no such club.
    `ratings`: for the ratings only (a game's chances, a night's seeds): the view kept
    while no game over has changed, nor the club (its roster, games and nights filed);
    its games may be hands behind in games not over, or a round drawn since."""
    club = load_club(db, club_id, by=by)
    if club is None:
        return None
    key = (file_of(db), club.id)
    with _lock:
        kept = _views.get(key)
    if kept is not None and (
        kept.revision == club.revision or (ratings and kept.rated == club.rated_revision)
    ):
        return kept.view
    if db.conn.in_transaction:  # read inside a write: never waits, kept once it commits
        return _read(db, club, kept).view
    return _once(key, club.revision, lambda: _read(db, club, kept))


def _read(db: Database, club: Club, kept: _Kept | None) -> _Kept:
    """The club read again from what `kept` holds (None: from nothing)."""
    with collector_held():
        games = _games(db, club.id, kept)
        # the ratings read only who is who (each name's person): a rename, or a person
        # kept off the lists, leaves every game's people and the ratings as kept
        same = (
            kept
            if kept and kept.view.club.roster.who_is_who() == club.roster.who_is_who()
            else None
        )
        view, people, checkpoints = _build(club, games, same)
    return _Kept(club.revision, club.rated_revision, view, people, checkpoints)


def _once(key: tuple[str, str], revision: int, read: Callable[[], _Kept]) -> ClubView:
    """The club's view at `revision`, read by one request however many ask at once: the
    first reads and keeps it, the others wait for it (no database lock held)."""
    while True:
        with _lock:
            kept = _views.get(key)
            if kept is not None and kept.revision == revision:
                return kept.view
            flight = _flights.get((key, revision))
            leading = flight is None
            if flight is None:
                flight = _flights[(key, revision)] = _Flight()
        if not leading:
            flight.done.wait()
            if flight.view is not None:
                return flight.view
            continue  # the read failed: one of those waiting reads it again
        try:
            done = read()
            with _lock:
                _keep(key, done)
            flight.view = done.view
            return done.view
        finally:
            with _lock:
                del _flights[(key, revision)]
            flight.done.set()


def forget_all() -> None:
    """Drop every club kept in memory (tests, and a database replaced under the app)."""
    with _lock:
        _views.clear()
