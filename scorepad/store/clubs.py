"""Clubs in SQLite, read side: a club with its roster, the games that count for it (its
own, and its nights' tables), in the order they are rated. No Flask; writes:
club_commands/.

Cache: `_rosters`, each roster read, keyed by its JSON text as stored (a roster is a
value: the same text is the same roster; nothing invalidates it), the least recently
read going first past ROSTERS_KEPT (as many as clubs are kept: a club kept holds the
same Roster). A roster of 50,000 merged names took a second to read on every page
(bench/README.md, issue 39)."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from dataclasses import dataclass

from cachetools import LRUCache
from sqlite_utils import Database

from ..core.club import Roster, read

CLUB_BY = {
    "id": "select * from clubs where id = ?",
    "members": "select * from clubs where members_token = ?",
}

# A club's games: filed alone, or a table of a night filed; in the order rated (started
# first, then as written), each with what tells a change of it (revision, write time).
GAMES = (
    "select g.id, g.revision, g.updated_at from games g where g.id in ("
    "select game_id from club_games where club_id = :club union "
    "select m.game_id from event_matches m join club_events e on e.event_id = m.event_id "
    "where e.club_id = :club and m.game_id is not null) order by g.created_at, g.rowid"
)


@dataclass(frozen=True)
class LastChange:
    """The manager's last roster change not undone: its number, kind, and the roster
    before and after it (after: None for a change kept before the store kept it)."""

    number: int
    kind: str
    before: Roster
    after: Roster | None


@dataclass(frozen=True)
class Club:
    """A club as stored: its ids, name, roster and version (`revision`: it moves with
    everything the club shows, a write to one of its games too), the revisions of its
    last change a manager's form depends on (`edited_revision`: not a card holder's own
    choice, nor a game's write), of the manager's last roster change and of the last
    change its ratings read (a game over written, or the club's own change); and the
    change an undo would take back (None: nothing to undo).
    A roster is read as `core.club.read` gives it: whatever the database holds, shown."""

    id: str
    members_token: str
    card_secret: str
    name: str
    created_at: str
    roster: Roster
    revision: int
    last_change: LastChange | None
    roster_revision: int = 0
    edited_revision: int = 0
    rated_revision: int = 0
    card_turns: tuple[tuple[str, int], ...] = ()  # (key, times its card link was replaced)

    @property
    def undo_kind(self) -> str | None:
        """The kind of the change an undo would take back (None: nothing to undo)."""
        return self.last_change.kind if self.last_change else None

    def card_token(self, anchor: str) -> str:
        """The card link's key of the person anchored at `anchor`: made from the club's
        secret, so a card link names no one and opens nothing in another club; and from
        how many times that card link was replaced (none: the key as it always was)."""
        turn = dict(self.card_turns).get(anchor, 0)
        said = anchor if not turn else f"{anchor}\n{turn}"
        digest = hmac.new(self.card_secret.encode(), said.encode(), hashlib.sha256)
        return digest.hexdigest()[:24]


ROSTERS_KEPT = 16
_rosters: LRUCache[str, Roster] = LRUCache(ROSTERS_KEPT)
_rosters_lock = threading.Lock()


def roster_of(text: str) -> Roster:
    """The roster of its stored JSON text, read once while kept."""
    with _rosters_lock:
        found = _rosters.get(text)
    if found is None:
        found = read(text)  # forgiving: any roster the database holds still shows
        with _rosters_lock:
            _rosters[text] = found
    return found


def load_club(db: Database, token: str, *, by: str = "id") -> Club | None:
    """A club by its manager id (or `by="members"`), in three queries."""
    rows = list(db.query(CLUB_BY[by], [token]))
    if not rows:
        return None
    row = rows[0]
    last = list(
        db.query(
            "select number, kind, roster_before, roster_after from club_log "
            "where club_id = ? and undone = 0 order by number desc limit 1",
            [row["id"]],
        )
    )
    change = None
    if last:
        after = last[0]["roster_after"]
        change = LastChange(
            int(last[0]["number"]),
            str(last[0]["kind"]),
            roster_of(last[0]["roster_before"]),
            None if after is None else roster_of(after),
        )
    return Club(
        row["id"],
        row["members_token"],
        row["card_secret"],
        row["name"],
        row["created_at"],
        roster_of(row["roster"]),
        row["revision"],
        change,
        int(row["roster_revision"] or 0),
        int(row["edited_revision"] or 0),
        int(row["rated_revision"] or 0),
        tuple(
            (r["anchor"], r["turn"])
            for r in db.query(
                "select anchor, turn from club_card_turns where club_id = ? order by anchor",
                [row["id"]],
            )
        ),
    )


def club_games(db: Database, club_id: str) -> list[tuple[str, int, str]]:
    """(id, revision, write time) of every game that counts for the club, in order."""
    return [(r["id"], r["revision"], r["updated_at"]) for r in db.query(GAMES, {"club": club_id})]


def games_filed_alone(db: Database, club_id: str) -> set[str]:
    """The ids of the club's games filed alone (not a night's tables): each may be taken
    out of the club."""
    rows = db.query("select game_id from club_games where club_id = ?", [club_id])
    return {str(r["game_id"]) for r in rows}


def club_of_game(db: Database, game_id: str) -> str | None:
    """The club a game counts for (filed alone, or its night's), if any."""
    for row in db.query(
        "select club_id from club_games where game_id = :g union select e.club_id "
        "from club_events e join event_matches m on m.event_id = e.event_id "
        "where m.game_id = :g",
        {"g": game_id},
    ):
        return str(row["club_id"])
    return None


# What a club game's page shows of the ratings (its chances, its changes) stands while
# this is unchanged: the club, and its revision when what its ratings read last changed.
_RATINGS_VERSION = (
    "select id, rated_revision from clubs where id in ("
    "select club_id from club_games where game_id = :g union select e.club_id "
    "from club_events e join event_matches t on t.event_id = e.event_id "
    "where t.game_id = :g)"
)


def ratings_version(db: Database, game_id: str) -> tuple[str, int] | None:
    """The version of the ratings a game's page shows (its club, and the club's revision
    when they last changed): None for a game of no club."""
    for row in db.query(_RATINGS_VERSION, {"g": game_id}):
        return (str(row["id"]), int(row["rated_revision"]))
    return None


def club_of_event(db: Database, event_id: str) -> str | None:
    """The club a night is filed into, if any."""
    for row in db.query("select club_id from club_events where event_id = ?", [event_id]):
        return str(row["club_id"])
    return None


def club_events(db: Database, club_id: str) -> list[str]:
    """The ids of the nights filed into the club, oldest first."""
    return [
        r["event_id"]
        for r in db.query(
            "select event_id from club_events where club_id = ? order by filed_at, rowid",
            [club_id],
        )
    ]


def club_event_names(db: Database, club_id: str) -> list[tuple[str, str, str, str]]:
    """The nights filed into the club, oldest first: (director id, screen id, name, date)
    each, as a chooser names them (the night's own words, never an id). The manager's
    pages name a night by its screen id (read only): its director id is its director's."""
    rows = db.query(
        "select e.id, e.view_token, e.settings from club_events c "
        "join events e on e.id = c.event_id "
        "where c.club_id = ? order by c.filed_at, c.rowid",
        [club_id],
    )
    found = [(r["id"], r["view_token"], json.loads(r["settings"])) for r in rows]
    return [(i, v, str(s.get("name", "")), str(s.get("date", ""))) for i, v, s in found]


def club_names(db: Database, ids: list[str]) -> dict[str, str]:
    """The names of clubs by manager id (those still there), as a list shows them."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    rows = list(db.query(f"select id, name, created_at from clubs where id in ({marks})", ids))
    count: dict[str, int] = {}
    for r in rows:
        count[r["name"]] = count.get(r["name"], 0) + 1

    def shown(r: dict) -> str:  # two clubs of one name told apart by their day and id
        made = f" ({r['created_at'][:10]}, {r['id'][:4]})"
        return str(r["name"]) + (made if count[r["name"]] > 1 else "")

    return {r["id"]: shown(r) for r in rows}


def filed(db: Database, ids: list[str]) -> set[str]:
    """Those of these game and night ids that count for a club already (a game filed
    alone, a night filed, or a night's table)."""
    return {
        r["id"]
        for r in db.query(
            "select game_id id from club_games where game_id in "
            "(select value from json_each(:ids)) "
            "union select event_id from club_events where event_id in "
            "(select value from json_each(:ids)) union select m.game_id from event_matches m "
            "where m.game_id in (select value from json_each(:ids))",
            {"ids": json.dumps(ids)},
        )
    }


def club_presets(db: Database, club_id: str) -> list[tuple[str, str]]:
    """A club's presets: (name, rules JSON), by name."""
    rows = db.query(
        "select name, rules from club_presets where club_id = ? order by name", [club_id]
    )
    return [(str(r["name"]), str(r["rules"])) for r in rows]
