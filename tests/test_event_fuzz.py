"""Junk at every club night form and in event files: a clear refusal, never a 500."""

from __future__ import annotations

import io
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.event_helpers import Night
from tests.strategies import example_count

JUNK = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", "0", "-1", "²", "1e5", "99999999999999999999", "1_0", "٣", "NaN"]),
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
SLOW = settings(
    max_examples=example_count(40), deadline=None, suppress_health_check=list(HealthCheck)
)


@given(first=JUNK, second=JUNK, revision=JUNK, name=JUNK)
@SLOW
def test_director_forms_refuse_junk(app, first, second, revision, name):
    client = app.test_client()
    night = Night(client, app)
    night.check_in("Ann", "Bo")
    night.check_in("Cy", "Di")
    night.act("draw", "Round drawn")
    for path, data in (
        ("swap", {"first": first, "second": second, "revision": revision}),
        ("start", {"revision": revision}),
        ("checkin", {"player_0": name, "player_1": second}),
        ("call", {"confirm": first}),
        ("playoff", {"revision": revision}),
        ("playoff/next", {"revision": revision}),
    ):
        r = client.post(f"/events/{night.id}/{path}", data=data)
        assert r.status_code in (200, 302, 400), (path, r.status_code)


def _event_file(entrants, rounds, matches):
    return {
        "scorepad_event": 1,
        "settings": {"name": "x", "format": "swiss"},
        "rules": {},
        "entrants": entrants,
        "rounds": rounds,
        "matches": matches,
    }


@given(doc=JSON, entrants=JSON, rounds=JSON, matches=JSON)
@SLOW
def test_event_files_of_junk_are_refused(app, doc, entrants, rounds, matches):
    client = app.test_client()
    for body in (doc, _event_file(entrants, rounds, matches)):
        data = {"file": (io.BytesIO(json.dumps(body).encode()), "e.json")}
        r = client.post("/events/import", data=data, content_type="multipart/form-data")
        assert r.status_code in (302, 400), r.status_code


def test_big_numbers_in_an_event_file_are_refused(client):
    doc = _event_file(
        [{"id": 10**30, "players": ["Ann", "Bo"]}],
        [{"number": 10**30, "kind": "round", "status": "done", "byes": []}],
        [],
    )
    data = {"file": (io.BytesIO(json.dumps(doc).encode()), "e.json")}
    r = client.post("/events/import", data=data, content_type="multipart/form-data")
    assert r.status_code == 400 and "entrants[0].id" in r.get_data(as_text=True)
