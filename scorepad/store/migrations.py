"""The database schema, as sqlite-utils migrations: applied once each, never edited."""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from ..core.errors import GameError
from .rows import rated_text, read_game

migrations = Migrations("scorepad")


@migrations()
def m001_create_games(db: Database) -> None:
    """Games: the table and its house rules; hands: each hand's bids and tricks."""
    db.table("games").create(
        {
            "id": str,
            "created_at": str,
            "updated_at": str,
            "mode": str,
            "players": str,
            "first_dealer": int,
            "rules": str,
        },
        pk="id",
        not_null={"created_at", "updated_at", "mode", "players", "first_dealer", "rules"},
    )
    db.table("hands").create(
        {
            "game_id": str,
            "number": int,
            "bids": str,
            "tricks": str,
            "version": int,
            "updated_at": str,
        },
        pk=("game_id", "number"),
        not_null={"game_id", "number", "bids", "version"},
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m002_add_revision(db: Database) -> None:
    """A counter bumped by every write to a game, so a scored game can be cached safely."""
    db.table("games").add_column("revision", int, not_null_default=0)


@migrations()
def m003_add_share_token(db: Database) -> None:
    """A second random token per game for its read-only live scoreboard."""
    import secrets

    db.table("games").add_column("share_token", str)
    for row in list(db.query("select id from games")):
        db.execute(
            "update games set share_token = ? where id = ?", [secrets.token_urlsafe(16), row["id"]]
        )
    db.table("games").create_index(["share_token"], unique=True)


@migrations()
def m004_add_rematch_of(db: Database) -> None:
    """The finished game a game is the rematch of: one rematch per game, however often
    it is asked for."""
    db.table("games").add_column("rematch_of", str)
    db.table("games").create_index(["rematch_of"], unique=True)


@migrations()
def m005_tricks_by_side(db: Database) -> None:
    """Tricks may be entered per side: a hand keeps the side counts, a game how it counts."""
    db.table("hands").add_column("side_tricks", str)
    db.table("games").add_column("tricks_by", str, not_null_default="seat")


@migrations()
def m006_core_extras(db: Database) -> None:
    """What a hand may also carry (blind, dealer, adjust, note) and what a game may
    (start from paper, ended early, side names), each as one JSON object or null."""
    db.table("hands").add_column("extra", str)
    db.table("games").add_column("extra", str)


@migrations()
def m007_evening(db: Database) -> None:
    """Evenings and seat links: `games.rematch_of` (unless m004 already added it), each
    seat's own bidding link, and the bids sent from the seats before all are in."""
    # Conditional because m004 and m007 were written at once on two branches, each adding
    # `rematch_of`; applied in order, m004 has added it already and SQLite refuses to add a
    # column twice (tests/test_seats_store.py).
    if "rematch_of" not in db.table("games").columns_dict:
        db.table("games").add_column("rematch_of", str)
    # Raw SQL for ON DELETE CASCADE: a game that goes takes its seat links with it.
    db.execute(
        "create table seat_links (token text primary key, "
        "game_id text not null references games(id) on delete cascade, "
        "seat integer not null, created_at text not null)"
    )
    db.execute("create unique index seat_links_game_seat on seat_links(game_id, seat)")
    db.execute(
        "create table seat_bids ("
        "game_id text not null references games(id) on delete cascade, "
        "number integer not null, seat integer not null, bid text not null, "
        "version integer not null, updated_at text not null, "
        "primary key (game_id, number, seat))"
    )


@migrations()
def m008_housekeeping(db: Database) -> None:
    """The dealer chosen for a hand not yet bid (its number and seat: a choice made for a
    hand since undone or bid is no longer current), and the keys of deleted games (one-way
    hashes) so their old addresses can say the game is gone."""
    # Conditional because databases made on the housekeeping branch ran its own m006
    # (`m006_game_settings`, replaced by this m008 at the merge), which had added the
    # dealer column and deleted_games: add only what is missing
    # (tests/test_manage_storage.py).
    games = db.table("games")
    for column in ("next_dealer", "next_dealer_hand"):
        if column not in games.columns_dict:
            games.add_column(column, int)
    if "deleted_games" not in db.table_names():
        db.table("deleted_games").create(
            {"key": str, "deleted_at": str}, pk="key", not_null={"deleted_at"}
        )


@migrations()
def m009_seat_claims(db: Database) -> None:
    """A seat link belongs to the first browser that opens it (`claim`: a hash of the
    secret that browser keeps), and a seat phone is told why its waiting bid went
    (`notice`). Waiting bids count by hand number: a change that leaves them valid
    keeps them."""
    # Conditional without a need: no other migration or branch ever added these columns, and
    # a failed migration rolls back with its record (sqlite-utils runs each in one
    # transaction). The check is harmless and stays, as an applied migration is never edited.
    links = db.table("seat_links")
    for column in ("claim", "notice"):
        if column not in links.columns_dict:
            links.add_column(column, str)


@migrations()
def m010_events(db: Database) -> None:
    """Club nights: the event (its director id is the key; a read-only id and a check-in
    id beside it), its entrants, its rounds and each round's matches, a match's game an
    ordinary game linked by its id."""
    db.execute(
        "create table events (id text primary key, view_token text not null unique, "
        "checkin_token text not null unique, created_at text not null, "
        "settings text not null, rules text not null, revision integer not null default 0)"
    )
    db.execute(
        "create table event_entrants (id integer primary key, "
        "event_id text not null references events(id) on delete cascade, "
        "name text not null, name_key text not null, players text not null, "
        "joined_round integer not null, left_round integer, created_at text not null, "
        "unique (event_id, name_key))"
    )
    db.execute(
        "create table event_rounds (event_id text not null references events(id) "
        "on delete cascade, number integer not null, kind text not null, "
        "status text not null, byes text not null, started_at real, called_at real, "
        "primary key (event_id, number))"
    )
    db.execute(
        "create table event_matches (event_id text not null references events(id) "
        "on delete cascade, round integer not null, number integer not null, "
        "sides text not null, game_id text unique references games(id) on delete set null, "
        "last_hand integer, primary key (event_id, round, number))"
    )


@migrations()
def m011_undone_hand(db: Database) -> None:
    """The hand last undone in a game, with the revision the undo gave the game: it can
    be put back while the game has not changed since. One per game; it goes with it."""
    db.execute(
        "create table undone_hands ("
        "game_id text primary key references games(id) on delete cascade, "
        "number integer not null, bids text not null, tricks text, side_tricks text, "
        "extra text, ended integer not null, revision integer not null)"
    )


@migrations()
def m012_playoff_winner(db: Database) -> None:
    """A playoff game that ended in a draw goes on by the director's word: the side sent
    through (`winner`, 0 or 1) and why (`note`)."""
    # Conditional without a need, as m009: only this migration adds `winner` and `note`, and
    # a failed one rolls back whole. Harmless, and an applied migration is never edited.
    matches = db.table("event_matches")
    if "winner" not in matches.columns_dict:
        matches.add_column("winner", int)
        matches.add_column("note", str)


@migrations()
def m020_table_reopened(db: Database) -> None:
    """A table's game of a finished round, opened again to its table by the director:
    the game's revision when it was reopened (null: closed to the table, as every game of
    a finished round is)."""
    matches = db.table("event_matches")
    if "reopened" not in matches.columns_dict:
        matches.add_column("reopened", int)


@migrations()
def m021_clubs(db: Database) -> None:
    """Clubs: the club (its manager id is the key; a members' id beside it, and the
    secret its players' card links are made from), its roster as one JSON text, each
    change to the roster with the roster before it (the way back of an undo), and the
    games and club nights filed into it, each going with its game or night."""
    db.execute(
        "create table clubs (id text primary key, members_token text not null unique, "
        "card_secret text not null, name text not null, created_at text not null, "
        "roster text not null default '[]', revision integer not null default 0)"
    )
    db.execute(
        "create table club_log (club_id text not null references clubs(id) on delete cascade, "
        "number integer not null, kind text not null, roster_before text not null, "
        "at text not null, undone integer not null default 0, primary key (club_id, number))"
    )
    db.execute(
        "create table club_games (game_id text primary key references games(id) "
        "on delete cascade, club_id text not null references clubs(id) on delete cascade, "
        "filed_at text not null)"
    )
    db.execute("create index club_games_club on club_games(club_id)")
    db.execute(
        "create table club_events (event_id text primary key references events(id) "
        "on delete cascade, club_id text not null references clubs(id) on delete cascade, "
        "filed_at text not null)"
    )
    db.execute("create index club_events_club on club_events(club_id)")


@migrations()
def m022_club_marks(db: Database) -> None:
    """Each club's count of writes to its games (a hand saved, a fix, a game deleted), moved
    by the game's own write: a club's pages know at one look up whether to read again.
    Event games are found by their game id."""
    db.execute(
        "create table club_marks (club_id text primary key references clubs(id) "
        "on delete cascade, games integer not null default 0)"
    )
    db.execute("create index event_matches_game on event_matches(game_id)")


@migrations()
def m023_presets(db: Database) -> None:
    """A club's named presets: a name and the JSON of the house rules it changes."""
    db.execute(
        "create table club_presets (club_id text not null references clubs(id) "
        "on delete cascade, name text not null, rules text not null, "
        "primary key (club_id, name))"
    )


@migrations()
def m024_slips(db: Database) -> None:
    """A table whose result the director entered from its paper slip (`paper` 1)."""
    matches = db.table("event_matches")
    if "paper" not in matches.columns_dict:
        matches.add_column("paper", int)


@migrations()
def m026_seasons(db: Database) -> None:
    """A club's seasons: the season (its read-only link's token, its settings as JSON,
    its revision, the moves recorded when it was closed), its nights on dates (each with
    the club night it links to, and its calendar sequence and last change), and its
    entrants (their players as JSON, their division)."""
    db.execute(
        "create table seasons (id text primary key, club_id text not null references "
        "clubs(id) on delete cascade, view_token text not null unique, name text not null, "
        "settings text not null, revision integer not null default 0, created_at text not "
        "null, closed text)"
    )
    db.execute("create index seasons_club on seasons(club_id)")
    db.execute(
        "create table season_nights (season_id text not null references seasons(id) on "
        "delete cascade, number integer not null, day text not null, start text not null "
        "default '', venue text not null default '', event_id text references events(id) "
        "on delete set null, sequence integer not null default 0, modified_at text not null, "
        "primary key (season_id, number))"
    )
    db.execute(
        "create table season_entrants (season_id text not null references seasons(id) on "
        "delete cascade, number integer not null, name text not null, players text not "
        "null, division integer not null default 0, primary key (season_id, number))"
    )


@migrations()
def m028_club_rated_marks(db: Database) -> None:
    """Each club's count of writes to its games that were over before or after the write:
    what its ratings read has changed only when it moves (store/club_view.py)."""
    db.execute("alter table club_marks add column rated integer not null default 0")


@migrations()
def m029_games_rated(db: Database) -> None:
    """Each game's `rated`: what the ratings read of it once it is over (rows.rated_text),
    written from now on by every write of the game; worked out here once for the games
    already kept, so a club read cold scores none of them (store/club_view.py)."""
    db.execute("alter table games add column rated text")
    hands: dict[str, list[dict]] = {}
    for row in db.query("select * from hands order by game_id, number"):
        hands.setdefault(row["game_id"], []).append(row)
    for row in list(db.query("select * from games")):
        try:
            text = rated_text(read_game(row, hands.get(row["id"], [])).score())
        except GameError:  # never written so: left to be worked out from its score
            continue
        db.execute("update games set rated = ? where id = ?", [text, row["id"]])


@migrations()
def m030_roster_revision(db: Database) -> None:
    """A club's `roster_revision`: its revision when the manager last changed its roster
    (a roster form is checked against it, so a game filed leaves the manager's page
    good); its `own_revisions`: the revisions a card holder's own choice of the lists
    made (JSON, the latest kept), which leave every manager's form good; each roster
    change's `roster_after`, so an undo knows what the change set (core/club_undo.py)."""
    db.execute("alter table clubs add column roster_revision integer not null default 0")
    db.execute("alter table clubs add column own_revisions text not null default '[]'")
    db.execute("update clubs set roster_revision = revision")
    db.execute("alter table club_log add column roster_after text")


@migrations()
def m031_card_turns(db: Database) -> None:
    """How many times each person's card link was replaced (docs/clubs.md): a card's key
    is made from the club's secret, the person's key and this turn (none: turn 0, the
    key as it always was, so every card link given out before keeps working)."""
    db.execute(
        "create table club_card_turns (club_id text not null references clubs(id) "
        "on delete cascade, anchor text not null, turn integer not null, "
        "primary key (club_id, anchor))"
    )


@migrations()
def m032_saves_sent(db: Database) -> None:
    """The keys of the saves a phone sent from its outbox (docs/offline.md), each with the
    hand it saved: a save sent again after its answer was lost is known, not applied twice.
    The latest few hundred a game are kept (store/commands/sent.py); `seq` is the rowid,
    which grows with each note (the pruning never drops the newest). `revision`: the
    game's revision a paper slip's noted save left, so a slip's hand queued behind another
    of the same outbox goes on the game that one left, and on nothing else."""
    db.execute(
        "create table saves_sent (game_id text not null references games(id) "
        "on delete cascade, key text not null, number integer not null, "
        "revision integer, seq integer primary key, unique (game_id, key))"
    )


@migrations()
def m033_club_version(db: Database) -> None:
    """A club's one version (issue 40): `clubs.revision` now moves with everything the
    club shows, a write to one of its games too (the club's handler of the game's news, in
    the game's write), and `club_marks` goes. Two numbers say when a part last changed, as
    `roster_revision` does for the roster: `edited_revision`, the revision of the last
    change a manager's form depends on (none of a card holder's own choice, nor a write to
    one of its games: `own_revisions` goes), and `rated_revision`, the revision of the last
    change to what its ratings read (the club itself, a game over before or after)."""
    db.execute("alter table clubs add column edited_revision integer not null default 0")
    db.execute("alter table clubs add column rated_revision integer not null default 0")
    db.execute("update clubs set edited_revision = revision, rated_revision = revision")
    db.execute("alter table clubs drop column own_revisions")
    db.execute("drop table club_marks")


@migrations()
def m034_season_follows(db: Database) -> None:
    """A season's `follows`: the closed season it was started from, whose entrants it took
    over (docs/seasons.md). A closed season has one next season at most: the unique index
    refuses a second, whichever request gets there second. Deleting the closed season
    leaves its next season following none; deleting the next season frees the closed one."""
    db.execute(
        "alter table seasons add column follows text references seasons(id) on delete set null"
    )
    db.execute("create unique index seasons_follows on seasons(follows) where follows is not null")
