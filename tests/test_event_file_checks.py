"""Every impossible event file is refused at import, the part at fault named (issue 26,
findings 10 and 11): by the import page and by `flask --app scorepad event` alike."""

from __future__ import annotations

import html
import json

import pytest

from scorepad.core import limits
from scorepad.core.bracket_double import GRAND, first_phase, most_rounds, replay
from scorepad.core.errors import GameError
from scorepad.core.event import PLAYOFF_MOST, ROUNDS
from scorepad.files import event as eventfile
from scorepad.web import uploads
from scorepad.web.db import get_db
from tests.event_files import GOOD, PAIRS, changed, game, night, seated, upload
from tests.helpers import file_through_page


def at(path: str, value: object):
    """A change setting the value at a dotted path (list indexes as numbers)."""

    def change(doc: dict) -> None:
        *parents, last = path.split(".")
        node = doc
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def both(*changes):
    def change(doc: dict) -> None:
        for one in changes:
            one(doc)

    return change


def _more_tables(count: int):
    def change(doc: dict) -> None:
        names = [[f"N{i}", f"S{i}"] for i in range(2 * count)]
        doc["entrants"] = [{"id": i, "players": p} for i, p in enumerate(names, 1)]
        doc["rounds"] = [{"number": 1, "kind": "round", "status": "drawn", "byes": []}]
        doc["matches"] = [
            {"round": 1, "number": t, "sides": [[2 * t - 1], [2 * t]], "game": None}
            for t in range(1, count + 1)
        ]

    return change


def _add_round(kind: str, status: str, tables: list):
    def change(doc: dict) -> None:
        number = len(doc["rounds"]) + 1
        doc["rounds"][-1]["status"] = "done"
        doc["rounds"].append({"number": number, "kind": kind, "status": status, "byes": []})
        for t, sides in enumerate(tables, 1):
            doc["matches"].append({"round": number, "number": t, "sides": sides, "game": None})

    return change


def _more_playoff(sides: list):
    def change(doc: dict) -> None:
        doc["matches"].append({"round": 3, "number": 3, "sides": sides, "game": None})

    return change


CUTTHROAT = {**game(["Ann", "Cy", "Bo"]), "mode": "cutthroat", "tricks_by": "seat"}
CUTTHROAT["hands"] = [{"bids": [4, 4, 4], "tricks": [6, 6, 5]}]

