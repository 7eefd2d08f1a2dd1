"""Rough edges a Spanish QA pass found, checked without a browser."""

from __future__ import annotations


def test_a_page_says_its_language_and_that_it_varies_with_the_phones_choice(client):
    english = client.get("/games/new", headers={"Accept-Language": "en"})
    assert english.headers["Content-Language"] == "en"
    assert {"Cookie", "Accept-Language"} <= set(english.vary)
    client.set_cookie("lang", "es")
    spanish = client.get("/games/new", headers={"Accept-Language": "en"})
    assert spanish.headers["Content-Language"] == "es"
    assert '<html lang="es"' in spanish.get_data(as_text=True)
    assert spanish.headers["ETag"] != english.headers["ETag"]
