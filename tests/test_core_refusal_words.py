"""The core's refusals said in the phone's language (issue 31). A `GameError` keeps its
English as ever (`str(err)`, `detail`: the command line, the files, the tests) and carries
its message's template and values (`detail` is a `Phrase`); `web/words/core_words` says it
in the page's language: the catalogue's template, the values put in, the hand and field."""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale

from scorepad.core.checks import check_bids
from scorepad.core.club import EMPTY, rename
from scorepad.core.errors import GameError, Phrase
from scorepad.core.names import check_names
from scorepad.core.records import make_table
from scorepad.core.rules import Rules, validate_rules
from scorepad.core.scoring import end_early, score_game
from scorepad.core.tricks import check_tricks
from scorepad.store.club_commands.outcomes import ClubRefused
from scorepad.web.words.clubs import club_words
from scorepad.web.words.core_words import beside, core_text, field_text, not_saved, refusal
from tests import pseudo
from tests.helpers import bid_form, form_token, new_game_form, seat_links, start, text
from tests.live import ROOT
from tests.test_pseudo_language import english_left

pseudo.compile_shipped()
_PO = ROOT / "scorepad" / "translations" / "es" / "LC_MESSAGES" / "messages.po"
with open(_PO, "rb") as _file:
    SPANISH = {m.id: m.string for m in read_po(_file) if m.id}
TABLE = make_table("partnership", ["Alice", "Ben", "Cara", "Dev"], 0)


def _refusal(call) -> GameError:
    with pytest.raises(GameError) as caught:
        call()
    return caught.value


# Each kind of core refusal: how the core makes it, its English (as ever), its Spanish.
KINDS = {
    "fixed": (
        lambda: end_early(score_game(TABLE, Rules(), [])),
        "ended: a game can be ended only after a played hand",
        "final de la partida: una partida solo se puede terminar después de una mano jugada",
    ),
    "numbers": (
        lambda: validate_rules({"target": 5}),
        "rules.target: must be from 50 to 2000, not 5",
        "Meta: debe ser de 50 a 2000, no 5",
    ),
    "a name": (
        lambda: check_bids(TABLE, Rules(nil=False), ["nil", 3, 3, 3], [0, 0], 2),
        "hand 2: bids: Alice bid nil, but nil is off in this game",
        "mano 2: apuestas: Alice apostó nil, pero el nil no se juega en esta partida",
    ),
    "a repr": (
        lambda: check_bids(TABLE, Rules(), [14, 3, 3, 3], [0, 0], 1),
        "hand 1: bids: Alice's bid must be nil, blind_nil or 1 to 13, not 14",
        "mano 1: apuestas: la apuesta de Alice debe ser nil, nil a ciegas o de 1 a 13, no 14",
    ),
    "tricks total": (
        lambda: check_tricks(TABLE, [4, 3, 3, 2], 3),
        "hand 3: tricks add up to 12, expected 13",
        "mano 3: bazas: suman 12; se esperaban 13",
    ),
    "a rule's refusal": (
        lambda: check_bids(TABLE, Rules(double_nil=False), ["nil", 3, "nil", 3], [0, 0], 1),
        "hand 1: bids: Alice & Cara may not both bid nil in this game",
        "mano 1: apuestas: en esta partida los dos de Alice & Cara no pueden apostar nil",
    ),
    "a phrase inside": (
        lambda: check_names(["Alice", "B\x07n"]),
        "players: the name of seat 1 has a control character (U+0007)",
        "jugadores: el nombre del asiento 1 tiene un carácter de control (U+0007)",
    ),
    "the rules whole": (
        lambda: validate_rules([1]),  # type: ignore[arg-type]
        "rules.*: must be an object of house rules",
        "reglas de la casa: debe ser un objeto de reglas de la casa",
    ),
    "a mode": (
        lambda: make_table("cutthroat", ["Alice"], 0),
        "players: cutthroat is played by 2, 3 or 4 players, not 1",
        "jugadores: una partida individual se juega con 2, 3 o 4 jugadores, no con 1",
    ),
}


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_refusal_keeps_its_english_and_says_its_spanish(kind, app):
    make, english, spanish = KINDS[kind]
    err = _refusal(make)
    assert str(err) == english  # the command line, the files and the tests, as ever
    detail = err.detail
    assert isinstance(detail, Phrase) and detail.template in SPANISH
    assert detail == (detail.template % detail.values if detail.values else detail.template)
    with app.test_request_context():
        with force_locale("en"):
            assert refusal(err) == english
            assert core_text(detail) == detail
        with force_locale("es"):
            assert refusal(err) == spanish
            values = {
                k: core_text(v) if isinstance(v, Phrase) else v for k, v in detail.values.items()
            }
            said = SPANISH[detail.template] % values if values else SPANISH[detail.template]
            assert core_text(detail) == said  # the catalogue's, with the values in place


