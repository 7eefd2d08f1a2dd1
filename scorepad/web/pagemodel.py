"""What a game's pages show beyond the score, built by their views before a page
renders (templates only show it: no database work while a page is drawn)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from flask import g

from ..core.errors import GameError
from ..core.model import GameScore
from ..core.records import Bid
from ..core.scoring import end_early
from ..core.seats import side_refusal
from ..store import seats, storage, undone
from .clubs.data import chance_line, rating_lines
from .db import get_db
from .evening import chosen_rule, evening_for, rule_choices, rule_options, what_if_for
from .game_links import game_links
from .hosting import public_url
from .words.clock import clock_line
from .words.stakes import stake_lines

# How often each live part of a page asks again, in seconds: said here once, passed in
# by the part's view.
POLL_WATCH = 3  # a live scoreboard
POLL_SEATS = 2  # a seat's phone, and the scorer's bids from the players' phones
POLL_TABLE = 3  # a club night's table page
POLL_SCREEN = 2  # the big screen: a save shows there within about 2 s
POLL_DIRECTOR = 5  # the director's tables
POLL_SEASON = 10  # a season's big screen: a night's result moves it a few times a night
FIX_CHIPS = 8  # the latest hands the game page offers to fix (the rest: from the history)


@dataclass(frozen=True)
class SeatState:
    """A game's seat links and the bids in for the hand being bid (not their values)."""

    links: tuple[tuple[int, str], ...]  # (seat, the link's full URL)
    waiting: dict[int, Bid]
    taken: frozenset[int] = frozenset()  # seats whose link a phone holds
    # With every bid in but a rule of a whole side against them: (side, rule).
    refusal: tuple[int | None, str] | None = None
    notice: str | None = None  # why waiting bids went, as the store put it ("undo:0,2")

    @property
    def count(self) -> int:
        """How many seats have bid."""
        return len(self.waiting)


def seat_state(stored: storage.StoredGame) -> SeatState | None:
    """The game's seat links and bids in; None when one phone enters every bid.
    Read once per request and game revision: several partials ask."""
    known: dict[tuple[str, int], SeatState | None] = g.setdefault("seat_states", {})
    key = (stored.id, stored.revision)
    if key not in known:
        found = seats.links(get_db(), stored.id) if stored.seated else []
        known[key] = None
        if found:
            bids = seats.waiting(get_db(), stored)
            known[key] = SeatState(
                tuple((s.seat, public_url("seats.seat", token=s.token)) for s in found),
                bids,
                frozenset(s.seat for s in found if s.taken),
                side_refusal(stored.score(), bids) if stored.score().pending is None else None,
                next((s.notice for s in found if s.notice), None),
            )
    return known[key]


def game_page(stored: storage.StoredGame, table: dict[str, Any] | None) -> dict[str, Any]:
    """The game page's own data: seat links and bids in, the evening's tally, the
    stakes of the next hand, the club night's round and table it is played for (`table`,
    looked up once by the view: `events.public.event_table`), the hand that can be put
    back, the page's links, the score as the core would finish it if ended now. What
    the game's row says it has none of (no rematch, no clock, no hand undone) is not
    asked for."""
    score, club = stored.score(), stored.in_club
    clock, now = stored.game.clock, time.time()  # one moment for the stakes and the clock
    # the hand in play is the last: time called at the night's table, or the game's own
    # clock up (its last hand noted, or the hand in play now)
    own_last = clock.last(score, now) if clock is not None else None
    last = bool(table and table["clock"] and table["clock"].get("called")) or (
        own_last is not None and own_last <= score.next_number
    )
    return {
        "seating": seat_state(stored),
        "tally": evening_for(stored) if stored.in_evening else None,
        # a club's game: each side's chances (not over), each player's change (over)
        "stake_words": [
            *stake_lines(score, last=last),
            *filter(None, [club and chance_line(stored)]),
        ],
        "rating_words": rating_lines(stored) if club else [],
        "event_table": table,
        "hand_is_last": last,  # its tricks form says so: a phone offline offers no hand after
        "clock_words": clock_line(score, clock, now) if clock else "",
        # a hand undone by the last change
        "put_back": undone.offered(get_db(), stored) if stored.undone else None,
        "links": game_links(stored),
        "ended": None if score.over or score.pending else _if_ended_now(score),
        "seat_poll": POLL_SEATS,
        "fix_chips": FIX_CHIPS,
    }


def _if_ended_now(score: GameScore) -> GameScore | None:
    """The score as the core would finish it if the table ended the game now (None:
    it cannot be ended now)."""
    try:
        return end_early(score)
    except GameError:
        return None


def board(stored: storage.StoredGame) -> dict[str, Any]:
    """The live scoreboard's own data: the evening's tally."""
    return {"tally": evening_for(stored) if stored.in_evening else None}


def history(stored: storage.StoredGame) -> dict[str, Any]:
    """The history page's own data: the what-if asked for and the rules it may change."""
    options = rule_options(stored)
    return {
        "asked": what_if_for(stored),
        "rule_options": options,
        "rule_choices": rule_choices(stored),
        "chosen_rule": chosen_rule(options),
    }
