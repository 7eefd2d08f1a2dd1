"""What the restore tests share: a fresh database's phone (CSRF on, as served), a file
sent through its import page, and the text of every page a link holder sees, with ids,
links and tokens left out (they are the only things a restore may change)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from scorepad import create_app
from scorepad.store.events import load_event
from scorepad.web.db import get_db
from tests.helpers import file_through_page, text

# a scorepad id or token: 22 or more letters, digits, - and _ (no word of a page is one)
_TOKEN = re.compile(r"[\w-]{20,}")
# the one sentence an import adds: its flash
_FLASHED = re.compile(r" (Game|Club night|Club) imported\.")


def fresh_phone(tmp_path: Path, migrated: Path, name: str = "fresh"):
    """A phone of a fresh server: its own migrated database, CSRF on."""
    path = tmp_path / f"{name}.db"
    shutil.copyfile(migrated, path)
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": name})
    return app, app.test_client()


def imported(phone, page: str, body: bytes) -> str:
    """The file sent through the import page at `page`: the id it was imported as."""
    r = file_through_page(phone, page, body, "export.json")
    assert r.status_code == 302, text(r)
    return r.headers["Location"].rsplit("/", 1)[-1]


def shown(client, path: str) -> str:
    """A page's text as its holder reads it, ids and the import's flash left out."""
    r = client.get(path)
    assert r.status_code == 200, (path, r.status_code)
    said = r.get_data(as_text=True) if path.endswith(".csv") else text(r)
    return _FLASHED.sub("", _TOKEN.sub("<id>", said))


def night_pages(client, app, event_id: str) -> dict[str, str]:
    """Every page of a club night: the director's, each round's table cards and score
    sheets, the big screen and its results, statistics and CSV, and each table's game."""
    with app.app_context():
        event = load_event(get_db(), event_id)
    paths = {"director": f"/events/{event_id}", "tables": f"/events/{event_id}/tables"}
    for r in event.rounds:
        for what in ("tables", "sheets"):
            paths[f"round {r.number} {what}"] = f"/events/{event_id}/rounds/{r.number}/{what}"
    screen = re.search(r"/events/screen/([\w-]+)", client.get(paths["director"]).text)[1]
    for what in ("", "/live", "/results", "/stats", "/results.csv"):
        paths[f"screen{what}"] = f"/events/screen/{screen}{what}"
    for m in event.matches:
        if m.game_id:
            for what in ("", "/history", "/rules"):
                paths[f"round {m.round} table {m.number}{what}"] = f"/games/{m.game_id}{what}"
            paths[f"round {m.round} table {m.number} card"] = f"/events/table/{m.game_id}"
    return {label: shown(client, path) for label, path in paths.items()}
