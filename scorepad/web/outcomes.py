"""The words for what a game command answered instead of a fresh game (the store's
outcomes carry none), for what the seat phones are told, and reading a confirmation
back from a form."""

from __future__ import annotations

from flask import request

from ..store.commands import Confirm
from ..store.outcomes import (
    GameOver,
    NoSeat,
    NotOver,
    Outcome,
    RemovesHands,
    SeatHeld,
    SeatTaken,
    Stale,
)
from ..store.storage import StoredGame
from .words import hands_span

STALE = (
    "This game was changed on another phone meanwhile. Here it is as it is now; "
    "make your change again if it is still needed."
)
STALE_SHORT = "the game was changed on another phone meanwhile;"


def changed(number: int) -> str:
    """What a phone whose form is older than the stored hand is told."""
    return (
        f"Hand {number} was changed on another phone meanwhile. "
        "Here it is as it was saved; make your change again if it is still needed."
    )


def _stale(outcome: Stale) -> str:
    n = outcome.number
    return (
        {
            # the very same bids sent twice are AlreadySaved: these differ from the saved ones
            "entered": f"Hand {n}'s bids were already saved on another phone, and they are not "
            "the ones you chose: yours were not saved. Here is the hand as it was saved.",
            "undone": f"Hand {n}'s bids were not saved: an earlier hand was undone on another "
            "phone meanwhile. Here is the game as it is now.",
            "gone": f"Hand {n} is no longer in this game: the hand changed on another phone.",
            "changed": changed(n or 0),
            "played": "These tricks were not saved: no hand is waiting for its tricks (it was "
            "saved or undone on another phone).",
            "not_last": f"Hand {n} was not deleted: a later hand was entered on another phone "
            "meanwhile (only the last hand can be deleted).",
            "bid": f"Hand {n} was bid meanwhile: it changed on another phone.",
            "bidding": f"Hand {n} is no longer the hand being bid (it changed on another phone "
            "meanwhile).",
            "put_back": f"Hand {n} was not put back: the game changed since it was undone.",
        }.get(outcome.why, STALE)
        if outcome.why != "seat"
        else _seat_taken(outcome)
    )


def _seat_taken(outcome: Stale) -> str:
    """A tap on "I am Alice" for a seat whose player was changed meanwhile."""
    return (
        f"This seat is {_player(outcome, outcome.number)}'s now: the players were changed "
        "on the scorer's phone meanwhile. Tap again if that is you."
    )


def _player(outcome: Outcome, seat: int | None) -> str:
    stored = outcome.stored
    return "another player" if stored is None or seat is None else stored.game.table.players[seat]


def say(outcome: Outcome) -> str:
    """The sentence a phone is shown for an outcome."""
    if isinstance(outcome, Stale):
        return _stale(outcome)
    if isinstance(outcome, GameOver):
        return "Not saved: the game is over."
    if isinstance(outcome, NotOver):
        return "No rematch yet: this game is not finished yet: a rematch starts after its end."
    if isinstance(outcome, SeatTaken):
        name = outcome.stored.game.table.players[outcome.seat] if outcome.stored else "A seat"
        return f"{name}'s bid came in from {name}'s phone meanwhile; nothing was saved."
    if isinstance(outcome, SeatHeld):
        name = _player(outcome, outcome.seat)
        return (
            f"{name}'s seat is held by another phone: {name}'s bid is made there. "
            f"If this phone should bid for {name}, ask the scorer to hand the seat over."
        )
    if isinstance(outcome, NoSeat):
        return "That seat has no link in this game (seat links may have been turned off)."
    if isinstance(outcome, RemovesHands):
        return (
            f"after this change the game is over at hand {outcome.numbers[0] - 1}, so "
            f"{hands_span(outcome.numbers)} would be removed; confirm to remove them"
        )
    return "There is no game at this address any more: nothing was saved."


def confirmed() -> Confirm | None:
    """The removal a form confirms, as its page showed it: "revision:5,6"; None if none."""
    sent = request.form.get("confirm_removal", "")
    revision, _, numbers = sent.partition(":")
    try:
        return int(revision), tuple(int(n) for n in numbers.split(",") if n)
    except ValueError:
        return None


def confirm_value(removes: RemovesHands) -> str:
    """What the "Remove hands and save" button sends back: the revision and the hands."""
    return f"{removes.revision}:{','.join(str(n) for n in removes.numbers)}"


# --- the seat phones: why waiting bids went, and a side's bids that must change

NOTICE = {
    "undo": "a hand was undone",
    "put_back": "a hand was put back",
    "fix": "an earlier hand was fixed",
    "dealer": "the dealer was changed",
    "settings": "the game's rules were changed",
    "over": "the game was ended",
}
SIDE_RULE = {
    "min_side_bid": "together you must bid at least {n}",
    "double_nil": "you may not both bid nil in this game",
    "suicide": "exactly one of you must bid nil",
}


def notice_text(stored: StoredGame, notice: str | None) -> str:
    """Why waiting bids went, for every seat phone: the change and whose bids."""
    if not notice:
        return ""
    why, _, seats_gone = notice.partition(":")
    names = [stored.game.table.players[int(s)] for s in seats_gone.split(",") if s]
    whose = ", ".join(names) or "Some players"
    return (
        f"{whose}: your bid no longer counts because {NOTICE.get(why, 'the game changed')}. "
        "Bid again."
    )


def refusal_text(stored: StoredGame, refusal: tuple[int, str] | None) -> str:
    """What every phone is told when a side's bids break a rule of the whole side: that
    one of them must change, and the rule (no bid is named: they are still hidden)."""
    if refusal is None:
        return ""
    side, rule = refusal
    why = SIDE_RULE.get(rule, "the rules refuse these bids").format(
        n=stored.game.rules.min_side_bid
    )
    return f"All bids are in, but {stored.score().sides[side].name} must change one: {why}."
