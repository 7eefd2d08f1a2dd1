"""The rules page in words: how this game is scored, section by section.

Every sentence is chosen here from the table, the house rules and the score, and
every figure in it comes from the rules or from the core's own arithmetic
(`contract_points`, `nil_points`), so the template only loops and shows.
Names are left as plain text: the template escapes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.hand import contract_points, nil_points
from ..core.model import GameScore, Table
from ..core.rules import Rules


@dataclass(frozen=True)
class Section:
    """A heading of the rules page and the paragraphs under it."""

    heading: str
    paragraphs: tuple[str, ...]


def _plural(count: int, word: str) -> str:
    """'1 bag', '3 bags'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _points(count: int) -> str:
    """'no points', 'a point', '2 points'."""
    return {0: "no points", 1: "a point"}.get(count, f"{count} points")


def _unit(table: Table) -> str:
    """What one side is called at this table."""
    return "team" if table.mode == "partnership" else "player"


def _join(*sentences: str) -> str:
    """One paragraph from the sentences that apply (empty ones left out)."""
    return " ".join(sentence for sentence in sentences if sentence)


def _table(score: GameScore) -> Section:
    table, rules = score.table, score.rules
    tricks = table.tricks_per_hand
    if table.mode == "partnership":
        who = (
            f"Four players in two teams: {score.sides[0].name} against {score.sides[1].name}. "
            "Partners sit across from each other and add their bids together."
        )
    else:
        who = (
            f"Cutthroat: {len(table.players)} players, each on their own "
            f"({', '.join(table.players)})."
        )
    if len(table.players) == 3:
        deal = (
            f"With three, the two of clubs comes out of the deck, so every player holds "
            f"{tricks} cards and {tricks} tricks are played."
        )
    else:
        deal = f"Each hand has {tricks} tricks."
    style = {
        "mirror": "Bids follow mirror style: you bid the number of spades you hold "
        "(none means nil).",
        "whiz": "Bids follow whiz style: your number of spades, or nil.",
    }.get(rules.bidding, "")
    return Section(
        "The table",
        (
            who,
            _join(
                deal,
                "The deal moves one seat to the left after each hand; "
                "the player after the dealer bids first and leads first.",
                "The two jokers are in the deck, the two of clubs and the two of hearts out; "
                "scoring is unchanged."
                if rules.deck == "jokers"
                else "",
                f"{style} scorepad notes this but cannot check your cards." if style else "",
            ),
        ),
    )


def _bids(table: Table, rules: Rules) -> Section:
    unit = _unit(table)
    offer = "Everyone bids how many tricks they expect to win"
    if rules.nil:
        offer += ", or nil to promise none at all"
        if rules.blind_nil:
            offer += ", or blind nil to promise none before looking at their cards"
    limits = _join(
        f"{offer}.",
        f"Blind nil is only open to a {unit} that is {rules.blind_nil_trailing_by} points or "
        "more behind the leader before the hand."
        if rules.nil and rules.blind_nil and rules.blind_nil_trailing_by
        else "",
        "Only one player of a team may go nil in a hand."
        if table.mode == "partnership" and rules.nil and not rules.double_nil
        else "",
        "Suicide is on: in every hand, exactly one player of each team must bid nil."
        if rules.suicide
        else "",
        f"A {unit} must bid at least {rules.min_side_bid} tricks in total."
        if rules.min_side_bid
        else "",
    )
    if rules.zero_bid == "nil":
        zero = (
            "Saying 0 is the same as saying nil."
            if rules.nil
            else "A bid of 0 asks for no tricks at all."
        )
    else:
        members = "one of them" if table.mode == "partnership" else "they"
        zero = _join(
            "A bid of 0 is an ordinary bid of no tricks, not a nil"
            + (": a player who means nil has to say nil." if rules.nil else "."),
            f"If a {unit} adds up to a bid of 0 although {members} bid a number, every trick "
            f"it wins is an extra trick: {_points(rules.bag_points)} and a bag each.",
        )
    return Section("Bids", (limits, zero))


