"""What the restore tests share: a fresh database's phone (CSRF on, as served), a file
sent through its import page, and the text of every page a link holder sees, with ids,
links and tokens left out (they are the only things a restore may change)."""

from __future__ import annotations

import html
import io
import re
import shutil
from pathlib import Path

from scorepad import create_app
from scorepad.store.events import load_event
from scorepad.web.db import get_db
from tests.helpers import file_through_page, form_token, text

# a scorepad id or token: 22 or more letters, digits, - and _ (no word of a page is one)
_TOKEN = re.compile(r"[\w-]{20,}")
# a message flashed once, after the last thing done (the import's own, "Imported.")
_FLASHED = re.compile(r'<p class="flash [^"]*" role="\w+">.*?</p>', re.S)


def fresh_phone(tmp_path: Path, migrated: Path, name: str = "fresh"):
    """A phone of a fresh server: its own migrated database, CSRF on."""
    path = tmp_path / f"{name}.db"
    shutil.copyfile(migrated, path)
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": name})
    return app, app.test_client()


def imported(phone, page: str, body: bytes) -> str:
    """The file sent through the import page at `page` (its own form: the game import
    page's field is `game_file`): the id it was imported as."""
    if page == "/games/import":
        data = {
            "csrf_token": form_token(phone.get(page)),
            "game_file": (io.BytesIO(body), "g.json"),
        }
        r = phone.post(page, data=data, content_type="multipart/form-data")
    else:
        r = file_through_page(phone, page, body, "export.json")
    assert r.status_code == 302, text(r)
    return r.headers["Location"].rsplit("/", 1)[-1]


def shown(client, path: str) -> str:
    """A page's text as its holder reads it, ids and the import's flash left out."""
    r = client.get(path)
    assert r.status_code == 200, (path, r.status_code)
    return _said(r)


def _said(r) -> str:
    """A response's text (a page's words, a CSV as it is), ids and the import's flash
    left out."""
    said = r.get_data(as_text=True)
    if "html" in r.headers.get("Content-Type", ""):
        said = text(_Page(_FLASHED.sub("", said)))
    return _TOKEN.sub("<id>", said)


class _Page:
    """A page's HTML as `tests.helpers.text` reads a response."""

    def __init__(self, body: str) -> None:
        self.body = body

    def get_data(self, as_text: bool = True) -> str:
        return self.body


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


# Links a crawl of a holder's pages does not follow: other files, forms to fill, pages
# about the app rather than the state (the language, hosting, the offline page).
_NOT_FOLLOWED = re.compile(
    r"\.(png|svg|json|ics)$|^/static/|/qr|^/language|^/ca|^/help/|^/offline|^/sw\.js"
    r"|/new$|/import$|^/stats$|^/presets|^/games$|^/$|^/events/series|/earlier$"
)


def crawled(client, start: str, most: int = 300) -> dict[str, str]:
    """Every page a holder reaches from `start` by its links, each page's text by its
    address (ids left out) and the order it was reached in."""
    seen: set[str] = set()
    queue, pages = [start], {}
    while queue and len(pages) < most:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        label = f"{len(pages):03} {_TOKEN.sub('<id>', path)}"
        r = client.get(path)
        pages[label] = f"{r.status_code} {_said(r)}"
        if "html" not in r.headers.get("Content-Type", ""):
            continue
        for href in re.findall(r'href="([^"#?]+)"', r.get_data(as_text=True)):
            href = html.unescape(href).removeprefix("http://localhost")
            if href.startswith("/") and not _NOT_FOLLOWED.search(href):
                queue.append(href)
    return pages
