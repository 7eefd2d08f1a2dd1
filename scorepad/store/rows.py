"""How a game and its hands are written to their rows and read back (JSON columns).

Cache: `_rules`, the house rules a games (or events) row's rules text holds, keyed by
(that JSON text, the table's mode): a club's 20,000 games hold a few sets of rules, each
checked once, not once a game nor once a night's page (bench/club_scale.py, "rules read
once a text"). Rules are frozen, so one object serves every row that holds the same text."""

from __future__ import annotations

import json
import threading

from cachetools import LRUCache

from ..core.clock import Clock
from ..core.errors import GameError
from ..core.game import Game
from ..core.model import GameScore
from ..core.names import stored_text
from ..core.rating_values import Rated, Sitter, finished
from ..core.records import Hand, Table
from ..core.rules import Rules, validate_rules

_rules: LRUCache[tuple[str, str], Rules] = LRUCache(maxsize=256)
_rules_lock = threading.Lock()


def _json_or_null(values: dict) -> str | None:
    """Only the keys that differ from the default, as JSON; null when none do."""
    kept = {
        key: value
        for key, value in values.items()
        if value is not None and value is not False and value != () and value != ""
    }
    return json.dumps(kept) if kept else None


def hand_values(hand: Hand) -> dict:
    """A hand's columns: bids, tricks and (when counted by side) the side counts, as JSON,
    and what else it carries (blind, dealer, adjust, note, renege)."""
    return {
        "bids": json.dumps(None if hand.bids is None else list(hand.bids)),
        "tricks": None if hand.tricks is None else json.dumps(list(hand.tricks)),
        "side_tricks": None if hand.side_tricks is None else json.dumps(list(hand.side_tricks)),
        "extra": _json_or_null(
            {
                "blind": hand.blind,
                "dealer": hand.dealer,
                "adjust": hand.adjust,
                "note": hand.note,
                "renege": hand.renege,
            }
        ),
    }


def game_extra(game: Game) -> str | None:
    """What a game carries beyond its table and rules: start, ended, side names, preset and
    a slip's final result."""
    return _json_or_null(
        {
            "start": game.start,
            "ended": game.ended,
            "side_names": game.table.side_names,
            "preset": game.preset,
            "final": game.final,
            "clock": None if game.clock is None else clock_values(game.clock),
        }
    )


def clock_values(clock: Clock) -> list:
    """A game's clock as kept: [minutes, started, last hand or null]."""
    return [clock.minutes, clock.started, clock.last_hand]


def _clock(value: object) -> Clock | None:
    if not isinstance(value, list) or len(value) != 3:
        return None
    return Clock(value[0], value[1], value[2])


def _tuple(value: object) -> tuple | None:
    if not isinstance(value, (list, tuple)):
        return None
    return tuple(_tuple(v) if isinstance(v, list) else v for v in value)


def _names(value: object) -> tuple[str | None, ...] | None:
    if not isinstance(value, list):
        return None
    return tuple(None if name is None else stored_text(name) for name in value)


def read_hand(h: dict) -> Hand:
    """A hand from its columns (`hand_values`)."""
    extra = json.loads(h.get("extra") or "{}")
    bids = json.loads(h["bids"])  # null: a hand that bids itself
    return Hand(
        None if bids is None else tuple(bids),
        None if h["tricks"] is None else tuple(json.loads(h["tricks"])),
        None if h.get("side_tricks") is None else tuple(json.loads(h["side_tricks"])),
        tuple(extra.get("blind", ())),
        extra.get("dealer"),
        _tuple(extra.get("adjust")),
        stored_text(extra.get("note", "")),
        tuple(extra.get("renege", ())),
    )


def read_game(row: dict, hand_rows: list[dict]) -> Game:
    """The game a games row and its hands rows hold."""
    extra = json.loads(row.get("extra") or "{}")
    table = Table(
        row["mode"],
        tuple(stored_text(name) for name in json.loads(row["players"])),
        row["first_dealer"],
        _names(extra.get("side_names")),
    )
    rules = rules_of(row["rules"], table.mode)
    return Game(
        table,
        rules,
        tuple(read_hand(h) for h in hand_rows),
        row["tricks_by"],
        _tuple(extra.get("start")),
        extra.get("ended", False),
        # The dealer chosen before the bids is kept with the hand it was chosen for: it
        # holds only while that hand is still the next one to bid.
        row.get("next_dealer") if row.get("next_dealer_hand") == len(hand_rows) + 1 else None,
        _preset(extra.get("preset")),
        _tuple(extra.get("final")),
        _clock(extra.get("clock")),
    )


def rules_of(text: str, mode: str) -> Rules:
    """The house rules of a games or events row's rules text, checked once a text and mode."""
    with _rules_lock:
        found = _rules.get((text, mode))
    if found is None:
        found = validate_rules(json.loads(text), mode)
        with _rules_lock:
            _rules[(text, mode)] = found
    return found


def _preset(value: object) -> str | None:
    return stored_text(value) if isinstance(value, str) and value else None


def rated_of(score: GameScore) -> Rated | None:
    """What the ratings read of a scored game (the core's `finished`): None while it is
    not over, or when two of its names are one person's (never rated)."""
    if not score.over:
        return None  # most saves: the core has nothing to read yet
    try:
        return finished(score)
    except GameError:
        return None


def rated_text(score: GameScore) -> str:
    """A game's `rated` column: `rated_of` its score as JSON (`null`: nothing rated)."""
    rated = rated_of(score)
    if rated is None:
        return "null"
    sides = [[[[s.name, s.hands] for s in seat] for seat in side] for side in rated.sides]
    return json.dumps({"sides": sides, "places": rated.places, "winner": rated.winner})


def read_rated(text: str) -> Rated | None:
    """What a `rated` column holds (`rated_text`): None while the game is not over."""
    held = json.loads(text)
    if held is None:
        return None
    sides = tuple(
        tuple(tuple(Sitter(name, hands) for name, hands in seat) for seat in side)
        for side in held["sides"]
    )
    return Rated(sides, tuple(held["places"]), held["winner"])