def _blind(table: Table, rules: Rules) -> Section:
    if not rules.blind_bid:
        apart = " (blind nil apart)" if rules.nil and rules.blind_nil else ""
        return Section(
            "Blind contracts",
            (
                "Nobody bids blind in this game: every bid is made after looking at the "
                f"cards{apart}.",
            ),
        )
    when = (
        f" and it is at least {rules.blind_bid_trailing_by} points behind the leader as the "
        "hand starts"
        if rules.blind_bid_trailing_by
        else ", whatever the score"
    )
    return Section(
        "Blind contracts",
        (
            _join(
                f"A {_unit(table)} may call its bid blind, before looking at the cards, when "
                f"that bid is {rules.blind_bid} tricks or more{when}.",
                "A blind bid counts double, won or lost; the extra tricks and the bags stay "
                "as they are.",
            ),
        ),
    )


def _making(rules: Rules) -> Section:
    flat = rules.ten_for_two_hundred
    flat_won = contract_points(rules, 10, True)
    flat_lost = -contract_points(rules, 10, False)
    made = "Win at least as many tricks as you bid and you score 10 for each trick bid"
    if flat:
        made += f" (a bid of 10 or more is worth {flat_won} flat)"
    if rules.bag_points:
        made += f", plus {rules.bag_points} for each extra trick"
    if rules.missed_contract == "minus":
        missed = "Fall short and you lose 10 for each trick bid"
        missed += f" ({flat_lost} for a bid of 10 or more)." if flat else "."
    else:
        missed = "Fall short and the bid scores nothing"
        missed += f", except a bid of 10 or more, which still loses {flat_lost}." if flat else "."
    return Section("Making the bid", (_join(f"{made}.", missed),))


def _forced_tricks(table: Table, rules: Rules) -> str:
    """What happens to the tricks a nil bidder could not avoid."""
    if rules.nil_tricks == "none":
        return "Tricks a nil bidder is forced to take count for nothing."
    as_bags = f"scores {rules.bag_points} and counts as a bag"
    if table.mode != "partnership":
        return f"Each trick a nil bidder is forced to take {as_bags}."
    if rules.nil_tricks == "partner":
        return "Tricks a nil bidder is forced to take count towards the partner's bid."
    return f"Tricks a nil bidder is forced to take do not help the partner; each {as_bags}."


def _nil(table: Table, rules: Rules) -> Section:
    kept, blind = nil_points(rules, True), nil_points(rules, True, blind=True)
    return Section(
        "Nil",
        (
            _join(
                f"A nil kept is worth {kept}; a nil broken costs {-nil_points(rules, False)}.",
                f"Blind nil doubles both: {blind}." if rules.blind_nil else "",
                "Nil is scored on its own, apart from the partner's bid."
                if table.mode == "partnership"
                else "",
                _forced_tricks(table, rules),
            ),
        ),
    )


def _bags(table: Table, rules: Rules) -> Section:
    if not rules.bag_limit:
        return Section(
            "Bags",
            ("Extra tricks are counted as bags, but no penalty comes with them in this game.",),
        )
    carry = rules.bag_remainder == "carry"
    if table.mode == "partnership":
        penalty = (
            f"Each time a team reaches {rules.bag_limit} bags it loses {rules.bag_penalty} points"
            + (
                " and keeps counting from the bags left over."
                if carry
                else " and the count starts again from zero."
            )
        )
    else:
        penalty = (
            f"Each time players reach {rules.bag_limit} bags they lose {rules.bag_penalty} points"
            + (
                " and keep counting from the bags left over."
                if carry
                else " and their count starts again from zero."
            )
        )
    return Section(
        "Bags", (_join("Every extra trick is a bag, and bags pile up from hand to hand.", penalty),)
    )


def _shared_lead(rules: Rules) -> str:
    """How a shared lead at the end is settled (tie_break)."""
    if rules.tie_break == "fewer_bags":
        return (
            "if the lead is shared, the leader holding fewer bags wins, and only leaders with "
            "equal bags play one more hand, as many times as needed."
        )
    return "if the lead is shared, one more hand is played, as many times as needed."


