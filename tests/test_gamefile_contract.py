"""GAMEFILE.md's contract end to end: its examples and docs/gamefile.md's import and export as
documented, scorepad agrees with the reference scorer on each, an export imports again as the
same game, and exports of earlier scorepad versions keep importing with the same scores.
The same files go through `flask score` and through the import page and export.json."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings

from scorepad import create_app
from scorepad.core.errors import GameError
from scorepad.files import game as gamefile
from tests.data import DOCUMENTED, FIRST_TWO_HANDS, SIDES_AFTER_TWO
from tests.live import ROOT
from tests.test_docs import examples
from tests.test_reference_scorer import comparable, game_files, reference_result, scorepad_result

OLD = Path(__file__).parent / "gamefiles" / "old"

# /work/shared/GAMEFILE.md: its import example is tests/data.py's DOCUMENTED; its export as the
# contract shows it, in the terms `comparable` keeps:
GAMEFILE_EXPORT = {
    "sides": SIDES_AFTER_TWO,
    "status": "playing",
    "winner": None,
    "hands": [
        *({key: hand[key] for key in ("number", "dealer", "sides")} for hand in FIRST_TWO_HANDS),
        {"number": 3, "dealer": 2, "sides": None},
    ],
}


def export_of(doc: dict) -> dict:
    return gamefile.export(*gamefile.loads_scored(json.dumps(doc)))


def test_gamefile_md_example_exports_as_documented():
    exported = export_of(DOCUMENTED)
    assert comparable(exported) == GAMEFILE_EXPORT == reference_result(DOCUMENTED)
    assert exported["hands"][2] == {
        "number": 3,
        "dealer": 2,
        "bids": [2, 4, "blind_nil", 6],
        "tricks": None,
    }
    assert exported["rules"]["blind_nil_trailing_by"] == 50 and len(exported["rules"]) == 31


def test_gamefile_md_example_with_a_zero_is_written_back_as_nil():
    doc = json.loads(json.dumps(DOCUMENTED))
    doc["hands"][0]["bids"] = [4, 5, 3, 0]
    assert export_of(doc)["hands"][0]["bids"] == [4, 5, 3, "nil"]


def test_gamefile_md_error_example():
    doc = json.loads(json.dumps(DOCUMENTED))
    doc["hands"][2] = {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}
    with pytest.raises(GameError, match="^hand 3: tricks add up to 12, expected 13$"):
        gamefile.loads_scored(json.dumps(doc))
    assert reference_result(doc) is None


@pytest.mark.parametrize("index", range(len(examples("import"))))
def test_docs_import_examples_score_as_the_reference(index):
    _, _, doc = examples("import")[index]
    assert scorepad_result(doc) == reference_result(doc) is not None
    exported = export_of(doc)
    assert export_of(exported) == exported


def test_docs_export_example_is_the_reference_score():
    _, _, doc = examples("export")[0]
    assert reference_result(doc) == comparable(doc)


@pytest.mark.parametrize("index", range(len(examples("refused"))))
def test_docs_refused_examples_are_refused_by_the_reference(index):
    _, _, doc = examples("refused")[index]
    assert reference_result(doc) is None


OLD_EXPORTS = [
    (path.stem, number, doc)
    for path in sorted(OLD.glob("exports-*.json"))
    for number, doc in enumerate(json.loads(path.read_text()))
]


@pytest.mark.parametrize(
    "version, number, doc", OLD_EXPORTS, ids=[f"{v}-{n}" for v, n, _ in OLD_EXPORTS]
)
def test_old_exports_import_and_score_as_they_did(version, number, doc):
    exported = export_of(doc)
    assert comparable(exported) == comparable(doc) == reference_result(doc)
    assert export_of(exported) == exported
    assert exported["hands"] and [h["bids"] for h in exported["hands"]] == [
        h["bids"] for h in doc["hands"]
    ]


def test_the_score_command_prints_the_export(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "scorepad.db")})
    runner = app.test_cli_runner()
    for _, _, doc in OLD_EXPORTS[-8:]:
        path = tmp_path / "game.json"
        path.write_text(json.dumps(doc))
        result = runner.invoke(args=["score", str(path)])
        assert result.exit_code == 0, result.output
        assert comparable(json.loads(result.output)) == reference_result(doc)
    path.write_text(json.dumps({**doc, "hands": [{"bids": [3, 3, 3, 3], "tricks": [3] * 4}]}))
    result = runner.invoke(args=["score", str(path)])
    assert result.exit_code == 1 and "hand 1: tricks add up to 12, expected 13" in result.output


def csv_figures(text: str) -> list[list[tuple[int, int, int]]]:
    """Each played hand's (points, total, bags) per side, read from hands.csv."""
    rows = list(csv.reader(io.StringIO(text)))
    header, figures = rows[0], []
    columns = [i for i, title in enumerate(header) if title.endswith(" points")]
    for row in rows[1:]:
        if row[columns[0]] != "":
            figures.append([tuple(int(row[i + k]) for k in range(3)) for i in columns])
    return figures


