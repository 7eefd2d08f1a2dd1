"""The words pages show, in one place: what the scoring core computed, as a person
reads it (the stakes and the what-if in `words.stakes`, the rules page in `words.rules`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from babel.numbers import get_minus_sign_symbol

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import locale_code, ngettext, npgettext, pgettext

from ...core.ending import Reason
from ...core.model import GameScore
from ...core.records import BLIND_NIL, NIL, Bid, NilResult, ScoredHand, SideHand, Table


def bid_text(bid: Bid) -> str:
    """'4', 'nil' or 'blind nil'."""
    if bid == NIL:
        return _("nil")
    return _("blind nil") if bid == BLIND_NIL else str(bid)


def verb(table: Table, plural: str, singular: str) -> str:
    """A verb agreeing with a side: a partnership is two players, a cutthroat side one."""
    return plural if table.partnership else singular


MINUS = "\u2212"  # a true minus sign: a hyphen beside a dash reads as a range


# Each counted word, by its English key, as the catalogue's plural forms (ngettext).
_PLURALS = {
    "bag": lambda n: ngettext("%(num)d bag", "%(num)d bags", n),
    "more bag": lambda n: ngettext("%(num)d more bag", "%(num)d more bags", n),
    "hand": lambda n: ngettext("%(num)d hand", "%(num)d hands", n),
    "game": lambda n: ngettext("%(num)d game", "%(num)d games", n),
    "trick": lambda n: ngettext("%(num)d trick", "%(num)d tricks", n),
}


def plural(count: int, word: str) -> str:
    """'1 bag', '3 bags', '0 bags', '2 more bags': a count and its word, the one plural,
    in this request's language (a word not in the catalogue yet keeps English's rule)."""
    known = _PLURALS.get(word)
    if known is not None:
        return known(count)  # type: ignore[no-untyped-call]
    return f"{count} {word}{'' if count == 1 else 's'}"


def hands_span(numbers: Sequence[int]) -> str:
    """'hand 5', 'hands 5 and 6' or 'hands 5 to 7': hands in a row, from the first to
    the last, as a change would remove them."""
    if len(numbers) == 1:
        return pgettext("removed", "hand %(number)d", number=numbers[0])
    if len(numbers) == 2:
        return pgettext(
            "removed", "hands %(first)d and %(last)d", first=numbers[0], last=numbers[1]
        )
    return pgettext("removed", "hands %(first)d to %(last)d", first=numbers[0], last=numbers[-1])


def clock_text(seconds: int) -> str:
    """'12:05': the time left on a round's clock, in minutes and seconds."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def nil_text(nil: NilResult) -> str:
    """'nil made', 'blind nil broken': how a nil bid came out."""
    if nil.blind:
        return _("blind nil made") if nil.made else _("blind nil broken")
    return _("nil made") if nil.made else _("nil broken")


def lone_nil_text(nil: NilResult) -> str:
    """'made nil', 'broke blind nil': a nil said of the player who bid it."""
    if nil.blind:
        return _("made blind nil") if nil.made else _("broke blind nil")
    return _("made nil") if nil.made else _("broke nil")


def number(value: int) -> str:
    """A score, never grouped, with the language's minus sign (Babel's locale data) where
    it is negative, the true minus for the hyphen-minus most languages name: '\u2212130'."""
    if value >= 0:
        return str(value)
    return f"{_minus_sign(locale_code())}{-value}"


@lru_cache(maxsize=64)  # kept by language code: Babel's locale data never changes
def _minus_sign(code: str) -> str:
    """The language's minus sign, the true minus for the hyphen-minus most name."""
    sign = get_minus_sign_symbol(code)
    return MINUS if sign == "-" else sign


def signed(points: int) -> str:
    """Points with their sign: '+71', '\u2212100', '0'."""
    return number(points) if points < 0 else (f"+{points}" if points else "0")


def side_summary(table: Table, side: int, result: SideHand) -> list[str]:
    """Short phrases for one side's hand: 'made 7 of 7', 'set by 2', 'nil made', 'bid
    blind' before a blind contract's..."""
    words: list[str] = []
    players = len(table.sides[side])  # the side says it: a pair's verb is plural (Spanish)
    if result.bid_itself:  # no contract: 10 a trick taken (RULES.md, first_hand)
        words.append(
            ngettext("%(num)d trick taken", "%(num)d tricks taken", result.contract_tricks)
        )
    if result.blind:  # its points doubled (or as blind_bid_doubles says): said, as bid
        words.append(ngettext("bid blind", "bid blind", players))
    if result.made:
        words.append(
            ngettext(
                "made %(took)d of %(bid)d",
                "made %(took)d of %(bid)d",
                players,
                took=result.contract_tricks,
                bid=result.contract,
            )
        )
        if result.overtricks:
            words[-1] += f" ({plural(result.overtricks, 'bag')})"
    elif result.made is False:
        words.append(
            ngettext("set by %(tricks)d", "set by %(tricks)d", players, tricks=result.set_by)
        )
    for nil in result.nils:
        # a side of one seat is its player: 'made nil' beside the name, never 'Gus's nil'
        alone = len(table.sides[side]) == 1
        words.append(
            lone_nil_text(nil)
            if alone
            else _("%(name)s's %(nil)s", name=table.players[nil.seat], nil=nil_text(nil))
        )
    if result.nil_bags:
        words.append(_("%(bags)s from nil", bags=plural(result.nil_bags, "bag")))
    if result.penalties:
        words.append(_("bag penalty %(points)s", points=number(result.penalty_points)))
    if result.adjust:
        words.append(_("adjusted %(points)s", points=signed(result.adjust)))
    return words


