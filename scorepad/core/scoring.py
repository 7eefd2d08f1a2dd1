"""Scoring a game of Spades, exactly as ../shared/RULES.md says.

Pure: plain values in, plain values out, no I/O. The rules it applies:

* A side is a partnership (seats 0+2, 1+3) or, in cutthroat, one player.
* A side's contract is the sum of its number bids; its contract tricks are
  the tricks of those same players (plus its nil bidders' under
  ``nil_tricks = partner``). Made: 10 a trick bid (a flat 200 for 10 or more
  under ``ten_for_two_hundred``) and ``bag_points`` for each overtrick, which
  is also a bag. Missed: -10 a trick bid (-200, or 0 under
  ``missed_contract = zero``).
* Each nil is settled on its own: +/- ``nil_value``, twice that for blind
  nil. Under ``nil_tricks = bags`` (or ``partner`` with a contract of 0) a nil
  bidder's tricks score as bags.
* Bags carry across hands; every ``bag_limit`` of them costs ``bag_penalty``
  and leaves the remainder (or 0 under ``bag_remainder = drop``).
* After each hand, once a side is at the target (or at the loss threshold),
  the side with the single highest total wins; a tie for the lead plays on.

Any input the rules refuse raises `GameError`, naming the hand and field.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from .errors import GameError
from .rules import Rules

NIL = "nil"
BLIND_NIL = "blind_nil"
NILS = (NIL, BLIND_NIL)
Bid = int | str
MODES = ("partnership", "cutthroat")


@dataclass(frozen=True)
class Table:
    """Who plays: the mode, the players in clockwise seat order, the first dealer."""

    mode: str
    players: tuple[str, ...]
    first_dealer: int = 0
    side_names: tuple[str, ...] | None = None  # a name per side; None or "" keeps the default

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: partners sit opposite, cutthroat is one a side."""
        if self.mode == "partnership":
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(len(self.players)))

    @property
    def tricks_per_hand(self) -> int:
        """17 with three players (51 cards), otherwise 13."""
        return 17 if len(self.players) == 3 else 13

    def side_of(self, seat: int) -> int:
        """The index of the side a seat plays for."""
        return seat % 2 if self.mode == "partnership" else seat

    def side_name(self, side: int) -> str:
        """The side's own name if it has one, else 'Alice & Cara' (cutthroat: the player)."""
        if self.side_names and side < len(self.side_names) and self.side_names[side]:
            return self.side_names[side]
        return " & ".join(self.players[seat] for seat in self.sides[side])

    def dealer(self, number: int) -> int:
        """The seat that deals hand `number` (from 1); the deal passes clockwise."""
        return (self.first_dealer + number - 1) % len(self.players)


def make_table(mode: object, players: object, first_dealer: object = 0) -> Table:
    """Check the mode, the players' names and the first dealer."""
    if mode not in MODES:
        raise GameError(f"mode: must be partnership or cutthroat, not {mode!r}", field="mode")
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise GameError("players: must be a list of names", field="players")
    names = tuple(p.strip() for p in players)
    allowed = (4,) if mode == "partnership" else (2, 3, 4)
    if len(names) not in allowed:
        need = "4 players" if mode == "partnership" else "2, 3 or 4 players"
        raise GameError(f"players: {mode} is played by {need}, not {len(names)}", field="players")
    for seat, name in enumerate(names):
        if not 1 <= len(name) <= 40:
            raise GameError(f"players: the name of seat {seat} must be 1 to 40 characters",
                            field="players", seat=seat)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) \
            or not 0 <= first_dealer < len(names):
        raise GameError(f"first_dealer: must be a seat from 0 to {len(names) - 1}",
                        field="first_dealer")
    return Table(mode, names, first_dealer)


@dataclass(frozen=True)
class Hand:
    """One deal as recorded: a bid per seat, and its tricks once played.

    Tricks are kept as they were entered: one count per seat, or (partnership)
    one count per side in `side_tricks`, each side's nil bidders included, with
    `tricks` then holding only the nil bidders' own counts and None elsewhere.
    """

    bids: tuple[Bid, ...]
    tricks: tuple[int | None, ...] | None = None
    side_tricks: tuple[int, ...] | None = None
    blind: tuple[int, ...] = ()  # the sides that declared their contract blind
    dealer: int | None = None  # the seat that dealt, where the deal did not pass as it should
    adjust: tuple[int, ...] | None = None  # points added to each side after everything else
    note: str | None = None  # why the hand was adjusted

    @property
    def played(self) -> bool:
        """Whether the tricks of this hand have been recorded."""
        return self.tricks is not None


