"""What the rules refuse in one hand: bids, blind contracts, tricks, the dealer, adjustments,
reneges."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import GameError
from .names import text_problem
from .records import BLIND_NIL, NIL, NILS, Bid, Table, blind_bid_open, blind_nil_open
from .rules import Rules
from .tricks import whole

MAX_ADJUST = 1000
MAX_NOTE = 200


def typed_count(text: object) -> int | None:
    """A whole number typed as ASCII digits (surrounding spaces allowed), else None.

    `str.isdigit` also takes superscript and circled digits ("²", "①") that `int`
    refuses, and `int` takes other scripts' digits and "1_0": neither is a count."""
    if not isinstance(text, str):
        return None
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        return None
    return int(digits)


def _normalize_bid(table: Table, rules: Rules, value: object, number: int, seat: int) -> Bid:
    name = table.players[seat]
    top = table.tricks_per_hand
    if isinstance(value, str) and value in NILS:
        return value
    if whole(value) and value <= top:
        if value == 0 and rules.zero_bid == "nil":
            return NIL  # a bid of 0 is nil unless the house says otherwise
        return value
    low = 0 if rules.zero_bid == "bid" else 1
    raise GameError(
        f"{name}'s bid must be nil, blind_nil or {low} to {top}, not {value!r}",
        hand=number,
        field="bids",
        seat=seat,
    )


def contracts(table: Table, bids: Sequence[Bid]) -> tuple[int, ...]:
    """Each side's contract: the sum of its members' number bids."""
    return tuple(sum(b for s in seats if isinstance(b := bids[s], int)) for seats in table.sides)


def _check_nil(
    table: Table, rules: Rules, seat: int, bid: Bid, totals: Sequence[int], number: int
) -> None:
    """Refuse a nil or blind nil the rules or the score do not allow this seat."""
    name = table.players[seat]
    refusal = None
    if not rules.nil:
        refusal = (f"{name} bid nil, but nil is off in this game", "nil")
    elif bid == BLIND_NIL and not rules.blind_nil:
        refusal = (f"{name} bid blind nil, but blind nil is off in this game", "blind_nil")
    elif bid == BLIND_NIL and not blind_nil_open(rules, list(totals), table.side_of(seat)):
        refusal = (
            f"{name} may bid blind nil only when trailing by {rules.blind_nil_trailing_by} or more",
            "blind_nil_trailing_by",
        )
    if refusal:
        raise GameError(refusal[0], hand=number, field="bids", seat=seat, rule=refusal[1])


def _check_side(table: Table, rules: Rules, side: int, bids: Sequence[Bid], number: int) -> None:
    """Refuse a side's bids that break double_nil, suicide or min_side_bid."""
    seats, name = table.sides[side], table.side_name(side)
    nils = sum(1 for seat in seats if bids[seat] in NILS)
    contract = contracts(table, bids)[side]
    refusal = None
    if len(seats) == 2 and nils == 2 and not rules.double_nil:
        refusal = (f"{name} may not both bid nil in this game", seats[1], "double_nil")
    elif rules.suicide and nils != 1:
        refusal = (f"under suicide exactly one of {name} must bid nil", seats[0], "suicide")
    elif contract < rules.min_side_bid:
        refusal = (
            f"{name} bid {contract}, the least a side may bid is {rules.min_side_bid}",
            seats[0],
            "min_side_bid",
        )
    if refusal:
        raise GameError(refusal[0], hand=number, field="bids", seat=refusal[1], rule=refusal[2])


def check_bids(
    table: Table, rules: Rules, bids: Sequence[object], totals: Sequence[int], number: int
) -> tuple[Bid, ...]:
    """Normalise one hand's bids and refuse any the rules do not allow."""
    if not isinstance(bids, (list, tuple)) or len(bids) != len(table.players):
        raise GameError(
            f"expected one bid for each of the {len(table.players)} seats",
            hand=number,
            field="bids",
        )
    normal = tuple(_normalize_bid(table, rules, b, number, seat) for seat, b in enumerate(bids))
    for seat, bid in enumerate(normal):
        if bid in NILS:
            _check_nil(table, rules, seat, bid, totals, number)
    if rules.suicide or rules.min_side_bid or not rules.double_nil:
        for side in range(len(table.sides)):
            _check_side(table, rules, side, normal, number)
    return normal


def _side_list(table: Table, value: object, field: str, number: int) -> tuple[int, ...]:
    """A hand's list of side numbers (blind, renege): whole, at the table, each once."""
    if value is None or value == () or value == []:
        return ()
    if not isinstance(value, (list, tuple)) or not all(
        whole(side) and side < len(table.sides) for side in value
    ):
        raise GameError(
            f"must be a list of side numbers from 0 to {len(table.sides) - 1}",
            hand=number,
            field=field,
        )
    if len(set(value)) != len(value):
        raise GameError("names a side twice", hand=number, field=field)
    return tuple(value)


