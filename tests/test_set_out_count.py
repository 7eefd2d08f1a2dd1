"""House rule set_out_count (RULES.md): sets counted in a row, or over the whole game;
its worked example, the game file, `flask score`, the web, the reference scorer, fixes."""

from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.core.rules import RulesError, validate_rules
from scorepad.core.scoring import extend, score_game, start_score
from scorepad.files import game as gamefile
from scorepad.store import commands
from scorepad.store.outcomes import RemovesHands
from tests.data import h
from tests.helpers import partnership
from tests.reference_scorer import score as reference
from tests.strategies import example_count
from tests.test_reference_fixes import expected_fix, scorepad_fix

# RULES.md, "Sets counted over the game": per hand, (points, total, sets) of each side.
WORKED = [
    ([4, 4, 4, 4], [3, 3, 3, 4], (-80, -80, 1), (-80, -80, 1)),
    ([3, 3, 3, 3], [4, 3, 3, 3], (61, -19, 1), (60, -20, 1)),
    ([4, 3, 3, 3], [3, 3, 3, 4], (-70, -89, 2), (61, 41, 1)),
]
IN_GAME = {"set_out": 2, "set_out_count": "in_game"}
FILE = {
    "format": "scorepad/1",
    "mode": "partnership",
    "players": ["Alice", "Ben", "Cara", "Dev"],
    "rules": IN_GAME,
    "hands": [{"bids": bids, "tricks": tricks} for bids, tricks, _, _ in WORKED],
}


@pytest.mark.parametrize("count", range(1, len(WORKED) + 1))
def test_worked_example_hand_by_hand(count):
    played = [h(bids, tricks) for bids, tricks, _, _ in WORKED[:count]]
    score = score_game(partnership(), validate_rules(IN_GAME), played)
    *_, side0, side1 = WORKED[count - 1]
    last = score.hands[-1].sides
    assert [(s.points, s.total) for s in last] == [side0[:2], side1[:2]]
    assert score.streaks == (side0[2], side1[2])
    over = count == len(WORKED)
    assert (score.status, score.winner, score.reason) == (
        ("finished", 1, "set_out") if over else ("playing", None, None)
    )


def test_in_a_row_the_same_hands_play_on():
    played = [h(bids, tricks) for bids, tricks, _, _ in WORKED]
    score = score_game(partnership(), validate_rules({"set_out": 2}), played)
    assert score.status == "playing" and score.streaks == (1, 0)


def test_the_rule_takes_two_choices_and_defaults_to_in_a_row():
    assert validate_rules({}).set_out_count == "in_a_row"
    with pytest.raises(RulesError, match=r"rules\.set_out_count: must be one of in_a_row, in_game"):
        validate_rules({"set_out_count": "twice"})
    # no effect while set_out is 0 (so also accepted in cutthroat, where set_out is 0)
    assert validate_rules({"set_out_count": "in_game"}, "cutthroat").set_out == 0


def test_an_old_file_without_the_key_imports_as_in_a_row_and_exports_it():
    old = dict(FILE, rules={"set_out": 2})
    game = gamefile.read(json.loads(json.dumps(old)))
    assert game.rules.set_out_count == "in_a_row"
    doc = gamefile.export(game)
    assert doc["rules"]["set_out_count"] == "in_a_row" and doc["status"] == "playing"
    new = gamefile.export(gamefile.read(json.loads(json.dumps(FILE))))
    assert new["rules"]["set_out_count"] == "in_game" and new["winner"] == 1
    assert gamefile.export(gamefile.read(new)) == new  # an export imports again the same


def test_flask_score_and_the_reference_agree(runner):
    result = runner.invoke(args=["score", "-"], input=json.dumps(FILE))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert [s["total"] for s in doc["sides"]] == [-89, 41]
    assert (doc["status"], doc["winner"]) == ("finished", 1)
    expected = reference(FILE)
    assert (expected["winner"], expected["how"]) == (1, "set_out")
    assert [s["total"] for s in expected["sides"]] == [-89, 41]


def test_imported_through_the_web_the_page_shows_the_totals(client):
    response = client.post(
        "/games/import", data={"game_file": (io.BytesIO(json.dumps(FILE).encode()), "g.json")}
    )
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.findall(r'<p class="total">([^<]*)</p>', page) == ["\u221289", "41"]
    assert 'class="side s1 winner"' in page
    rules = client.get(response.headers["Location"] + "/rules").get_data(as_text=True)
    assert "2 times in the game, however far apart" in rules


def test_the_new_game_form_offers_the_choice_among_the_partners_rules(client):
    page = client.get("/games/new").get_data(as_text=True)
    assert 'name="rule_set_out_count"' in page and 'value="in_game"' in page


# A hand drawn to be a set for either side often.
SIDE_HANDS = st.sampled_from(
    [
        h([4, 3, 4, 3], [3, 4, 3, 3]),  # side 0 set
        h([3, 4, 3, 4], [4, 3, 3, 3]),  # side 1 set
        h([4, 4, 4, 4], [3, 3, 4, 3]),  # both set
        h([3, 3, 3, 3], [4, 3, 3, 3]),  # both made
        h(["nil", 3, "nil", 3], [0, 6, 0, 7]),  # side 0's contract is 0
    ]
)
GAMES = st.tuples(st.integers(2, 4), st.lists(SIDE_HANDS, min_size=1, max_size=14))


