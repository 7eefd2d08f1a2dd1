"""The game aggregate: a table, its house rules and its hands, scored on demand;
and what a fix of an earlier hand does to the hands after it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .clock import Clock
from .ending import Status
from .errors import GameError, quoted
from .model import GameScore
from .records import Hand, Table, changed
from .rules import Rules
from .scoring import end_early, extend, score_game, start_score
from .slip import slip_score

MAX_HANDS = 500  # a long evening is about 30 hands: far more is a mistake or an attack
TRICKS_BY: tuple[Literal["side", "seat"], ...] = ("side", "seat")
# Rules that depend on the score before a hand: a fix of an earlier hand can break them.
SCORE_RULES = ("blind_nil_trailing_by", "blind_bid_trailing_by")


@dataclass(frozen=True)
class Game:
    """A game as recorded: the table, its rules, its hands, how tricks are entered,
    the totals and bags carried from paper (`start`, one pair per side) and
    whether the table ended it early."""

    table: Table
    rules: Rules
    hands: tuple[Hand, ...]
    # "side": a partnership enters one count per side (nil bidders their own);
    # "seat": every seat its own count. Only how the table enters them: the score is the same.
    tricks_by: str = "seat"
    start: tuple[tuple[int, int], ...] | None = None
    ended: bool = False
    # The dealer the table chose for the hand after the last, before its bids (None: the
    # deal passes on as usual); the hand added next is dealt from there.
    next_dealer: int | None = None
    # The name of the preset the game was started from (docs/rules.md), or None.
    preset: str | None = None
    # A result from a paper slip (core.slip): each side's final total and bags; the game
    # then has no hands and is over.
    final: tuple[tuple[int, int], ...] | None = None
    # The game's own clock (core.clock), or None: played to the target alone.
    clock: Clock | None = None

    def __post_init__(self) -> None:
        if self.tricks_by not in TRICKS_BY:
            raise GameError(
                "must be side or seat, not %(value)s",
                value=quoted(self.tricks_by),
                field="tricks_by",
            )
        if self.by_side and not self.table.partnership:
            raise GameError(
                "tricks are counted by side in partnership games only", field="tricks_by"
            )
        if self.next_dealer is not None and not 0 <= self.next_dealer < len(self.table.players):
            raise GameError(
                "must be a seat from 0 to %(last)s",
                last=len(self.table.players) - 1,
                field="next_dealer",
            )

    @property
    def by_side(self) -> bool:
        """Whether the table enters one count of tricks per side (else one per seat)."""
        return self.tricks_by == "side"

    def score(self) -> GameScore:
        """Score the game; raises GameError for anything the rules refuse."""
        if self.final is not None:
            if self.hands or self.start is not None:
                raise GameError("a result from a slip has no hands and no start", field="final")
            return slip_score(self.table, self.rules, self.final)
        score = score_game(self.table, self.rules, self.hands, self.start, self.ended)
        if self.next_dealer is None or score.pending or score.status == Status.FINISHED:
            return score
        return changed(score, chosen_dealer=self.next_dealer)


@dataclass(frozen=True)
class FixOutcome:
    """What a fix of hand `number` leads to: the game to store and its score, and the
    hands after which the game is now over and that must go (empty: none)."""

    game: Game
    score: GameScore
    removed: tuple[int, ...]


def truncate(game: Game, keep: int) -> Game:
    """The game with only its first `keep` hands (the ones after are removed)."""
    whole = keep >= len(game.hands)
    return changed(
        game,
        hands=game.hands[:keep],
        ended=game.ended and whole,
        next_dealer=game.next_dealer if whole else None,
    )


def check_fix(game: Game, number: int, hand: Hand | None) -> FixOutcome:
    """Replace hand `number` (None: delete it) and re-score every later hand.

    A later hand that now breaks a rule depending on the score (blind nil or a
    blind contract no longer far enough behind) raises GameError naming it and
    the rule. If the game is now over before its last hand, the outcome's game
    stops there and `removed` lists the hands after it, for the table to confirm.
    """
    if not 1 <= number <= len(game.hands):
        raise GameError("this game has no hand %(number)s", number=number, field="hands")
    hands = list(game.hands)
    if hand is None:
        del hands[number - 1]
    else:
        hands[number - 1] = hand
    # A hand deleted moves the next hand's number: a dealer chosen for it no longer holds.
    fixed = changed(
        game, hands=tuple(hands), next_dealer=None if hand is None else game.next_dealer
    )
    return _rescore(fixed, number)


def _rescore(fixed: Game, number: int) -> FixOutcome:
    """Score `fixed` hand by hand after a change to hand `number` (0: to its settings);
    the hands after the one that now ends the game go in the outcome's `removed`."""
    hands = fixed.hands
    score = start_score(fixed.table, fixed.rules, fixed.start)
    for index, later in enumerate(hands, 1):
        try:
            score = extend(score, later)
        except GameError as err:
            if number and index > number and err.rule in SCORE_RULES:
                raise GameError(
                    "after the change to hand %(number)s this hand breaks %(rule_key)s: %(why)s",
                    number=number,
                    rule_key=err.rule,
                    why=err.detail,
                    hand=index,
                    field=err.field,
                    seat=err.seat,
                    rule=err.rule,
                ) from None
            raise
        if score.status == Status.FINISHED and index < len(hands):
            kept = truncate(fixed, index)
            return FixOutcome(kept, score, tuple(range(index + 1, len(hands) + 1)))
    if fixed.ended:
        if score.status == Status.FINISHED:  # the game now ends by the rules: no early end
            return FixOutcome(changed(fixed, ended=False), score, ())
        score = end_early(score)
    return FixOutcome(fixed, score, ())


def check_hand_count(count: int, *, adding: bool = False) -> None:
    """Refuse a game of more than MAX_HANDS hands (before any of them is scored);
    `adding`: the refusal names the hand that would be one too many."""
    if count > MAX_HANDS:
        raise GameError(
            "a game holds at most %(max_hands)s hands",
            max_hands=MAX_HANDS,
            hand=count if adding else None,
            field=None if adding else "hands",
        )


def with_settings(game: Game, table: Table, rules: Rules) -> Game:
    """The game with new names, side names or house rules; the table itself (its mode,
    seats and first dealer) stays as it was. New house rules are no longer the preset's:
    the game keeps its preset's name only while its rules are unchanged."""
    old = game.table
    if (table.mode, len(table.players), table.first_dealer) != (
        old.mode,
        len(old.players),
        old.first_dealer,
    ):
        raise GameError("the table itself cannot change during a game", field="players")
    preset = game.preset if rules == game.rules else None
    return changed(game, table=table, rules=rules, preset=preset)


def check_settings(game: Game, table: Table, rules: Rules) -> FixOutcome:
    """The game with new settings, scored again; if it is now over before its last hand
    (a lower target), the hands after that one are in `removed`, for the table to confirm."""
    return _rescore(with_settings(game, table, rules), 0)
