"""The words of hand entry: a form's refusals in one line, the refusal of tricks that do
not add up, and the live sums' phrases the script fills in."""

from __future__ import annotations

import re
from typing import Any

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import ngettext

from ...core.model import GameScore
from ...core.rules import Rules

# The words of hand entry. The live sums' phrases go to the script in data attributes:
# `{n}`, `{sum}`, `{count}` are numbers it adds up from the chips' counts (the core's),
# `{who}` and `{side}` names it reads from the page; no name is ever inside a phrase.


def tricks_total(total: int, top: int, *, by_side: bool = False) -> str:
    """A hand's tricks that do not add up to the deal (the core refuses them)."""
    if by_side:
        return _(
            "The sides took %(total)d tricks between them; a hand has %(top)d", total=total, top=top
        )
    return _("The tricks add up to %(total)d; a hand has %(top)d", total=total, top=top)


def bid_sum_words(least: int | None = None) -> dict[str, str]:
    """The bids step's live sum: each side's bids, then the tricks nobody bid or bid over
    the hand's (the count is of tricks, never of players: "4 unbid" read as four players;
    `-one`: the words for a single trick), and where the table must bid at least `least`
    (min_table_bid), the table's bids beside it."""
    say = {
        "side": "{who} {n}",
        "unbid": _("{n} tricks nobody bid"),
        "unbid-one": _("1 trick nobody bid"),
        "overbid": _("{n} tricks bid over the hand"),
        "overbid-one": _("1 trick bid over the hand"),
    }
    if least:
        say["table"] = _("the table bids {n}, at least {least} needed")
    return say


def bid_sum_start(score: GameScore, top: int) -> str:
    """The bids step's live sum before a bid is chosen (app.js redraws it as they are)."""
    least = score.next_hand.min_table_bid
    say = bid_sum_words(least)
    sides = [say["side"].format(who=side.name, n=0) for side in score.sides]
    left = say["unbid-one"] if top == 1 else say["unbid"].format(n=top)
    table = [say["table"].format(n=0, least=least)] if least else []
    return " · ".join([*sides, left, *table])


def side_tricks_words() -> dict[str, str]:
    """Tricks counted by side (a partnership's): what the other side, a pair, took (its
    verb plural in Spanish), and a nil bidder's count over its side's."""
    return {
        "took": ngettext("{who} took {n}", "{who} took {n}", 2),
        "over": _("{who} took {n}, more than {side}'s {count}: not saved."),
    }


def seat_tricks_words(top: int) -> dict[str, str]:
    """Tricks counted by seat: the live count towards the `top` tricks of a hand."""
    return {
        "none": _("The tricks add up to %(top)d.", top=top),
        "left": _("{n} of %(top)d tricks still to assign.", top=top),
        "all": _("All %(top)d tricks assigned.", top=top),
        "auto": _("{who} took {n}: all %(top)d tricks assigned.", top=top),
        "over": _("{n} too many: the tricks add up to {sum}, not %(top)d.", top=top),
    }


def blind_toggles_hint(rules: Rules) -> str:
    """What a blind contract is, under the bids step's toggles: doubled made or missed, or
    (blind_bid_doubles = made) doubled only when made, a miss losing what it would open."""
    if rules.blind_bid_doubles == "made":
        return _(
            "A side bidding blind says its contract before seeing its cards: at least "
            "%(blind_bid)s tricks, and the points of its contract count double when it is "
            "made; missed, it loses what the same contract bid in the open would (overtricks "
            "and bags are not doubled).",
            blind_bid=rules.blind_bid,
        )
    return _(
        "A side bidding blind says its contract before seeing its cards: at least "
        "%(blind_bid)s tricks, and the points of its contract count double, made or missed "
        "(overtricks and bags do not).",
        blind_bid=rules.blind_bid,
    )


# A file's key path as its reader names it ("first_dealer", "hands[3].bids"): said as the
# file writes it, never capitalised ("First_dealer").
FILE_KEY = re.compile(r"[a-z][a-z0-9]*(?:[_.][a-z0-9]+|\[\d+\])+(?:\.[a-z_0-9]+)*")


def plain_error(field: Any, message: str) -> str:
    """A refusal as a page shows it beside `field`: capitalised (but a file's key it starts
    with), no closing stop. Every field and validator says its own words (web/fields.py),
    none is rewritten here."""
    message = message.rstrip(".")
    if FILE_KEY.fullmatch(message.split(": ", 1)[0]):
        return message
    return message[:1].upper() + message[1:]


def not_saved(form: Any) -> str:
    """A form's refusals in one line, each field named: the bids or tricks left out said
    at once ("no bid yet from Ann, Bo and Cat"), so a phone keeps Save in view."""
    missing: dict[str, list[tuple[str, str]]] = {}
    said: list[str] = []
    for field in form:
        for error in field.errors:
            who, row = getattr(field, "who", None), field.name.partition("_")[0]
            row = "tricks" if row == "side" else row
            if who and row in ("bid", "tricks") and not (field.raw_data and field.raw_data[0]):
                missing.setdefault(row, []).append((who, plain_error(field, error)))
            else:
                said.append(plain_error(field, error))
    for row, left_out in missing.items():
        names = [who for who, _said in left_out]
        together = (
            _("no bid yet from %(names)s", names=and_list(names))
            if row == "bid"
            else _("no tricks yet for %(names)s", names=and_list(names))
        )
        said.insert(0, left_out[0][1] if len(names) == 1 else together)
    return "".join(f"{line}. " for line in said).strip()


def and_list(names: list[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cat'."""
    return _(" and ").join(filter(None, [", ".join(names[:-1]), names[-1]]))
