"""The house rules of Spades as a table: every key of the house-rules table in
docs/rules.md is one `RuleSpec` below, with its default, its kind (a switch, a whole
number in a range, or one of a few choices), a short label and a one-line explanation in
scorepad's own words. Data only: `rules` reads it to check and fill a game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class RuleKind(StrEnum):
    """How a house rule is set: on or off, a number, or one of its choices."""

    SWITCH = "switch"
    NUMBER = "number"
    CHOICE = "choice"


@dataclass(frozen=True)
class RuleSpec:
    """One house rule: how it is stored, checked and explained."""

    key: str
    default: Any
    kind: RuleKind
    label: str
    help: str
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    optional: bool = False  # a number that may also be "none" (null)
    least_on: int | None = None  # a number that is 0 (off) or at least this
    partnership_only: bool = False  # refused in cutthroat unless left at its default
    partners: bool = False  # speaks of partners, so offered and shown at partnership tables only

    @property
    def switch(self) -> bool:
        """Whether the rule is on or off."""
        return self.kind == RuleKind.SWITCH

    @property
    def choice(self) -> bool:
        """Whether the rule is one of its named choices."""
        return self.kind == RuleKind.CHOICE

    @property
    def for_partnerships(self) -> bool:
        """Whether the rule means anything only where partners play together."""
        return self.partnership_only or self.partners


RULE_SPECS: tuple[RuleSpec, ...] = (
    RuleSpec(
        "target",
        500,
        RuleKind.NUMBER,
        "Target score",
        "The game ends after the hand in which a side gets here.",
        low=50,
        high=2000,
    ),
    RuleSpec(
        "nil", True, RuleKind.SWITCH, "Nil bids", "A player may promise to take no tricks at all."
    ),
    RuleSpec(
        "blind_nil",
        True,
        RuleKind.SWITCH,
        "Blind nil bids",
        "A player may bid nil before looking at the cards, for double the stake.",
    ),
    RuleSpec(
        "blind_nil_trailing_by",
        0,
        RuleKind.NUMBER,
        "Blind nil only when behind by",
        "0 lets anyone bid blind nil; otherwise a side must trail the leader by this much.",
        low=0,
        high=2000,
    ),
    RuleSpec(
        "double_nil",
        True,
        RuleKind.SWITCH,
        "Both partners may bid nil",
        "Off: at most one nil per partnership in a hand.",
        partners=True,
    ),
    RuleSpec(
        "nil_value",
        100,
        RuleKind.NUMBER,
        "Nil is worth",
        "Won for a nil kept, lost for a nil broken; blind nil counts double.",
        low=0,
        high=1000,
    ),
    RuleSpec(
        "nil_tricks",
        "bags",
        RuleKind.CHOICE,
        "Tricks taken by a nil bidder",
        "What happens to the tricks a nil bidder is forced to take.",
        choices=(
            ("bags", "score as bags, never help the partner"),
            ("partner", "count towards the partner's bid"),
            ("none", "count for nothing"),
        ),
    ),
    RuleSpec(
        "bag_limit",
        10,
        RuleKind.NUMBER,
        "Bags before a penalty",
        "Every time a side's bag count reaches this, it pays the penalty; 0 turns penalties off.",
        low=0,
        high=100,
    ),
    RuleSpec(
        "bag_penalty",
        100,
        RuleKind.NUMBER,
        "Bag penalty",
        "Points lost each time the bag limit is reached.",
        low=0,
        high=1000,
    ),
    RuleSpec(
        "bag_remainder",
        "carry",
        RuleKind.CHOICE,
        "Bags left after a penalty",
        "Whether bags beyond the limit stay on the count.",
        choices=(("carry", "keep the extra bags"), ("drop", "start again from 0")),
    ),
    RuleSpec(
        "bag_points",
        1,
        RuleKind.NUMBER,
        "Points per bag",
        "What each overtrick adds to the score.",
        low=0,
        high=10,
    ),
    RuleSpec(
        "missed_contract",
        "minus",
        RuleKind.CHOICE,
        "A missed bid",
        "What a side that falls short of its bid scores.",
        choices=(("minus", "loses 10 per trick bid"), ("zero", "scores nothing")),
    ),
    RuleSpec(
        "ten_for_two_hundred",
        False,
        RuleKind.SWITCH,
        "Ten for two hundred",
        "A bid of 10 or more is worth a flat 200, won or lost.",
    ),
    RuleSpec(
        "min_side_bid",
        0,
        RuleKind.NUMBER,
        "Smallest side bid",
        "A side must bid at least this many tricks between its players (0: no minimum).",
        low=0,
        high=13,
    ),
    RuleSpec(
        "suicide",
        False,
        RuleKind.SWITCH,
        "Suicide",
        "Partnership only: in every hand exactly one player of each side bids nil.",
        partnership_only=True,
    ),
    RuleSpec(
        "loss_threshold",
        None,
        RuleKind.NUMBER,
        "Lose at",
        "Empty for none; a side that sinks to this total (below 0) ends the game.",
        low=-2000,
        high=-1,
        optional=True,
    ),
    RuleSpec(
        "bidding",
        "open",
        RuleKind.CHOICE,
        "Bidding style",
        "Noted for the table; scorepad cannot see the cards to check it.",
        choices=(
            ("open", "open: bid what you like"),
            ("mirror", "mirror: bid your number of spades"),
            ("whiz", "whiz: your number of spades, or nil"),
        ),
    ),
    RuleSpec(
        "deck",
        "standard",
        RuleKind.CHOICE,
        "Deck",
        "Noted for the table; the number of tricks does not change.",
        choices=(
            ("standard", "standard 52 cards"),
            ("jokers", "two jokers in, the 2 of clubs and 2 of hearts out"),
        ),
    ),
    RuleSpec(
        "zero_bid",
        "nil",
        RuleKind.CHOICE,
        "A bid of 0",
        "Whether saying 0 is the same as saying nil.",
        choices=(
            ("nil", "means nil"),
            ("bid", "is a plain bid of no tricks; nil has to be called nil"),
        ),
    ),
    RuleSpec(
        "blind_bid",
        0,
        RuleKind.NUMBER,
        "Blind bids from",
        "0: no blind bids; otherwise a side may bid this many or more unseen, "
        "for double the bid's points.",
        low=0,
        high=17,
    ),
    RuleSpec(
        "blind_bid_trailing_by",
        100,
        RuleKind.NUMBER,
        "Blind bids only when behind by",
        "How far a side must trail the leader to bid blind; 0 lets any side.",
        low=0,
        high=2000,
    ),
    RuleSpec(
        "boston",
        "off",
        RuleKind.CHOICE,
        "Taking every trick",
        "What a side gets for bidding all the tricks of a hand and taking them.",
        choices=(
            ("off", "the usual points"),
            ("win", "the game, there and then"),
            ("bonus", "a bonus in place of the bid's points"),
        ),
    ),
    RuleSpec(
        "boston_bonus",
        500,
        RuleKind.NUMBER,
        "All-tricks bonus",
        "Points for bidding and taking every trick when that earns a bonus.",
        low=50,
        high=2000,
    ),
    RuleSpec(
        "set_out",
        0,
        RuleKind.NUMBER,
        "Out after missed bids",
        "Partnership only: a side that misses its bid this many hands (in a row, or in the "
        "game) loses (0: never).",
        low=0,
        high=20,
        least_on=2,
        partnership_only=True,
    ),
    RuleSpec(
        "set_out_count",
        "in_a_row",
        RuleKind.CHOICE,
        "Missed bids counted",
        "Which missed bids put a side out (no effect while that rule is 0).",
        choices=(("in_a_row", "in a row"), ("in_game", "in the game, however far apart")),
        partners=True,
    ),
    RuleSpec(
        "hand_limit",
        0,
        RuleKind.NUMBER,
        "Hands to play",
        "0: no limit; otherwise the leader after this many hands wins, a tie playing on.",
        low=0,
        high=500,
    ),
    RuleSpec(
        "tie_break",
        "play_on",
        RuleKind.CHOICE,
        "A shared lead at the end",
        "What settles a lead shared when the game would end (target, loss, hand limit, "
        "ended early).",
        choices=(
            ("play_on", "play another hand (ended early: a draw)"),
            ("fewer_bags", "the side holding fewer bags wins; equal bags play on"),
            ("last_bid", "the side that bid more in the last hand wins; equal bids play on"),
        ),
    ),
    RuleSpec(
        "renege_tricks",
        3,
        RuleKind.NUMBER,
        "Tricks a renege costs",
        "Partnership only: a side that reneged hands this many of its bid tricks to the other.",
        low=1,
        high=13,
        partnership_only=True,
    ),
    RuleSpec(
        "first_hand",
        "bid",
        RuleKind.CHOICE,
        "The first hand",
        "Whether hand 1 is bid, or played unbid for 10 a trick.",
        choices=(
            ("bid", "is bid like any other"),
            ("bids_itself", "bids itself: 10 a trick, no bags, no nil, no set"),
        ),
    ),
    RuleSpec(
        "blind_bid_doubles",
        "always",
        RuleKind.CHOICE,
        "A blind bid doubles",
        "Whether a blind bid that is missed also loses double.",
        choices=(
            ("always", "made or missed"),
            ("made", "only when made; missed, it loses what an open bid would"),
        ),
    ),
    RuleSpec(
        "min_table_bid",
        0,
        RuleKind.NUMBER,
        "Smallest table bid",
        "Partnership only: a hand's bids add up to at least this, nil as 0 (0: none).",
        low=0,
        high=13,
        partnership_only=True,
    ),
)
