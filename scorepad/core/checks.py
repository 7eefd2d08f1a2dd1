"""What the rules refuse in one hand: bids, blind contracts, tricks, the dealer, adjustments,
reneges."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import GameError, Phrase, quoted
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
        "%(name)s's bid must be nil, blind_nil or %(low)s to %(top)s, not %(value)s",
        name=name,
        low=low,
        top=top,
        value=quoted(value),
        hand=number,
        field="bids",
        seat=seat,
    )


def contracts(table: Table, bids: Sequence[Bid] | None) -> tuple[int, ...]:
    """Each side's contract: the sum of its members' number bids (a hand that bid
    itself, `bids` None: 0 for every side)."""
    if bids is None:
        return (0,) * len(table.sides)
    return tuple(sum(b for s in seats if isinstance(b := bids[s], int)) for seats in table.sides)


def _check_nil(
    table: Table, rules: Rules, seat: int, bid: Bid, totals: Sequence[int], number: int
) -> None:
    """Refuse a nil or blind nil the rules or the score do not allow this seat."""
    name = table.players[seat]
    refusal = None
    if not rules.nil:
        refusal = (Phrase("%(name)s bid nil, but nil is off in this game", name=name), "nil")
    elif bid == BLIND_NIL and not rules.blind_nil:
        refusal = (
            Phrase("%(name)s bid blind nil, but blind nil is off in this game", name=name),
            "blind_nil",
        )
    elif bid == BLIND_NIL and not blind_nil_open(rules, list(totals), table.side_of(seat)):
        refusal = (
            Phrase(
                "%(name)s may bid blind nil only when trailing by %(blind_nil_trailing_by)s or "
                "more",
                name=name,
                blind_nil_trailing_by=rules.blind_nil_trailing_by,
            ),
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
        refusal = (
            Phrase("%(name)s may not both bid nil in this game", name=name),
            seats[1],
            "double_nil",
        )
    elif rules.suicide and nils != 1:
        refusal = (
            Phrase("under suicide exactly one of %(name)s must bid nil", name=name),
            seats[0],
            "suicide",
        )
    elif contract < rules.min_side_bid:
        refusal = (
            Phrase(
                "%(name)s bid %(contract)s, the least a side may bid is %(min_side_bid)s",
                name=name,
                contract=contract,
                min_side_bid=rules.min_side_bid,
            ),
            seats[0],
            "min_side_bid",
        )
    if refusal:
        raise GameError(refusal[0], hand=number, field="bids", seat=refusal[1], rule=refusal[2])


def check_hand_bids(
    table: Table, rules: Rules, bids: object, totals: Sequence[int], number: int
) -> tuple[Bid, ...] | None:
    """A recorded hand's bids as check_bids makes them, or None for a hand that bids
    itself (first_hand = bids_itself: hand 1, and no other, is written without bids)."""
    if bids is not None:
        return check_bids(table, rules, bids, totals, number)
    if not rules.bids_itself(number):
        raise GameError(
            "only the first hand of a game where it bids itself is played without bids",
            hand=number,
            field="bids",
            rule="first_hand",
        )
    return None


def _check_table(table: Table, rules: Rules, bids: Sequence[Bid], number: int) -> None:
    """Refuse a hand whose four bids add up to less than min_table_bid (a nil counts 0)."""
    bid = sum(contracts(table, bids))
    if bid < rules.min_table_bid:
        raise GameError(
            "the table bid %(bid)s; this game needs at least %(min_table_bid)s",
            bid=bid,
            min_table_bid=rules.min_table_bid,
            hand=number,
            field="bids",
            rule="min_table_bid",
        )


def check_bids(
    table: Table, rules: Rules, bids: object, totals: Sequence[int], number: int
) -> tuple[Bid, ...]:
    """Normalise one hand's bids and refuse any the rules do not allow (any bids at all
    on a hand that bids itself, first_hand = bids_itself)."""
    if rules.bids_itself(number):
        raise GameError(
            "the first hand bids itself in this game: it has no bids",
            hand=number,
            field="bids",
            rule="first_hand",
        )
    if not isinstance(bids, (list, tuple)) or len(bids) != len(table.players):
        raise GameError(
            "expected one bid for each of the %(seats)s seats",
            seats=len(table.players),
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
    if rules.min_table_bid:
        _check_table(table, rules, normal, number)
    return normal


def _side_list(table: Table, value: object, field: str, number: int) -> tuple[int, ...]:
    """A hand's list of side numbers (blind, renege): whole, at the table, each once."""
    if value is None or value == () or value == []:
        return ()
    if not isinstance(value, (list, tuple)) or not all(
        whole(side) and side < len(table.sides) for side in value
    ):
        raise GameError(
            "must be a list of side numbers from 0 to %(last)s",
            last=len(table.sides) - 1,
            hand=number,
            field=field,
        )
    if len(set(value)) != len(value):
        raise GameError("names a side twice", hand=number, field=field)
    return tuple(value)


