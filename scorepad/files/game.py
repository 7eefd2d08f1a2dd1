"""The scorepad game file (docs/gamefile.md): read the import form, write the export form.

A person writes `format`, `mode`, `players`, `first_dealer`, `rules` and `hands`
(each `bids` and `tricks`, and optionally `blind`, `dealer`, `adjust`, `note`,
`renege`), and optionally `side_names`, `start`, `ended`, `preset`, `next_dealer` and
`undone` (the hand the table's last undo took away, that it may put back).
The export adds every rule's value, the sides' standing, the status, the winner and each
hand's number, dealer and per-side figures; those computed keys are ignored when a document
is read back (a hand's `dealer` is read: it says who dealt).
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from typing import Any

from ..core import limits
from ..core.clock import Clock, check_clock
from ..core.errors import GameError, Phrase, quoted
from ..core.game import MAX_HANDS, Game
from ..core.model import GameScore
from ..core.names import shown, text_problem
from ..core.nesting import too_deep
from ..core.presets import preset_name_problem
from ..core.records import Hand, Table, changed, make_table
from ..core.rules import validate_rules
from . import json_text

FORMAT = "scorepad/1"
MAX_FILE_BYTES = limits.GAME_FILE_BYTES  # docs/gamefile.md: refused larger, by every reader
_KEYS = {
    "format",
    "mode",
    "players",
    "first_dealer",
    "rules",
    "hands",
    "tricks_by",
    "side_names",
    "start",
    "ended",
    "preset",
    "final",
    "clock",
    "next_dealer",
    "undone",
}
_COMPUTED = {"sides", "status", "winner"}
_NAMED = {"players", "side_names"}
_HAND_KEYS = {"bids", "tricks", "side_tricks", "blind", "dealer", "adjust", "note", "renege"}
_HAND_COMPUTED = {"number", "sides"}


def _key_name(key: str) -> str:
    """A key as a message names it: refused characters written out, a blank key quoted
    (an empty field would name no place at all)."""
    name = shown(key)
    return name if name.strip() else quoted(name)


def _unknown(keys: set[str], allowed: set[str], hand: int | None = None) -> None:
    extra = sorted(keys - allowed)
    if extra:
        raise GameError("unknown key", hand=hand, field=_key_name(extra[0]))


def _check_texts(value: object, hand: int | None = None, field: str | None = None) -> None:
    """Every key and text anywhere in the document gets the name rules' characters (no
    lone surrogate, control or invisible formatting character) before anything reads it:
    such text would be stored, then break every page that shows it."""
    if isinstance(value, str):
        problem = text_problem(value)
        if problem:
            raise GameError(problem, hand=hand, field=field)
    elif isinstance(value, list):
        for number, item in enumerate(value, 1):
            if field == "hands" and hand is None:
                _check_texts(item, number)  # in a hand, its own keys name the field
            else:
                _check_texts(item, hand, field)
    elif isinstance(value, dict):
        for key, item in value.items():
            problem = text_problem(key)
            if problem:
                raise GameError(f"the key {quoted(shown(key))} {problem}", hand=hand, field=field)
            if field is None and hand is None and key in _NAMED:
                continue  # the name rules check these, naming the seat or side
            _check_texts(item, hand, field or _key_name(key))


def _list_or_null(raw: dict, key: str, number: int, what: str = "a list or null") -> list | None:
    """A hand's optional list, or None when left out or null."""
    value = raw.get(key)
    if value is not None and not isinstance(value, list):
        raise GameError(f"must be {what}", hand=number, field=key)
    return value


def _read_hand(raw: object, number: int, table: Table, deal: int) -> Hand:
    """One hand; `deal` is the seat the deal passed to (a `dealer` equal to it is no news)."""
    if not isinstance(raw, dict):
        raise GameError("must be an object with bids and tricks", hand=number, field="hands")
    _unknown(set(raw), _HAND_KEYS | _HAND_COMPUTED, hand=number)
    for key in ("bids", "tricks"):
        if key not in raw:
            raise GameError("missing", hand=number, field=key)
    # null: a hand that bids itself (first_hand = bids_itself); the core says which may
    if raw["bids"] is not None and not isinstance(raw["bids"], list):
        raise GameError("must be a list", hand=number, field="bids")
    tricks = _list_or_null(raw, "tricks", number)
    side_tricks = _list_or_null(raw, "side_tricks", number)
    if side_tricks is not None and tricks is None:
        raise GameError("given for a hand whose tricks are null", hand=number, field="side_tricks")
    sides = "a list of side numbers"
    adjust = _list_or_null(raw, "adjust", number, "a list of points, one per side")
    dealer, note = raw.get("dealer"), raw.get("note", "")
    return Hand(
        None if raw["bids"] is None else tuple(raw["bids"]),
        None if tricks is None else tuple(tricks),
        None if side_tricks is None else tuple(side_tricks),
        tuple(_list_or_null(raw, "blind", number, sides) or ()),
        None if dealer == deal and not isinstance(dealer, bool) else dealer,
        None if adjust is None else tuple(adjust),
        "" if note is None else note,
        tuple(_list_or_null(raw, "renege", number, sides) or ()),
    )


