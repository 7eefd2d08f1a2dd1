"""The words the core hands the pages (a rule's label, explanation and choices, a bid's
choice): kept in the core in English (their keys are a public contract), marked here for
the catalogue and translated as a page shows them (`core_text`).

Made from core/rule_table.py and core/next_hand.py: a rule added there is added here too.
"""

from __future__ import annotations

from flask_babel.speaklater import LazyString

from scorepad.web.catalogue import gettext, lazy_gettext
from scorepad.web.catalogue import locale as get_locale

from ...core.errors import QUOTED_MOST, GameError, Phrase, capped
from ...core.rules import SPECS


def N_(text: str) -> str:
    """Marks a word for the catalogue (pybabel extract -k N_), as it is."""
    return text


MARKED = (
    # what json says it could not read in a game file (files/game.py: said in the refusal)
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
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
    N_("the side that bid more in the last hand wins; equal bids play on"),
    N_("The first hand"),
    N_("Whether hand 1 is bid, or played unbid for 10 a trick."),
    N_("is bid like any other"),
    N_("bids itself: 10 a trick, no bags, no nil, no set"),
    N_("A blind bid doubles"),
    N_("Whether a blind bid that is missed also loses double."),
    N_("made or missed"),
    N_("only when made; missed, it loses what an open bid would"),
    N_("Smallest table bid"),
    N_("Partnership only: a hand's bids add up to at least this, nil as 0 (0: none)."),
    # core/presets.py: the shipped presets' names
    N_("Kitchen table"),
    N_("Tournament 300"),
    N_("Tournament 500"),
    N_("League 300"),
    N_("League 500, blind bids"),
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
    N_("no such player in this club"),
    N_("choose two different players to merge"),
    N_("that name is not merged into this player"),
    N_("a player's first name stays theirs: split the others off"),
    N_("the roster is not a list of players"),
    N_("is not a preset scorepad ships"),
    N_("is not a set of house rules"),
)


# A core refusal's field, as it leads the sentence ("bids: ..."): the fields a form or a
# link sends (a file's own keys, "entrants[2].players", stay as the file writes them).
FIELDS = {
    "bids": N_("bids"),
    "tricks": N_("tricks"),
    "side_tricks": N_("tricks by side"),
    "blind": N_("blind bid"),
    "dealer": N_("dealer"),
    "note": N_("note"),
    "adjust": N_("adjustment"),
    "renege": N_("renege"),
    "start": N_("starting scores"),
    "final": N_("final scores"),
    "totals": N_("totals"),
    "bags": N_("bags"),
    "ended": N_("end of the game"),
    "hands": N_("hands"),
    "players": N_("players"),
    "side_names": N_("side names"),
    "name": N_("name"),
    "preset": N_("preset"),
    "rules": N_("house rules"),
    "sat": N_("who sat"),
    "mode": N_("kind of game"),
    "first_dealer": N_("first dealer"),
    "next_dealer": N_("next dealer"),
    "tricks_by": N_("tricks counted by"),
    "target": N_("target"),
    "date": N_("date"),
    "day": N_("day"),
    "venue": N_("venue"),
    "divisions": N_("divisions"),
    "playoff": N_("playoff"),
    "rounds": N_("rounds"),
    "entrants": N_("entrants"),
    "order": N_("order"),
    "into": N_("into"),
    "other": N_("other"),
    "roster": N_("roster"),
}


# A core message's values that are a house rule's key (for the game file's readers): a
# page says the rule as the new-game and settings pages label it.
RULE_VALUES = ("rule_key",)


def _value(value: object, name: str = "") -> object:
    """A value put in a core message: a Phrase said in this language; a rule's key its
    label; a text cut to what a message may quote (a name of 40 characters is whole; a
    file's text no longer)."""
    if isinstance(value, Phrase):
        return core_text(value)
    if name in RULE_VALUES and isinstance(value, str) and value in SPECS:
        return core_text(SPECS[value].label)
    return capped(value, 2 * QUOTED_MOST) if isinstance(value, str) else value


def core_text(text: str) -> str:
    """A word of the core in this request's language (unchanged when not in the catalogue);
    a core message made of a template and values (a `Phrase`: a refusal's detail) said
    from its template, each value that is a Phrase said too."""
    if isinstance(text, Phrase):
        said = gettext(text.template) if text.template else text.template
        if not text.values:
            return said
        values = {k: _value(v, k) for k, v in text.values.items()}
        return said % values
    return gettext(text) if text else text


def field_text(field: str) -> str:
    """A refusal's field in words: a rule's own label, a form's field, else its key (in
    English its key, as `str(err)` has always said it)."""
    if str(get_locale()).startswith("en"):
        return field
    if field.startswith("rules."):  # a rule's label; "rules.*": the rules as a whole
        key = field.removeprefix("rules.")
        return core_text(SPECS[key].label) if key in SPECS else gettext(FIELDS["rules"])
    return gettext(FIELDS[field]) if field in FIELDS else field


def refusal(err: GameError) -> str:
    """A core refusal in this request's language, its hand and field first as `str(err)`
    says them in English ("hand 3: bids: ...")."""
    said = core_text(err.detail)
    if err.field and not err.detail.startswith(err.field):
        field = capped(field_text(err.field), 2 * QUOTED_MOST)
        said = gettext("%(field)s: %(why)s", field=field, why=said)
    return gettext("hand %(number)s: %(why)s", number=err.hand, why=said) if err.hand else said


# A file's marker key: a refusal of it says the file is not a scorepad file of its kind.
FILE_MARKERS = ("scorepad_event", "scorepad_club")


def file_refusal(err: GameError) -> str:
    """Why an imported file was refused: a refusal of the file as a whole (not JSON, not
    UTF-8 text, too large; or not a scorepad file of its kind, its marker key named) in
    this request's language; one of a part names the file's own keys and stays in the
    file readers' English (`str(err)`; docs/languages.md)."""
    if err.hand is None and err.field in (None, "file"):
        return core_text(err.detail)
    if err.hand is None and err.field in FILE_MARKERS:
        return refusal(err)
    return str(err)


def beside(err: GameError) -> str:
    """A core refusal shown beside its field: its detail in this request's language, what
    comes before its first ': ' left out (as the field names it)."""
    return core_text(err.detail).split(": ", 1)[-1]


def not_saved(said: str, hand: int | None = None) -> str:
    """A refusal above a form: 'Not saved: hand 3: ...' (the hand, when one is named)."""
    if hand:
        said = gettext("hand %(number)s: %(why)s", number=hand, why=said)
    return gettext("Not saved: %(not_saved)s", not_saved=said)


def rule_refusal(err: GameError) -> tuple[str, str]:
    """A refusal caused by a house rule as the settings form shows it: beside the rule's
    field ('hand 1: the table bid 11; ...'), and above the form with the rule named
    ('Not saved: Smallest table bid: hand 1: ...')."""
    said = core_text(err.detail)
    if err.hand:
        said = gettext("hand %(number)s: %(why)s", number=err.hand, why=said)
    named = gettext("%(field)s: %(why)s", field=core_text(SPECS[str(err.rule)].label), why=said)
    return said, gettext("Not saved: %(not_saved)s", not_saved=named)


def every_seat_bid() -> str:
    """The seat links' form of the bids still to come, sent without one."""
    return gettext("Not saved: choose a bid for each seat still to bid.")


def lazy_core_text(text: str) -> LazyString:
    """`core_text` said when shown: for form labels made once, shown in each request's language."""
    return lazy_gettext(text)