def check_blind(
    table: Table,
    rules: Rules,
    bids: Sequence[Bid],
    blind: object,
    totals: Sequence[int],
    number: int,
) -> tuple[int, ...]:
    """The sides that bid their contract blind, each allowed to."""
    sides = _side_list(table, blind, "blind", number)
    if not sides:
        return ()
    if rules.blind_bid == 0:
        raise GameError(
            "blind bids are off in this game", hand=number, field="blind", rule="blind_bid"
        )
    for side in sorted(sides):
        name, contract = table.side_name(side), contracts(table, bids)[side]
        if contract < rules.blind_bid:
            raise GameError(
                f"{name} bid {contract} blind; a blind bid is at least {rules.blind_bid}",
                hand=number,
                field="blind",
                seat=table.sides[side][0],
                rule="blind_bid",
            )
        if not blind_bid_open(rules, list(totals), side):
            raise GameError(
                f"{name} may bid blind only when trailing by {rules.blind_bid_trailing_by} or more",
                hand=number,
                field="blind",
                seat=table.sides[side][0],
                rule="blind_bid_trailing_by",
            )
    return tuple(sorted(sides))


def check_dealer(table: Table, dealer: object, number: int) -> int:
    """A seat given as the dealer of a hand."""
    if not whole(dealer) or dealer >= len(table.players):
        raise GameError(
            f"must be a seat from 0 to {len(table.players) - 1}, not {dealer!r}",
            hand=number,
            field="dealer",
        )
    return dealer  # type: ignore[return-value]


def check_adjust(
    table: Table, adjust: object, note: object, played: bool, number: int
) -> tuple[tuple[int, ...] | None, str]:
    """Points per side added by the table's decision, and the note saying why."""
    if not isinstance(note, str):
        raise GameError("must be text", hand=number, field="note")
    if len(note) > MAX_NOTE:
        raise GameError(
            f"at most {MAX_NOTE} characters, not {len(note)}", hand=number, field="note"
        )
    if text_problem(note):  # as for any text a game file holds: its export imports again
        raise GameError(text_problem(note), hand=number, field="note")
    if adjust is None:
        return None, note
    if not played:
        raise GameError("only a played hand can be adjusted", hand=number, field="adjust")
    if not isinstance(adjust, (list, tuple)) or len(adjust) != len(table.sides):
        raise GameError(
            f"expected whole points for each of the {len(table.sides)} sides",
            hand=number,
            field="adjust",
        )
    for side, points in enumerate(adjust):
        if (
            isinstance(points, bool)
            or not isinstance(points, int)
            or not -MAX_ADJUST <= points <= MAX_ADJUST
        ):
            raise GameError(
                f"{table.side_name(side)}'s adjustment must be a whole number from "
                f"-{MAX_ADJUST} to {MAX_ADJUST}, not {points!r}",
                hand=number,
                field="adjust",
                seat=table.sides[side][0],
            )
    return tuple(adjust), note


def check_renege(table: Table, renege: object, played: bool, number: int) -> tuple[int, ...]:
    """The sides that reneged in a played partnership hand, each named once."""
    if renege is None or renege == () or renege == []:
        return ()
    check_can_renege(table, True, number)  # the game first: sides mean nothing elsewhere
    renege = _side_list(table, renege, "renege", number)
    check_can_renege(table, played, number)
    return tuple(sorted(renege))


def check_can_renege(table: Table, played: bool, number: int) -> None:
    """Refuse a renege but on a played hand of a partnership game."""
    if table.mode != "partnership":
        raise GameError(
            "a renege is recorded in partnership games only", hand=number, field="renege"
        )
    if not played:
        raise GameError("only a played hand can have a renege", hand=number, field="renege")


def check_start(table: Table, rules: Rules, start: object) -> tuple[tuple[int, int], ...] | None:
    """Each side's total and bags carried over from a score kept on paper."""
    if start is None:
        return None
    if not isinstance(start, (list, tuple)) or len(start) != len(table.sides):
        raise GameError(
            f"expected a total and bags for each of the {len(table.sides)} sides", field="start"
        )
    return tuple(_start_of(table, rules, side, pair) for side, pair in enumerate(start))


def _start_of(table: Table, rules: Rules, side: int, pair: object) -> tuple[int, int]:
    """One side's total and bags from paper, short of the target and above a loss."""
    name = table.side_name(side)
    if not isinstance(pair, (list, tuple)) or len(pair) != 2:
        raise GameError(f"{name}: expected a total and bags", field="start")
    total, bags = pair
    top_bags = rules.bag_limit - 1 if rules.bag_limit else 9999
    if isinstance(total, bool) or not isinstance(total, int) or not -10000 <= total <= 10000:
        problem = f"{name}'s total must be a whole number from -10000 to 10000, not {total!r}"
    elif total >= rules.target:
        problem = f"{name}'s total {total} is not short of the target {rules.target}"
    elif rules.loss_threshold is not None and total <= rules.loss_threshold:
        problem = f"{name}'s total {total} is not above the loss threshold {rules.loss_threshold}"
    elif not whole(bags) or bags > top_bags:
        problem = f"{name}'s bags must be a whole number from 0 to {top_bags}, not {bags!r}"
    else:
        return total, bags
    raise GameError(problem, field="start", seat=table.sides[side][0])
