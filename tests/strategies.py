"""Hypothesis strategies several test files share: random valid game documents, and the
same with one part replaced by arbitrary JSON; and how many examples a property draws."""

from __future__ import annotations

import copy

from hypothesis import settings
from hypothesis import strategies as st

from scorepad.core.names import name_key, name_problem
from scorepad.core.records import Hand, make_table
from scorepad.core.rules import validate_rules
from scorepad.core.scoring import score_game

# Each property test draws its own number of examples under the "full" profile (`make test`:
# pytest --hypothesis-profile=full) and at most FAST_EXAMPLES under "fast" (tests/conftest.py
# loads it: `make test-fast`, a test run by hand), enough to catch a slip while working.
FAST_EXAMPLES = 25


def example_count(wanted: int) -> int:
    """A property test's number of examples: `wanted`, or the fast profile's at most."""
    if settings.get_current_profile_name() == "full":
        return wanted
    return min(wanted, settings.default.max_examples)


# Names the name check accepts (one of combining marks alone "looks empty" and is refused).
NAME = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Z")), min_size=1, max_size=12
).filter(lambda name: not name_problem(name)[1])

# House rules that change the numbers but never make a bid invalid.
SCORING_RULES = st.fixed_dictionaries(
    {},
    optional={
        "target": st.integers(50, 2000),
        "nil_value": st.integers(0, 1000),
        "nil_tricks": st.sampled_from(["bags", "partner", "none"]),
        "bag_limit": st.integers(0, 100) | st.sampled_from([5, 7, 10]),
        "bag_penalty": st.integers(0, 1000),
        "bag_remainder": st.sampled_from(["carry", "drop"]),
        "bag_points": st.integers(0, 10),
        "missed_contract": st.sampled_from(["minus", "zero"]),
        "ten_for_two_hundred": st.booleans(),
        "loss_threshold": st.none() | st.integers(-2000, -1),
        "bidding": st.sampled_from(["open", "mirror", "whiz"]),
        "deck": st.sampled_from(["standard", "jokers"]),
    },
)


def split(draw, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [b - a for a, b in zip(edges, edges[1:])]


@st.composite
def game_documents(draw, mode: str | None = None) -> dict:
    """A valid import document: hands stop once the game is over. `mode`: of that mode
    only (drawn as any other of it), not of either, thrown away by `assume` half the time."""
    mode = mode or draw(st.sampled_from(["partnership", "cutthroat"]))
    seats = 4 if mode == "partnership" else draw(st.sampled_from([2, 3, 4]))
    players = draw(
        st.lists(
            NAME, min_size=seats, max_size=seats, unique_by=lambda n: name_key(name_problem(n)[0])
        )
    )
    first_dealer = draw(st.integers(0, seats - 1))
    rules = draw(SCORING_RULES)
    table = make_table(mode, players, first_dealer)
    top = table.tricks_per_hand
    bid = st.integers(1, top) | st.sampled_from(["nil", "blind_nil", 0])
    hands: list[dict] = []
    finished = False
    for _ in range(draw(st.integers(0, 25))):
        bids = draw(st.lists(bid, min_size=seats, max_size=seats))
        hands.append({"bids": bids, "tricks": split(draw, top, seats)})
        played = [Hand(tuple(h["bids"]), tuple(h["tricks"])) for h in hands]
        if score_game(table, validate_rules(rules, mode), played).status == "finished":
            finished = True
            break
    if not finished and draw(st.booleans()):
        hands.append({"bids": draw(st.lists(bid, min_size=seats, max_size=seats)), "tricks": None})
    return {
        "format": "scorepad/1",
        "mode": mode,
        "players": players,
        "first_dealer": first_dealer,
        "rules": rules,
        "hands": hands,
    }


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["nil", "blind_nil", "scorepad/1"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=30,
)
KEYS = ["format", "mode", "players", "first_dealer", "rules", "hands"]


@st.composite
def broken_documents(draw) -> dict:
    """A valid document with one part replaced by arbitrary JSON."""
    doc = copy.deepcopy(draw(game_documents()))
    where = draw(st.sampled_from(KEYS + ["hand", "bid", "trick", "rule", "extra"]))
    junk = draw(JSON)
    if where in KEYS:
        doc[where] = junk
    elif where == "extra":
        doc[draw(st.text(max_size=10))] = junk
    elif where == "rule":
        doc["rules"][
            draw(
                st.sampled_from(
                    ["target", "nil", "nil_tricks", "bag_limit", "loss_threshold", "unknown"]
                )
            )
        ] = junk
    elif doc["hands"]:
        h = doc["hands"][draw(st.integers(0, len(doc["hands"]) - 1))]
        if where == "hand":
            h[draw(st.sampled_from(["bids", "tricks", "number", "x"]))] = junk
        else:
            key = "bids" if where == "bid" or h["tricks"] is None else "tricks"
            h[key][draw(st.integers(0, len(h[key]) - 1))] = junk
    return doc


@st.composite
def played_hands(draw, seats: int, top: int, nil: bool = True) -> tuple[list, list[int]]:
    """Bids (a number, or now and then a nil) and tricks for one hand at a table of `seats`."""
    bid = st.integers(1, top) | st.sampled_from(["nil", "blind_nil"]) if nil else st.integers(1, 6)
    bids = draw(st.lists(bid, min_size=seats, max_size=seats))
    return bids, split(draw, top, seats)