def result_words(table: Table, side: int, result: SideHand) -> str:
    """A side's hand in one phrase: 'made 8 of 7 (1 bag)', or 'no bid'."""
    return ", ".join(side_summary(table, side, result)) or _("no bid")


def side_sentence(score: GameScore, side: int) -> str:
    """A side on the scoreboard as one sentence, for a screen reader."""
    entry, rules = score.sides[side], score.rules
    bags = plural(entry.bags, "bag")
    if rules.bag_limit:
        bags = _("%(bags)s of %(limit)d", bags=bags, limit=rules.bag_limit)
    words = ngettext(
        "%(name)s: %(total)s point, %(bags)s",
        "%(name)s: %(total)s points, %(bags)s",
        abs(entry.total),
        name=entry.name,
        total=number(entry.total),
        bags=bags,
    )
    if not score.over:
        words += f", {to_go(score, side)}"
    last = last_played(score)
    if last is not None and last.sides is not None:
        result = last.sides[side]
        words += "; " + _(
            "hand %(number)d: %(points)s, %(result)s",
            number=last.number,
            points=signed(result.points),
            result=result_words(score.table, side, result),
        )
    return words + "."


def to_go(score: GameScore, side: int) -> str:
    """'120 to go', or 'at the target'."""
    left = score.to_go[side]
    return _("%(points)d to go", points=left) if left else _("at the target")


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
    totals = _(" to ").join(number(t) for t in score.totals)
    return _(
        "Hand %(number)d: %(results)s. %(totals)s.",
        number=last.number,
        results="; ".join(parts),
        totals=totals,
    )


def side_contract(table: Table, hand: ScoredHand, side: int) -> str:
    """What a side has to make in the hand in play, and who bid what: 'bid 7 (Alice 4,
    Cara 3)', 'bid 5 (Ben 5, Dev nil)', 'both nil (Alice nil, Cara blind nil)'."""
    seats = table.sides[side]
    contract = hand.contracts[side]
    if hand.bids is None:
        return _("no bids: 10 a trick taken")
    if len(seats) == 1:
        bid = hand.bids[seats[0]]
        return _bid_head(contract, side in hand.blind) if contract else _bid(bid_text(bid))
    pair = len(seats)
    head = _bid_head(contract, side in hand.blind, pair) if contract else _("both nil")
    each = ", ".join(f"{table.players[s]} {bid_text(hand.bids[s])}" for s in seats)
    return f"{head} ({each})"


def _bid(what: str) -> str:
    """'bid nil': a bid said of a side."""
    return _("bid %(bid)s", bid=what)


def _bid_head(contract: int, blind: bool, players: int = 1) -> str:
    """'bid 7' or 'bid 7 blind', said of a side of `players` (Spanish: a pair 'apuestan')."""
    if blind:
        return ngettext("bid %(bid)d blind", "bid %(bid)d blind", players, bid=contract)
    return ngettext("bid %(bid)d", "bid %(bid)d", players, bid=contract)


def bids_itself_line() -> str:
    """Why hand 1 opens on its tricks (first_hand = bids_itself)."""
    return _(
        "The first hand bids itself in this game: nobody bids. Each side scores 10 for every "
        "trick it takes, with no bags, no nil and no set; bidding starts with hand 2."
    )


def shared_lead_text(score: GameScore) -> str:
    """Why the winner of a lead it shared won it (tie_break), said beside the final score
    (equal totals and a winner would read as a mistake); '' when the lead was its own."""
    if not (score.over and score.winner is not None and score.on_bags):
        return ""
    name = score.sides[score.winner].name
    if score.rules.tie_break == "last_bid":
        return _(
            "The lead was shared then; %(name)s had bid more in the last hand and took the game.",
            name=name,
        )
    return _("The lead was shared then; %(name)s held fewer bags and took the game.", name=name)