CASES = [
    # finding 10: each of these failed only at a later director action
    ("empty side", "pairs", at("matches.0.sides.1", []), "matches[0].sides[1]: is empty"),
    (
        "pair-shaped sides in an individual event",
        "individual",
        at("matches.0.sides", [[1], [3]]),
        "matches[0].sides[0]: must be two entrants",
    ),
    (
        "three entrants on a side",
        "pairs",
        at("matches.0.sides.0", [1, 5, 3]),
        "matches[0].sides[0]: must be one entrant",
    ),
    (
        "a one-player pair",
        "pairs",
        at("entrants.0.players", ["Ann"]),
        "entrants[0].players: must be two names",
    ),
    (
        "a two-player entrant in an individual event",
        "individual",
        at("entrants.0.players", ["Al", "Zed"]),
        "entrants[0].players: must be one name",
    ),
    ("a gap in round numbers", "pairs", at("rounds.1.number", 3), "rounds[1].number: must be 2"),
    # finding 11: accepted, and wrong
    (
        "a cutthroat game",
        "pairs",
        at("matches.0.game", CUTTHROAT),
        "matches[0].game: must be a partnership game of four",
    ),
    (
        "one entrant on both sides",
        "pairs",
        at("matches.0.sides", [[1], [1]]),
        "matches[0].sides[1]: entrant 1 is in round 1 twice",
    ),
    (
        "one entrant at two tables",
        "pairs",
        at("matches.1.sides.0", [1]),
        "matches[1].sides[0]: entrant 1 is in round 1 twice",
    ),
    (
        "a bye who also plays",
        "pairs",
        at("rounds.0.byes", [1]),
        "rounds[0].byes: entrant 1 is in round 1 twice",
    ),
    (
        "more rounds than the settings",
        "pairs",
        at("settings.rounds", 1),
        "rounds[1].kind: is round 2: the settings say 1 rounds",
    ),
    (
        "100 rounds",
        "pairs",
        at("rounds", [{"number": n} for n in range(1, 101)]),
        "rounds: must be a list of at most 46",
    ),
    # the rest of what the night's code takes for granted
    (
        "an entrant id twice",
        "pairs",
        at("entrants.1.id", 1),
        "entrants[1].id: is the id of entrants[0] too",
    ),
    (
        "an unknown entrant",
        "pairs",
        at("matches.0.sides.0", [99]),
        "matches[0].sides[0]: entrant 99 is not in entrants",
    ),
    (
        "a player in two pairs",
        "pairs",
        at("entrants.1.players", ["Cy", "Ann"]),
        "entrants[1].players: Ann plays in entrants[0] too",
    ),
    (
        "names that collide once joined",
        "pairs",
        both(
            at("entrants.0.players", ["Ann & Bo", "Cy"]),
            at("entrants.1.players", ["Ann", "Bo & Cy"]),
        ),
        "entrants[1]: Ann & Bo & Cy is entrants[0] too",
    ),
    (
        "joined after the last round",
        "pairs",
        at("entrants.0.joined_round", 9),
        "entrants[0].joined_round: must be at most 3",
    ),
    (
        "left after the last round",
        "pairs",
        at("entrants.0.left_round", 9),
        "entrants[0].left_round: must be at most 2",
    ),
    (
        "a table of a round not there",
        "pairs",
        at("matches.0.round", 5),
        "matches[0].round: round 5 is not in rounds",
    ),
    (
        "a table twice",
        "pairs",
        at("matches.1.number", 1),
        "rounds[0]: its tables must be numbered 1 to 2",
    ),
    (
        "a gap in table numbers",
        "pairs",
        at("matches.1.number", 3),
        "rounds[0]: its tables must be numbered 1 to 2",
    ),
    (
        "31 tables",
        "pairs",
        both(at("settings.format", "round_robin"), _more_tables(31)),
        "rounds[0]: has 31 tables: a round holds at most 30",
    ),
    (
        "a round with no table",
        "pairs",
        both(at("settings.rounds", 3), _add_round("round", "drawn", [])),
        "rounds[2]: has no table",
    ),
    (
        "an earlier round still playing",
        "pairs",
        at("rounds.0.status", "playing"),
        "rounds[0].status: must be done",
    ),
    (
        "a drawn round's table with a game",
        "individual",
        at("matches.2.game", game(["Al", "Eve", "Cal", "Gil"])),
        "matches[2].game: must be null: round 2 is drawn",
    ),
    (
        "a side named through at a regular round's deleted table",
        "pairs",
        both(at("matches.2.game", None), at("matches.2.winner", 0), at("matches.2.note", "gone")),
        "matches[2].winner: must be left out",
    ),
    (
        "a seat not the match's player (individual)",
        "individual",
        at("matches.0.game.players", ["Al", "Bea", "Cal", "Dot"]),
        "matches[0].game.players: seat 1 must be Cal",
    ),
    (
        "a player at the other side's seat (pairs)",
        "pairs",
        at("matches.0.game.players", ["Ann", "Bo", "Cy", "Di"]),
        "matches[0].game.players: seat 1: Bo plays for the other side",
    ),
    (
        "last hand 0",
        "pairs",
        at("matches.0.last_hand", 0),
        "matches[0].last_hand: must be a hand of the game, 1 to 2",
    ),
    (
        "last hand past the game",
        "pairs",
        at("matches.0.last_hand", 7),
        "matches[0].last_hand: must be a hand of the game",
    ),
    (
        "last hand with no game",
        "individual",
        at("matches.2.last_hand", 1),
        "matches[2].last_hand: needs the table's game",
    ),
    (
        "a paper mark with no game",
        "individual",
        at("matches.2.paper", True),
        "matches[2].paper: needs the table's game",
    ),
    (
        "a table opened again whose round is being played",
        "pairs",
        at("matches.2.reopened", True),
        "matches[2].reopened: only a table with a game whose round is over is opened again",
    ),
    (
        "a table changed since it was opened again, never opened",
        "pairs",
        at("matches.0.changed", True),
        "matches[0].changed: only a table opened again has changed since",
    ),
    (
        "a table opened again said otherwise than true or false",
        "pairs",
        at("matches.0.reopened", "yes"),
        "matches[0].reopened: must be true or false, not 'yes'",
    ),
    (
        "a winner named in a regular round",
        "pairs",
        both(at("matches.0.winner", 1), at("matches.0.note", "one more hand")),
        "matches[0].winner: must be left out: a winner is named only at a playoff table",
    ),
    (
        "a playoff the settings do not have",
        "playoff",
        at("settings.playoff", 0),
        "rounds[2].kind: is playoff round 1: the settings' playoff has 0",
    ),
    (
        "a bye list in a playoff round",
        "playoff",
        at("rounds.2.byes", [4]),
        "rounds[2].byes: must be empty in a playoff round",
    ),
    (
        "both sides empty",
        "playoff",
        at("matches.4.sides", [[], []]),
        "matches[4].sides: are both empty",
    ),
    (
        "a playoff round of three tables",
        "playoff",
        both(at("settings.playoff", 6), _more_playoff([[4], [5]])),
        "rounds[2]: has 3 tables: a playoff round has 1, 2, 4, 8",
    ),
    (
        "a playoff round not half the one before",
        "playoff",
        _add_round("playoff", "drawn", [[[1], [2]], [[3], [4]]]),
        "rounds[3]: must have 1 tables: half the round before",
    ),
    (
        "a round after the final",
        "playoff",
        both(
            at("settings.playoff", 64),
            _add_round("playoff", "done", [[[1], [2]]]),
            _add_round("playoff", "drawn", [[[1], [2]]]),
        ),
        "rounds[4]: comes after the final",
    ),
    (
        "a regular round after the playoff",
        "playoff",
        both(at("settings.rounds", 4), _add_round("round", "drawn", [[[1], [2]]])),
        "rounds[3].kind: must be playoff: the playoff has begun",
    ),
]


