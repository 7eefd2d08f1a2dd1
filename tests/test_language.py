"""The language each phone reads scorepad in (issue 31): its cookie, set by the language
page's POST form, else its browser's Accept-Language, else English; never kept in a game."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from tests import pseudo
from tests.helpers import new_game_form, start, text
from tests.live import ROOT

pseudo.compile_shipped()
SPANISH = ROOT / "scorepad" / "translations" / "es" / "LC_MESSAGES" / "messages.po"
_PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sd]|\{[a-z]+\}")


def test_english_is_the_default(client):
    page = client.get("/games")
    assert '<html lang="en"' in page.get_data(as_text=True)
    assert "New game" in text(page)


def test_the_browser_language_picks_spanish(client):
    page = client.get("/games", headers={"Accept-Language": "es-MX,es;q=0.9,en;q=0.5"})
    assert '<html lang="es"' in page.get_data(as_text=True)
    assert "Partida nueva" in text(page)


def test_an_unknown_browser_language_falls_back_to_english(client):
    page = client.get("/games", headers={"Accept-Language": "de-DE,fr;q=0.8"})
    assert "New game" in text(page)


def test_the_chooser_keeps_the_language_on_the_phone(client):
    assert client.get("/language?next=/stats").status_code == 200
    answer = client.post("/language", data={"lang": "es", "next": "/stats"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/stats"
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("lang=es;") and "Max-Age=31536000" in cookie
    page = client.get("/games", headers={"Accept-Language": "en"})
    assert "Partida nueva" in text(page)


def test_the_chooser_goes_back_to_this_site_only(client):
    for far in ("https://evil.example/", "//evil.example/", "evil", "/\\evil.example/", "/\t/x"):
        answer = client.post("/language", data={"lang": "es", "next": far})
        assert answer.headers["Location"] == "/"


def test_the_chooser_opened_from_its_own_foot_still_goes_back_where_the_phone_was(client):
    """The language page's foot links the chooser too, with the chooser itself to go back
    to: choosing there returns to the page the phone came from, not to the chooser."""
    first = text(client.get("/language?next=/stats"))
    foot = re.search(r'href="(/language\?next=[^"]+)"', client.get("/language?next=/stats").text)
    assert first and foot
    page = client.get(foot.group(1).replace("&amp;", "&"))
    chosen = re.search(r'name="next"[^>]*value="([^"]*)"', page.text)
    assert chosen and chosen.group(1) == "/stats"
    answer = client.post("/language", data={"lang": "es", "next": "/language?next=%2Fstats"})
    assert answer.headers["Location"] == "/stats"
    far = client.post("/language", data={"lang": "es", "next": "/language?next=//evil.example"})
    assert far.headers["Location"] == "/"


def test_an_unknown_language_is_not_kept(client):
    answer = client.post("/language", data={"lang": "xx"})
    assert "Set-Cookie" not in answer.headers


def test_a_get_sets_no_language(client):
    answer = client.get("/language?lang=es")
    assert "lang=" not in answer.headers.get("Set-Cookie", "")


def test_the_chooser_needs_its_form_token(guarded_app):
    client = guarded_app.test_client()
    assert client.post("/language", data={"lang": "es"}).status_code == 400


def test_a_game_page_speaks_each_phones_language(client):
    game_id = start(client)
    english = client.get(f"/games/{game_id}")
    spanish = client.get(f"/games/{game_id}", headers={"Accept-Language": "es"})
    again = client.get(f"/games/{game_id}")
    assert "New game" in text(english) and "New game" in text(again)
    assert "Partida nueva" in text(spanish)


def test_the_blind_contract_box_says_a_choice_for_this_hand_in_spanish(client):
    """The box a side ticks before saving its bids says it bids blind now ("apuesta a
    ciegas"), not that it did ("apostó"), in Spanish as in English."""
    game_id = start(client, rule_blind_bid="6", rule_blind_bid_trailing_by="0")
    page = text(client.get(f"/games/{game_id}", headers={"Accept-Language": "es"}))
    assert "Alice & Cara apuesta a ciegas" in page and "Ben & Dev apuesta a ciegas" in page
    assert "apostó a ciegas" not in page


def _spanish():
    with SPANISH.open("rb") as source:
        return read_po(source)


def test_every_message_of_the_catalogue_has_its_spanish():
    """No empty msgstr, no fuzzy one, and the catalogue holds every message extracted."""
    catalog = _spanish()
    with pseudo.TEMPLATE.open("rb") as source:
        template = read_po(source)
    assert {m.id for m in template if m.id} <= {m.id for m in catalog if m.id}
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), message.id
        assert not message.fuzzy, message.id