def read(doc: object) -> Game:
    """Read a parsed game file and check it whole, scoring included."""
    return read_scored(doc)[0]


def _read_hands(raw_hands: list, table: Table) -> tuple[Hand, ...]:
    """Every hand in order, each knowing the seat the deal passed to."""
    hands, deal = [], table.first_dealer
    for number, raw in enumerate(raw_hands, 1):
        hand = _read_hand(raw, number, table, deal)
        hands.append(hand)
        dealt = deal if hand.dealer is None else hand.dealer
        deal = (dealt + 1) % len(table.players) if isinstance(dealt, int) else deal
    return tuple(hands)


def _check_top(doc: dict, raw_hands: object) -> None:
    """What a game file must be before its table is read: not too long, clean text,
    known keys, the format, a mode and players."""
    if isinstance(raw_hands, list) and len(raw_hands) > MAX_HANDS:
        # before anything is read or scored: a huge file costs no more than a small one
        raise GameError(
            f"a game holds at most {MAX_HANDS} hands, this file has {len(raw_hands)}",
            field="hands",
        )
    _check_texts(doc)
    _unknown(set(doc), _KEYS | _COMPUTED)
    if doc.get("format") != FORMAT:
        raise GameError(f"must be {FORMAT!r}", field="format")
    for key in ("mode", "players"):
        if key not in doc:
            raise GameError("missing", field=key)


# The hand the table's last undo took away, kept to put back: its number, the hand as it
# was, and whether the game had been ended early.
PutBack = tuple[int, Hand, bool]


def read_scored(doc: object) -> tuple[Game, GameScore]:
    """Read a parsed game file and check it whole; the game and its score, scored once."""
    game, score, _ = read_full(doc)
    return game, score


def read_full(doc: object) -> tuple[Game, GameScore, PutBack | None]:
    """`read_scored`, and the hand the table may put back (None: none)."""
    if not isinstance(doc, dict):
        raise GameError("the game file must be a JSON object")
    raw_hands = doc.get("hands", [])
    _check_top(doc, raw_hands)
    table = make_table(
        doc["mode"], doc["players"], doc.get("first_dealer", 0), doc.get("side_names")
    )
    rules = validate_rules(doc.get("rules", {}), table.mode)
    if not isinstance(raw_hands, list):
        raise GameError("must be a list", field="hands")
    ended = doc.get("ended", False)
    if not isinstance(ended, bool):
        raise GameError(f"must be true or false, not {quoted(ended)}", field="ended")
    game = Game(
        table,
        rules,
        _read_hands(raw_hands, table),
        doc.get("tricks_by", "seat"),
        read_start(doc.get("start"), len(table.sides)),
        ended,
        preset=read_preset(doc.get("preset")),
        final=read_final(doc.get("final"), len(table.sides)),
        clock=read_clock(doc.get("clock")),
        next_dealer=read_next_dealer(doc.get("next_dealer")),
    )
    try:
        score = game.score()
    except GameError as err:
        if game.final is None or err.field not in ("totals", "bags"):
            raise
        # The slip check names the director's form's fields; a file's key is `final`.
        raise GameError(err.detail, field="final", seat=err.seat) from None
    _check_clock_end(game, score)
    if game.next_dealer is not None and score.chosen_dealer is None:
        raise GameError(
            "is for a game whose next hand is still to bid: not over, its last hand played",
            field="next_dealer",
        )
    kept = Game(game.table, game.rules, game.hands, game.tricks_by, score.start, ended)
    found = changed(kept, final=game.final, preset=game.preset, clock=game.clock)
    found = changed(found, next_dealer=game.next_dealer)
    return found, score, read_undone(doc.get("undone"), found)