def check_blind(
    table: Table,
    rules: Rules,
    bids: Sequence[Bid] | None,
    blind: object,
    totals: Sequence[int],
    number: int,
) -> tuple[int, ...]:
    """The sides that bid their contract blind, each allowed to."""
    sides = _side_list(table, blind, "blind", number)
    if not sides:
        return ()
    if bids is None:
        raise GameError(
            "a hand that bids itself has no blind bid",
            hand=number,
            field="blind",
            rule="first_hand",
        )
    if rules.blind_bid == 0:
        raise GameError(
            "blind bids are off in this game", hand=number, field="blind", rule="blind_bid"
        )
    for side in sorted(sides):
        name, contract = table.side_name(side), contracts(table, bids)[side]
        if contract < rules.blind_bid:
            raise GameError(
                "%(name)s bid %(contract)s blind; a blind bid is at least %(least)s",
                name=name,
                contract=contract,
                least=rules.blind_bid,
                hand=number,
                field="blind",
                seat=table.sides[side][0],
                rule="blind_bid",
            )
        if not blind_bid_open(rules, list(totals), side):
            raise GameError(
                "%(name)s may bid blind only when trailing by %(behind)s or more",
                name=name,
                behind=rules.blind_bid_trailing_by,
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
            "must be a seat from 0 to %(last)s, not %(dealer)s",
            last=len(table.players) - 1,
            dealer=quoted(dealer),
            hand=number,
            field="dealer",
        )
    return dealer  # type: ignore[return-value]


def _check_note(note: object, number: int) -> str:
    """The note of a hand's adjustment: text, at most MAX_NOTE characters, fit to show."""
    if note == "":
        return ""  # most hands: no note, nothing in it to refuse
    if not isinstance(note, str):
        raise GameError("must be text", hand=number, field="note")
    if len(note) > MAX_NOTE:
        raise GameError(
            "at most %(max_note)s characters, not %(length)s",
            max_note=MAX_NOTE,
            length=len(note),
            hand=number,
            field="note",
        )
    if text_problem(note):  # as for any text a game file holds: its export imports again
        raise GameError(text_problem(note), hand=number, field="note")
    return note


def check_adjust(
    table: Table, adjust: object, note: object, played: bool, number: int
) -> tuple[tuple[int, ...] | None, str]:
    """Points per side added by the table's decision, and the note saying why."""
    note = _check_note(note, number)
    if adjust is None:
        return None, note
    if not played:
        raise GameError("only a played hand can be adjusted", hand=number, field="adjust")
    if not isinstance(adjust, (list, tuple)) or len(adjust) != len(table.sides):
        raise GameError(
            "expected whole points for each of the %(sides)s sides",
            sides=len(table.sides),
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
                "%(name)s's adjustment must be a whole number from -%(max_adjust)s to "
                "%(max_adjust)s, not %(points)s",
                name=table.side_name(side),
                max_adjust=MAX_ADJUST,
                points=quoted(points),
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
    if not table.partnership:
        raise GameError(
            "a renege is recorded in partnership games only", hand=number, field="renege"
        )
    if not played:
        raise GameError("only a played hand can have a renege", hand=number, field="renege")
