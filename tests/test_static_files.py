"""Static files: only the files shipped in static/ are ever opened, whatever the URL says."""

from __future__ import annotations

import gzip
import os
import threading
import time
from pathlib import Path

import brotli
import pytest

from scorepad.web.delivery import lean, static_url

ATTEMPTS = [
    "/static/..%2f..%2f..%2f..%2f..%2f..%2fdev%2fzero",
    "/static/../../../../../../dev/zero",
    "/static/..%252f..%252f..%252f..%252fdev%252fzero",
    "/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/dev/zero",
    "/static//dev/zero",
    "/static/%2fdev%2fzero",
    "/static/..\\..\\..\\..\\..\\..\\dev\\zero",
    "/static/..%5c..%5c..%5c..%5cdev%5czero",
]


def _get_within(client, url: str, seconds: float = 5.0):
    """The response, or a failure if the request does not finish in time (a FIFO hangs)."""
    box = []
    worker = threading.Thread(target=lambda: box.append(client.get(url)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert box, f"{url} did not answer within {seconds} s"
    return box[0]


@pytest.mark.parametrize("url", ATTEMPTS)
def test_paths_outside_static_are_404_without_being_read(client, url):
    started = time.monotonic()
    response = _get_within(client, url)
    assert response.status_code == 404
    assert len(response.data) < 20_000
    assert time.monotonic() - started < 2


def test_a_fifo_next_to_the_app_is_never_opened(tmp_path, app, client, monkeypatch):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    depth = len(Path(app.static_folder).resolve().parts)
    up = "..%2f" * depth
    for url in (
        f"/static/{up}{str(fifo).lstrip('/').replace('/', '%2f')}",
        f"/static/{'../' * depth}{str(fifo).lstrip('/')}",
        f"/static/{str(fifo).replace('/', '%2f')}",
    ):
        assert _get_within(client, url).status_code == 404, url


def test_no_file_is_opened_for_an_unknown_static_path(client, monkeypatch):
    opened = []
    real_open = open

    def spy(path, *args, **kwargs):
        opened.append(str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    monkeypatch.setattr(os, "open", lambda *a, **k: opened.append(str(a[0])) or 1 / 0)
    for url in ATTEMPTS + ["/static/nothing.css", "/static/app.css.gz"]:
        assert client.get(url).status_code == 404, url
    assert not [p for p in opened if "zero" in p or "nothing" in p or "static" in p], opened


def test_every_shipped_file_is_served(app, client):
    for name in os.listdir(app.static_folder):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        shipped = (Path(app.static_folder) / name).read_bytes()
        assert response.data == lean(name, shipped)  # scripts and styles without comments
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        response.close()


def test_each_file_under_its_hashed_name_and_in_each_coding_is_the_same_bytes(app, client):
    """The hashed name's compressed copies are the plain name's (made once at start)."""
    unpack = {"br": brotli.decompress, "gzip": gzip.decompress, "identity": bytes}
    compressed = 0
    for name in os.listdir(app.static_folder):
        want = lean(name, (Path(app.static_folder) / name).read_bytes())
        with app.test_request_context():
            hashed = static_url(name)
        assert hashed != f"/static/{name}"
        for path in (f"/static/{name}", hashed):
            for coding in unpack:
                response = client.get(path, headers={"Accept-Encoding": coding})
                said = response.headers.get("Content-Encoding", "identity")
                assert said in (coding, "identity"), (path, coding)
                assert unpack[said](response.data) == want, (path, coding)
                compressed += said != "identity"
                response.close()
    assert compressed >= 8  # scripts and styles come compressed in both codings, both names


@pytest.mark.parametrize(
    ("name", "source", "served"),
    [
        (
            "app.js",
            b"// why\nfunction f() {\n  // how\n  return 1;  // said\n"
            b"  g('a // b', `x ${1} /* y */`);\n}\n",
            b"function f(){return 1;g('a // b',`x ${1} /* y */`);}",
        ),
        (
            "app.css",
            b"/* a\n b */\n.x { color: red; }  /* c */\n  .y {}\n"
            b'.z::before { content: " { ; "; }\n',
            b'.x{color:red}.y{}.z::before{content:" { ; "}',
        ),
        ("icon.svg", b"  <svg/>  // not a script\n", b"  <svg/>  // not a script\n"),
    ],
)
def test_scripts_and_styles_are_served_minified(name, source, served):
    assert lean(name, source) == served
