"""The values a game is recorded and scored in: a table, the bids, a hand as recorded,
one side's result in a hand and a hand as scored.

Pure data and the little arithmetic that belongs to it; the scored game is in model.py,
the checks in checks.py, one hand's scoring in hand.py, the end of a game in ending.py.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cached_property
from operator import attrgetter
from typing import Any, TypeVar

from .errors import GameError, Phrase, quoted
from .names import check_names, check_side_names, pair_name
from .rules import Rules

NIL = "nil"
BLIND_NIL = "blind_nil"
NILS = (NIL, BLIND_NIL)
Bid = int | str
V = TypeVar("V")

# Each value class's fields taken at its construction, and a getter reading them at once.
_INIT_FIELDS: dict[type, tuple[tuple[str, ...], attrgetter[Any]]] = {}


def changed(value: V, **changes: Any) -> V:
    """`value` (a dataclass) made again with `changes`, as `dataclasses.replace` makes it
    (through its `__init__`, so its checks run again and cached properties are not kept),
    its other fields read in one call: `replace` looks each field over in Python, which
    for a game's score was a few hundred instructions a change, a dozen changes a hand
    (bench/README.md, issue 40)."""
    kind = type(value)
    found = _INIT_FIELDS.get(kind)
    if found is None:
        names = tuple(f.name for f in fields(kind) if f.init)  # type: ignore[arg-type]
        found = _INIT_FIELDS[kind] = (names, attrgetter(*names))
    names, read = found
    kept = dict(zip(names, read(value) if len(names) > 1 else (read(value),), strict=True))
    kept.update(changes)
    return kind(**kept)


class Mode(StrEnum):
    """The tables Spades is played at: partners sitting opposite, or each for their own."""

    PARTNERSHIP = "partnership"
    CUTTHROAT = "cutthroat"


# Each mode and the numbers of players it takes.
SEATS = {Mode.PARTNERSHIP: (4,), Mode.CUTTHROAT: (4, 3, 2)}
MODES = tuple(SEATS)


def _trailing(totals: tuple[int, ...] | list[int], side: int, by: int) -> bool:
    """Is `side` at least `by` behind the best other side?"""
    others = [t for i, t in enumerate(totals) if i != side]
    return by == 0 or (bool(others) and max(others) - totals[side] >= by)


def blind_nil_open(rules: Rules, totals: tuple[int, ...] | list[int], side: int) -> bool:
    """May `side` bid blind nil, given the totals before the hand?"""
    return rules.nil and rules.blind_nil and _trailing(totals, side, rules.blind_nil_trailing_by)


def blind_bid_open(rules: Rules, totals: tuple[int, ...] | list[int], side: int) -> bool:
    """May `side` bid its contract blind, given the totals before the hand?"""
    return rules.blind_bid > 0 and _trailing(totals, side, rules.blind_bid_trailing_by)


@dataclass(frozen=True)
class Table:
    """Who plays: the mode, the players in clockwise seat order, the first dealer,
    and (partnership) the sides' own names where the table gave them."""

    mode: Mode
    players: tuple[str, ...]
    first_dealer: int = 0
    side_names: tuple[str | None, ...] | None = None

    def __post_init__(self) -> None:
        # a stored row or a file gives the mode as its word: the core keeps its value
        object.__setattr__(self, "mode", Mode(self.mode))

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: partners sit opposite, cutthroat is one a side."""
        if self.partnership:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(len(self.players)))

    @property
    def partnership(self) -> bool:
        """Whether partners sit opposite and score as a side (else cutthroat)."""
        return self.mode == Mode.PARTNERSHIP

    @property
    def tricks_per_hand(self) -> int:
        """17 with three players (51 cards), otherwise 13."""
        return 17 if len(self.players) == 3 else 13

    def side_of(self, seat: int) -> int:
        """The index of the side a seat plays for."""
        return seat % 2 if self.partnership else seat

    def side_name(self, side: int) -> str:
        """The side's own name if it has one, else 'Alice & Cara' (cutthroat: the player)."""
        if self.side_names is not None and self.side_names[side]:
            return self.side_names[side]  # type: ignore[return-value]
        return pair_name(self.players[seat] for seat in self.sides[side])


