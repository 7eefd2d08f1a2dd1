"""What a single game's changes say, in the pseudo-language (issue 31): each change is
made as a phone makes it, and the page shown after it (redirects followed: the flash
shown there, or the form again with its refusals) has no English word left. The
pages themselves are `test_pseudo_language.py`'s; here, the words each change adds."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser

import pytest

from tests.data import IMPORT
from tests.helpers import bid_form, claim_seat, play, seat_links, start, tricks_form
from tests.test_pseudo_language import english_left
from tests.test_pseudo_language import phone as phone  # noqa: F401 (the fixture)


class _Form(HTMLParser):
    """The fields a page's form with `action` sends as drawn (checked boxes and radios,
    selected options, every other input's value)."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action, self.inside, self.data = action, False, {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("action") == self.action
        elif not self.inside or "name" not in a and tag != "option":
            return
        elif tag == "input" and a.get("type") not in ("checkbox", "radio", "submit", "file"):
            self.data[a["name"]] = a.get("value", "")
        elif tag == "input" and a.get("type") in ("checkbox", "radio") and "checked" in a:
            self.data[a["name"]] = a.get("value", "y")
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and self.select and ("selected" in a or self.select not in self.data):
            self.data[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


def form(phone, page: str, action: str | None = None, **changes) -> dict:
    """The form of `page` (posting to `action`, else to the page itself) as drawn, changed."""
    parser = _Form(action or page)
    parser.feed(phone.get(page).get_data(as_text=True))
    assert parser.data, f"no form to {action or page} on {page}"
    return {**parser.data, **changes}


def said(phone, path: str, data=None, code: int | None = None) -> str:
    """The page after posting `data` to `path`, redirects followed."""
    answer = phone.post(path, data=data or {}, follow_redirects=True)
    assert code is None or answer.status_code == code, (path, answer.status_code)
    return answer.get_data(as_text=True)


def clean(body: str) -> None:
    left = english_left(body)
    assert not left, sorted(left)


def _hand(phone, game: str, number: int) -> None:
    play(phone, game, number, (3, 3, 3, 3), (4, 3, 3, 3))


@pytest.fixture
def game(phone):
    """A game of two hands played."""
    game = start(phone)
    _hand(phone, game, 1)
    _hand(phone, game, 2)
    return game


def test_a_hand_fixed(phone, game):
    page = f"/games/{game}/hands/1"
    clean(said(phone, page, form(phone, page, tricks_0="5", tricks_1="2")))


def test_a_hand_undone_and_put_back(phone, game):
    path = f"/games/{game}/hands/2/delete"
    clean(said(phone, path, form(phone, f"/games/{game}", path)))
    back = re.search(r'action="(/games/[^"]+/put-back)"', phone.get(f"/games/{game}").text)
    clean(said(phone, back.group(1), form(phone, f"/games/{game}", back.group(1))))


def test_a_hand_adjusted(phone, game):
    page = f"/games/{game}/hands/1/adjust"
    clean(said(phone, page, form(phone, page, adjust_0="-20", note="late")))


def test_an_adjustment_out_of_range_refused(phone, game):
    page = f"/games/{game}/hands/1/adjust"
    clean(said(phone, page, form(phone, page, adjust_0="5000"), 400))


def test_a_renege_saved(phone, game):
    page = f"/games/{game}/hands/1/renege"
    assert english_left(phone.get(page).text) == set()
    clean(said(phone, page, form(phone, page, renege_1="y")))


def test_settings_saved_and_a_lower_target_asked(phone, game):
    page = f"/games/{game}/settings"
    clean(said(phone, page, form(phone, page, rule_nil_value="50")))
    asked = said(phone, page, form(phone, page, rule_target="50"), 400)
    assert "confirm_removal" in asked
    clean(asked)


def test_the_dealer_chosen(phone, game):
    page = f"/games/{game}/hands/3/dealer"
    clean(said(phone, page, form(phone, page, dealer="2")))


def test_the_game_ended_and_rematched_and_the_evening(phone, game):
    path = f"/games/{game}/end"
    clean(said(phone, path, form(phone, f"/games/{game}", path)))
    clean(said(phone, f"/games/{game}/rematch"))
    clean(phone.get(f"/games/{game}/evening").text)


def test_seat_links_on_and_off(phone, game):
    clean(said(phone, f"/games/{game}/seats", {"seats": "on"}))
    clean(said(phone, f"/games/{game}/seats", {"seats": "off"}))


def test_a_seat_bid_and_every_bid_in(phone):
    game = start(phone)
    tokens = seat_links(phone, game)
    for token in tokens:
        claim_seat(phone, token)
        page = f"/seat/{token}"
        clean(said(phone, page, form(phone, page, bid="3")))  # "Your bid is in" / "Every bid"


def test_an_empty_bid_and_empty_tricks_refused(phone):
    game = start(phone)
    clean(said(phone, f"/games/{game}/bids", bid_form(1, (3, None, 3, 3)), 400))
    phone.post(f"/games/{game}/bids", data=bid_form(1, (3, 3, 3, 3)))
    clean(said(phone, f"/games/{game}/tricks", tricks_form(1, 1, (4, None, 3, 3)), 400))


def test_a_game_file_imported_and_one_refused(phone):
    good = {"game_file": (io.BytesIO(json.dumps(IMPORT).encode()), "game.json")}
    clean(said(phone, "/games/import", good))
    clean(
        said(phone, "/games/import", {"game_file": (io.BytesIO(b"\xff\xfe\x00"), "game.json")}, 400)
    )
    clean(said(phone, "/games/import", {}, 400))
    broken = {"game_file": (io.BytesIO(b"{no"), "game.json")}  # json's own words too
    clean(said(phone, "/games/import", broken, 400))


def test_stats_of_one_game(phone):
    start(phone)
    clean(phone.get("/stats").text)


def test_bids_left_out_are_said_at_once_in_spanish(phone):
    """The bids left out said together ('no bid yet from ...') in any language: the seat's
    name is the field's own, not read back from its English label."""
    phone.set_cookie("lang", "es")
    game = start(phone)
    page = said(phone, f"/games/{game}/bids", bid_form(1, (3, None, None, 3)), 400)
    assert "aún falta la apuesta de Ben y Cara" in page
