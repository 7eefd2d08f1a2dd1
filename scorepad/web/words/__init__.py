"""The words pages show, in one place: what the scoring core computed, as a person
reads it (the stakes and the what-if in `words.stakes`, the rules page in `words.rules`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.model import GameScore
from ...core.records import BLIND_NIL, NIL, Bid, NilResult, ScoredHand, SideHand, Table


def bid_text(bid: Bid) -> str:
    """'4', 'nil' or 'blind nil'."""
    return {NIL: "nil", BLIND_NIL: "blind nil"}.get(bid, str(bid))  # type: ignore[arg-type]


def verb(table: Table, plural: str, singular: str) -> str:
    """A verb agreeing with a side: a partnership is two players, a cutthroat side one."""
    return plural if table.mode == "partnership" else singular


MINUS = "\u2212"  # a true minus sign: a hyphen beside a dash reads as a range


def plural(count: int, word: str) -> str:
    """'1 bag', '3 bags', '0 bags', '2 more bags': a count and its word, the one plural."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def hands_span(numbers: Sequence[int]) -> str:
    """'hand 5' or 'hands 5 to 7': hands in a row, from the first to the last."""
    return f"hand {numbers[0]}" if len(numbers) == 1 else f"hands {numbers[0]} to {numbers[-1]}"


def clock_text(seconds: int) -> str:
    """'12:05': the time left on a round's clock, in minutes and seconds."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def nil_text(nil: NilResult) -> str:
    """'nil made', 'blind nil broken': how a nil bid came out."""
    return f"{'blind nil' if nil.blind else 'nil'} {'made' if nil.made else 'broken'}"


def lone_nil_text(nil: NilResult) -> str:
    """'made nil', 'broke blind nil': a nil said of the player who bid it."""
    return f"{'made' if nil.made else 'broke'} {'blind nil' if nil.blind else 'nil'}"


def number(value: int) -> str:
    """A score with a true minus sign where it is negative: '\u2212130'."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(points: int) -> str:
    """Points with their sign: '+71', '\u2212100', '0'."""
    return number(points) if points < 0 else (f"+{points}" if points else "0")


def side_summary(table: Table, side: int, result: SideHand) -> list[str]:
    """Short phrases for one side's hand: 'made 7 of 7', 'set by 2', 'nil made'..."""
    words: list[str] = []
    if result.made:
        words.append(f"made {result.contract_tricks} of {result.contract}")
        if result.overtricks:
            words[-1] += f" ({plural(result.overtricks, 'bag')})"
    elif result.made is False:
        words.append(f"set by {result.set_by}")
    for nil in result.nils:
        # a side of one seat is its player: 'made nil' beside the name, never 'Gus's nil'
        alone = len(table.sides[side]) == 1
        words.append(
            lone_nil_text(nil) if alone else f"{table.players[nil.seat]}'s {nil_text(nil)}"
        )
    if result.nil_bags:
        words.append(f"{plural(result.nil_bags, 'bag')} from nil")
    if result.penalties:
        words.append(f"bag penalty {number(result.penalty_points)}")
    if result.adjust:
        words.append(f"adjusted {signed(result.adjust)}")
    return words


def result_words(table: Table, side: int, result: SideHand) -> str:
    """A side's hand in one phrase: 'made 8 of 7 (1 bag)', or 'no bid'."""
    return ", ".join(side_summary(table, side, result)) or "no bid"


def side_sentence(score: GameScore, side: int) -> str:
    """A side on the scoreboard as one sentence, for a screen reader."""
    entry, rules = score.sides[side], score.rules
    bags = plural(entry.bags, "bag")
    if rules.bag_limit:
        bags += f" of {rules.bag_limit}"
    words = f"{entry.name}: {number(entry.total)} points, {bags}"
    if not score.over:
        words += f", {to_go(score, side)}"
    last = last_played(score)
    if last is not None and last.sides is not None:
        result = last.sides[side]
        words += f"; hand {last.number}: {signed(result.points)}, "
        words += result_words(score.table, side, result)
    return words + "."


def to_go(score: GameScore, side: int) -> str:
    """'120 to go', or 'at the target'."""
    left = score.to_go[side]
    return f"{left} to go" if left else "at the target"


def hand_sentence(score: GameScore) -> str:
    """The hand just scored and the score, for a polite live region:
    'Hand 6: Alice & Cara made 8 of 7 (1 bag); Ben & Dev set by 2. 312 to 287.'"""
    last = last_played(score)
    if last is None or last.sides is None:
        return ""
    parts = [
        f"{entry.name} {result_words(score.table, side, last.sides[side])}"
        for side, entry in enumerate(score.sides)
    ]
    totals = " to ".join(number(t) for t in score.totals)
    return f"Hand {last.number}: {'; '.join(parts)}. {totals}."


def side_contract(table: Table, hand: ScoredHand, side: int) -> str:
    """What a side has to make in the hand in play, and who bid what: 'bid 7 (Alice 4,
    Cara 3)', 'bid 5 (Ben 5, Dev nil)', 'both nil (Alice nil, Cara blind nil)'."""
    seats = table.sides[side]
    contract = hand.contracts[side]
    if len(seats) == 1:
        bid = hand.bids[seats[0]]
        return (
            f"bid {contract}{' blind' if side in hand.blind else ''}"
            if contract
            else (f"bid {bid_text(bid)}")
        )
    head = f"bid {contract}{' blind' if side in hand.blind else ''}" if contract else "both nil"
    each = ", ".join(f"{table.players[s]} {bid_text(hand.bids[s])}" for s in seats)
    return f"{head} ({each})"