WEB = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module")
def import_app(tmp_path_factory):
    """One app for every example, each drawn on a phone of its own (a new client), so
    that no file is one its phone imported before."""
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path_factory.mktemp("contract") / "scorepad.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )


@WEB
@given(doc=game_files())
def test_import_page_then_export_json_scores_as_the_reference(import_app, doc):
    expected = reference_result(doc)
    client = import_app.test_client()
    body = {"game_file": (io.BytesIO(json.dumps(doc).encode()), "game.json")}
    response = client.post("/games/import", data=body)
    event("refused" if expected is None else f"imported, {expected['status']}")
    if expected is None:
        assert response.status_code == 400
        return
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    location = response.headers["Location"]
    exported = client.get(f"{location}/export.json").get_json()
    assert comparable(exported) == expected
    assert csv_figures(client.get(f"{location}/hands.csv").get_data(as_text=True)) == [
        [(s["points"], s["total"], s["bags"]) for s in hand["sides"]]
        for hand in expected["hands"]
        if hand["sides"] is not None
    ]
    text = " ".join(re.sub(r"<[^>]+>", " ", client.get(location).get_data(as_text=True)).split())
    final = ", ".join(
        f"{html.escape(side['name'])} {side['total']}".replace("-", "\u2212")
        for side in expected["sides"]
    )
    if expected["status"] == "playing":
        assert "Game over" not in text
    elif expected["winner"] is None:
        assert f"Game over (ended early): a draw Final score: {final}." in text
    else:
        name = html.escape(expected["sides"][expected["winner"]]["name"])
        early = r" \(ended early\)" if doc.get("ended") else ""
        assert re.search(rf"Game over{early}: {re.escape(name)} wins? ", text)
        assert f"Final score: {final}." in text


@pytest.mark.parametrize(
    "padding, refused",
    [(0, False), (1024 * 1024 - 400, False), (1024 * 1024, True), (3 * 1024 * 1024, True)],
)
def test_a_file_over_1_mb_is_refused_by_every_reader(tmp_path, padding, refused):
    # GAMEFILE.md: "A file is refused when it is ... larger than 1 MB", whichever of the three
    # reads it; `flask score` used to score any size (the import page's limit is the upload's).
    text = json.dumps(DOCUMENTED)
    text = text[:-1] + " " * padding + "}"
    if refused:
        with pytest.raises(GameError, match="larger than 1 MB"):
            gamefile.loads_scored(text)
        with pytest.raises(GameError, match="larger than 1 MB"):
            gamefile.loads_scored(text.encode())
    else:
        assert comparable(gamefile.export(*gamefile.loads_scored(text))) == GAMEFILE_EXPORT
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "scorepad.db")})
    path = tmp_path / "game.json"
    path.write_text(text)
    result = app.test_cli_runner().invoke(args=["score", str(path)])
    assert (result.exit_code, "larger than 1 MB" in result.output) == (
        (1, True) if refused else (0, False)
    )


def test_flask_score_as_a_real_command(tmp_path):
    # The very command line the contract names, in a process of its own, on a file and on -.
    _, _, doc = OLD_EXPORTS[-1]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    command = [sys.executable, "-m", "flask", "--app", "scorepad", "score"]
    done = subprocess.run([*command, str(path)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == export_of(doc)
    bad = json.dumps({**doc, "hands": [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}]})
    done = subprocess.run([*command, "-"], input=bad, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 1 and "hand 1: tricks add up to 12, expected 13" in done.stderr


def test_a_file_whose_totals_disagree_with_its_hands_is_scored_from_its_hands(import_app):
    """docs/gamefile.md: the keys scorepad adds are not believed on the way in."""
    doc = export_of(DOCUMENTED)
    doc["sides"][0]["total"], doc["sides"][1]["total"] = 999, -999
    doc["hands"][0]["sides"][0]["total"] = 500
    doc["status"], doc["winner"] = "finished", 0
    client = import_app.test_client()
    body = {"game_file": (io.BytesIO(json.dumps(doc).encode()), "game.json")}
    response = client.post("/games/import", data=body)
    assert response.status_code == 302
    exported = client.get(f"{response.headers['Location']}/export.json").get_json()
    assert comparable(exported) == GAMEFILE_EXPORT
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "999" not in page and "Game over" not in page
