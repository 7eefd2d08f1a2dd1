"""Property tests: invariants of scoring and the game file over random games.

Property tests of blind contracts, games ended early, a dealer out of turn."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.core.records import Hand
from scorepad.core.rules import validate_rules
from scorepad.core.scoring import extend, play, score_game, start_score
from scorepad.files import game as gamefile
from tests.helpers import partnership
from tests.strategies import JSON, broken_documents, example_count, game_documents

COMMON = settings(
    max_examples=example_count(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@COMMON
@given(game_documents())
def test_totals_are_running_sums_of_hand_points(doc):
    score = gamefile.read(doc).score()
    played = [h for h in score.hands if h.sides is not None]
    for side in range(len(score.sides)):
        running = 0
        for h in played:
            running += h.sides[side].points
            assert h.sides[side].total == running
        assert score.sides[side].total == running


@COMMON
@given(game_documents())
def test_bags_stay_below_the_limit(doc):
    game = gamefile.read(doc)
    for h in game.score().hands:
        for side in h.sides or ():
            assert side.bags >= 0
            if game.rules.bag_limit:
                assert side.bags < game.rules.bag_limit


@COMMON
@given(game_documents())
def test_export_import_export_is_stable(doc):
    first = gamefile.export(gamefile.read(doc))
    second = gamefile.export(gamefile.loads(gamefile.dumps(first)))
    assert second == first


@COMMON
@given(game_documents())
def test_winner_has_the_single_highest_total(doc):
    score = gamefile.read(doc).score()
    totals = [s.total for s in score.sides]
    if score.status == "finished":
        assert totals.count(max(totals)) == 1 and totals[score.winner] == max(totals)
    else:
        assert score.winner is None


def names_its_place(err: GameError) -> None:
    """A refusal says what is wrong and where: the field, and the hand when there is one
    ("hand 3: tricks add up to 12, expected 13"), as docs/gamefile.md promises; a
    refusal of the whole file, a whole hand or a key at the top says so."""
    assert err.detail.strip(), repr(err)
    placed = err.field or err.hand or err.detail.startswith(("the game file ", "the key "))
    assert placed, repr(err)
    where = f"hand {err.hand}: " if err.hand else ""
    assert str(err).startswith(where) and err.detail in str(err), str(err)
    if err.field and not err.detail.startswith(err.field):
        assert str(err).startswith(f"{where}{err.field}: "), str(err)


@settings(
    max_examples=example_count(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(broken_documents())
def test_invalid_input_only_raises_the_domain_error(doc):
    try:
        gamefile.read(doc)
    except GameError as err:
        names_its_place(err)
    # half of a JSON object never closes it: always refused, as JSON
    with pytest.raises(GameError, match="not valid JSON"):
        gamefile.loads(json.dumps(doc)[: len(json.dumps(doc)) // 2])


@settings(max_examples=example_count(200), deadline=None)
@given(JSON)
def test_any_json_value_is_read_or_refused(value):
    try:
        game = gamefile.read(value)
    except GameError as err:
        names_its_place(err)
    else:  # only a document of the format can be read
        assert isinstance(value, dict) and value["format"] == "scorepad/1"
        assert gamefile.export(game)["format"] == "scorepad/1"


def _permuted(doc: dict, order: list[int]) -> dict:
    """The same game with seat i's player, bids and tricks moved to seat order.index(i)."""
    out = copy.deepcopy(doc)
    out["players"] = [doc["players"][i] for i in order]
    for new, old in zip(out["hands"], doc["hands"]):
        new["bids"] = [old["bids"][i] for i in order]
        if old["tricks"] is not None:
            new["tricks"] = [old["tricks"][i] for i in order]
    return out


@COMMON
@given(game_documents("partnership"))
def test_swapping_partners_changes_no_side_score(doc):
    swapped = _permuted(doc, [2, 3, 0, 1])
    swapped["first_dealer"] = (doc["first_dealer"] + 2) % 4
    first, second = gamefile.read(doc).score(), gamefile.read(swapped).score()
    assert [(s.total, s.bags) for s in first.sides] == [(s.total, s.bags) for s in second.sides]
    assert [h.sides and [x.points for x in h.sides] for h in first.hands] == [
        h.sides and [x.points for x in h.sides] for h in second.hands
    ]


@COMMON
@given(game_documents("cutthroat"), st.randoms(use_true_random=False))
def test_cutthroat_results_follow_the_players(doc, rnd):
    order = list(range(len(doc["players"])))
    rnd.shuffle(order)
    first = gamefile.read(doc).score()
    second = gamefile.read(_permuted(doc, order)).score()
    for new_seat, old_seat in enumerate(order):
        assert second.sides[new_seat].total == first.sides[old_seat].total
        assert second.sides[new_seat].bags == first.sides[old_seat].bags
    assert (first.winner is None) == (second.winner is None)
    if first.winner is not None:
        assert order[second.winner] == first.winner