@pytest.mark.parametrize(
    ("shape", "change", "said"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_an_impossible_event_file_is_refused_naming_the_part(client, shape, change, said):
    doc = changed(shape, change)
    with pytest.raises(GameError) as refused:
        eventfile.read(doc)
    assert said in str(refused.value)
    response = upload(client, doc)
    assert response.status_code == 400
    assert html.escape(said, quote=False) in response.get_data(as_text=True).replace("&#39;", "'")


@pytest.mark.parametrize("shape", sorted(GOOD))
def test_a_good_event_file_of_each_shape_imports(client, shape):
    response = upload(client, changed(shape, lambda doc: None))
    assert response.status_code == 302, response.get_data(as_text=True)
    director = client.get(response.headers["Location"])
    assert director.status_code == 200
    assert "Club night imported." in director.get_data(as_text=True)  # said, as a game's is


def test_the_command_line_refuses_the_same_files(runner, tmp_path):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(changed("pairs", at("matches.0.sides.1", []))))
    result = runner.invoke(args=["event", str(path)])
    assert result.exit_code != 0 and "matches[0].sides[1]: is empty" in result.output
    path.write_text(json.dumps(changed("pairs", lambda doc: None)))
    result = runner.invoke(args=["event", str(path)])
    assert result.exit_code == 0 and PAIRS[0][0] in result.output


def test_a_file_over_what_a_night_holds_is_refused_before_it_is_read(client):
    doc = changed("pairs", lambda doc: None)
    doc["padding"] = " " * eventfile.MAX_BYTES
    kb = eventfile.MAX_BYTES // 1024
    with pytest.raises(GameError, match=f"file: is over {kb} KB"):
        eventfile.loads(json.dumps(doc))
    response = upload(client, json.dumps(doc).encode())
    said = f"This file was not imported: is over {kb} KB"  # the file refused whole
    assert response.status_code == 400 and said in response.text
    doc["padding"] = " " * (eventfile.MAX_BYTES + 100 * 1024)  # past the upload's room
    response = upload(client, json.dumps(doc).encode())
    assert response.status_code == 413
    most = eventfile.MAX_BYTES // limits.MB
    assert f"That upload is too large: an event file is at most {most} MB." in response.text


def _long_night(tables: int, hands: int) -> dict:
    """A round done at `tables` tables, each game of `hands` hands that never ends."""

    def change(doc: dict) -> None:
        _more_tables(tables)(doc)
        doc["rounds"][0]["status"] = "done"
        for m in doc["matches"]:
            first, second = (doc["entrants"][e - 1]["players"] for (e,) in m["sides"])
            m["game"] = game([first[0], second[0], first[1], second[1]], target=2000)
            m["game"]["hands"] = [  # set, then made: the totals drift, no game ends
                {"bids": [4 - n % 2] * 4, "tricks": [None] * 4, "side_tricks": [7, 6]}
                for n in range(hands)
            ]

    return changed("pairs", both(at("settings.format", "round_robin"), change))


def test_more_hands_than_a_night_holds_are_refused_before_any_is_scored(client, sides_scored):
    doc = _long_night(11, 455)
    said = "matches: hold 5005 hands in all: a night's file holds at most 5000"
    with pytest.raises(GameError, match=said):
        eventfile.read(doc)
    assert sides_scored.count == 0
    assert upload(client, doc).status_code == 400
    assert upload(client, _long_night(10, 500)).status_code == 302


def test_a_file_of_3000_tables_is_refused_at_once(client):
    def tables(doc: dict) -> None:
        doc["matches"] = [
            {"round": 1, "number": n, "sides": [[1], [2]], "game": None} for n in range(1, 3001)
        ]

    doc = changed("pairs", tables)
    with pytest.raises(GameError, match=r"matches: must be a list of at most 1152"):
        eventfile.read(doc)
    assert upload(client, doc).status_code == 400


def _unknown_bye(doc: dict) -> None:
    doc["rounds"][0]["byes"] = [99]


def _game_at_a_bye(doc: dict) -> None:
    bye = next(m for m in doc["matches"] if not all(m["sides"]))
    bye["game"] = game(["Ann", "Bo", "Cy", "Di"])


@pytest.mark.parametrize(
    ("shape", "change", "said"),
    [
        ("pairs", _unknown_bye, "rounds[0].byes: entrant 99 is not in entrants"),
        ("playoff", _game_at_a_bye, "matches[4].game: must be null: a bye is played without"),
    ],
)
def test_an_event_file_with_an_impossible_bye_is_refused(shape, change, said):
    with pytest.raises(GameError) as refused:
        eventfile.read(changed(shape, change))
    assert said in str(refused.value)


def _night_text() -> str:
    return json.dumps(GOOD["pairs"]())


# The game file refuses these (docs/gamefile.md); a night's file, whose tables' games are
# game files, and a club's, which holds both, read their JSON text the same way.
JSON_TEXTS = [
    (
        _night_text().replace('"rounds": [', '"rounds": [], "rounds": [', 1),
        "the key 'rounds' appears twice in one object",
    ),
    (
        _night_text().replace(
            '"mode": "partnership"', '"mode": "cutthroat", "mode": "partnership"'
        ),
        "the key 'mode' appears twice in one object",
    ),
    (_night_text().encode("utf-16"), "is not UTF-8 text"),
    (_night_text().encode("utf-32"), "is not UTF-8 text"),
    (_night_text().replace('"target": 100', '"target": ' + "9" * 5000, 1), "5000 digits"),
]


@pytest.mark.parametrize(("text", "said"), JSON_TEXTS)
def test_an_event_file_s_json_is_read_as_a_game_file_s_is(text, said):
    with pytest.raises(GameError, match=said) as caught:
        eventfile.loads(text)
    assert "sys." not in str(caught.value)  # never Python's own advice


@pytest.mark.parametrize(("text", "said"), JSON_TEXTS)
def test_an_event_file_s_json_refused_on_the_page_writes_nothing(guarded, guarded_app, text, said):
    body = text if isinstance(text, bytes) else text.encode()
    r = file_through_page(guarded, "/events/import", body, "night.json")
    assert r.status_code == 400 and said in html.unescape(r.get_data(as_text=True))
    with guarded_app.app_context():
        assert get_db()["events"].count == 0 and get_db()["games"].count == 0


def test_an_event_file_with_a_utf8_byte_order_mark_still_imports():
    assert eventfile.loads(b"\xef\xbb\xbf" + _night_text().encode()).settings.name


@pytest.mark.parametrize("marker", [True, 1.0, "1", [1]])
def test_an_event_file_marker_other_than_the_number_1_is_refused(marker):
    """As the club file's: `true` and `1.0` equal 1 in Python, but neither is the number 1."""
    with pytest.raises(GameError, match="scorepad_event: is not a scorepad event file"):
        eventfile.read(changed("pairs", at("scorepad_event", marker)))


@pytest.mark.parametrize("key", ["started_at", "called_at"])
@pytest.mark.parametrize("value", [True, "1764580000", -1, 1e300, [1764580000], {}])
def test_a_round_s_time_that_is_no_time_is_refused_naming_it(key, value):
    """A round's time is a number of seconds or null: anything else was read as null (a
    string, a list) or as 1 January 1970 (`true`), and the night shown wrong."""
    with pytest.raises(GameError, match=f"rounds\\[1\\]\\.{key}: must be") as caught:
        eventfile.read(changed("pairs", at(f"rounds.1.{key}", value)))
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("value", [None, 0, 1764580000, 1764580000.5])
def test_a_round_s_time_in_seconds_or_null_is_read(value):
    night = eventfile.read(changed("pairs", at("rounds.1.started_at", value)))
    assert night.rounds[1].started_at == value


def _double_night(regular: int, pairs: int = 5) -> dict:
    """A night of `regular` done rounds of five pairs, then its double-elimination
    playoff of them all played to its champion (each table won by its first side)."""
    names = dict(enumerate(PAIRS[:pairs], 1))
    rounds, matches = [], []

    def table(number: int, at: int, sides: list) -> None:
        bye = any(not side for side in sides)
        played = None if bye else game(seated(names, sides), hands=2)
        matches.append({"round": number, "number": at, "sides": sides, "game": played})

    for number in range(1, regular + 1):
        rounds.append({"number": number, "kind": "round", "status": "done", "byes": [5]})
        table(number, 1, [[1], [2]])
        table(number, 2, [[3], [4]])
    first, winners = first_phase([(i,) for i in range(1, pairs + 1)]), []
    while (phase := replay(first, winners).next) is not None:
        rounds.append({"number": len(rounds) + 1, "kind": "playoff", "status": "done"})
        for at, pairing in enumerate(phase.matches, 1):
            table(len(rounds), at, [list(team or ()) for team in pairing])
        winners.append([0] * len(phase.matches))
    settings = {"format": "swiss", "rounds": regular, "playoff": pairs, "playoff_format": "double"}
    return night(settings, PAIRS[:pairs], rounds, matches)


def test_a_night_of_30_rounds_and_a_double_elimination_playoff_imports_again(client):
    """The web lets a night play its 30 rounds and then a double-elimination playoff (of
    five pairs, seven rounds): its file must import again (it was refused, "rounds: must
    be a list of at most 36")."""
    doc = _double_night(30)
    assert len(doc["rounds"]) == 37
    read = eventfile.read(doc)
    assert len(read.rounds) == 37 and read.rounds[-1].is_playoff
    response = upload(client, doc)
    assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
    event_id = response.headers["Location"].rsplit("/", 1)[-1]
    again = client.get(f"/events/{event_id}/event.json").get_json()
    assert len(again["rounds"]) == 37
    assert eventfile.read(again).standings() == read.standings()


def test_the_rounds_of_a_night_s_file_hold_its_longest_playoff():
    most = max(most_rounds(teams) for teams in range(2, PLAYOFF_MOST + 1))
    assert eventfile.LIMITS["rounds"] == ROUNDS[1] + most
    assert most_rounds(5) == 8 and most_rounds(PLAYOFF_MOST) == most
    for teams in (2, 3, 5, 8):  # as many rounds as replaying the bracket round by round
        first, winners = first_phase([(i,) for i in range(teams)]), []
        while (phase := replay(first, winners).next) is not None:
            winners.append([1 if phase.part == GRAND else 0] * len(phase.matches))
        assert most_rounds(teams) == len(winners)


def _fullest_night() -> dict:
    """As much as the web lets a night hold, written as long as it may be: 30 rounds of
    30 tables, its 5,000 hands each with an adjustment and a note of 200 characters of
    four bytes each, every player's name 40 such characters (`target` 2000: no game
    ends)."""

    def name(i: int, side: int) -> str:
        return chr(0x1F600 + i % 64) * 20 + chr(0x1F440 + i // 64 + 2 * side) * 20

    pairs = [[name(i, 0), name(i, 1)] for i in range(1, 61)]
    games, hands = 30 * 30, limits.NIGHT_HANDS
    matches = []
    for r in range(1, 31):
        for t in range(1, 31):
            seats = [pairs[2 * t - 2][0], pairs[2 * t - 1][0], pairs[2 * t - 2][1]]
            doc = game([*seats, pairs[2 * t - 1][1]], hands=0, target=2000)
            count = hands // games + (len(matches) < hands % games)
            doc["hands"] = [
                {"bids": [3, 3, 3, 3], "tricks": [None] * 4, "side_tricks": [6 + n % 2, 7 - n % 2]}
                | {"adjust": [1, -1], "note": "\U0001f600" * 200}
                for n in range(count)
            ]
            matches.append({"round": r, "number": t, "sides": [[2 * t - 1], [2 * t]], "game": doc})
    rounds = [{"number": r, "kind": "round", "status": "done"} for r in range(1, 31)]
    return night(
        {"format": "swiss", "rounds": 30, "name": "\U0001f600" * 80}, pairs, rounds, matches
    )


@pytest.mark.no_cover  # 5,000 hands: ten times as long traced, and no core line it alone runs
def test_the_fullest_night_the_web_holds_exports_a_file_that_imports_again():
    """Its export (indented, as the director downloads it) was some 10 MB, refused on
    import as "is over 6144 KB: more than a night holds"."""
    read = eventfile.read(_fullest_night())
    assert sum(len(g.hands) for _, g in read.matches if g) == limits.NIGHT_HANDS
    body = eventfile.dumps(
        eventfile.export(read.settings, read.rules, read.entrants, read.rounds, read.matches)
    ).encode()
    assert len(body) > 6 * limits.MB  # what the limit was
    assert len(body) <= limits.EVENT_FILE_BYTES <= uploads.most_bytes("event")
    assert eventfile.loads(body).standings() == read.standings()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (at("matches.1.number", "2"), "matches[1].number"),
        (at("matches.1.number", 0), "matches[1].number"),
        (at("matches.1.sides", [[1]]), "matches[1].sides"),
        (at("matches.1.sides", "1 v 2"), "matches[1].sides"),
        (at("rounds.1.kind", "final"), "rounds[1].kind"),
        (at("rounds.1.status", None), "rounds[1].status"),
        (at("entrants.2.players", "Ed & Flo"), "entrants[2].players"),
        (at("matches.1.sides", [[1], [True]]), "matches[1].sides[1]"),
        (at("rounds.0.byes", [5.0]), "rounds[0].byes"),
    ],
)
def test_a_wrong_value_in_a_night_s_file_names_its_own_key(change, field):
    """Not only the match, round or entrant it is in ("matches[1]: must be a whole
    number"): the key at fault, as a game file's refusals name theirs."""
    with pytest.raises(GameError) as caught:
        eventfile.read(changed("pairs", change))
    assert caught.value.field == field and str(caught.value).startswith(f"{field}: ")