def test_each_spanish_message_keeps_its_placeholders():
    for message in _spanish():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(_PLACEHOLDER.findall(ids[-1]))  # each kept, if not as many times
        for string in strings:
            assert set(_PLACEHOLDER.findall(string)) == wanted, message.id


def test_the_manager_has_one_spanish_name():
    """A club's or a season's manager is 'el responsable' in every Spanish message, never
    'el administrador' on one page (the club's games page said so, going back)."""
    for message in _spanish():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not any("manager" in i for i in ids):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            assert "responsable" in string and "administrador" not in string, message.id


def test_the_club_games_page_goes_back_to_the_responsables_page(client):
    made = client.post("/clubs/new", data={"name": "Friday Spades"})
    club_id = made.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/clubs/{club_id}/games", headers={"Accept-Language": "es"})
    assert page.status_code == 200
    assert "Volver a la página del responsable" in text(page)


def test_counted_words_have_their_spanish_plurals(app):
    from scorepad.web.words import plural

    with app.test_request_context(headers={"Accept-Language": "es"}):
        assert plural(1, "bag") == "1 bolsa"
        assert plural(3, "bag") == "3 bolsas"
        assert plural(0, "hand") == "0 manos"
    with app.test_request_context():
        assert plural(1, "bag") == "1 bag" and plural(2, "trick") == "2 tricks"


def test_the_script_gets_its_words_from_the_page(client):
    """app.js says nothing of its own: the page hands its phrases over, in its language."""
    page = client.get("/games", headers={"Accept-Language": "es"}).get_data(as_text=True)
    block = re.search(r'<script type="application/json" id="words">(.*?)</script>', page)
    assert block and "Guardando" in block.group(1)
    script = (ROOT / "static" / "app.js").read_text()
    assert "Saving" not in script and "No connection" not in script


def test_a_negative_score_takes_its_language_s_minus_sign_from_babel(app):
    """Babel's locale data names each language's minus sign: the hyphen-minus of English
    and Spanish is drawn as the true minus, another sign (Persian's, with its
    left-to-right mark) as it is; scores are never grouped."""
    from scorepad.web import words

    app.config["LANGUAGES"] = {"en": "English", "es": "Español", "fa": "فارسی"}
    shown = {}
    for code in ("en", "es", "fa"):
        with app.test_request_context(headers={"Cookie": f"lang={code}"}):
            shown[code] = (words.number(-130), words.number(1250), words.signed(-5))
    assert shown["en"] == shown["es"] == ("\u2212130", "1250", "\u22125")
    assert shown["fa"] == ("\u200e\u2212130", "1250", "\u200e\u22125")


def test_scorepad_says_its_words_through_the_requests_kept_catalogue():
    """Only web/catalogue.py takes gettext from Flask-Babel: every other module says its
    words through the catalogue found once a request."""
    import ast

    from tests.live import ROOT

    looked_up = {"gettext", "ngettext", "pgettext", "lazy_gettext", "lazy_ngettext", "get_locale"}
    found = []
    for path in sorted((ROOT / "scorepad").rglob("*.py")):
        if path.name == "catalogue.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "flask_babel":
                found += [f"{path.name}: {a.name}" for a in node.names if a.name in looked_up]
    assert found == []


def test_the_kept_catalogue_follows_force_locale_and_comes_back(app):
    from flask import render_template_string
    from flask_babel import force_locale

    from scorepad.web.catalogue import gettext

    with app.test_request_context(headers={"Accept-Language": "es"}):
        spanish = gettext("New game")
        assert spanish != "New game"
        with force_locale("en"):
            assert gettext("New game") == "New game"
            assert render_template_string("{{ _('New game') }}") == "New game"
        assert gettext("New game") == spanish
        assert render_template_string("{{ _('New game') }}") == spanish


