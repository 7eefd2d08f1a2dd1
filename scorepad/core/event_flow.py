"""What may happen next at a club night: its rounds as a state machine, written as a
table. Pure.

Rules, as docs/events.md tells them:
- The state is the latest round's kind and status: no round yet, or a night's round
  (`round`) or a playoff round (`playoff`), each `drawn`, `playing` or `done`.
- Drawn: a night's draw may be changed by hand (`swap`); any draw may be thrown away
  (`cancel`) or started (`start`: every table gets its game, the clock starts).
- Playing: time may be called once (`call_time`); while a table's game is not over it
  may be re-seated (`reseat`), ended (`end_table`) or scored from its paper slip
  (`paper`: its final totals, or a hand at a time); a drawn playoff game waits for
  the director to say who goes through (`name_winner`). The round is done once every
  table is over (in a playoff: every match has a winner), marked so by the save or
  the director's action that ends it; a round found over but not marked (an imported
  night) is closed by the director (`close_round`).
- Done: the next round is drawn (`draw`) while rounds are left; the playoff is drawn
  (`start_playoff`) after a done round when the event has one; a done playoff round
  other than the final is followed by the next bracket round (`next_playoff_round`).
  A playoff round drawn is started by the director (`start`), the final too.
- Check-in: by the director (`check_in`) until the playoff is drawn; by the check-in
  link (`join`) only before round 1 is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .ending import Status
from .event import Settings, time_called
from .model import GameScore
from .playoff_double import double_champion, scores_result
from .roster import Match, Round, match_winner

NO_ROUND = ("none", "none")


@dataclass(frozen=True)
class Facts:
    """What the table's conditions read, derived from the event as it is now."""

    rounds_left: int = 0  # the night's rounds still to draw
    playoff: int = 0  # how many go to the playoff (0: none)
    time_called: bool = False  # the round being played has had its time called
    all_over: bool = False  # every table of the latest round is over
    final: bool = False  # the latest round is the playoff's final


# For each state, the actions it allows and the condition each needs (None: none).
FLOW: Mapping[tuple[str, str], Mapping[str, str | None]] = {
    NO_ROUND: {"draw": "rounds_left", "check_in": None, "join": None},
    ("round", "drawn"): {"swap": None, "cancel": None, "start": None, "check_in": None},
    ("round", "playing"): {
        "call_time": "time_running",
        "reseat": "tables_playing",
        "end_table": "tables_playing",
        "paper": "tables_playing",
        "close_round": "all_over",
        "check_in": None,
    },
    ("round", "done"): {"draw": "rounds_left", "start_playoff": "playoff", "check_in": None},
    ("playoff", "drawn"): {"cancel": None, "start": None},
    ("playoff", "playing"): {
        "call_time": "time_running",
        "reseat": "tables_playing",
        "end_table": "tables_playing",
        "paper": "tables_playing",
        "close_round": "all_over",
        "name_winner": None,
    },
    ("playoff", "done"): {"next_playoff_round": "not_final"},
}

CONDITIONS: Mapping[str, Callable[[Facts], bool]] = {
    "rounds_left": lambda f: f.rounds_left > 0,
    "playoff": lambda f: f.playoff >= 2,
    "time_running": lambda f: not f.time_called,
    "tables_playing": lambda f: not f.all_over,
    "all_over": lambda f: f.all_over,
    "not_final": lambda f: not f.final,
}

ACTIONS = tuple(sorted({action for row in FLOW.values() for action in row}))


def state_of(last: Round | None) -> tuple[str, str]:
    """The state the table is read in: the latest round's kind and status."""
    return NO_ROUND if last is None else (last.kind, last.status)


def allowed(state: tuple[str, str], facts: Facts) -> frozenset[str]:
    """The actions that may happen next."""
    row = FLOW[state]
    return frozenset(a for a, need in row.items() if need is None or CONDITIONS[need](facts))


def refusal(state: tuple[str, str], facts: Facts, action: str) -> str | None:
    """Why `action` may not happen now: "state" (not in this state) or the condition it
    lacks; None when it may."""
    row = FLOW[state]
    if action not in row:
        return "state"
    need = row[action]
    return None if need is None or CONDITIONS[need](facts) else need


def match_over(kind: str, match: Match, score: GameScore | None) -> bool:
    """Whether a table of a started round is over: a bye, or its game finished (in a
    playoff: with a side that goes through); a table whose game was deleted counts for
    nothing (in a playoff: once the director named who goes through)."""
    if match.bye:
        return True
    if match.game_id is None:
        return kind != "playoff" or match.winner is not None
    if score is None or score.status != Status.FINISHED:
        return False
    return kind != "playoff" or match_winner(match, score) is not None


def _final(
    settings: Settings,
    rounds: Sequence[Round],
    matches: Sequence[Match],
    scores: Mapping[str, GameScore],
    tables: int,
) -> bool:
    """Whether the latest playoff round is the last: single elimination's one table, a
    double elimination's once its champion is known (`scores`: every playoff game's)."""
    if not settings.double:
        return tables == 1
    return double_champion(rounds, matches, scores_result(scores)) is not None


def facts_of(
    settings: Settings,
    rounds: Sequence[Round],
    matches: Sequence[Match],
    scores: Mapping[str, GameScore],
    now: float,
) -> Facts:
    """The facts of the event now; `scores`: the latest round's games at least (a
    double-elimination playoff: every playoff game)."""
    last = rounds[-1] if rounds else None
    if last is None:
        return Facts(settings.rounds, settings.playoff)
    table = [m for m in matches if m.round == last.number]
    called = last.playing and time_called(
        last.started_at, settings.clock_minutes(last.kind, len(table)), last.called_at, now
    )
    return Facts(
        rounds_left=settings.rounds - sum(1 for r in rounds if not r.is_playoff),
        playoff=settings.playoff,
        time_called=called,
        all_over=all(match_over(last.kind, m, scores.get(m.game_id or "")) for m in table),
        final=last.is_playoff and _final(settings, rounds, matches, scores, len(table)),
    )
