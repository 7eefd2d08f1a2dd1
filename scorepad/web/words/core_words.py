"""The words the core hands the pages (a rule's label, explanation and choices, a bid's
choice): kept in the core in English (their keys are a public contract), marked here for
the catalogue and translated as a page shows them (`core_text`).

Made from core/rule_table.py and core/next_hand.py: a rule added there is added here too.
"""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString


def N_(text: str) -> str:
    """Marks a word for the catalogue (pybabel extract -k N_), as it is."""
    return text


MARKED = (
    N_("Nil"),
    N_("Blind nil"),
    N_("Target score"),
    N_("The game ends after the hand in which a side gets here."),
    N_("Nil bids"),
    N_("A player may promise to take no tricks at all."),
    N_("Blind nil bids"),
    N_("A player may bid nil before looking at the cards, for double the stake."),
    N_("Blind nil only when behind by"),
    N_("0 lets anyone bid blind nil; otherwise a side must trail the leader by this much."),
    N_("Both partners may bid nil"),
    N_("Off: at most one nil per partnership in a hand."),
    N_("Nil is worth"),
    N_("Won for a nil kept, lost for a nil broken; blind nil counts double."),
    N_("Tricks taken by a nil bidder"),
    N_("What happens to the tricks a nil bidder is forced to take."),
    N_("score as bags, never help the partner"),
    N_("count towards the partner's bid"),
    N_("count for nothing"),
    N_("Bags before a penalty"),
    N_("Every time a side's bag count reaches this, it pays the penalty; 0 turns penalties off."),
    N_("Bag penalty"),
    N_("Points lost each time the bag limit is reached."),
    N_("Bags left after a penalty"),
    N_("Whether bags beyond the limit stay on the count."),
    N_("keep the extra bags"),
    N_("start again from 0"),
    N_("Points per bag"),
    N_("What each overtrick adds to the score."),
    N_("A missed bid"),
    N_("What a side that falls short of its bid scores."),
    N_("loses 10 per trick bid"),
    N_("scores nothing"),
    N_("Ten for two hundred"),
    N_("A bid of 10 or more is worth a flat 200, won or lost."),
    N_("Smallest side bid"),
    N_("A side must bid at least this many tricks between its players (0: no minimum)."),
    N_("Suicide"),
    N_("Partnership only: in every hand exactly one player of each side bids nil."),
    N_("Lose at"),
    N_("Empty for none; a side that sinks to this total (below 0) ends the game."),
    N_("Bidding style"),
    N_("Noted for the table; scorepad cannot see the cards to check it."),
    N_("open: bid what you like"),
    N_("mirror: bid your number of spades"),
    N_("whiz: your number of spades, or nil"),
    N_("Deck"),
    N_("Noted for the table; the number of tricks does not change."),
    N_("standard 52 cards"),
    N_("two jokers in, the 2 of clubs and 2 of hearts out"),
    N_("A bid of 0"),
    N_("Whether saying 0 is the same as saying nil."),
    N_("means nil"),
    N_("is a plain bid of no tricks; nil has to be called nil"),
    N_("Blind bids from"),
    N_(
        "0: no blind bids; otherwise a side may bid this many or more unseen, for double the bid's points."  # noqa: E501
    ),
    N_("Blind bids only when behind by"),
    N_("How far a side must trail the leader to bid blind; 0 lets any side."),
    N_("Taking every trick"),
    N_("What a side gets for bidding all the tricks of a hand and taking them."),
    N_("the usual points"),
    N_("the game, there and then"),
    N_("a bonus in place of the bid's points"),
    N_("All-tricks bonus"),
    N_("Points for bidding and taking every trick when that earns a bonus."),
    N_("Out after missed bids"),
    N_(
        "Partnership only: a side that misses its bid this many hands (in a row, or in the game) loses (0: never)."  # noqa: E501
    ),
    N_("Missed bids counted"),
    N_("Which missed bids put a side out (no effect while that rule is 0)."),
    N_("in a row"),
    N_("in the game, however far apart"),
    N_("Hands to play"),
    N_("0: no limit; otherwise the leader after this many hands wins, a tie playing on."),
    N_("A shared lead at the end"),
    N_(
        "What settles a lead shared when the game would end (target, loss, hand limit, ended early)."  # noqa: E501
    ),
    N_("play another hand (ended early: a draw)"),
    N_("the side holding fewer bags wins; equal bags play on"),
    N_("Tricks a renege costs"),
    N_("Partnership only: a side that reneged hands this many of its bid tricks to the other."),
    # core/presets.py: the shipped presets' names
    N_("Kitchen table"),
    N_("Tournament 300"),
    N_("Tournament 500"),
    # the refusals' details of core/season_settings.py, club.py, names.py, presets.py and
    # the links' readers, said after a field's name (a detail made of a number stays English)
    N_("is empty"),
    N_("must be text"),
    N_("looks empty: it has no letter, digit or sign that shows"),
    N_("must be an even number of players"),
    N_("must be a whole number"),
    N_("must be up to 12 different names"),
    N_("must be a date, YYYY-MM-DD"),
    N_("must be a time, HH:MM"),
    N_("must be 1 to 80 characters"),
    N_("must be at most 120 characters"),
    N_("no such player in this club"),
    N_("choose two different players to merge"),
    N_("that name is not merged into this player"),
    N_("a player's first name stays theirs: split the others off"),
    N_("another player of this club has that name"),
    N_("the roster is not a list of players"),
    N_("a name belongs to two players in the roster"),
    N_("is not a preset scorepad ships"),
    N_("is not a set of house rules"),
    N_("is not a scorepad club file"),
)


def core_text(text: str) -> str:
    """A word of the core in this request's language (unchanged when not in the catalogue)."""
    return gettext(text) if text else text


def lazy_core_text(text: str) -> LazyString:
    """`core_text` said when shown: for form labels made once, shown in each request's language."""
    return lazy_gettext(text)
