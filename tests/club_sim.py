"""A club whose players' true skills are known, filed into scorepad through the pages a
manager uses: each game file and night file brought in by the club's own import form
(its CSRF token with it), the club file exported and imported into a fresh database by
the import page. The games: partnership games where the stronger side wins more often
(a logistic chance of the difference of skills), cutthroat games of four placed by
Plackett-Luce on the skills, and club nights of four pairs, two rounds of two tables."""

from __future__ import annotations

import io
import json
import math
import random
from collections.abc import Sequence

from tests.helpers import form_token
from tests.ratings_club import game_file as partnership  # one hand, target 50

Filed = tuple[str, dict, list[float]]  # kind ("game", "night"), its file, side 0's true chances


def cutthroat(players: Sequence[str], order: Sequence[int]) -> dict:
    """A cutthroat game file of four, one hand, its seats placed in `order` (best first):
    50, 31, 30 and -30."""
    bids, tricks = [3] * 4, [0] * 4
    bids[order[0]] = 5
    for seat, took in zip(order, (5, 4, 3, 1)):
        tricks[seat] = took
    return {
        "format": "scorepad/1",
        "mode": "cutthroat",
        "players": list(players),
        "rules": {"target": 50},
        "hands": [{"bids": bids, "tricks": tricks}],
    }


def night(pairs: Sequence[Sequence[str]], results: Sequence[Sequence[tuple]], n: int) -> dict:
    """A club night's file: `pairs` checked in, each round's tables (i, j, winner)."""
    rounds, matches = [], []
    for number, tables in enumerate(results, 1):
        rounds.append({"number": number, "kind": "round", "status": "done", "byes": []})
        for table, (i, j, winner) in enumerate(tables, 1):
            matches.append(
                {
                    "round": number,
                    "number": table,
                    "sides": [[i + 1], [j + 1]],
                    "last_hand": None,
                    "game": partnership((pairs[i], pairs[j]), winner),
                }
            )
    return {
        "scorepad_event": 1,
        "settings": {"name": f"Night {n}", "date": "2026-12-01", "format": "swiss", "rounds": 2},
        "rules": {"target": 50},
        "entrants": [{"id": i, "players": list(p)} for i, p in enumerate(pairs, 1)],
        "rounds": rounds,
        "matches": matches,
    }


def _chance(skill: dict[str, float], one: Sequence[str], two: Sequence[str]) -> float:
    return 1 / (1 + math.exp(-(sum(skill[p] for p in one) - sum(skill[p] for p in two))))


def simulate(seed: int, players: int = 16, games: int = 200) -> tuple[dict[str, float], list]:
    """(each player's true skill, the files in the order filed): about one file in ten a
    night of four games, two in ten a cutthroat game, the rest partnership games."""
    rnd = random.Random(seed)
    names = [f"Player {chr(65 + i)}" for i in range(players)]
    skill = {name: rnd.gauss(0, 1) for name in names}
    files: list[Filed] = []
    count = 0
    while count < games:
        draw = rnd.random()
        if draw < 0.1:
            who = rnd.sample(names, 8)
            pairs = [tuple(who[i : i + 2]) for i in range(0, 8, 2)]
            results, truths = [], []
            for tables in ([(0, 1), (2, 3)], [(0, 2), (1, 3)]):
                played = []
                for i, j in tables:
                    truth = _chance(skill, pairs[i], pairs[j])
                    played.append((i, j, 0 if rnd.random() < truth else 1))
                    truths.append(truth)
                results.append(played)
            files.append(("night", night(pairs, results, len(files)), truths))
            count += 4
        elif draw < 0.3:
            four = rnd.sample(names, 4)
            weight = [math.exp(skill[n]) for n in four]
            order, left = [], [0, 1, 2, 3]
            while left:
                pick = rnd.choices(left, [weight[i] for i in left])[0]
                order.append(pick)
                left.remove(pick)
            files.append(("game", cutthroat(four, order), [weight[0] / sum(weight)]))
            count += 1
        else:
            a, b, c, d = rnd.sample(names, 4)
            truth = _chance(skill, (a, c), (b, d))
            winner = 0 if rnd.random() < truth else 1
            files.append(("game", partnership(((a, c), (b, d)), winner), [truth]))
            count += 1
    return skill, files


def new_club(client, name: str = "Simulated Spades") -> str:
    """A new club made by its page's form; its manager id."""
    token = form_token(client.get("/clubs/new"))
    made = client.post("/clubs/new", data={"csrf_token": token, "name": name})
    assert made.status_code == 302, made.get_data(as_text=True)
    return str(made.headers["Location"].rsplit("/", 1)[-1])


def bring(client, club: str, doc: dict) -> None:
    """A game or night file brought into the club by the manager page's import form."""
    token = form_token(client.get(f"/clubs/{club}"))
    body = json.dumps(doc).encode()
    data = {"csrf_token": token, "file": (io.BytesIO(body), "file.json")}
    r = client.post(f"/clubs/{club}/import", data=data, content_type="multipart/form-data")
    assert r.status_code == 302, r.get_data(as_text=True)
    assert "/clubs/" in r.headers["Location"]


def import_club(client, body: bytes) -> str:
    """A club file imported by the import page's form; the new club's manager id."""
    token = form_token(client.get("/clubs/import"))
    data = {"csrf_token": token, "file": (io.BytesIO(body), "club.json")}
    r = client.post("/clubs/import", data=data, content_type="multipart/form-data")
    assert r.status_code == 302, r.get_data(as_text=True)
    return str(r.headers["Location"].rsplit("/", 1)[-1])