def test_a_field_beside_its_refusal_and_above_a_form(app):
    err = _refusal(KINDS["numbers"][0])
    with app.test_request_context():
        with force_locale("es"):
            assert beside(err) == "debe ser de 50 a 2000, no 5"
            assert not_saved(core_text(err.detail), 3) == "No se guardó: mano 3: " + beside(err)
            assert field_text("tricks_by") == "bazas contadas por"
            assert field_text("entrants[2].players") == "entrants[2].players"  # a file's key
        with force_locale("en"):
            assert field_text("side_tricks") == "side_tricks"  # as str(err) says it
            assert not_saved("must be text", 3) == "Not saved: hand 3: must be text"


@pytest.fixture(params=["es", pseudo.CODE])
def phone(request, tmp_path, migrated):
    """A phone reading scorepad in Spanish, then in the pseudo-language."""
    client = pseudo.phone_in(pseudo.app_speaking(tmp_path, migrated), request.param)
    client.lang = request.param
    return client


_REFUSALS = re.compile(r'<(span|p)\b[^>]*(?:class="error"|role="alert")[^>]*>(.*?)</\1>', re.S)


def _no_english(phone, body: str, spanish: str) -> None:
    """The page's refusals (beside a field, above the form, a flash, an error page) in the
    phone's language: the Spanish said, no English word left in the pseudo-language."""
    said = " ".join(html.unescape(inner) for _, inner in _REFUSALS.findall(body))
    assert said.strip(), "the page shows no refusal"
    if phone.lang == "es":
        assert spanish in " ".join(said.split()), said
    else:
        assert not english_left(said), (sorted(english_left(said)), said)


def test_a_hand_s_bids_the_core_refuses(phone):
    game = _no_double_nil(phone)
    answer = phone.post(f"/games/{game}/bids", data=bid_form(1, ["nil", 3, "nil", 3]))
    assert answer.status_code == 400
    body = answer.get_data(as_text=True)
    _no_english(phone, body, "En esta partida los dos de Alice & Cara no pueden apostar nil")


def _no_double_nil(phone) -> str:
    data = new_game_form()
    data.pop("rule_double_nil")
    answer = phone.post("/games/new", data=data)
    assert answer.status_code == 302
    return answer.headers["Location"].rsplit("/", 1)[-1]


def test_a_preset_link_refused(phone):
    answer = phone.get("/presets/share?preset=nothing-such")
    assert answer.status_code == 400
    _no_english(phone, answer.get_data(as_text=True), "plantilla: no es una plantilla")


def test_a_settings_change_the_core_refuses(phone):
    game = start(phone)
    page = phone.get(f"/games/{game}/settings").get_data(as_text=True)
    form = dict(re.findall(r'name="([\w-]+)"[^>]*value="([^"]*)"', page))
    form.update({"player_0": "Alice", "player_1": "B\u200en", "player_2": "Cara"})
    form["player_3"] = "Dev"
    answer = phone.post(f"/games/{game}/settings", data=form)
    assert answer.status_code == 400, answer.status_code
    _no_english(phone, answer.get_data(as_text=True), "tiene un carácter de formato invisible")


def test_a_seat_link_s_bids_sent_without_one(phone):
    game = start(phone)
    seat_links(phone, game)
    answer = phone.post(f"/games/{game}/seat-bids", data={}, follow_redirects=True)
    _no_english(phone, answer.get_data(as_text=True), "No se guardó: elige una apuesta")