def test_a_hand_looks_its_words_up_once_a_request_and_reads_no_catalogue(client, monkeypatch):
    """Issue 40: a request binds its catalogue on its first string; every other string of
    it, in Python and in the templates, reads the bound one. No request of a hand reads a
    catalogue from disk (WTForms says an unlabelled field's name through its own, loaded
    once a request), in Spanish as in English."""
    import flask_babel
    from babel import support

    from tests.helpers import bid_form, tricks_form, version_on_page

    looked, loaded = [], []
    real_locale, real_load = flask_babel.get_locale, support.Translations.load
    monkeypatch.setattr(flask_babel, "get_locale", lambda: looked.append(1) or real_locale())
    monkeypatch.setattr(
        support.Translations, "load", lambda *a, **k: loaded.append(a) or real_load(*a, **k)
    )
    for code in ("es", "en"):
        client.set_cookie("lang", code)
        game_id = start(client)
        for number in (1, 2):  # the first hand warms what a process loads once
            looked.clear(), loaded.clear()
            client.post(f"/games/{game_id}/bids", data=bid_form(number, (3, 3, 3, 4)))
            page = client.get(f"/games/{game_id}")
            version = version_on_page(client, game_id)
            client.post(f"/games/{game_id}/tricks", data=tricks_form(number, version, (3, 3, 3, 4)))
            client.get(f"/games/{game_id}")
        assert ("Partida nueva" if code == "es" else "New game") in text(page)
        assert loaded == []
        assert len(looked) <= 5 * 2, len(looked)  # five requests: two look-ups each at most


SOURCES = (
    "{{ _('New game') }}",
    "{{ _('Ann & Cy <b>') }}|{{ gettext('50%% off') }}|{{ _('to %(target)s', target='<5>') }}",
    "{% autoescape false %}{{ _('Ann & Cy <b>') }}{% endautoescape %}{{ _('Ann & Cy <b>') }}",
    "{% set label = _('Save bids') %}{{ label }}",
    "{% macro m() %}{{ _('Rules') }}{% endmacro %}{{ m() }}",
    "{% for _ in ['<i>'] %}{{ _ }}{% endfor %}",
    # words with variables: found when compiled, the variables put in when drawn
    "{% for n in [1, '<2>'] %}{{ _('Fix hand %(number)s', number=n) }}{% endfor %}",
    "{% autoescape false %}{{ _('Fix hand %(number)s', number='<b>') }}{% endautoescape %}",
    "{{ _('%(won)s of %(games)s', won=_('Rules'), games='50%') }}|{{ _('50%% of %(n)s', n=2) }}",
    "{% macro m(x) %}{{ _('Hand %(number)s: bids', number=x) }}{% endmacro %}{{ m('&') }}",
    # each value escaped as it is put in, once where it is put twice, unused ones left out
    "{{ _('%(a)s, %(a)s', a='<&>', b='<unused>') }}|{{ _('%(a)s', a=none) }}",
    "{% set m = _('Rules') %}{{ _('%(a)s then %(b)s', a=m, b=0) }}",
    "{{ _('Hand %(number)d of %(name)s', number=3, name='<x>') }}",  # a %d: drawn as Jinja
    # drawn straight into the page, or inside an expression (a filter, a join, an argument)
    "<p>{{ _('to %(target)s', target=t) }} & {{ _('to %(target)s', target=t)|upper }}</p>",
    "{{ 'x' ~ _('to %(target)s', target=t) }}|{{ [_('to %(target)s', target=1)]|join }}",
    "{{ _('to %(target)s', target=missing) }}|{{ _('%(a)s%%%(a)s', a='<') }}",
)


def test_words_said_when_a_template_is_compiled_are_what_jinja_would_draw(app):
    """Issue 40: a template's words are found once, when it is compiled for the request's
    language (words with variables too: only the variables are put in when drawn); what
    it draws is what Jinja's own newstyle gettext draws, escaped or not, in a macro, in an
    {% autoescape %} block, or where `_` is a loop's name."""
    from flask import render_template_string
    from jinja2 import Environment

    from scorepad.web.catalogue import translations

    for code in ("es", "en", "es"):
        with app.test_request_context(headers={"Cookie": f"lang={code}"}):
            jinja = Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
            jinja.install_gettext_translations(translations(), newstyle=True)  # type: ignore[attr-defined]
            for source in SOURCES:
                drawn = jinja.from_string(source).render(t="<T&>")
                assert render_template_string(source, t="<T&>") == drawn
            assert render_template_string(SOURCES[0]) == (
                "Partida nueva" if code == "es" else "New game"
            )


