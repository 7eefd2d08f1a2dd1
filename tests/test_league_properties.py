"""Property tests of the rules leagues play (RULES.md): a hand that bids itself, a blind
contract doubled only when made, and the last-bid tie-break."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.core.records import Hand, Table
from scorepad.core.rules import validate_rules
from scorepad.core.scoring import end_early, score_game
from tests.helpers import partnership
from tests.strategies import SCORING_RULES, example_count, played_hands, split

COMMON = settings(
    max_examples=example_count(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@COMMON
@given(
    SCORING_RULES,
    st.data(),
    st.sampled_from(["in_a_row", "in_game"]),
    st.lists(st.sampled_from([0, 1]), max_size=2, unique=True),
)
def test_a_hand_that_bids_itself_never_changes_bags_or_sets(rules, data, count, renege):
    rules = {**rules, "first_hand": "bids_itself", "set_out_count": count, "target": 2000}
    rules.pop("loss_threshold", None)
    limit = rules.get("bag_limit", 10)
    bags = tuple(data.draw(st.integers(0, max(limit - 1, 0)), label="bags") for _ in range(2))
    start = ((0, bags[0]), (0, bags[1]))
    itself = Hand(None, tuple(split(data.draw, 13, 4)), renege=tuple(renege))
    later = [Hand(*map(tuple, data.draw(played_hands(4, 13)))) for _ in range(3)]
    table, valid = partnership(), validate_rules(rules)
    try:
        without = score_game(table, validate_rules({**rules, "first_hand": "bid"}), later, start)
    except GameError:
        assume(False)
    first = score_game(table, valid, [itself], start)
    assert first.bags == bags and first.streaks == (0, 0)
    assert all(side.made is None and side.bid_itself for side in first.hands[0].sides)
    # and the sets counted after it are the later hands' alone, as if it were not there
    try:
        whole = score_game(table, valid, [itself, *later], start)
    except GameError:
        # hand 1's points are rightly felt later: a side over the target before the last
        # hand (nil worth 975), or no longer far enough behind for a blind nil
        assume(False)
    assert whole.streaks == without.streaks


@COMMON
@given(SCORING_RULES, st.integers(6, 13), st.data())
def test_under_made_a_missed_blind_contract_loses_what_an_open_one_loses(rules, contract, data):
    rules = {**rules, "blind_bid": 6, "blind_bid_trailing_by": 0, "target": 2000}
    rules.pop("loss_threshold", None)
    ben_bid = data.draw(st.integers(1, contract), label="Ben bids")
    bids = ["nil", ben_bid, 1, contract - ben_bid or "nil"]
    taken = data.draw(st.integers(0, contract - 1), label="side 1 takes")
    ben = data.draw(st.integers(0, taken), label="Ben takes")
    tricks = [0, ben, 13 - taken, taken - ben]
    results = {}
    for doubles in ("made", "always"):
        for blind in ((1,), ()):
            valid = validate_rules({**rules, "blind_bid_doubles": doubles})
            hand = Hand(tuple(bids), tuple(tricks), blind=blind)
            results[doubles, blind] = score_game(partnership(), valid, [hand]).hands[0].sides[1]
    missed = results["made", (1,)]
    assert missed.made is False
    assert missed.points == results["made", ()].points
    assert missed.contract_points == results["made", ()].contract_points
    # always: doubled (when the missed contract loses anything at all)
    assert results["always", (1,)].contract_points == 2 * results["made", ()].contract_points


@st.composite
def level_games(draw) -> tuple[Table, dict, list[Hand], tuple, bool]:
    """One hand that brings two or more sides level at or past the target (an adjustment
    does it), under tie_break = last_bid; now and then ended early instead, level below it."""
    seats = draw(st.sampled_from([4, 4, 3, 2]))
    mode = "partnership" if seats == 4 and draw(st.booleans()) else "cutthroat"
    players = ("Ann", "Bo", "Cy", "Di")[:seats]
    table = Table(mode, players)
    top = table.tricks_per_hand
    sides = len(table.sides)
    rules = {**draw(SCORING_RULES), "tie_break": "last_bid", "target": 300}
    rules.pop("loss_threshold", None)
    early = draw(st.booleans())
    start = tuple((draw(st.integers(0, 250)), 0) for _ in range(sides))
    bids, tricks = draw(played_hands(seats, top, nil=draw(st.booleans())))
    try:
        before = score_game(
            table, validate_rules(rules, mode), [Hand(tuple(bids), tuple(tricks))], start
        )
    except GameError:
        assume(False)
    level = draw(st.integers(0, 250)) if early else 300 + draw(st.integers(0, 40))
    leaders = draw(st.sets(st.integers(0, sides - 1), min_size=2, max_size=sides))
    wanted = [level if s in leaders else level - draw(st.integers(1, 60)) for s in range(sides)]
    adjust = tuple(w - t for w, t in zip(wanted, before.totals))
    assume(all(-1000 <= a <= 1000 for a in adjust))
    hand = Hand(tuple(bids), tuple(tricks), adjust=adjust, note="level")
    return table, rules, [hand], start, early


@COMMON
@given(level_games())
def test_under_last_bid_the_winner_of_a_shared_lead_bid_the_most_of_the_leaders(game):
    table, rules, hands, start, early = game
    score = score_game(table, validate_rules(rules, table.mode), hands, start)
    if early:
        assume(not score.over)
        score = end_early(score)
    top = max(score.totals)
    leaders = [s for s, t in enumerate(score.totals) if t == top]
    assert len(leaders) >= 2
    contracts = [side.contract for side in score.hands[-1].sides]
    highest = max(contracts[s] for s in leaders)
    if score.winner is not None:
        assert score.winner in leaders and contracts[score.winner] == highest
        assert [contracts[s] for s in leaders].count(highest) == 1
    else:  # no winner: the highest contract was shared too
        assert [contracts[s] for s in leaders].count(highest) > 1
