"""The rules page in words, its first sections: the table, the bids, blind contracts and
making the bid (`words.rules` puts the page together and adds nil, bags and how a game
is won). Each sentence is whole in the catalogue, one for each way the rules word it (a
team's or a player's), so a language need not stitch English fragments."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import ngettext

from ...core.hand import contract_points
from ...core.model import GameScore
from ...core.records import Table
from ...core.rules import Rules


@dataclass(frozen=True)
class Section:
    """A heading of the rules page and the paragraphs under it."""

    heading: str
    paragraphs: tuple[str, ...]


def points_text(count: int) -> str:
    """'no points', 'a point', '2 points'."""
    if count in (0, 1):
        return _("no points") if count == 0 else _("a point")
    return ngettext("%(num)d point", "%(num)d points", count)


def when(condition: object, sentence: str) -> str:
    """The sentence if the rule it speaks of applies, else nothing."""
    return sentence if condition else ""


def join(*sentences: str) -> str:
    """One paragraph from the sentences that apply."""
    return " ".join(sentence for sentence in sentences if sentence)


def _team(table: Table, team: str, player: str) -> str:
    """The sentence said of a team at a partnership table, else of a player."""
    return team if table.partnership else player


def table_section(score: GameScore) -> Section:
    table = score.table
    if table.partnership:
        who = _(
            "Four players in two teams: %(first)s against %(second)s. "
            "Partners sit across from each other and add their bids together.",
            first=score.sides[0].name,
            second=score.sides[1].name,
        )
    else:
        who = _(
            "Cutthroat: %(count)s players, each on their own (%(players)s).",
            count=len(table.players),
            players=", ".join(table.players),
        )
    return Section(_("The table"), (who, _deal(table, score.rules)))


def _deal(table: Table, rules: Rules) -> str:
    """How the cards go round: the tricks, the deal, the deck and the bidding style."""
    tricks = table.tricks_per_hand
    style = {
        "mirror": _(
            "Bids follow mirror style: you bid the number of spades you hold (none means nil)."
        ),
        "whiz": _("Bids follow whiz style: your number of spades, or nil."),
    }.get(rules.bidding, "")
    three = _(
        "With three, the two of clubs comes out of the deck, so every player holds "
        "%(tricks)s cards and %(tricks)s tricks are played.",
        tricks=tricks,
    )
    return join(
        three if len(table.players) == 3 else _("Each hand has %(tricks)s tricks.", tricks=tricks),
        _(
            "The deal moves one seat to the left after each hand; the player after the dealer "
            "bids first and leads first."
        ),
        when(
            rules.deck == "jokers",
            _(
                "The two jokers are in the deck, the two of clubs and the two of hearts out; "
                "scoring is unchanged."
            ),
        ),
        when(style, _("%(style)s scorepad notes this but cannot check your cards.", style=style)),
    )


def _offer(rules: Rules) -> str:
    if rules.nil and rules.blind_nil:
        return _(
            "Everyone bids how many tricks they expect to win, or nil to promise none at all, "
            "or blind nil to promise none before looking at their cards."
        )
    if rules.nil:
        return _("Everyone bids how many tricks they expect to win, or nil to promise none at all.")
    return _("Everyone bids how many tricks they expect to win.")


def _zero(table: Table, rules: Rules) -> str:
    if rules.zero_bid == "nil":
        return when(rules.nil, _("Saying 0 is the same as saying nil.")) or _(
            "A bid of 0 asks for no tricks at all."
        )
    plain = (
        _(
            "A bid of 0 is an ordinary bid of no tricks, not a nil: a player who means nil has to "
            "say nil."
        )
        if rules.nil
        else _("A bid of 0 is an ordinary bid of no tricks, not a nil.")
    )
    points = points_text(rules.bag_points)
    extra = _team(
        table,
        _(
            "If a team adds up to a bid of 0 although one of them bid a number, every trick "
            "it wins is an extra trick: %(points)s and a bag each.",
            points=points,
        ),
        _(
            "If a player adds up to a bid of 0 although they bid a number, every trick "
            "it wins is an extra trick: %(points)s and a bag each.",
            points=points,
        ),
    )
    return join(plain, extra)


def bids_section(table: Table, rules: Rules) -> Section:
    by, least = rules.blind_nil_trailing_by, rules.min_side_bid
    behind = _team(
        table,
        _(
            "Blind nil is only open to a team that is %(points)s points or more behind the leader "
            "before the hand.",
            points=by,
        ),
        _(
            "Blind nil is only open to a player that is %(points)s points or more behind the "
            "leader before the hand.",
            points=by,
        ),
    )
    limits = join(
        _offer(rules),
        when(rules.nil and rules.blind_nil and by, behind),
        when(
            table.partnership and rules.nil and not rules.double_nil,
            _("Only one player of a team may go nil in a hand."),
        ),
        when(
            rules.suicide,
            _("Suicide is on: in every hand, exactly one player of each team must bid nil."),
        ),
        when(
            least,
            _team(
                table,
                _("A team must bid at least %(tricks)s tricks in total.", tricks=least),
                _("A player must bid at least %(tricks)s tricks in total.", tricks=least),
            ),
        ),
        when(
            rules.min_table_bid,
            _(
                "The four bids of a hand must add up to at least %(tricks)s tricks, a nil "
                "counting none; a hand bid lower is bid again.",
                tricks=rules.min_table_bid,
            ),
        ),
    )
    first = when(
        rules.first_hand == "bids_itself",
        _(
            "The first hand bids itself: nobody bids, the cards are played, and each side "
            "scores 10 for every trick it takes, nothing more (no bags, no nil, no blind bid, "
            "never set). A renege there hands over tricks as in any hand. Bidding starts with "
            "hand 2."
        ),
    )
    return Section(_("Bids"), tuple(p for p in (first, limits, _zero(table, rules)) if p))


def _nobody(rules: Rules) -> str:
    if rules.nil and rules.blind_nil:
        return _(
            "Nobody bids blind in this game: every bid is made after looking at the cards "
            "(blind nil apart)."
        )
    return _("Nobody bids blind in this game: every bid is made after looking at the cards.")


def blind_section(table: Table, rules: Rules) -> Section:
    if not rules.blind_bid:
        return Section(_("Blind contracts"), (_nobody(rules),))
    say = {"tricks": rules.blind_bid, "points": rules.blind_bid_trailing_by}
    if rules.blind_bid_trailing_by:
        team = _(
            "A team may call its bid blind, before looking at the cards, when that bid is "
            "%(tricks)s tricks or more and it is at least %(points)s points behind the leader as "
            "the hand starts.",
            **say,
        )
        player = _(
            "A player may call its bid blind, before looking at the cards, when that bid is "
            "%(tricks)s tricks or more and it is at least %(points)s points behind the leader as "
            "the hand starts.",
            **say,
        )
    else:
        team = _(
            "A team may call its bid blind, before looking at the cards, when that bid is "
            "%(tricks)s tricks or more, whatever the score.",
            **say,
        )
        player = _(
            "A player may call its bid blind, before looking at the cards, when that bid is "
            "%(tricks)s tricks or more, whatever the score.",
            **say,
        )
    doubles = (
        _("A blind bid counts double, won or lost; the extra tricks and the bags stay as they are.")
        if rules.blind_bid_doubles == "always"
        else _(
            "A blind bid counts double when it is made; missed, it loses only what the same bid "
            "made in the open would lose. The extra tricks and the bags stay as they are."
        )
    )
    blind = join(_team(table, team, player), doubles)
    return Section(_("Blind contracts"), (blind,))


def _made(rules: Rules) -> str:
    say = {"won": contract_points(rules, 10, True), "bag": rules.bag_points}
    if rules.ten_for_two_hundred and rules.bag_points:
        return _(
            "Win at least as many tricks as you bid and you score 10 for each trick bid (a bid of "
            "10 or more is worth %(won)s flat), plus %(bag)s for each extra trick.",
            **say,
        )
    if rules.ten_for_two_hundred:
        return _(
            "Win at least as many tricks as you bid and you score 10 for each trick bid (a bid of "
            "10 or more is worth %(won)s flat).",
            **say,
        )
    if rules.bag_points:
        return _(
            "Win at least as many tricks as you bid and you score 10 for each trick bid, plus "
            "%(bag)s for each extra trick.",
            **say,
        )
    return _("Win at least as many tricks as you bid and you score 10 for each trick bid.")


def making_section(rules: Rules) -> Section:
    flat, lost = rules.ten_for_two_hundred, -contract_points(rules, 10, False)
    if rules.missed_contract == "minus":
        missed = (
            _(
                "Fall short and you lose 10 for each trick bid (%(lost)s for a bid of 10 or more).",
                lost=lost,
            )
            if flat
            else _("Fall short and you lose 10 for each trick bid.")
        )
    else:
        missed = (
            _(
                "Fall short and the bid scores nothing, except a bid of 10 or more, which still "
                "loses %(lost)s.",
                lost=lost,
            )
            if flat
            else _("Fall short and the bid scores nothing.")
        )
    return Section(_("Making the bid"), (f"{_made(rules)} {missed}",))