def test_a_game_file_refused_whole(phone):
    sent = {"game_file": (io.BytesIO(b"\xff\xfe not text"), "game.json")}
    answer = phone.post("/games/import", data=sent)
    assert answer.status_code == 400
    _no_english(phone, answer.get_data(as_text=True), "no es texto UTF-8")


def test_a_game_file_s_key_is_named_as_the_file_writes_it(phone):
    """A refusal beside the upload starts with the file's key, never capitalised as a
    sentence is ("First_dealer: must be a seat")."""
    doc = {"format": "scorepad/1", "mode": "partnership", "players": ["A", "B", "C", "D"]}
    body = json.dumps({**doc, "first_dealer": "x", "hands": []}).encode()
    answer = phone.post("/games/import", data={"game_file": (io.BytesIO(body), "g.json")})
    assert answer.status_code == 400
    said = text(answer)
    assert "first_dealer: " in said and "First_dealer" not in said


# An event or club file refused whole (not JSON, not UTF-8, not a scorepad file of its
# kind) is said in the page's language, as a game file's is (docs/languages.md); each
# refusal with the Spanish it says, the English kept by `str(err)` for the command line.
WHOLE_FILES = [
    ("/events/import", b"not json", "no es JSON: se esperaba un valor: línea 1"),
    ("/events/import", b'{"settings": ', "no es JSON: se esperaba un valor: línea 1"),
    ("/events/import", b"\xff\xfe\x00", "no es texto UTF-8"),
    ("/events/import", b"[]", "no es un archivo de torneo de scorepad (versión 1)"),
    ("/events/import", b'{"scorepad_event": 2}', "no es un archivo de torneo de scorepad"),
    ("/clubs/import", b'{"scorepad_club": 2}', "no es un archivo de club de scorepad (versión 1)"),
    ("/clubs/import", b"[]", "no es un archivo de club de scorepad (versión 1)"),
]


@pytest.fixture(params=["es", pseudo.CODE])
def guarded_phone(request, tmp_path, migrated):
    """A phone reading scorepad in Spanish, then in the pseudo-language, CSRF on."""
    app = pseudo.app_speaking(tmp_path, migrated, WTF_CSRF_ENABLED=True)
    client = pseudo.phone_in(app, request.param)
    client.lang = request.param
    return client


@pytest.mark.parametrize(("page", "body", "spanish"), WHOLE_FILES)
def test_an_event_or_club_file_refused_whole(guarded_phone, page, body, spanish):
    token = form_token(guarded_phone.get(page))
    sent = {"csrf_token": token, "file": (io.BytesIO(body), "night.json")}
    answer = guarded_phone.post(page, data=sent, content_type="multipart/form-data")
    assert answer.status_code == 400
    body = answer.get_data(as_text=True)
    # a marker refused is named by its key: a file's key, kept as the file writes it
    _no_english(guarded_phone, re.sub(r"scorepad_(club|event)", "", body), spanish)


@pytest.mark.parametrize(
    ("body", "english"),
    [
        (b"not json", "file: is not JSON: Expecting value: line 1 column 1 (char 0)"),
        (b"[]", "scorepad_event: is not a scorepad event file (version 1)"),
        (b"\xff\xfe\x00", "file: is not UTF-8 text"),
    ],
)
def test_an_event_file_refused_whole_keeps_its_english_in_str(body, english):
    from scorepad.files import event as eventfile

    assert str(_refusal(lambda: eventfile.loads(body))) == english


def test_a_club_s_rename_refused_names_the_problem_in_spanish(app):
    """A name's problem inside the refusal of that name: both said in Spanish."""
    err = _refusal(lambda: rename(EMPTY, {"alice"}, "alice", "Al\u200bice"))
    assert str(err) == "name: the new name has an invisible formatting character (U+200B)"
    with app.test_request_context(), force_locale("es"):
        said = club_words(ClubRefused("rename", field=err.field, cause=err))
    assert "el nombre nuevo tiene un carácter de formato invisible (U+200B)" in said