RULES = st.fixed_dictionaries(
    {"blind_bid": st.integers(1, 13), "blind_bid_trailing_by": st.just(0)},
    optional={
        "nil_tricks": st.sampled_from(["bags", "partner", "none"]),
        "bag_limit": st.sampled_from([0, 5, 10]),
        "bag_points": st.integers(0, 3),
        "missed_contract": st.sampled_from(["minus", "zero"]),
        "ten_for_two_hundred": st.booleans(),
        "boston": st.sampled_from(["off", "bonus"]),
        "zero_bid": st.sampled_from(["nil", "bid"]),
        "target": st.just(2000),
    },
)


@st.composite
def played_hands(draw) -> Hand:
    bids = draw(
        st.lists(st.integers(0, 13) | st.sampled_from(["nil", "blind_nil"]), min_size=4, max_size=4)
    )
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    edges = [0, *cuts, 13]
    return Hand(tuple(bids), tuple(b - a for a, b in zip(edges, edges[1:])))


def _base(result, bag_points: int) -> int:
    return result.contract_points - result.overtricks * bag_points


@settings(max_examples=example_count(150), deadline=None)
@given(RULES, played_hands(), st.integers(0, 1), st.data())
def test_a_blind_contract_doubles_its_contract_points_and_nothing_else(changes, hand, side, data):
    contract = sum(bid for bid in hand.bids[side::2] if isinstance(bid, int))
    if contract == 0:  # a side of nil bidders has no contract to bid blind: give it one
        contract = data.draw(st.integers(1, 13), label="contract")
        hand = dataclasses.replace(
            hand,
            bids=tuple(contract if seat == side else bid for seat, bid in enumerate(hand.bids)),
        )
    # blind bids allowed from at most this side's contract, so the blind hand is legal
    smallest = data.draw(st.integers(1, min(contract, 17)), label="blind_bid")
    rules = validate_rules({**changes, "blind_bid": smallest})
    plain = score_game(partnership(), rules, [hand])
    blind = score_game(partnership(), rules, [dataclasses.replace(hand, blind=(side,))])
    before, after = plain.hands[0].sides, blind.hands[0].sides
    assert after[1 - side] == before[1 - side]
    mine, was = after[side], before[side]
    assert _base(mine, rules.bag_points) == 2 * _base(was, rules.bag_points)
    assert mine.points - was.points == mine.contract_points - was.contract_points
    assert (
        dataclasses.replace(
            mine,
            contract_points=was.contract_points,
            points=was.points,
            total=was.total,
            blind=False,
        )
        == was
    )


@settings(max_examples=example_count(60), deadline=None)
@given(st.lists(played_hands(), min_size=1, max_size=8), played_hands())
def test_a_game_ended_early_is_never_played_further(hands, further):
    rules = validate_rules({"target": 2000})
    try:
        score = score_game(partnership(), rules, hands, ended=True)
    except GameError:
        reject()  # a hand after the game was won: not a game to end early
    assert score.status == "finished" and score.ended
    leaders = [i for i, t in enumerate(score.totals) if t == max(score.totals)]
    assert score.winner == (leaders[0] if len(leaders) == 1 else None)
    for hand in (further, Hand(further.bids)):
        with pytest.raises(GameError, match="ended by the table"):
            extend(score, hand)


@settings(max_examples=example_count(60), deadline=None)
@given(st.lists(played_hands(), min_size=1, max_size=8), st.data())
def test_a_dealer_change_moves_every_later_deal(hands, data):
    rules = validate_rules({"target": 2000, "nil": True})
    try:
        plain = score_game(partnership(), rules, hands)
    except GameError:
        reject()  # a hand after the game was won
    at = data.draw(st.integers(0, len(plain.hands) - 1))
    seat = data.draw(st.integers(0, 3))
    moved = list(hands)
    moved[at] = dataclasses.replace(moved[at], dealer=seat)
    score = score_game(partnership(), rules, moved)
    dealers = [h.dealer for h in score.hands]
    assert dealers[:at] == [h.dealer for h in plain.hands[:at]]
    assert dealers[at:] == [(seat + k) % 4 for k in range(len(dealers) - at)]
    assert [h.leader for h in score.hands] == [(d + 1) % 4 for d in dealers]
    assert score.next_dealer == (seat + len(dealers) - at) % 4
    assert [h.sides for h in score.hands] == [h.sides for h in plain.hands]


@COMMON
@given(game_documents())
def test_playing_the_hand_in_play_is_scoring_it_played(doc):
    """A save of tricks plays the hand in play (`scoring.play`: only its tricks checked,
    its bids were checked when bid), as the hand scored played from the hands before it
    (`extend`, hand by hand: the whole game scored, tests/test_game.py)."""
    game = gamefile.read(doc)
    start = score = start_score(game.table, game.rules, game.start)
    for hand in game.hands:
        if hand.tricks is None:
            break
        played = extend(score, hand)
        try:
            waiting = extend(score, dataclasses.replace(hand, tricks=None, side_tricks=None))
        except GameError:  # an adjustment or a renege is made only on a played hand
            score = played
            continue
        assert play(waiting, hand.tricks, hand.side_tricks) == played
        score = played
    with pytest.raises(GameError, match="no hand is bid and waiting"):
        play(start, (3, 3, 3, 4))