@dataclass(frozen=True)
class NilResult:
    """How one nil or blind nil bid came out."""

    seat: int
    blind: bool
    made: bool
    points: int


@dataclass(frozen=True)
class SideHand:
    """One side's result in one hand, and its running figures after it."""

    contract: int
    contract_tricks: int
    made: bool | None  # None when the side bid no tricks (all nil)
    contract_points: int
    overtricks: int
    nils: tuple[NilResult, ...]
    nil_bags: int
    penalties: int
    penalty_points: int
    points: int
    total: int
    bags: int


@dataclass(frozen=True)
class ScoredHand:
    """A hand with its number, dealer and, once played, each side's result."""

    number: int
    dealer: int
    leader: int
    bids: tuple[Bid, ...]
    tricks: tuple[int | None, ...] | None  # as entered: None where counted by side
    sides: tuple[SideHand, ...] | None
    side_tricks: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SideTotal:
    """A side's standing after the last played hand."""

    name: str
    seats: tuple[int, ...]
    total: int
    bags: int


@dataclass(frozen=True)
class GameScore:
    """Everything derived from a table, its rules and its hands."""

    table: Table
    rules: Rules
    hands: tuple[ScoredHand, ...]
    sides: tuple[SideTotal, ...]
    status: str  # "playing" or "finished"
    winner: int | None
    tied: bool  # the target was reached but the lead is shared: another hand
    blind_nil_sides: tuple[bool, ...]  # who may bid blind nil in the next hand

    @property
    def pending(self) -> ScoredHand | None:
        """The last hand if it is bid but not yet played."""
        if self.hands and self.hands[-1].tricks is None:
            return self.hands[-1]
        return None

    @property
    def next_number(self) -> int:
        """The number of the hand to bid next (or being played)."""
        return len(self.hands) + (0 if self.pending else 1)


def blind_nil_open(rules: Rules, totals: Sequence[int], side: int) -> bool:
    """May `side` bid blind nil, given the totals before the hand?"""
    if not (rules.nil and rules.blind_nil):
        return False
    if rules.blind_nil_trailing_by == 0:
        return True
    best_other = max(t for i, t in enumerate(totals) if i != side)
    return best_other - totals[side] >= rules.blind_nil_trailing_by


def _normalize_bid(table: Table, value: object, number: int, seat: int) -> Bid:
    name = table.players[seat]
    top = table.tricks_per_hand
    if isinstance(value, str) and value in NILS:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top:
        return value or NIL  # a bid of 0 is nil
    raise GameError(f"bids: {name}'s bid must be nil, blind_nil or 1 to {top}, not {value!r}",
                    hand=number, field="bids", seat=seat)