def status_line(score: GameScore) -> str:
    """One sentence on where the game stands and who deals the next hand."""
    if score.over and score.winner is not None:
        on_bags = " on fewer bags, the lead being shared" if score.on_bags else ""
        return f"Game over: {won_text(score)}{on_bags}."
    if score.draw:
        return "The game was ended with the lead shared: a draw."
    table = score.table
    name = table.players[score.next_hand.dealer]
    turn = f"Hand {score.next_number}: {name} deals."
    if score.tied and score.reason == "hand_limit":
        return f"The last hand is played but the lead is tied: another hand is played. {turn}"
    if score.tied:
        return f"The lead is tied at the target: another hand is played. {turn}"
    return f"Playing to {score.rules.target}. {turn}"


def last_played(score: GameScore) -> ScoredHand | None:
    """The latest hand with tricks recorded, if any (looked for from the end: a page
    asks several times, and a walk from the first hand grows with the game)."""
    return next((hand for hand in reversed(score.hands) if hand.sides is not None), None)


def plain_error(field: Any, message: str) -> str:
    """A refusal as a page shows it beside `field`: capitalised, no closing stop. Every
    field and validator says its own words (web/fields.py), none is rewritten here."""
    message = message.rstrip(".")
    return message[:1].upper() + message[1:]


def not_saved(form: Any) -> str:
    """A form's refusals in one line, each field named: the bids or tricks left out said
    at once ("no bid yet from Ann, Bo and Cat"), so a phone keeps Save in view."""
    missing: dict[str, list[tuple[str, str]]] = {}
    said: list[str] = []
    for field in form:
        for error in field.errors:
            who, _, kind = str(field.label.text).rpartition(" ")
            if who and kind in ("bid", "tricks") and error.endswith("missing"):
                missing.setdefault(kind, []).append((who, plain_error(field, error)))
            else:
                said.append(plain_error(field, error))
    for kind, left_out in missing.items():
        names = [who for who, _ in left_out]
        together = f"no {kind} yet {'from' if kind == 'bid' else 'for'} {and_list(names)}"
        said.insert(0, left_out[0][1] if len(names) == 1 else together)
    return "".join(f"{line}. " for line in said).strip()


def and_list(names: list[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cat'."""
    return " and ".join(filter(None, [", ".join(names[:-1]), names[-1]]))


def took_text(table: Table, hand: ScoredHand, side: int) -> str:
    """A side's tricks as entered: '5 + 3' by seat, '8' by side, '8 (Dev 0)' with a nil."""
    seats = table.sides[side]
    tricks = hand.tricks or ()
    if hand.side_tricks is None:
        return " + ".join(str(tricks[s]) for s in seats)
    own = [
        f"{table.players[s]} {tricks[s]}" for s in seats if len(seats) > 1 and tricks[s] is not None
    ]
    return f"{hand.side_tricks[side]}" + (f" ({', '.join(own)})" if own else "")


def won_text(score: GameScore) -> str:
    """A finished game's result, said once for every page: 'Alice & Cara won', 'A draw'."""
    if score.winner is None:
        return "A draw"
    return f"{score.sides[score.winner].name} won"


def winner_text(score: GameScore) -> str:
    """'Alice & Cara win', 'Ann wins', or 'a draw': who won a finished game, worded once."""
    if score.winner is None:
        return "a draw"
    return f"{score.sides[score.winner].name} {verb(score.table, 'win', 'wins')}"


def outcome_text(score: GameScore) -> str:
    """'Alice & Cara win 320 to 250' or 'it ends as a draw', for a finished score."""
    if score.winner is None:
        return "it ends as a draw"
    totals = sorted(score.totals, reverse=True)
    on_bags = " on fewer bags" if score.on_bags else ""
    return f"{winner_text(score)} {number(totals[0])} to {number(totals[1])}{on_bags}"


def sides_text(score: GameScore, between: str = ", ") -> str:
    """Each side's name and total: 'Alice & Cara 312, Ben & Dev \u221287'."""
    return between.join(f"{side.name} {number(side.total)}" for side in score.sides)


# The words of hand entry. The live sums' phrases go to the script in data attributes:
# `{n}`, `{sum}`, `{count}` are numbers it adds up from the chips' counts (the core's),
# `{who}` and `{side}` names it reads from the page; no name is ever inside a phrase.


def tricks_total(total: int, top: int, *, by_side: bool = False) -> str:
    """A hand's tricks that do not add up to the deal (the core refuses them)."""
    if by_side:
        return f"The sides took {total} tricks between them; a hand has {top}"
    return f"The tricks add up to {total}; a hand has {top}"


def bid_sum_words() -> dict[str, str]:
    """The bids step's live sum: each side's bids, then the tricks left unbid or overbid."""
    return {"side": "{who} {n}", "unbid": "{n} unbid", "overbid": "{n} overbid"}


def bid_sum_start(score: GameScore, top: int) -> str:
    """The bids step's live sum before a bid is chosen (app.js redraws it as they are)."""
    say = bid_sum_words()
    sides = [say["side"].format(who=side.name, n=0) for side in score.sides]
    return " · ".join([*sides, say["unbid"].format(n=top)])


def side_tricks_words() -> dict[str, str]:
    """Tricks counted by side: what the other side took, and a nil count over its side's."""
    return {
        "took": "{who} took {n}",
        "over": "{who} took {n}, more than {side}'s {count}: not saved.",
    }


def seat_tricks_words(top: int) -> dict[str, str]:
    """Tricks counted by seat: the live count towards the `top` tricks of a hand."""
    return {
        "none": f"The tricks add up to {top}.",
        "left": f"{{n}} of {top} tricks still to assign.",
        "all": f"All {top} tricks assigned.",
        "auto": f"{{who}} took {{n}}: all {top} tricks assigned.",
        "over": f"{{n}} too many: the tricks add up to {{sum}}, not {top}.",
    }
