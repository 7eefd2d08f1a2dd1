"""Requests no phone sends, found by poking the running server: each gets a 4xx in
scorepad's words, never a 500 or a traceback."""

from __future__ import annotations

import io

import pytest


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
    assert "is not JSON" in response.get_data(as_text=True)
