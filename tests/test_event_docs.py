"""docs/events.md's worked night prints the standings the page says, through `flask event`."""

from __future__ import annotations

import io
import re

from tests.live import ROOT

DOC = (ROOT / "docs" / "events.md").read_text()


def _block(kind: str, lang: str) -> str:
    found = re.search(rf"<!-- example: {kind} -->\n```{lang}\n(.*?)```", DOC, re.S)
    assert found, kind
    return found.group(1)


def test_the_documented_night_prints_its_documented_standings(runner, tmp_path):
    path = tmp_path / "night.json"
    path.write_text(_block("event file", "json"))
    result = runner.invoke(args=["event", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output == _block("standings", "text")


def test_the_documented_night_imports(client, tmp_path):
    data = {"file": (io.BytesIO(_block("event file", "json").encode()), "n.json")}
    r = client.post("/events/import", data=data, content_type="multipart/form-data")
    assert r.status_code == 302
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "+253" in page and "Ed &amp; Flo" in page
