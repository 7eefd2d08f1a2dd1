"""What the event pages show, built before they render: the tables of a round, the
clock, the standings, what the director may do next. Only reads: time called is
judged here as it is read (the next save at a table applies it)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from flask import abort
from sqlite_utils import Database

from ...core.bracket import stage_name
from ...core.event import last_hand, seconds_left, time_called
from ...core.event_flow import allowed, facts_of, state_of
from ...core.model import HandPhase
from ...core.names import pair_name
from ...core.playoff_double import phases_of, scores_result
from ...core.roster import Match, game_gone, night_over, sides_as_sat
from ...core.standings import Row
from ...store import night_results, seats
from ...store.events import Event, champion_name, games_of, load_event
from ...store.storage import StoredGame
from ..clubs.data import chance_words, night_club
from ..words import status_line
from ..words.event_pages import (
    bye,
    format_words,
    legend,
    named,
    order_words,
    paper,
    progress,
    stage_lines,
    stage_title,
)
from ..words.event_pages import gone as deleted_words


@dataclass(frozen=True)
class TableView:
    """One table of a round as a page shows it."""

    number: int
    sides: tuple[str, ...]
    game_id: str | None
    hand: int
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    status: str
    finished: bool
    bidding: tuple[str, ...]  # players whose seat has not sent its bid yet (seat phones)
    last_hand: int | None
    players: tuple[str, ...] = ()  # clockwise from the first dealer's seat
    played: int = 0  # hands played (a hand bid but not played is not counted)
    drawn: bool = False  # over without a winner
    named: str = ""  # a drawn playoff game: who the director sent through, and why
    sitting_in: tuple[str, ...] = ()  # substitutes playing for a fixed pair in this game
    phase: HandPhase | None = None  # the hand in play (None: no game, or game over)
    progress: str = ""  # "Finished: Ann & Bo won 312 to 180", "hand 3"...
    bye: bool = False  # a playoff bye: one side goes through without a game
    gone: bool = False  # a started round's table whose game the director deleted
    chances: str = ""  # each side's chance by the club's ratings ("54% : 46%"), not over
    paper: str = ""  # "entered by the director (from paper)" where the director did
    revision: int = 0  # the game's revision as shown (the director's slip forms)
    hands_in: int = 0  # hands saved, a hand bid but not played included
    slip_bids: tuple[str, ...] = ()  # the hand in play's bids, bid at the table: the slip's

    @property
    def slip_hand(self) -> int:
        """The hand a slip's hand is: the one in play when its bids are in, else the next."""
        return self.hands_in if self.slip_bids else self.hands_in + 1

    @property
    def bids_wanted(self) -> bool:
        """Its hand in play is being bid."""
        return self.phase == HandPhase.BIDDING

    @property
    def bids_in(self) -> bool:
        """Every bid of its hand in play is in: the tricks are being played."""
        return self.phase == HandPhase.PLAYING


def side_names(event: Event, match: Match) -> tuple[str, ...]:
    """'Ann & Bo' for each side of a match (a playoff bye: 'bye')."""
    return tuple(
        pair_name(p for e in side for p in event.by_id[e].players) if side else bye()
        for side in match.sides
    )


def _bidding(db: Database, stored: StoredGame, detail: bool) -> tuple[str, ...]:
    score = stored.score()
    if not detail or score.over or score.pending:
        return ()
    if not seats.links(db, stored.id):
        return ()
    sent = seats.waiting(db, stored)
    players = stored.game.table.players
    return tuple(players[s] for s in range(len(players)) if s not in sent)


def called(event: Event, number: int) -> bool:
    """Whether time is called on round `number` now (a round not being played: no)."""
    r = event.rounds[number - 1] if 0 < number <= len(event.rounds) else None
    if r is None or not r.playing:
        return False
    minutes = event.settings.clock_minutes(r.kind, len(event.round_matches(number)))
    return time_called(r.started_at, minutes, r.called_at, time.time())


def tables(
    db: Database,
    event: Event,
    number: int,
    games: dict[str, StoredGame],
    detail: bool = False,
    chances: bool = False,
) -> list[TableView]:
    """Every table of round `number`; `detail` adds who is still bidding (director),
    `chances` each side's chance of a game not yet begun (the big screen shows them, from
    the club's kept ratings: no other page reads the club for them)."""
    views, on_time = [], called(event, number)
    started = 0 < number <= len(event.rounds) and not event.rounds[number - 1].drawn
    for match in event.round_matches(number):
        stored = games.get(match.game_id or "")
        names = side_names(event, match)
        if stored is None:
            views.append(_without_game(names, match, game_gone(started, match)))
            continue
        score = stored.score()
        drawn = score.draw
        sitting_in = _sitting_in(event, match, stored.game.table.players)
        names = sides_as_sat(stored.game.table.players) if sitting_in else names  # as sat
        views.append(
            TableView(
                match.number,
                names,
                stored.id,
                score.next_number if not score.over else len(score.hands),
                score.totals,
                score.bags,
                status_line(score),
                score.over,
                _bidding(db, stored, detail),
                last_hand(match.last_hand, on_time, score),
                stored.game.table.players,
                score.played,
                drawn,
                _named(names, match),
                sitting_in,
                score.phase,
                progress=progress(score, last_hand(match.last_hand, on_time, score)),
                chances=chance_words(night_club(event.id), stored)
                if chances and not (score.over or score.played)
                else "",
                **_slip_view(match, stored),
            )
        )
    return views