def _all_tricks(table: Table, rules: Rules) -> str:
    """What bidding and taking every trick of a hand earns (boston)."""
    every = table.tricks_per_hand
    if rules.boston == "off":
        return (
            "Bidding and winning every trick of a hand earns the usual points for that bid, "
            "nothing more."
        )
    sentence = f"Bid all {every} tricks of a hand and win every one of them, and "
    if rules.boston == "win":
        return sentence + "the game is yours on the spot, whatever the totals."
    worth = contract_points(rules, every, True, boston=True)
    blind = ""
    if rules.blind_bid and rules.blind_bid <= every:
        blind = f" ({contract_points(rules, every, True, boston=True, blind=True)} if bid blind)"
    return sentence + f"that bid is worth {worth} instead of its usual points{blind}."


def _winning(table: Table, rules: Rules) -> Section:
    ends = f"The game ends after the hand in which anyone reaches {rules.target}"
    if rules.loss_threshold is not None:
        ends += f", or anyone falls to {rules.loss_threshold}"
    paragraphs = [
        f"{ends}. The highest total wins; {_shared_lead(rules)}",
        _all_tricks(table, rules),
    ]
    if rules.set_out:
        paragraphs.append(
            f"A team that falls short of its bid {rules.set_out} hands running is out and loses "
            "there and then. Any hand in which it is not set (or bids no tricks) starts its "
            "count again."
        )
    if rules.hand_limit:
        paragraphs.append(
            _join(
                f"The game lasts at most {rules.hand_limit} hands: if nobody has won once hand "
                f"{rules.hand_limit} is played, the highest total wins.",
                "A shared lead goes to the leader holding fewer bags; leaders with equal bags "
                "play on, one hand at a time, until one is alone in front."
                if rules.tie_break == "fewer_bags"
                else "A shared lead plays on, one hand at a time, until someone is alone in front.",
            )
        )
    else:
        paragraphs.append("There is no limit on the number of hands.")
    return Section("Winning", tuple(paragraphs))


def _reneges(rules: Rules) -> Section:
    return Section(
        "Reneges",
        (
            _join(
                f"A team caught reneging hands {_plural(rules.renege_tricks, 'trick')} of those "
                "it took for its bid (all of them, if it took fewer) to the other team, which "
                "counts them towards its own bid; a team whose two players both bid nil "
                "receives none.",
                "If both teams reneged, each hands over its share of the tricks as they were "
                "played.",
                "Nil bidders keep their own tricks.",
            ),
        ),
    )


def _this_game(score: GameScore) -> Section | None:
    """A game carried on from paper, or ended early by the table, says so."""
    paragraphs = []
    if score.start:
        began = "; ".join(
            f"{side.name} began here with {points} points and {_plural(bags, 'bag')}"
            for side, (points, bags) in zip(score.sides, score.start)
        )
        paragraphs.append(f"It carried on from a score kept on paper: {began}.")
    if score.reason == "ended":
        if score.winner is None:
            how = "The lead was shared then, so it is a draw."
        elif score.on_bags:
            how = (
                f"The lead was shared then; {score.sides[score.winner].name} held fewer bags "
                "and took the game."
            )
        else:
            verb = "was" if score.table.mode == "cutthroat" else "were"
            how = f"{score.sides[score.winner].name} {verb} in front then and took the game."
        paragraphs.append(
            f"The table stopped it early, after hand {len(score.hands)}, before anyone had won "
            f"by the rules above. {how}"
        )
    return Section("This game", tuple(paragraphs)) if paragraphs else None


def rules_sections(score: GameScore) -> tuple[Section, ...]:
    """The rules page of this game, section by section, in the order they are read."""
    table, rules = score.table, score.rules
    sections = [
        _table(score),
        _bids(table, rules),
        _blind(table, rules),
        _making(rules),
        _nil(table, rules) if rules.nil else None,
        _bags(table, rules),
        _winning(table, rules),
        _reneges(rules) if table.mode == "partnership" else None,
        _this_game(score),
    ]
    return tuple(section for section in sections if section is not None)