def read_undone(raw: object, game: Game) -> PutBack | None:
    """The hand the table's last undo took away, as the game page offers to put it back:
    the one after the last hand (the last hand then played), or the last hand's tricks
    (the last hand then only bid, with the same bids); put back, the game still scores."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"number", "hand", "ended"}:
        raise GameError("expected an object with number, hand and ended", field="undone")
    number, ended, hands = raw["number"], raw["ended"], game.hands
    last = hands[-1] if hands else None
    gone = number == len(hands) + 1 and (last is None or last.played) and not game.ended
    taken = number == len(hands) and last is not None and not last.played
    if isinstance(number, bool) or not (gone or taken) or not isinstance(ended, bool):
        raise GameError(
            "must be the hand the last undo took away: the one after the last hand, or the "
            "last hand's tricks",
            field="undone",
        )
    hand = _read_hand(raw["hand"], number, game.table, -1)  # its dealer as written
    if taken and last is not None and hand.bids != last.bids:
        raise GameError("its bids must be those of the hand left bid", field="undone")
    try:
        changed(game, hands=(*hands[: number - 1], hand), ended=ended, next_dealer=None).score()
    except GameError as err:
        where = Phrase("hand %(number)s: %(why)s", number=err.hand, why=err.detail)
        said = where if err.hand else err.detail
        raise GameError("put back, %(why)s", why=said, field="undone") from None
    return number, hand, ended


def _check_clock_end(game: Game, score: GameScore) -> None:
    """A game whose clock's last hand is played is over: ended on its clock, or won."""
    last = None if game.clock is None else game.clock.last_hand
    if last is not None and not score.over and score.played >= last:
        said = f'the clock\'s last hand, hand {last}, is played: it must be "ended": true'
        raise GameError(said, field="clock")


def loads(text: str | bytes) -> Game:
    """Parse and read a game file's text."""
    return loads_scored(text)[0]


def loads_scored(text: str | bytes) -> tuple[Game, GameScore]:
    """Parse and read a game file's text; the game and its score, scored once."""
    game, score, _ = loads_full(text)
    return game, score


def loads_full(text: str | bytes) -> tuple[Game, GameScore, PutBack | None]:
    """`loads_scored`, and the hand the table may put back (None: none)."""
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > MAX_FILE_BYTES:
        raise GameError("the game file is larger than 1 MB")
    if too_deep(text):
        raise GameError("the game file is not valid JSON (its values are nested too deep)")
    try:
        doc = json_text.parse(text)
    except GameError:
        raise
    except RecursionError:
        raise GameError(
            "the game file is not valid JSON (its values are nested too deep)"
        ) from None
    except UnicodeDecodeError:
        raise GameError("the game file is not UTF-8 text") from None
    except json_text.LongNumber as err:
        raise GameError(
            "the game file holds a number of %(digits)s digits: no number in it has more "
            "than %(most)s",
            digits=err.digits,
            most=json_text.MOST_DIGITS,
        ) from None
    except json.JSONDecodeError as err:
        raise GameError(
            "the game file is not valid JSON (%(why)s)", why=json_problem(err)
        ) from None
    except ValueError as err:
        raise GameError(f"the game file is not valid JSON ({err})") from None
    return read_full(doc)


def json_problem(err: json.JSONDecodeError) -> Phrase:
    """json's words as `str(err)` says them, 'Extra data: line 1 column 3 (char 2)' (its
    messages marked in web/words/core_words.py, so a page says them in its language)."""
    return Phrase(
        "%(problem)s: line %(line)d column %(column)d (char %(char)d)",
        problem=Phrase(err.msg),
        line=err.lineno,
        column=err.colno,
        char=err.pos,
    )


def _export_hand(hand: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"number": hand.number, "dealer": hand.dealer, **_hand_keys(hand)}
    if hand.sides is not None:
        out["sides"] = [{"points": s.points, "total": s.total, "bags": s.bags} for s in hand.sides]
    return out


def _hand_keys(hand: Any) -> dict[str, Any]:
    """A hand's own keys, as entered (a scored hand's or a hand as recorded)."""
    out: dict[str, Any] = {
        "bids": None if hand.bids is None else list(hand.bids),
        "tricks": None if hand.tricks is None else list(hand.tricks),
    }
    if hand.side_tricks is not None:
        out["side_tricks"] = list(hand.side_tricks)
    if hand.blind:
        out["blind"] = list(hand.blind)
    if hand.adjust is not None:
        out["adjust"] = list(hand.adjust)
    if hand.note:
        out["note"] = hand.note
    if hand.renege:
        out["renege"] = list(hand.renege)
    return out


