"""Event files to import: good ones of each shape, built as the exporter writes them."""

from __future__ import annotations

import copy
import io
import json

PAIRS = [["Ann", "Bo"], ["Cy", "Di"], ["Ed", "Flo"], ["Gus", "Hal"], ["Ida", "Jo"]]
PLAYERS = ["Al", "Bea", "Cal", "Dot", "Eve", "Fin", "Gil", "Hu"]


def game(players: list[str], hands: int = 1, target: int = 100) -> dict:
    """A partnership game file of `hands` hands: the first side bids 3 each and takes 9."""
    return {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": players,
        "rules": {"target": target},
        "tricks_by": "side",
        "hands": [
            {"bids": [3, 3, 3, 3], "tricks": [None] * 4, "side_tricks": [9, 4]}
            for _ in range(hands)
        ],
    }


def seated(names: dict[int, list[str]], sides: list[list[int]]) -> list[str]:
    """The four players in seat order, partners opposite, as a round's start seats them."""
    a, c = [p for e in sides[0] for p in names[e]]
    b, d = [p for e in sides[1] for p in names[e]]
    return [a, b, c, d]


def match(names: dict[int, list[str]], round_: int, number: int, sides, played=True) -> dict:
    bye = any(not side for side in sides)
    return {
        "round": round_,
        "number": number,
        "sides": sides,
        "last_hand": None,
        "game": game(seated(names, sides)) if played and not bye else None,
    }


def night(settings: dict, entrants: list[list[str]], rounds: list, matches: list) -> dict:
    return {
        "scorepad_event": 1,
        "settings": {"name": "Club night", "date": "2026-12-01", **settings},
        "rules": {"target": 100},
        "entrants": [{"id": i, "players": p} for i, p in enumerate(entrants, 1)],
        "rounds": rounds,
        "matches": matches,
    }


def _round(number: int, status: str, byes=(), kind: str = "round") -> dict:
    return {"number": number, "kind": kind, "status": status, "byes": list(byes)}


def pairs_night() -> dict:
    """Five pairs, two rounds of a swiss night (a playoff of 4 to come): round 1 done,
    round 2 being played."""
    names = dict(enumerate(PAIRS, 1))
    return night(
        {"format": "swiss", "rounds": 2, "playoff": 4},
        PAIRS,
        [_round(1, "done", [5]), _round(2, "playing", [4])],
        [
            match(names, 1, 1, [[1], [2]]),
            match(names, 1, 2, [[3], [4]]),
            match(names, 2, 1, [[1], [3]]),
            match(names, 2, 2, [[5], [2]]),
        ],
    )


def playoff_night() -> dict:
    """The pairs night played on to its playoff's semi-finals, being played; seed 1 was
    given a bye in a bracket of four for three."""
    doc = pairs_night()
    names = dict(enumerate(PAIRS, 1))
    doc["rounds"][1]["status"] = "done"
    doc["settings"]["playoff"] = 3
    doc["rounds"].append(_round(3, "playing", kind="playoff"))
    doc["matches"] += [match(names, 3, 1, [[1], []]), match(names, 3, 2, [[2], [3]])]
    return doc


def individual_night() -> dict:
    """Eight players whose partners rotate: round 1 done, round 2 drawn (no games yet)."""
    names = {i: [p] for i, p in enumerate(PLAYERS, 1)}
    return night(
        {"format": "individual", "rounds": 3},
        [[p] for p in PLAYERS],
        [_round(1, "done"), _round(2, "drawn")],
        [
            match(names, 1, 1, [[1, 2], [3, 4]]),
            match(names, 1, 2, [[5, 6], [7, 8]]),
            match(names, 2, 1, [[1, 3], [5, 7]], played=False),
            match(names, 2, 2, [[2, 4], [6, 8]], played=False),
        ],
    )


def individual_final() -> dict:
    """The individual night played to its playoff: the top four as two teams of two,
    their final being played."""
    doc = individual_night()
    names = {i: [p] for i, p in enumerate(PLAYERS, 1)}
    doc["settings"].update(rounds=2, playoff=4)
    doc["rounds"][1]["status"] = "done"
    for m in doc["matches"][2:]:
        m["game"] = game(seated(names, m["sides"]))
    doc["rounds"].append(_round(3, "playing", kind="playoff"))
    doc["matches"].append(match(names, 3, 1, [[1, 4], [2, 3]]))
    return doc


GOOD = {
    "pairs": pairs_night,
    "playoff": playoff_night,
    "individual": individual_night,
    "individual final": individual_final,
}


def changed(name: str, change) -> dict:
    """A good file of that shape, changed in place by `change(doc)`."""
    doc = copy.deepcopy(GOOD[name]())
    change(doc)
    return doc


def upload(client, doc: dict | bytes):
    """POST the file to the import page, as the form sends it."""
    body = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    data = {"file": (io.BytesIO(body), "night.json")}
    return client.post("/events/import", data=data, content_type="multipart/form-data")