def check_bids(table: Table, rules: Rules, bids: Sequence[object],
               totals: Sequence[int], number: int) -> tuple[Bid, ...]:
    """Normalise one hand's bids and refuse any the rules do not allow."""
    if not isinstance(bids, (list, tuple)) or len(bids) != len(table.players):
        raise GameError(f"bids: expected one bid for each of the {len(table.players)} seats",
                        hand=number, field="bids")
    normal = tuple(_normalize_bid(table, b, number, seat) for seat, b in enumerate(bids))
    for seat, bid in enumerate(normal):
        if bid not in NILS:
            continue
        name = table.players[seat]
        if not rules.nil:
            raise GameError(f"bids: {name} bid nil, but nil is off in this game",
                            hand=number, field="bids", seat=seat)
        if bid == BLIND_NIL and not rules.blind_nil:
            raise GameError(f"bids: {name} bid blind nil, but blind nil is off in this game",
                            hand=number, field="bids", seat=seat)
        if bid == BLIND_NIL and not blind_nil_open(rules, totals, table.side_of(seat)):
            raise GameError(f"bids: {name} may bid blind nil only when trailing by "
                            f"{rules.blind_nil_trailing_by} or more",
                            hand=number, field="bids", seat=seat)
    if not (rules.suicide or rules.min_side_bid or not rules.double_nil):
        return normal  # no house rule limits a side's bids
    for side, seats in enumerate(table.sides):
        nils = sum(1 for seat in seats if normal[seat] in NILS)
        contract = sum(b for seat in seats if isinstance(b := normal[seat], int))
        if len(seats) == 2 and nils == 2 and not rules.double_nil:
            raise GameError(f"bids: {table.side_name(side)} may not both bid nil in this game",
                            hand=number, field="bids", seat=seats[1])
        if rules.suicide and nils != 1:
            raise GameError(f"bids: under suicide exactly one of {table.side_name(side)} "
                            "must bid nil", hand=number, field="bids", seat=seats[0])
        if contract < rules.min_side_bid:
            raise GameError(f"bids: {table.side_name(side)} bid {contract}, the least a side "
                            f"may bid is {rules.min_side_bid}", hand=number, field="bids",
                            seat=seats[0])
    return normal


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_tricks(table: Table, tricks: object, number: int) -> tuple[int, ...]:
    """Refuse tricks that are not whole, negative, or do not add up to the deal."""
    if not isinstance(tricks, (list, tuple)) or len(tricks) != len(table.players):
        raise GameError(f"tricks: expected one count for each of the {len(table.players)} seats",
                        hand=number, field="tricks")
    for seat, took in enumerate(tricks):
        if not _whole(took):
            raise GameError(f"tricks: {table.players[seat]}'s tricks must be a whole number "
                            f"from 0, not {took!r}", hand=number, field="tricks", seat=seat)
    expected = table.tricks_per_hand
    if sum(tricks) != expected:
        raise GameError(f"tricks add up to {sum(tricks)}, expected {expected}",
                        hand=number, field="tricks")
    return tuple(tricks)


def check_side_tricks(table: Table, bids: Sequence[Bid], tricks: object, side_tricks: object,
                      number: int) -> tuple[int, ...]:
    """Check tricks counted by side and return a per-seat split that scores the same.

    Only a number bidder's share of the side's count matters to the score, so the
    side's contract tricks all go to its first number bidder and none to the other."""
    if table.mode != "partnership":
        raise GameError("side_tricks: tricks by side are for partnership games only",
                        hand=number, field="side_tricks")
    if not isinstance(side_tricks, (list, tuple)) or len(side_tricks) != len(table.sides):
        raise GameError(f"side_tricks: expected one count for each of the {len(table.sides)} "
                        "sides", hand=number, field="side_tricks")
    if not isinstance(tricks, (list, tuple)) or len(tricks) != len(table.players):
        raise GameError("tricks: with side_tricks, expected one entry for each of the "
                        f"{len(table.players)} seats (a nil bidder's count, else null)",
                        hand=number, field="tricks")
    for side, count in enumerate(side_tricks):
        if not _whole(count):
            raise GameError(f"side_tricks: {table.side_name(side)}'s tricks must be a whole "
                            f"number from 0, not {count!r}", hand=number, field="side_tricks")
    expected = table.tricks_per_hand
    if sum(side_tricks) != expected:
        raise GameError(f"side_tricks add up to {sum(side_tricks)}, expected {expected}",
                        hand=number, field="side_tricks")
    split = [0] * len(table.players)
    for side, seats in enumerate(table.sides):
        left = side_tricks[side]
        for seat in seats:
            took, name = tricks[seat], table.players[seat]
            if bids[seat] in NILS:
                if not _whole(took):
                    raise GameError(f"tricks: {name} bid nil, so {name}'s own tricks must be "
                                    f"a whole number from 0, not {took!r}", hand=number,
                                    field="tricks", seat=seat)
                split[seat] = took
                left -= took
            elif took is not None:
                raise GameError(f"tricks: {name}'s tricks are counted with the side; "
                                "only a nil bidder's own count is given", hand=number,
                                field="tricks", seat=seat)
        if left < 0:
            raise GameError(f"tricks: the nil bidders of {table.side_name(side)} took more "
                            f"tricks than the side's {side_tricks[side]}", hand=number,
                            field="tricks", seat=seats[0])
        bidders = [seat for seat in seats if bids[seat] not in NILS]
        if bidders:
            split[bidders[0]] = left
        elif left:
            raise GameError(f"side_tricks: both of {table.side_name(side)} bid nil, so the "
                            "side's count must equal their own tricks", hand=number,
                            field="side_tricks")
    return tuple(split)


