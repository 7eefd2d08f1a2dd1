"""Scoring a game of Spades hand by hand, exactly as docs/rules.md says.

Pure: plain values in, plain values out, no I/O. A game's score is built one
hand at a time: `extend` scores a new hand from the running state the score
keeps (totals, bags, missed bids, the next deal), so adding a hand
costs the same however many came before; `score_game` is `extend` in a loop.
One hand's points are in hand.py, the end of a game in ending.py, what the
rules refuse in checks.py and tricks.py. Anything refused raises `GameError`,
naming the hand and field.
"""

from __future__ import annotations

from collections.abc import Iterable

from .checks import (
    check_adjust,
    check_blind,
    check_dealer,
    check_hand_bids,
    check_renege,
    contracts,
)
from .ending import Reason, Status, settle, tie_break
from .errors import GameError, Phrase
from .hand import renege_shifts, score_bid_itself, score_side
from .model import GameScore
from .records import Hand, ScoredHand, SideHand, Table, changed
from .rules import Rules
from .start import check_start
from .tricks import check_side_tricks, check_tricks

__all__ = ["end_early", "extend", "play", "score_game", "start_score", "without_pending"]


def start_score(table: Table, rules: Rules, start: object = None) -> GameScore:
    """The score before the first hand: zeros, or the totals and bags carried from paper."""
    carried = check_start(table, rules, start)
    n_sides = len(table.sides)
    totals = tuple(t for t, _ in carried) if carried else (0,) * n_sides
    bags = tuple(b for _, b in carried) if carried else (0,) * n_sides
    return GameScore(
        table, rules, (), totals, bags, (0,) * n_sides, table.first_dealer, start=carried
    )


def extend(score: GameScore, hand: Hand) -> GameScore:
    """The score with one more hand, scored from the state after the others."""
    shown, after = _step(score, hand, len(score.hands) + 1, score.pending is not None)
    return changed(after, hands=(*score.hands, shown), chosen_dealer=None)


def _shown(score: GameScore, hand: Hand, number: int, pending: bool) -> ScoredHand:
    """Hand `number` as bid, checked against the state after the hands before it: its
    dealer, leader, bids, contracts and what else it carries, not yet its results."""
    table, rules = score.table, score.rules
    if score.status == Status.FINISHED:
        how = Phrase("ended by the table") if score.ended else Phrase("already over")
        raise GameError(
            "the game was %(how)s after hand %(after)s", how=how, after=number - 1, hand=number
        )
    if pending:
        raise GameError("only the last hand may be left unplayed", hand=number - 1, field="tricks")
    dealer = score.deal_from if hand.dealer is None else check_dealer(table, hand.dealer, number)
    bids = check_hand_bids(table, rules, hand.bids, score.totals, number)
    blind = check_blind(table, rules, bids, hand.blind, score.totals, number)
    adjust, note = check_adjust(table, hand.adjust, hand.note, hand.played, number)
    return ScoredHand(
        number,
        dealer,
        (dealer + 1) % len(table.players),
        bids,
        None,
        None,
        None,
        contracts(table, bids),
        score.totals,
        blind,
        adjust,
        note,
        dealer != score.deal_from,
        check_renege(table, hand.renege, hand.played, number),
    )


def _results(score: GameScore, shown: ScoredHand, tricks: tuple[int, ...]) -> tuple[SideHand, ...]:
    """Each side's result in a played hand, reneges and adjustments included."""
    table, rules = score.table, score.rules
    side_tricks = [[tricks[s] for s in seats] for seats in table.sides]
    if shown.bids is None:
        shifts = renege_shifts(rules, None, side_tricks, shown.renege)
        return tuple(
            score_bid_itself(
                side_tricks[side],
                score.totals[side],
                score.bags[side],
                adjust=shown.adjust[side] if shown.adjust else 0,
                renege=shifts[side],
            )
            for side in range(len(table.sides))
        )
    side_bids = [[shown.bids[s] for s in seats] for seats in table.sides]
    shifts = renege_shifts(rules, side_bids, side_tricks, shown.renege)
    return tuple(
        score_side(
            rules,
            side_bids[side],
            side_tricks[side],
            score.totals[side],
            score.bags[side],
            seats=seats,
            blind=side in shown.blind,
            all_tricks=table.tricks_per_hand,
            adjust=shown.adjust[side] if shown.adjust else 0,
            renege=shifts[side],
        )
        for side, seats in enumerate(table.sides)
    )