def _slip_view(match: Match, stored: StoredGame) -> dict[str, Any]:
    """What the director's slip forms and the paper mark need of a table."""
    pending = stored.score().pending
    return {
        "paper": paper() if match.paper else "",
        "revision": stored.revision,
        "hands_in": len(stored.game.hands),
        "slip_bids": () if pending is None else tuple(map(str, pending.bids or ())),
    }


def _without_game(names: tuple[str, ...], match: Match, gone: bool) -> TableView:
    """A table with no game: drawn, not started; a bye; or its game deleted (over, with
    no result: in a playoff the director names who goes through)."""
    if not gone:
        return TableView(match.number, names, None, 0, (), (), "", False, (), None, bye=match.bye)
    said = _named(names, match)
    return TableView(
        match.number, names, None, 0, (), (), deleted_words(), True, (), None,
        drawn=True, named=said, progress=deleted_words(), gone=True,
    )  # fmt: skip


def _sitting_in(event: Event, match: Match, players: tuple[str, ...]) -> tuple[str, ...]:
    own = {p for side in match.sides for e in side for p in event.by_id[e].players}
    return tuple(p for p in players if p not in own)


def _named(names: tuple[str, ...], match: Match) -> str:
    if match.winner is None:
        return ""
    return named(names[match.winner], match.note)


def fresh(db: Database, token: str, by: str = "id") -> tuple[Event, dict[str, StoredGame]]:
    """The event by one of its ids (404 if none), and its games; read only."""
    event = load_event(db, token, by=by)
    if event is None:
        abort(404)
    return event, games_of(db, event)


def next_actions(event: Event, games: dict[str, StoredGame]) -> frozenset[str]:
    """What the director may do next, as the core's state table says."""
    scores = {game_id: stored.score() for game_id, stored in games.items()}
    facts = facts_of(event.settings, event.rounds, event.matches, scores, time.time())
    return allowed(state_of(event.current), facts)


def clock(event: Event) -> dict[str, Any]:
    """The round clock: seconds left (None: no clock), called or not, the round, and
    whether it is drawn (not started), over, or a playoff round."""
    last = event.current
    shown: dict[str, Any] = {"seconds": None, "called": False, "round": last}
    if last is None:
        return shown
    shown |= {"drawn": last.drawn, "over": last.done}
    shown["playoff"] = last.is_playoff
    if last.playing:
        minutes = event.settings.clock_minutes(last.kind, len(event.round_matches(last.number)))
        shown["seconds"] = seconds_left(last.started_at, minutes, time.time())
        shown["called"] = called(event, last.number)
    return shown


def page(
    db: Database,
    event: Event,
    games: dict[str, StoredGame],
    detail: bool = False,
    chances: bool = False,
) -> dict:
    """Everything an event page shows: its standings (`standings`), and the night as it
    is played: the current round's tables (their chances with `chances`, the big screen),
    the clock, what the director may do next."""
    shown = standings(db, event, games)
    last = event.current
    return shown | {
        "over": night_over(event.settings, event.rounds, shown["champion"] is not None),
        "format_words": format_words(event.settings.format),
        "tables": tables(db, event, last.number, games, detail, chances) if last else [],
        "byes": [event.by_id[e].name for e in last.byes] if last else [],
        "clock": clock(event),
        "allowed": next_actions(event, games),
        "playoff": [(r, tables(db, event, r.number, games)) for r in event.rounds if r.is_playoff],
    }


def standings(db: Database, event: Event, games: dict[str, StoredGame]) -> dict[str, Any]:
    """What the results page shows of the night as a whole (every event page shows it
    too): the standings from the games' kept outcomes, the playoff's winner, its rounds'
    names and rules. Nothing of the night as it is played: no clock, no next step."""
    results = night_results.night(db, event)
    rows: tuple[Row, ...] = results.rows
    return {
        "event": event,
        "rows": rows,
        "champion": champion_name(event, results.champion),
        "order_words": order_words(event.settings.order),
        "stages": {n: stage_title(name) for n, name in stages(event, games).items()},
        "stage_lines": stage_lines(event.settings),
        "legend": legend(),
    }


def stages(event: Event, games: dict[str, StoredGame]) -> dict[int, str]:
    """Each playoff round's name (final, semi-final...; a double elimination's by its
    bracket: winners' round 1, losers' final, grand final...) by its round number."""
    playoff = [r.number for r in event.rounds if r.is_playoff]
    if event.settings.double:
        scores = {game_id: stored.score() for game_id, stored in games.items()}
        phases = phases_of(event.rounds, event.matches, scores_result(scores))
        return {n: phase.name for n, phase in zip(playoff, phases)}
    return {n: stage_name(i, len(event.round_matches(n))) for i, n in enumerate(playoff, 1)}