def make_table(
    mode: object, players: object, first_dealer: object = 0, side_names: object = None
) -> Table:
    """Check the mode, the players' names, the first dealer and any side names."""
    if mode not in MODES:
        raise GameError(
            "must be partnership or cutthroat, not %(mode)s", mode=quoted(mode), field="mode"
        )
    mode = Mode(str(mode))
    if not isinstance(players, (list, tuple)):
        raise GameError("must be a list of names", field="players")
    if len(players) not in SEATS[mode]:
        count = len(players)
        said = (
            Phrase("partnership is played by 4 players, not %(count)s", count=count)
            if mode is Mode.PARTNERSHIP
            else Phrase("cutthroat is played by 2, 3 or 4 players, not %(count)s", count=count)
        )
        raise GameError(said, field="players")
    names = check_names(players)
    if (
        isinstance(first_dealer, bool)
        or not isinstance(first_dealer, int)
        or not 0 <= first_dealer < len(names)
    ):
        raise GameError(
            "must be a seat from 0 to %(last)s", last=len(names) - 1, field="first_dealer"
        )
    sides = 2 if mode is Mode.PARTNERSHIP else len(names)
    return Table(mode, names, first_dealer, check_side_names(mode, side_names, sides))


@dataclass(frozen=True)
class Hand:
    """One deal as recorded: a bid per seat, and its tricks once played.

    Tricks are kept as they were entered: one count per seat, or (partnership)
    one count per side in `side_tricks`, each side's nil bidders included, with
    `tricks` then holding only the nil bidders' own counts and None elsewhere.
    `blind`: the sides that bid their contract blind; `dealer`: who dealt, when
    not the seat the deal passed to; `adjust`: points per side added at the
    table's say (a misdeal, a mistake), with `note` saying why; `renege`: the sides that
    reneged (each gives up `renege_tricks` of its contract tricks to the other side).
    `bids` is None for a hand that bids itself (`first_hand` = bids_itself: hand 1).
    """

    bids: tuple[Bid, ...] | None
    tricks: tuple[int | None, ...] | None = None
    side_tricks: tuple[int, ...] | None = None
    blind: tuple[int, ...] = ()
    dealer: int | None = None
    adjust: tuple[int, ...] | None = None
    note: str = ""
    renege: tuple[int, ...] = ()

    @property
    def played(self) -> bool:
        """Whether the tricks of this hand have been recorded."""
        return self.tricks is not None


@dataclass(frozen=True)
class NilResult:
    """How one nil or blind nil bid came out; `seat` is the table's seat."""

    seat: int
    blind: bool
    made: bool
    points: int


@dataclass(frozen=True)
class SideHand:
    """One side's result in one hand, and its running figures after it."""

    contract: int
    contract_tricks: int
    made: bool | None  # None when the side bid no tricks (all nil); False: set
    contract_points: int
    overtricks: int
    nils: tuple[NilResult, ...]
    nil_bags: int
    penalties: int
    penalty_points: int
    points: int  # everything, adjustment included
    total: int
    bags: int
    blind: bool = False  # the contract was bid blind
    boston: bool = False  # bid every trick of the hand and took them
    adjust: int = 0
    renege: int = 0  # contract tricks moved by reneges: given up (< 0) or received (> 0)
    bid_itself: bool = False  # the hand bid itself: 10 a trick taken, nothing else

    @property
    def set_by(self) -> int:
        """The contract tricks a set side fell short by (0 unless set)."""
        return self.contract - self.contract_tricks if self.made is False else 0


@dataclass(frozen=True)
class ScoredHand:
    """A hand with its number, dealer, leader, each side's contract and, once
    played, each side's result."""

    number: int
    dealer: int
    leader: int
    bids: tuple[Bid, ...] | None  # None: the hand bid itself (first_hand = bids_itself)
    tricks: tuple[int | None, ...] | None  # as entered: None where counted by side
    sides: tuple[SideHand, ...] | None
    side_tricks: tuple[int, ...] | None = None
    contracts: tuple[int, ...] = ()  # each side's number bids, summed
    totals_before: tuple[int, ...] = ()
    blind: tuple[int, ...] = ()
    adjust: tuple[int, ...] | None = None
    note: str = ""
    dealt_out_of_turn: bool = False
    renege: tuple[int, ...] = ()  # the sides that reneged

    @property
    def bid_itself(self) -> bool:
        """Whether the hand was played without bidding (first_hand = bids_itself)."""
        return self.bids is None