def _step(score: GameScore, hand: Hand, number: int, pending: bool) -> tuple[ScoredHand, GameScore]:
    """Hand `number` scored from the state `score` holds after the hands before it (its
    `hands` are not read: `pending` says whether the last of them is unplayed); the
    scored hand, and the state after it with `hands` as they were."""
    shown = _shown(score, hand, number, pending)
    if hand.tricks is None:
        return shown, changed(score, deal_from=(shown.dealer + 1) % len(score.table.players))
    return _played(score, shown, hand.tricks, hand.side_tricks)


def play(
    score: GameScore, tricks: tuple[int | None, ...], side_tricks: tuple[int, ...] | None = None
) -> GameScore:
    """The score with its hand in play (bid, not yet played: `score.pending`) played with
    `tricks` (and each side's, `side_tricks`): what `extend` makes of the score without
    it and the hand with its tricks. The hand's dealer, bids and all it carries were
    checked when it was bid; only its tricks are checked now."""
    shown = score.pending
    if shown is None:
        raise GameError("no hand is bid and waiting for its tricks", field="tricks")
    before = without_pending(score)
    shown, after = _played(before, shown, tricks, side_tricks)
    return changed(after, hands=(*before.hands, shown), chosen_dealer=None)


def _played(
    score: GameScore,
    shown: ScoredHand,
    given: tuple[int | None, ...],
    given_sides: tuple[int, ...] | None,
) -> tuple[ScoredHand, GameScore]:
    """The hand `shown` (as bid, checked) played with the tricks `given` (and each side's,
    `given_sides`), from the state `score` holds before it."""
    table, number = score.table, shown.number
    deal_from = (shown.dealer + 1) % len(table.players)
    if given_sides is None:
        tricks = check_tricks(table, given, number)
    else:
        tricks = check_side_tricks(table, shown.bids, given, given_sides, number)
    results = _results(score, shown, tricks)
    outcome = settle(score.rules, number, results, score.streaks)
    side_tricks = None if given_sides is None else tuple(given_sides)
    recorded = tricks if side_tricks is None else tuple(given)
    shown = changed(shown, tricks=recorded, sides=results, side_tricks=side_tricks)
    return shown, changed(
        score,
        totals=tuple(r.total for r in results),
        bags=tuple(r.bags for r in results),
        streaks=outcome.streaks,
        deal_from=deal_from,
        status=outcome.status,
        winner=outcome.winner,
        tied=outcome.tied,
        reason=outcome.reason,
        on_bags=outcome.on_bags,
    )


def without_pending(score: GameScore) -> GameScore:
    """The score without its bid-but-unplayed last hand (to score that hand played)."""
    pending = score.pending
    if pending is None:
        return score
    hands = score.hands[:-1]
    deal_from = hands[-1].dealer + 1 if hands else score.table.first_dealer
    return changed(
        score, hands=hands, deal_from=deal_from % len(score.table.players), chosen_dealer=None
    )


def end_early(score: GameScore) -> GameScore:
    """The table ends the game now: the single leader wins; a shared lead is a draw, or
    goes as tie_break says (fewer_bags: the leader with the fewest bags; last_bid: the
    leader with the highest contract in the last hand played)."""
    if score.pending:
        raise GameError(
            "hand %(pending)s was bid but not played: enter its tricks or remove it before "
            "ending the game",
            pending=score.pending.number,
            field="ended",
        )
    if score.status == Status.FINISHED:
        raise GameError("the game is already over", field="ended")
    if not score.hands:
        raise GameError("a game can be ended only after a played hand", field="ended")
    winner, on_bags = tie_break(score.rules, score.totals, score.bags, score.last_contracts)
    return changed(
        score,
        status=Status.FINISHED,
        winner=winner,
        tied=False,
        reason=Reason.ENDED,
        ended=True,
        on_bags=on_bags,
    )


def score_game(
    table: Table, rules: Rules, hands: Iterable[Hand], start: object = None, ended: bool = False
) -> GameScore:
    """Score every hand in order; refuse the first thing the rules do not allow."""
    score = start_score(table, rules, start)
    # The scored hands in a list, made a tuple once: growing a tuple by one hand at a
    # time would copy it at every hand.
    shown: list[ScoredHand] = []
    for hand in hands:
        pending = bool(shown) and shown[-1].tricks is None
        last, score = _step(score, hand, len(shown) + 1, pending)
        shown.append(last)
    score = changed(score, hands=tuple(shown))
    return end_early(score) if ended else score
