"""What if: a whole game scored again under another value of one house rule. Pure.

The game itself is never changed: a copy with the one rule replaced is checked by
`validate_rules` and scored hand by hand by the core. If the game would have
ended earlier under that rule, scoring stops there and the later hands are
reported as never played; a game the table ended early is ended early again.
A hand the other rule refuses is reported by number, with the core's message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .ending import Status, leader
from .errors import GameError, quoted
from .game import Game
from .model import GameScore
from .rules import SPECS, RulesError, validate_rules
from .scoring import end_early, extend, start_score

SWITCH_WORDS = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}


@dataclass(frozen=True)
class WhatIf:
    """The real score and the score under `key` = `value`; `error` says why the game
    cannot be scored that way (then `score` is None)."""

    key: str
    value: Any
    real: GameScore
    score: GameScore | None
    ended_after: int | None = None  # the game would have ended after this hand
    error: GameError | None = None

    @property
    def real_winner(self) -> int | None:
        """The real winner, or the leader of a game still being played."""
        return _winner(self.real)

    @property
    def winner(self) -> int | None:
        """The winner (or leader) under the other rule."""
        return None if self.score is None else _winner(self.score)

    @property
    def same_winner(self) -> bool:
        """Whether the other rule leaves the winner (or leader) as it is."""
        return self.score is not None and self.winner == self.real_winner

    @property
    def finished(self) -> bool:
        """Whether the real game is over (else the words speak of the lead)."""
        return self.real.status == Status.FINISHED


def _winner(score: GameScore) -> int | None:
    if score.status == Status.FINISHED:
        return score.winner
    return leader(score.totals) if score.hands else None


def rule_value(key: str, text: str) -> Any:
    """A house rule's value from what was typed: on/off, a number, a choice's name,
    or empty / none for an optional number. Raises RulesError naming the rule."""
    spec = SPECS.get(key)
    if spec is None:
        raise RulesError(key, "is not a house rule scorepad knows")
    word = text.strip().lower()
    if spec.switch:
        if word not in SWITCH_WORDS:
            raise RulesError(key, "must be on or off, not %(value)s", value=quoted(text.strip()))
        return SWITCH_WORDS[word]
    if spec.choice:
        for name, label in spec.choices:
            if word in (name, label.lower()):
                return name
        return word  # validate_rules names the choices allowed
    if spec.optional and word in ("", "none"):
        return None
    try:
        return int(word)
    except ValueError:
        raise RulesError(
            key, "must be a whole number, not %(value)s", value=quoted(text.strip())
        ) from None


def what_if(game: Game, key: str, value: Any, real: GameScore | None = None) -> WhatIf:
    """Score `game` again with house rule `key` set to `value`, leaving it untouched;
    `real`, the game's own score when known already, is not computed again."""
    real = real or game.score()
    try:
        rules = validate_rules({**game.rules.as_dict(), key: value}, game.table.mode)
    except RulesError as err:
        return WhatIf(key, value, real, None, error=err)
    try:
        score = start_score(game.table, rules, game.start)
        for number, hand in enumerate(game.hands, 1):
            score = extend(score, hand)
            if score.status == Status.FINISHED and number < len(game.hands):
                return WhatIf(key, value, real, score, ended_after=number)
        if game.ended and score.status != Status.FINISHED:
            score = end_early(score)
    except GameError as err:
        return WhatIf(key, value, real, None, error=err)
    return WhatIf(key, value, real, score)
