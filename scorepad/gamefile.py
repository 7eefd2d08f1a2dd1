"""The scorepad game file (../shared/GAMEFILE.md): read the import form, write the export form.

A person writes `format`, `mode`, `players`, `first_dealer`, `rules` and `hands`
(each `bids` and `tricks`). The export adds every rule's value, the sides'
standing, the status, the winner and each hand's number, dealer and per-side
figures; those computed keys are ignored when a document is read back.
"""

from __future__ import annotations

import json
from typing import Any

from .core.errors import GameError
from .core.game import Game
from .core.rules import validate_rules
from .core.scoring import GameScore, Hand, make_table

FORMAT = "scorepad/1"
_KEYS = {"format", "mode", "players", "first_dealer", "rules", "hands", "tricks_by"}
_COMPUTED = {"sides", "status", "winner"}
_HAND_KEYS = {"bids", "tricks", "side_tricks"}
_HAND_COMPUTED = {"number", "dealer", "sides"}



def _unknown(keys: set[str], allowed: set[str], where: str, hand: int | None = None) -> None:
    extra = sorted(keys - allowed)
    if extra:
        raise GameError(f"{where}unknown key {extra[0]!r}", hand=hand, field=extra[0])


def _read_hand(raw: object, number: int) -> Hand:
    if not isinstance(raw, dict):
        raise GameError("must be an object with bids and tricks", hand=number, field="hands")
    _unknown(set(raw), _HAND_KEYS | _HAND_COMPUTED, "", hand=number)
    for key in ("bids", "tricks"):
        if key not in raw:
            raise GameError(f"{key}: missing", hand=number, field=key)
    bids, tricks = raw["bids"], raw["tricks"]
    if not isinstance(bids, list):
        raise GameError("bids: must be a list", hand=number, field="bids")
    if tricks is not None and not isinstance(tricks, list):
        raise GameError("tricks: must be a list or null", hand=number, field="tricks")
    side_tricks = raw.get("side_tricks")
    if side_tricks is not None:
        if not isinstance(side_tricks, list):
            raise GameError("side_tricks: must be a list or null", hand=number,
                            field="side_tricks")
        if tricks is None:
            raise GameError("side_tricks: given for a hand whose tricks are null", hand=number,
                            field="side_tricks")
    return Hand(tuple(bids), None if tricks is None else tuple(tricks),
                None if side_tricks is None else tuple(side_tricks))


def read(doc: object) -> Game:
    """Read a parsed game file and check it whole, scoring included."""
    if not isinstance(doc, dict):
        raise GameError("the game file must be a JSON object")
    _unknown(set(doc), _KEYS | _COMPUTED, "")
    if doc.get("format") != FORMAT:
        raise GameError(f"format: must be {FORMAT!r}", field="format")
    for key in ("mode", "players"):
        if key not in doc:
            raise GameError(f"{key}: missing", field=key)
    table = make_table(doc["mode"], doc["players"], doc.get("first_dealer", 0))
    rules = validate_rules(doc.get("rules", {}), table.mode)
    raw_hands = doc.get("hands", [])
    if not isinstance(raw_hands, list):
        raise GameError("hands: must be a list", field="hands")
    game = Game(table, rules, tuple(_read_hand(h, n) for n, h in enumerate(raw_hands, 1)),
                doc.get("tricks_by", "seat"))
    game.score()
    return game


def loads(text: str | bytes) -> Game:
    """Parse and read a game file's text."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise GameError(f"the game file is not valid JSON ({err})") from None
    return read(doc)


def export(game: Game, score: GameScore | None = None) -> dict[str, Any]:
    """The export document: the game with every key filled in and its score."""
    score = score or game.score()
    hands = []
    for hand in score.hands:
        out: dict[str, Any] = {"number": hand.number, "dealer": hand.dealer,
                               "bids": list(hand.bids),
                               "tricks": None if hand.tricks is None else list(hand.tricks)}
        if hand.side_tricks is not None:
            out["side_tricks"] = list(hand.side_tricks)
        if hand.sides is not None:
            out["sides"] = [{"points": s.points, "total": s.total, "bags": s.bags}
                            for s in hand.sides]
        hands.append(out)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "mode": game.table.mode,
        "players": list(game.table.players),
        "first_dealer": game.table.first_dealer,
        "rules": game.rules.as_dict(),
        "sides": [{"name": s.name, "seats": list(s.seats), "total": s.total, "bags": s.bags}
                  for s in score.sides],
        "status": score.status,
        "winner": score.winner,
        "hands": hands,
    }
    if game.tricks_by != "seat":  # a game counted by side says so; the default stays unsaid
        doc["tricks_by"] = game.tricks_by
    return doc


def dumps(doc: dict[str, Any]) -> str:
    """The export document as indented JSON text."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