def score_side(rules: Rules, bids: Sequence[Bid], tricks: Sequence[int],
               total_before: int, bags_before: int) -> SideHand:
    """Score one side's hand from its members' bids and tricks."""
    contract = taken = nil_taken = 0
    for bid, took in zip(bids, tricks):
        if isinstance(bid, int):
            contract += bid
            taken += took
        else:
            nil_taken += took
    to_partner = rules.nil_tricks == "partner" and contract > 0
    if to_partner:
        taken += nil_taken
    flat = rules.ten_for_two_hundred and contract >= 10
    made: bool | None = None
    contract_points = overtricks = 0
    if contract > 0:
        made = taken >= contract
        if made:
            overtricks = taken - contract
            contract_points = (200 if flat else 10 * contract) + overtricks * rules.bag_points
        elif rules.missed_contract == "minus":
            contract_points = -200 if flat else -10 * contract
    nils = tuple(
        NilResult(seat=k, blind=b == BLIND_NIL, made=t == 0,
                  points=(1 if t == 0 else -1) * rules.nil_value * (2 if b == BLIND_NIL else 1))
        for k, (b, t) in enumerate(zip(bids, tricks)) if b in NILS)
    nil_bags = 0 if to_partner or rules.nil_tricks == "none" else nil_taken
    bags = bags_before + overtricks + nil_bags
    penalties = 0
    if rules.bag_limit > 0 and bags >= rules.bag_limit:
        if rules.bag_remainder == "carry":
            penalties, bags = divmod(bags, rules.bag_limit)
        else:
            penalties, bags = 1, 0
    penalty_points = -penalties * rules.bag_penalty
    points = (contract_points + sum(n.points for n in nils)
              + nil_bags * rules.bag_points + penalty_points)
    return SideHand(contract, taken, made, contract_points, overtricks, nils, nil_bags,
                    penalties, penalty_points, points, total_before + points, bags)


def settle(rules: Rules, totals: Sequence[int]) -> tuple[str, int | None, bool]:
    """After a hand: (status, winner, tied for the lead at the end)."""
    over = any(t >= rules.target for t in totals) or (
        rules.loss_threshold is not None and any(t <= rules.loss_threshold for t in totals))
    if not over:
        return "playing", None, False
    best = max(totals)
    leaders = [side for side, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        return "finished", leaders[0], False
    return "playing", None, True


def score_game(table: Table, rules: Rules, hands: Iterable[Hand]) -> GameScore:
    """Score every hand in order; refuse the first thing the rules do not allow."""
    hands = list(hands)
    n_sides = len(table.sides)
    totals, bags = [0] * n_sides, [0] * n_sides
    status, winner, tied = "playing", None, False
    scored: list[ScoredHand] = []
    for index, hand in enumerate(hands):
        number = index + 1
        if status == "finished":
            raise GameError(f"the game was already over after hand {number - 1}",
                            hand=number, field="bids")
        bids = check_bids(table, rules, hand.bids, totals, number)
        dealer = table.dealer(number)
        leader = (dealer + 1) % len(table.players)
        if hand.tricks is None:
            if number != len(hands):
                raise GameError("tricks: only the last hand may be left unplayed",
                                hand=number, field="tricks")
            scored.append(ScoredHand(number, dealer, leader, bids, None, None))
            break
        if hand.side_tricks is None:
            tricks = check_tricks(table, hand.tricks, number)
        else:
            tricks = check_side_tricks(table, bids, hand.tricks, hand.side_tricks, number)
        results = tuple(
            score_side(rules, [bids[s] for s in seats], [tricks[s] for s in seats],
                       totals[side], bags[side])
            for side, seats in enumerate(table.sides))
        totals = [r.total for r in results]
        bags = [r.bags for r in results]
        side_tricks = None if hand.side_tricks is None else tuple(hand.side_tricks)
        recorded = tricks if side_tricks is None else tuple(hand.tricks)  # type: ignore[arg-type]
        scored.append(ScoredHand(number, dealer, leader, bids, recorded, results, side_tricks))
        status, winner, tied = settle(rules, totals)
    sides = tuple(SideTotal(table.side_name(i), seats, totals[i], bags[i])
                  for i, seats in enumerate(table.sides))
    open_sides = tuple(blind_nil_open(rules, totals, i) for i in range(n_sides))
    return GameScore(table, rules, tuple(scored), sides, status, winner, tied, open_sides)
