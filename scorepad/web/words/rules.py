"""The rules page in words: how this game is scored, section by section.

Every sentence is chosen here from the table, the house rules and the score, every
figure from the rules or the core's own arithmetic (`contract_points`, `nil_points`),
so the template only loops and shows. Names are plain text: the template escapes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.hand import contract_points, nil_points
from ...core.model import GameScore
from ...core.records import Table
from ...core.rules import Rules
from . import plural, verb


@dataclass(frozen=True)
class Section:
    """A heading of the rules page and the paragraphs under it."""

    heading: str
    paragraphs: tuple[str, ...]


def _points(count: int) -> str:
    """'no points', 'a point', '2 points'."""
    return {0: "no points", 1: "a point"}.get(count, f"{count} points")


def _when(condition: object, sentence: str) -> str:
    """The sentence if the rule it speaks of applies, else nothing."""
    return sentence if condition else ""


def _join(*sentences: str) -> str:
    """One paragraph from the sentences that apply."""
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
        players = ", ".join(table.players)
        who = f"Cutthroat: {len(table.players)} players, each on their own ({players})."
    style = {
        "mirror": "Bids follow mirror style: you bid the number of spades you hold "
        "(none means nil).",
        "whiz": "Bids follow whiz style: your number of spades, or nil.",
    }.get(rules.bidding, "")
    deal = _join(
        _when(
            len(table.players) == 3,
            "With three, the two of clubs comes out of the deck, so every player holds "
            f"{tricks} cards and {tricks} tricks are played.",
        )
        or f"Each hand has {tricks} tricks.",
        "The deal moves one seat to the left after each hand; the player after the dealer "
        "bids first and leads first.",
        _when(
            rules.deck == "jokers",
            "The two jokers are in the deck, the two of clubs and the two of hearts out; "
            "scoring is unchanged.",
        ),
        _when(style, f"{style} scorepad notes this but cannot check your cards."),
    )
    return Section("The table", (who, deal))


def _bids(table: Table, rules: Rules) -> Section:
    unit = "team" if table.mode == "partnership" else "player"
    offer = "Everyone bids how many tricks they expect to win"
    offer += _when(rules.nil, ", or nil to promise none at all")
    offer += _when(
        rules.nil and rules.blind_nil,
        ", or blind nil to promise none before looking at their cards",
    )
    limits = _join(
        f"{offer}.",
        _when(
            rules.nil and rules.blind_nil and rules.blind_nil_trailing_by,
            f"Blind nil is only open to a {unit} that is {rules.blind_nil_trailing_by} points "
            "or more behind the leader before the hand.",
        ),
        _when(
            table.mode == "partnership" and rules.nil and not rules.double_nil,
            "Only one player of a team may go nil in a hand.",
        ),
        _when(
            rules.suicide,
            "Suicide is on: in every hand, exactly one player of each team must bid nil.",
        ),
        _when(
            rules.min_side_bid, f"A {unit} must bid at least {rules.min_side_bid} tricks in total."
        ),
    )
    if rules.zero_bid == "nil":
        zero = _when(rules.nil, "Saying 0 is the same as saying nil.") or (
            "A bid of 0 asks for no tricks at all."
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
        apart = _when(rules.nil and rules.blind_nil, " (blind nil apart)")
        nobody = "Nobody bids blind in this game: every bid is made after looking at the cards"
        return Section("Blind contracts", (f"{nobody}{apart}.",))
    unit = "team" if table.mode == "partnership" else "player"
    by = rules.blind_bid_trailing_by
    when = _when(by, f" and it is at least {by} points behind the leader as the hand starts")
    blind = _join(
        f"A {unit} may call its bid blind, before looking at the cards, when that bid is "
        f"{rules.blind_bid} tricks or more{when or ', whatever the score'}.",
        "A blind bid counts double, won or lost; the extra tricks and the bags stay as they are.",
    )
    return Section("Blind contracts", (blind,))


def _making(rules: Rules) -> Section:
    flat = rules.ten_for_two_hundred
    won, lost = contract_points(rules, 10, True), -contract_points(rules, 10, False)
    made = "Win at least as many tricks as you bid and you score 10 for each trick bid"
    made += _when(flat, f" (a bid of 10 or more is worth {won} flat)")
    made += _when(rules.bag_points, f", plus {rules.bag_points} for each extra trick")
    if rules.missed_contract == "minus":
        missed = "Fall short and you lose 10 for each trick bid"
        missed += _when(flat, f" ({lost} for a bid of 10 or more)")
    else:
        missed = "Fall short and the bid scores nothing"
        missed += _when(flat, f", except a bid of 10 or more, which still loses {lost}")
    return Section("Making the bid", (f"{made}. {missed}.",))


def _nil(table: Table, rules: Rules) -> Section:
    forced = "Tricks a nil bidder is forced to take"
    as_bags = f"scores {rules.bag_points} and counts as a bag"
    if rules.nil_tricks == "none":
        tricks = f"{forced} count for nothing."
    elif table.mode != "partnership":
        tricks = f"Each trick a nil bidder is forced to take {as_bags}."
    elif rules.nil_tricks == "partner":
        tricks = f"{forced} count towards the partner's bid."
    else:
        tricks = f"{forced} do not help the partner; each {as_bags}."
    nil = _join(
        f"A nil kept is worth {nil_points(rules, True)}; "
        f"a nil broken costs {-nil_points(rules, False)}.",
        _when(rules.blind_nil, f"Blind nil doubles both: {nil_points(rules, True, blind=True)}."),
        _when(
            table.mode == "partnership", "Nil is scored on its own, apart from the partner's bid."
        ),
        tricks,
    )
    return Section("Nil", (nil,))


def _bags(table: Table, rules: Rules) -> Section:
    if not rules.bag_limit:
        return Section(
            "Bags",
            ("Extra tricks are counted as bags, but no penalty comes with them in this game.",),
        )
    team, carry = table.mode == "partnership", rules.bag_remainder == "carry"
    reach, lose = ("a team reaches", "it loses") if team else ("players reach", "they lose")
    after = {
        (True, True): "and keeps counting from the bags left over",
        (False, True): "and keep counting from the bags left over",
        (True, False): "and the count starts again from zero",
        (False, False): "and their count starts again from zero",
    }[team, carry]
    penalty = f"Each time {reach} {rules.bag_limit} bags {lose} {rules.bag_penalty} points {after}."
    every = "Every extra trick is a bag, and bags pile up from hand to hand."
    return Section("Bags", (f"{every} {penalty}",))


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
    blind = contract_points(rules, every, True, boston=True, blind=True)
    blind_text = _when(rules.blind_bid and rules.blind_bid <= every, f" ({blind} if bid blind)")
    return sentence + f"that bid is worth {worth} instead of its usual points{blind_text}."


SET_OUT = {  # set_out, worded as set_out_count counts the sets
    "in_a_row": "A team that falls short of its bid {n} hands running is out and loses there "
    "and then. Any hand in which it is not set (or bids no tricks) starts its count again.",
    "in_game": "A team that falls short of its bid {n} times in the game, however far apart, "
    "is out and loses there and then. A hand in which it is not set does not wipe the count.",
}


def _winning(table: Table, rules: Rules) -> Section:
    on_bags = rules.tie_break == "fewer_bags"
    ends = _join(
        f"The game ends after the hand in which anyone reaches {rules.target}"
        + _when(rules.loss_threshold is not None, f", or anyone falls to {rules.loss_threshold}")
        + ". The highest total wins;",
        _when(
            on_bags,
            "if the lead is shared, the leader holding fewer bags wins, and only leaders with "
            "equal bags play one more hand, as many times as needed.",
        )
        or "if the lead is shared, one more hand is played, as many times as needed.",
    )
    limit = rules.hand_limit
    lasts = _join(
        f"The game lasts at most {limit} hands: if nobody has won once hand {limit} is played, "
        "the highest total wins.",
        _when(
            on_bags,
            "A shared lead goes to the leader holding fewer bags; leaders with equal bags play "
            "on, one hand at a time, until one is alone in front.",
        )
        or "A shared lead plays on, one hand at a time, until someone is alone in front.",
    )
    set_out = _when(rules.set_out, SET_OUT[rules.set_out_count].format(n=rules.set_out))
    no_limit = "There is no limit on the number of hands."
    paragraphs = (ends, _all_tricks(table, rules), set_out, lasts if limit else no_limit)
    return Section("Winning", tuple(p for p in paragraphs if p))


def _reneges(rules: Rules) -> Section:
    renege = _join(
        f"A team caught reneging hands {plural(rules.renege_tricks, 'trick')} of those it took "
        "for its bid (all of them, if it took fewer) to the other team, which counts them "
        "towards its own bid; a team whose two players both bid nil receives none.",
        "If both teams reneged, each hands over its share of the tricks as they were played.",
        "Nil bidders keep their own tricks.",
    )
    return Section("Reneges", (renege,))


def _this_game(score: GameScore) -> Section | None:
    """A game carried on from paper, or ended early by the table, says so."""
    paper = ""
    if score.start:
        began = "; ".join(
            f"{side.name} began here with {points} points and {plural(bags, 'bag')}"
            for side, (points, bags) in zip(score.sides, score.start)
        )
        paper = f"It carried on from a score kept on paper: {began}."
    ended = ""
    if score.reason == "ended":
        name = "" if score.winner is None else score.sides[score.winner].name
        if score.winner is None:
            how = "The lead was shared then, so it is a draw."
        elif score.on_bags:
            how = f"The lead was shared then; {name} held fewer bags and took the game."
        else:
            how = f"{name} {verb(score.table, 'were', 'was')} in front then and took the game."
        ended = (
            f"The table stopped it early, after hand {len(score.hands)}, before anyone had won "
            f"by the rules above. {how}"
        )
    if score.reason == "slip":
        ended = "The director entered its result from the table's paper slip: totals only."
    paragraphs = tuple(p for p in (paper, ended) if p)
    return Section("This game", paragraphs) if paragraphs else None


def rules_sections(score: GameScore) -> tuple[Section, ...]:
    """The rules page of this game, section by section, in the order they are read."""
    table, rules = score.table, score.rules
    sections = (
        _table(score),
        _bids(table, rules),
        _blind(table, rules),
        _making(rules),
        _nil(table, rules) if rules.nil else None,
        _bags(table, rules),
        _winning(table, rules),
        _reneges(rules) if table.mode == "partnership" else None,
        _this_game(score),
    )
    return tuple(section for section in sections if section is not None)