def played(rules, hands):
    """The score after each hand, stopping at the hand that ends the game."""
    score, after = start_score(partnership(), rules, None), []
    for hand in hands:
        score = extend(score, hand)
        after.append(score)
        if score.status == "finished":
            break
    return after


@settings(max_examples=example_count(200), deadline=None, derandomize=True, database=None)
@given(GAMES)
def test_in_game_a_side_is_never_out_with_fewer_than_n_sets(case):
    n, hands = case
    rules = validate_rules({"set_out": n, "set_out_count": "in_game", "target": 2000})
    for score in played(rules, hands):
        sets = [sum(s.sides[side].made is False for s in score.hands) for side in (0, 1)]
        assert list(score.streaks) == sets
        if score.reason == "set_out":
            assert sets[1 - score.winner] >= n


@settings(max_examples=example_count(200), deadline=None, derandomize=True, database=None)
@given(GAMES)
def test_in_a_row_never_puts_out_a_side_in_game_would_not(case):
    n, hands = case
    row = played(validate_rules({"set_out": n, "target": 2000}), hands)
    game = played(validate_rules({"set_out": n, "set_out_count": "in_game", "target": 2000}), hands)
    for a_row, in_game in zip(row, game):  # in_game never counts fewer
        assert all(x <= y for x, y in zip(a_row.streaks, in_game.streaks))
    if row[-1].reason == "set_out":
        out = [side for side in (0, 1) if row[-1].streaks[side] >= n]
        # in_game put the game out no later, or counts those sides out at that hand too
        # (both out with equal totals: neither is, RULES.md's end of game, 2)
        assert len(game) < len(row) or all(game[len(row) - 1].streaks[s] >= n for s in out)


def test_both_out_at_once_with_equal_totals_play_on_in_game_alone():
    # side 1 set in hand 1, side 0 in hand 2, both in hand 3 at equal totals
    hands = [h([3, 4, 3, 4], [3, 3, 3, 4]), h([4, 3, 4, 3], [3, 3, 4, 3]), h([4] * 4, [3, 3, 4, 3])]
    row = score_game(partnership(), validate_rules({"set_out": 2}), hands)
    game = score_game(partnership(), validate_rules(IN_GAME), hands)
    assert row.totals == game.totals and row.totals[0] == row.totals[1]
    assert (row.status, row.winner, row.reason) == ("finished", 1, "set_out")
    assert game.status == "playing" and game.streaks == (2, 2)


SET0 = {"bids": [4, 3, 4, 3], "tricks": [3, 4, 3, 3]}
MADE = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def test_a_fix_that_makes_an_earlier_hand_a_set_ends_the_game_there(db):
    doc = dict(FILE, rules=dict(IN_GAME, target=2000), hands=[SET0, MADE, MADE, MADE])
    game, scored = gamefile.loads_scored(json.dumps(doc))
    stored = commands.import_game(db, game, scored)
    fix = dict(bids=SET0["bids"], tricks=SET0["tricks"])
    with pytest.raises(RemovesHands) as asked:
        commands.fix_hand(db, stored.id, 3, stored.versions[2], **fix)
    assert asked.value.numbers == (4,)
    fresh = commands.fix_hand(
        db, stored.id, 3, stored.versions[2], **fix, confirm=(asked.value.revision, (4,))
    )
    score = fresh.score()
    assert (score.status, score.winner, score.reason, len(score.hands)) == (
        "finished",
        1,
        "set_out",
        3,
    )


def test_a_fix_that_unmakes_a_set_reopens_the_game(db):
    doc = dict(FILE, rules=dict(IN_GAME, target=2000), hands=[SET0, MADE, SET0])
    game, scored = gamefile.loads_scored(json.dumps(doc))
    assert scored.status == "finished"
    stored = commands.import_game(db, game, scored)
    fresh = commands.fix_hand(db, stored.id, 1, stored.versions[0], MADE["bids"], MADE["tricks"])
    assert fresh.score().status == "playing" and fresh.score().streaks == (1, 0)


@settings(
    max_examples=example_count(40),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.sampled_from([SET0, MADE, {"bids": [3, 4, 3, 4], "tricks": [4, 3, 3, 3]}]),
        min_size=2,
        max_size=8,
    ),
    st.data(),
)
def test_a_fix_re_decides_as_the_reference(db, hands, data):
    doc = dict(FILE, rules=dict(IN_GAME, set_out=3, target=2000), hands=hands)
    # the file stops where the game ends; each hand its own dict (a deep copy keeps aliases)
    doc["hands"] = []
    for hand in hands:
        doc["hands"].append(dict(hand))
        if reference(doc)["status"] == "finished":
            break
    number = data.draw(st.integers(1, len(doc["hands"])))
    fixed = dict(data.draw(st.sampled_from([SET0, MADE])))
    expected = expected_fix(doc, number, fixed)
    assert scorepad_fix(db, doc, number, fixed) == expected