def end_reason(score: GameScore) -> str:
    """Why a finished game ended, beside the final score, where the totals alone do not
    say it: a side set out, a side at the losing score, a side that bid and took every
    trick; '' for a target reached, a hand limit, a game ended early or scored from a slip."""
    if not score.over or score.ended:
        return ""
    rules, sides = score.rules, score.sides
    if score.reason == Reason.BOSTON and score.winner is not None:
        out: tuple[int, ...] = (score.winner,)
    else:
        out = score.out  # set out, or at the losing score: the core's own reading
    if not out:
        return ""
    names = and_list([sides[side].name for side in out])
    players = sum(len(score.table.sides[side]) for side in out)  # Spanish: 'fue', 'fueron'
    if score.reason == Reason.BOSTON:
        return ngettext(
            "%(name)s bid and took every trick.",
            "%(name)s bid and took every trick.",
            players,
            name=names,
        )
    if score.reason == Reason.LOSS:
        return ngettext(
            "%(name)s fell to the losing score (%(score)s or less).",
            "%(name)s fell to the losing score (%(score)s or less).",
            players,
            name=names,
            score=number(rules.loss_threshold or 0),
        )
    if rules.set_out_count == "in_game":
        return ngettext(
            "%(name)s was set %(times)d times in the game: out.",
            "%(name)s were set %(times)d times in the game: out.",
            players,
            name=names,
            times=rules.set_out,
        )
    return ngettext(
        "%(name)s was set %(times)d hands in a row: out.",
        "%(name)s were set %(times)d hands in a row: out.",
        players,
        name=names,
        times=rules.set_out,
    )


def status_line(score: GameScore) -> str:
    """One sentence on where the game stands and who deals the next hand."""
    if score.over and score.winner is not None:
        if score.on_bags and score.rules.tie_break == "last_bid":
            return _(
                "Game over: %(won)s on the higher last bid, the lead being shared.",
                won=won_text(score, within=True),
            )
        if score.on_bags:
            return _(
                "Game over: %(won)s on fewer bags, the lead being shared.",
                won=won_text(score, within=True),
            )
        return _("Game over: %(won)s.", won=won_text(score, within=True))
    if score.draw:
        return _("The game was ended with the lead shared: a draw.")
    table = score.table
    name = table.players[score.next_hand.dealer]
    turn = _("Hand %(number)d: %(name)s deals.", number=score.next_number, name=name)
    if score.tied and score.reason == Reason.HAND_LIMIT:
        return _(
            "The last hand is played but the lead is tied: another hand is played. %(turn)s",
            turn=turn,
        )
    if score.tied:
        return _("The lead is tied at the target: another hand is played. %(turn)s", turn=turn)
    return _("Playing to %(target)d. %(turn)s", target=score.rules.target, turn=turn)


def last_played(score: GameScore) -> ScoredHand | None:
    """The latest hand with tricks recorded, if any (looked for from the end: a page
    asks several times, and a walk from the first hand grows with the game)."""
    return next((hand for hand in reversed(score.hands) if hand.sides is not None), None)


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


def won_text(score: GameScore, *, within: bool = False) -> str:
    """A finished game's result, said once for every page: 'Alice & Cara won', 'A draw';
    `within`: inside a sentence, after a colon (Spanish: 'Terminada: ganaron Ana & Carla')."""
    if score.winner is None:
        return _("a draw") if within else _("A draw")
    name = score.sides[score.winner].name
    players = len(score.table.sides[score.winner])  # Spanish: 'Ganaron Ana & Carla'
    if within:
        return npgettext("within a sentence", "%(name)s won", "%(name)s won", players, name=name)
    return ngettext("%(name)s won", "%(name)s won", players, name=name)


def winner_text(score: GameScore) -> str:
    """'Alice & Cara win', 'Ann wins', or 'a draw': who won a finished game, worded once."""
    if score.winner is None:
        return _("a draw")
    name = score.sides[score.winner].name
    return ngettext(
        "%(name)s wins", "%(name)s win", len(score.table.sides[score.winner]), name=name
    )


def outcome_text(score: GameScore) -> str:
    """'Alice & Cara win 320 to 250' or 'it ends as a draw', for a finished score."""
    if score.winner is None:
        return _("it ends as a draw")
    top, second = sorted(score.totals, reverse=True)[:2]
    said = dict(won=winner_text(score), top=number(top), second=number(second))
    if score.on_bags and score.rules.tie_break == "last_bid":
        return _("%(won)s %(top)s to %(second)s on the higher last bid", **said)
    if score.on_bags:
        return _("%(won)s %(top)s to %(second)s on fewer bags", **said)
    return _("%(won)s %(top)s to %(second)s", **said)


def sides_text(score: GameScore, between: str = ", ") -> str:
    """Each side's name and total: 'Alice & Cara 312, Ben & Dev \u221287'."""
    return between.join(f"{side.name} {number(side.total)}" for side in score.sides)


# The words of hand entry and of a form's refusals, in a module of their own.
from .entry import (  # noqa: E402
    and_list,
    bid_sum_start,
    bid_sum_words,
    blind_toggles_hint,
    not_saved,
    plain_error,
    seat_tricks_words,
    side_tricks_words,
    tricks_total,
)

__all__ = [
    "and_list",
    "bid_sum_start",
    "bid_sum_words",
    "blind_toggles_hint",
    "not_saved",
    "plain_error",
    "seat_tricks_words",
    "side_tricks_words",
    "tricks_total",
]