def export(
    game: Game, score: GameScore | None = None, undone: PutBack | None = None
) -> dict[str, Any]:
    """The export document: the game with every key filled in and its score (`undone`:
    the hand the table may put back)."""
    score = score or game.score()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "mode": game.table.mode,
        "players": list(game.table.players),
        "first_dealer": game.table.first_dealer,
        "rules": game.rules.as_dict(),
    }
    if game.table.side_names is not None:
        doc["side_names"] = list(game.table.side_names)
    if score.start is not None:
        doc["start"] = [{"total": t, "bags": b} for t, b in score.start]
    if game.final is not None:
        doc["final"] = [{"total": t, "bags": b} for t, b in game.final]
    doc.update(
        {
            "sides": [
                {"name": s.name, "seats": list(s.seats), "total": s.total, "bags": s.bags}
                for s in score.sides
            ],
            "status": score.status,
            "winner": score.winner,
            "hands": [_export_hand(hand) for hand in score.hands],
        }
    )
    if score.ended:
        doc["ended"] = True
    if score.chosen_dealer is not None:  # a dealer chosen before the next hand's bids
        doc["next_dealer"] = score.chosen_dealer
    if game.clock is not None:  # only a game played to its own clock says so
        doc["clock"] = clock_document(game.clock)
    if game.preset is not None:  # only a game started from a preset says so
        doc["preset"] = game.preset
    if game.by_side:  # a game counted by side says so; the default stays unsaid
        doc["tricks_by"] = game.tricks_by
    if undone is not None:  # the hand the last undo took away, to put back
        number, hand, ended = undone
        kept = {**({"dealer": hand.dealer} if hand.dealer is not None else {}), **_hand_keys(hand)}
        doc["undone"] = {"number": number, "hand": kept, "ended": ended}
    return doc


def dumps(doc: dict[str, Any]) -> str:
    """The export document as indented JSON text."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


# The game file's optional parts beside its hands: a start from paper totals, a paper
# slip's final result (one {"total", "bags"} a side each), the name of the preset the
# game was started from and the game's own clock.
def read_start(raw: object, sides: int) -> tuple[tuple[Any, Any], ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != sides:
        raise GameError(
            f'expected one {{"total", "bags"}} for each of the {sides} sides', field="start"
        )
    pairs = []
    for side, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) != {"total", "bags"}:
            raise GameError(f"side {side}: expected an object with total and bags", field="start")
        pairs.append((entry["total"], entry["bags"]))
    return tuple(pairs)


def read_final(raw: object, sides: int) -> tuple[tuple[Any, Any], ...] | None:
    """A result from a paper slip: one {"total", "bags"} a side (core.slip checks them)."""
    if raw is None:
        return None
    try:
        return read_start(raw, sides)
    except GameError as err:
        raise GameError(str(err).replace("start", "final"), field="final") from None


def read_next_dealer(raw: object) -> int | None:
    """The seat the table chose to deal the next hand, before its bids (the core checks
    that it is a seat of the table)."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise GameError(
            "must be a seat number, not %(value)s", value=quoted(raw), field="next_dealer"
        )
    return raw


def read_preset(raw: object) -> str | None:
    """The optional name of the preset the game was started from."""
    if raw is None:
        return None
    problem = preset_name_problem(raw)
    if problem:
        raise GameError(problem, field="preset")
    return str(raw).strip()


CLOCK_KEYS = {"minutes", "started", "last_hand"}


def read_clock(raw: object) -> Clock | None:
    """The game's own clock: {"minutes", "started" (an ISO 8601 time), "last_hand"}."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or not {"minutes", "started"} <= set(raw) <= CLOCK_KEYS:
        raise GameError(
            "expected an object with minutes, started and (optional) last_hand", field="clock"
        )
    started = raw["started"]
    try:
        when = datetime.fromisoformat(started) if isinstance(started, str) else None
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise GameError(
            f"started must be a time with its zone, as 2026-12-06T20:00:00Z, not {quoted(started)}",
            field="clock",
        )
    try:  # as the export writes it: in UTC, to the second (the web keeps whole seconds)
        seconds = math.floor(when.timestamp())
        datetime.fromtimestamp(seconds, UTC)
    except (ValueError, OverflowError, OSError):
        seconds = -1
    if not 0 <= seconds:
        raise GameError(
            f"started must be a time from 1970 to 9999 in UTC, not {quoted(started)}",
            field="clock",
        )
    return check_clock(raw["minutes"], seconds, raw.get("last_hand"))


def clock_document(clock: Clock) -> dict[str, Any]:
    """The game's clock as the game file writes it."""
    started = datetime.fromtimestamp(clock.started, UTC)
    return {
        "minutes": clock.minutes,
        "started": started.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "last_hand": clock.last_hand,
    }
