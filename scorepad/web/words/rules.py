"""The rules page in words: how this game is scored, section by section.

Every sentence is chosen here and in `words.rules_play` from the table, the house rules
and the score, every figure from the rules or the core's own arithmetic
(`contract_points`, `nil_points`), so the template only loops and shows. Names are plain
text: the template escapes them. Each sentence is whole in the catalogue (gettext).
"""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _

from ...core.ending import Reason
from ...core.hand import contract_points, nil_points
from ...core.model import GameScore
from ...core.records import Table
from ...core.rules import Rules
from . import plural, shared_lead_text, verb
from .rules_play import (
    Section,
    bids_section,
    blind_section,
    join,
    making_section,
    table_section,
    when,
)

__all__ = ["Section", "rules_sections"]


def _forced(table: Table, rules: Rules) -> str:
    bag = rules.bag_points
    if rules.nil_tricks == "none":
        return _("Tricks a nil bidder is forced to take count for nothing.")
    if not table.partnership:
        return _(
            "Each trick a nil bidder is forced to take scores %(bag)s and counts as a bag.", bag=bag
        )
    if rules.nil_tricks == "partner":
        return _("Tricks a nil bidder is forced to take count towards the partner's bid.")
    return _(
        "Tricks a nil bidder is forced to take do not help the partner; each scores %(bag)s and "
        "counts as a bag.",
        bag=bag,
    )


def nil_section(table: Table, rules: Rules) -> Section:
    kept, broken = nil_points(rules, True), -nil_points(rules, False)
    nil = join(
        _("A nil kept is worth %(kept)s; a nil broken costs %(broken)s.", kept=kept, broken=broken),
        when(
            rules.blind_nil,
            _("Blind nil doubles both: %(points)s.", points=nil_points(rules, True, blind=True)),
        ),
        when(
            table.partnership,
            _("Nil is scored on its own, apart from the partner's bid."),
        ),
        _forced(table, rules),
    )
    return Section(_("Nil"), (nil,))


def bags_section(table: Table, rules: Rules) -> Section:
    if not rules.bag_limit:
        return Section(
            _("Bags"),
            (_("Extra tricks are counted as bags, but no penalty comes with them in this game."),),
        )
    say = {"limit": rules.bag_limit, "penalty": rules.bag_penalty}
    team, carry = table.partnership, rules.bag_remainder == "carry"
    penalty = {
        (True, True): _(
            "Each time a team reaches %(limit)s bags it loses %(penalty)s points and keeps "
            "counting from the bags left over.",
            **say,
        ),
        (False, True): _(
            "Each time players reach %(limit)s bags they lose %(penalty)s points and keep counting"
            " from the bags left over.",
            **say,
        ),
        (True, False): _(
            "Each time a team reaches %(limit)s bags it loses %(penalty)s points and the count "
            "starts again from zero.",
            **say,
        ),
        (False, False): _(
            "Each time players reach %(limit)s bags they lose %(penalty)s points and their count "
            "starts again from zero.",
            **say,
        ),
    }[team, carry]
    every = _("Every extra trick is a bag, and bags pile up from hand to hand.")
    return Section(_("Bags"), (f"{every} {penalty}",))


def _all_tricks(table: Table, rules: Rules) -> str:
    """What bidding and taking every trick of a hand earns (boston)."""
    every = table.tricks_per_hand
    if rules.boston == "off":
        return _(
            "Bidding and winning every trick of a hand earns the usual points for that bid, "
            "nothing more."
        )
    if rules.boston == "win":
        return _(
            "Bid all %(tricks)s tricks of a hand and win every one of them, and the game is "
            "yours on the spot, whatever the totals.",
            tricks=every,
        )
    worth = contract_points(rules, every, True, boston=True)
    blind = contract_points(rules, every, True, boston=True, blind=True)
    say = {"tricks": every, "worth": worth, "blind": blind}
    if rules.blind_bid and rules.blind_bid <= every:
        return _(
            "Bid all %(tricks)s tricks of a hand and win every one of them, and that bid is "
            "worth %(worth)s instead of its usual points (%(blind)s if bid blind).",
            **say,
        )
    return _(
        "Bid all %(tricks)s tricks of a hand and win every one of them, and that bid is "
        "worth %(worth)s instead of its usual points.",
        **say,
    )


def _set_out(rules: Rules) -> str:
    """Out after missed bids, worded as set_out_count counts the sets."""
    if rules.set_out_count == "in_a_row":
        return _(
            "A team that falls short of its bid %(count)s hands running is out and loses there "
            "and then. Any hand in which it is not set (or bids no tricks) starts its count "
            "again.",
            count=rules.set_out,
        )
    return _(
        "A team that falls short of its bid %(count)s times in the game, however far apart, "
        "is out and loses there and then. A hand in which it is not set does not wipe the "
        "count.",
        count=rules.set_out,
    )


