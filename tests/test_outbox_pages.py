"""Which pages carry the outbox (docs/offline.md): the game page and a seat phone's page
name its script and hand over its phrases, in the page's language; every other page
carries neither (their first load stays as light as it was)."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import claim_seat, seat_links, start

SPANISH = {"Accept-Language": "es-ES,es;q=0.9"}


def outbox_of(body: str) -> dict | None:
    found = re.search(
        r'<script type="application/json" id="outbox-words" data-src="([^"]+)">'
        r"(.*?)</script>",
        body,
    )
    return None if found is None else {"src": found[1], **json.loads(found[2])}


def test_the_game_page_and_a_seat_page_carry_the_outbox(client, app):
    game_id = start(client)
    page = outbox_of(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert page is not None and re.fullmatch(r"/static/outbox\.\w+\.js", page["src"])
    assert page["q"] == "{what}: waiting to send."
    token = seat_links(client, game_id)[0]
    phone = app.test_client()
    assert claim_seat(phone, token).status_code == 302
    assert outbox_of(phone.get(f"/seat/{token}").get_data(as_text=True)) is not None
    assert "data-queue" in phone.get(f"/seat/{token}").get_data(as_text=True)


def test_the_outbox_speaks_the_page_s_language(client):
    game_id = start(client)
    page = outbox_of(client.get(f"/games/{game_id}", headers=SPANISH).get_data(as_text=True))
    assert page["q"] == "{what}: pendiente de enviar."
    assert page["y"] == "Sí, descartarla"


@pytest.mark.parametrize("path", ["/games", "/games/new", "/stats", "/games/import"])
def test_other_pages_carry_no_outbox(client, path):
    body = client.get(path).get_data(as_text=True)
    assert outbox_of(body) is None and "outbox" not in body
