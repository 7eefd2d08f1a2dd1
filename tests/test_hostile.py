"""Requests no phone sends, found by poking the running server: each gets a 4xx in
scorepad's words, never a 500 or a traceback."""

from __future__ import annotations

import csv
import io
import re

import pytest

from scorepad.web.csv_export import FORMULA_STARTS
from tests.event_helpers import Night


@pytest.mark.parametrize("host", ["a" * 64, "a..b", "x." + "b" * 70 + ".lan"])
@pytest.mark.parametrize("path", ["/", "/games/new", "/games/nope", "/games/import"])
def test_a_host_header_no_name_can_have_is_a_bad_request(client, host, path):
    response = client.get(path, headers={"Host": host})
    assert response.status_code == 400
    assert "Traceback" not in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "nested", [b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 60_000 + b"1" + b"}" * 60_000]
)
def test_an_event_file_nested_too_deep_is_refused_in_words(client, nested):
    data = {"file": (io.BytesIO(nested), "e.json")}
    response = client.post("/events/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 400
    said = response.get_data(as_text=True)
    assert "is not JSON: its values are nested too deep" in said
    assert "recursion" not in said


def test_the_results_csv_keeps_a_name_that_looks_like_a_formula_as_text(client, app):
    night = Night(client, app)
    for pair in (("=1+2", "Bo"), ("+Cy", "Di"), ("@Ed", "Fay"), ("-Gus", "Hal")):
        night.check_in(*pair)
    night.act("draw")
    night.act("start")
    night.play_round()
    screen = re.search(r"/events/screen/([\w-]+)\"", client.get(f"/events/{night.id}").text)
    rows = list(csv.reader(io.StringIO(client.get(f"/events/screen/{screen[1]}/results.csv").text)))
    cells = [c for row in rows[1:] for c in row]
    assert {"'=1+2 & Bo", "'+Cy & Di", "'@Ed & Fay", "'-Gus & Hal"} <= set(cells), rows
    words = [c for c in cells if not re.fullmatch(r"-?\d+", c)]  # a total of -120 is a number
    assert not [c for c in words if c.startswith(FORMULA_STARTS)]


@pytest.mark.parametrize("name", ["Łódź club", "李 night", 'Café "=1"; x'])
def test_an_event_named_in_any_script_downloads_under_a_plain_file_name(client, app, name):
    night = Night(client, app, name=name)
    screen = re.search(r"/events/screen/([\w-]+)\"", client.get(f"/events/{night.id}").text)[1]
    for path, ending in (
        (f"/events/{night.id}/event.json", ".json"),
        (f"/events/screen/{screen}/results.csv", "-results.csv"),
    ):
        response = client.get(path)
        assert response.status_code == 200
        disposition = response.headers["Content-Disposition"]
        plain = rf'attachment; filename="scorepad-[a-z0-9-]+{re.escape(ending)}"'
        assert re.fullmatch(plain, disposition), disposition