def test_no_template_gives_gettext_a_meaning_of_its_own(app):
    """A template that binds `_` or `gettext` (`{% set _ = list.append(x) %}`) is compiled
    as Jinja would, every word of it looked up when drawn: none of scorepad's does, so
    every page's words are said when it is compiled."""
    from scorepad.web.catalogue import _binds_said

    env = app.jinja_env
    names = [n for n in env.list_templates() if n.endswith((".html", ".js", ".svg"))]
    assert len(names) > 50
    binding = [n for n in names if _binds_said(env.parse(env.loader.get_source(env, n)[0]))]
    assert binding == []


def test_a_page_says_its_language_and_that_it_varies_with_the_phones_choice(client):
    english = client.get("/games/new", headers={"Accept-Language": "en"})
    assert english.headers["Content-Language"] == "en"
    assert {"Cookie", "Accept-Language"} <= set(english.vary)
    client.set_cookie("lang", "es")
    spanish = client.get("/games/new", headers={"Accept-Language": "en"})
    assert spanish.headers["Content-Language"] == "es"
    assert '<html lang="es"' in spanish.get_data(as_text=True)
    assert spanish.headers["ETag"] != english.headers["ETag"]
    # a redirect's few words are werkzeug's English, and where it leads is one place
    made = client.post("/games/new", data=new_game_form())
    assert made.status_code == 302 and "Content-Language" not in made.headers
    assert "Accept-Language" not in made.vary


def test_who_won_is_said_in_lower_case_after_a_colon_in_spanish(client):
    """Spanish writes on in lower case after a colon: 'Fin de la partida: ganaron Alice &
    Cara', 'Fin de la partida: ganaron ... .' in the status line; standing alone (the games
    list) and at a sentence's start (the recap) it starts with a capital."""
    from tests.helpers import play

    client.set_cookie("lang", "es")
    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [7, 3, 6, 3], [7, 0, 6, 0])
    answer = client.get(f"/games/{game_id}")
    assert "Fin de la partida: ganaron Alice & Cara" in text(answer)
    assert 'data-text="Ganaron Alice &amp; Cara 130' in answer.text  # the recap shared
    assert "Ganaron Alice & Cara" in text(client.get("/games"))
    client.set_cookie("lang", "en")
    assert "Game over: Alice & Cara win" in text(client.get(f"/games/{game_id}"))


def test_a_language_finds_each_of_its_words_once_and_keeps_them_apart(app, monkeypatch):
    """Issue 40: what a string (and a count) says in Spanish is found in the catalogue
    once and kept for Spanish only, at most SAID_KEPT of them; force_locale still reads
    the other language, and English is said as written, with nothing kept."""
    from flask_babel import force_locale

    from scorepad.web import catalogue

    with app.test_request_context(headers={"Accept-Language": "es"}):
        catalogue.translations()  # the request's words bound
        words = catalogue.translations()
        looked = []
        real = type(words).ugettext
        monkeypatch.setattr(
            type(words), "ugettext", lambda self, s: looked.append(s) or real(self, s)
        )
        first, again = catalogue.gettext("New game"), catalogue.gettext("New game")
        assert first == again != "New game" and looked.count("New game") == 1
        one = catalogue.ngettext("%(num)d hand", "%(num)d hands", 1)
        two = catalogue.ngettext("%(num)d hand", "%(num)d hands", 2)
        assert (one, two) == ("1 mano", "2 manos")
        assert catalogue.ngettext("%(num)d hand", "%(num)d hands", 1) == one
        with force_locale("en"):
            assert catalogue.gettext("New game") == "New game"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert catalogue.gettext("New game") == "New game"
        assert catalogue.ngettext("%(num)d hand", "%(num)d hands", 2) == "2 hands"
    monkeypatch.setattr(catalogue, "SAID_KEPT", 3)
    with app.test_request_context(headers={"Accept-Language": "es"}):
        for word in ("New game", "Save bids", "Save tricks", "Game settings", "New game"):
            catalogue.gettext(word)
        kept = app.extensions[catalogue.LOADED]["es"][1]
        assert 0 < len(kept) <= 3 and catalogue.gettext("New game") == first