def _shared(rules: Rules) -> str:
    """What settles a lead shared at the end, as tie_break says."""
    if rules.tie_break == "fewer_bags":
        return _(
            "if the lead is shared, the leader holding fewer bags wins, and only leaders with "
            "equal bags play one more hand, as many times as needed."
        )
    if rules.tie_break == "last_bid":
        return _(
            "if the lead is shared, the leader that bid more in the last hand played wins (a "
            "nil counts none), and only leaders that bid the same play one more hand, as many "
            "times as needed."
        )
    return _("if the lead is shared, one more hand is played, as many times as needed.")


def _ends(rules: Rules) -> str:
    say = {"target": rules.target, "loss": rules.loss_threshold}
    reach = (
        _(
            "The game ends after the hand in which anyone reaches %(target)s. The highest total "
            "wins;",
            **say,
        )
        if rules.loss_threshold is None
        else _(
            "The game ends after the hand in which anyone reaches %(target)s, or anyone falls to "
            "%(loss)s. The highest total wins;",
            **say,
        )
    )
    return join(reach, _shared(rules))


def _lasts(rules: Rules) -> str:
    limit = rules.hand_limit
    if not limit:
        return _("There is no limit on the number of hands.")
    return join(
        _(
            "The game lasts at most %(limit)s hands: if nobody has won once hand %(limit)s is "
            "played, the highest total wins.",
            limit=limit,
        ),
        _lasts_shared(rules),
    )


def _lasts_shared(rules: Rules) -> str:
    """A lead shared after the last hand of the hand limit, as tie_break settles it."""
    if rules.tie_break == "fewer_bags":
        return _(
            "A shared lead goes to the leader holding fewer bags; leaders with equal bags "
            "play on, one hand at a time, until one is alone in front."
        )
    if rules.tie_break == "last_bid":
        return _(
            "A shared lead goes to the leader that bid more in the last hand; leaders that bid "
            "the same play on, one hand at a time, until one is alone in front."
        )
    return _("A shared lead plays on, one hand at a time, until someone is alone in front.")


def _winning(table: Table, rules: Rules) -> Section:
    set_out = _set_out(rules) if rules.set_out else ""
    paragraphs = (_ends(rules), _all_tricks(table, rules), set_out, _lasts(rules))
    return Section(_("Winning"), tuple(p for p in paragraphs if p))


def _reneges(rules: Rules) -> Section:
    renege = join(
        _(
            "A team caught reneging hands %(tricks)s of those it took for its bid (all of "
            "them, if it took fewer) to the other team, which counts them towards its own "
            "bid; a team whose two players both bid nil receives none.",
            tricks=plural(rules.renege_tricks, "trick"),
        ),
        _("If both teams reneged, each hands over its share of the tricks as they were played."),
        _("Nil bidders keep their own tricks."),
    )
    return Section(_("Reneges"), (renege,))


def _paper(score: GameScore) -> str:
    """A game carried on from paper says where each side began."""
    if not score.start:
        return ""
    began = "; ".join(
        _(
            "%(name)s began here with %(points)s points and %(bags)s",
            name=side.name,
            points=points,
            bags=plural(bags, "bag"),
        )
        for side, (points, bags) in zip(score.sides, score.start)
    )
    return _("It carried on from a score kept on paper: %(began)s.", began=began)


def _this_game(score: GameScore) -> Section | None:
    """A game carried on from paper, or ended early by the table, says so."""
    ended = ""
    if score.reason == Reason.ENDED:
        name = "" if score.winner is None else score.sides[score.winner].name
        if score.winner is None:
            how = _("The lead was shared then, so it is a draw.")
        elif score.on_bags:
            how = shared_lead_text(score)
        else:
            how = verb(
                score.table,
                _("%(name)s were in front then and took the game.", name=name),
                _("%(name)s was in front then and took the game.", name=name),
            )
        ended = _(
            "The table stopped it early, after hand %(hand)s, before anyone had won by the "
            "rules above. %(how)s",
            hand=len(score.hands),
            how=how,
        )
    if score.reason == Reason.SLIP:
        ended = _("The director entered its result from the table's paper slip: totals only.")
    paragraphs = tuple(p for p in (_paper(score), ended) if p)
    return Section(_("This game"), paragraphs) if paragraphs else None


def rules_sections(score: GameScore) -> tuple[Section, ...]:
    """The rules page of this game, section by section, in the order they are read."""
    table, rules = score.table, score.rules
    sections = (
        table_section(score),
        bids_section(table, rules),
        blind_section(table, rules),
        making_section(rules),
        nil_section(table, rules) if rules.nil else None,
        bags_section(table, rules),
        _winning(table, rules),
        _reneges(rules) if table.partnership else None,
        _this_game(score),
    )
    return tuple(section for section in sections if section is not None)
