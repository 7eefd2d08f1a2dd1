"""Every button posts where it says (issue 39, finding 5): the director's "Start the
playoff" posted to the next round's address, because two routes shared one endpoint and
`url_for` built the other's URL. Two guards over the class:

- no two routes share an endpoint name (`url_for` then picks one of them);
- every page each link holder opens (scorer, seat, table, director, check-in, club
  manager, member, card, season), in each state that shows forms, is rendered and each
  <form> read with html.parser: its action must resolve, as a POST, to the view of the
  action its button names (BUTTONS below, from the button's words to the endpoint).
  A button not in the table fails the test: a new button says where it should go; and
  a row of the table no page showed fails it too (the states below reach every form:
  a hand undone, a phone's and a club's presets, a merge, a round whose tables are all
  over, a playoff table's winner named by the director, a table reopened, a night filed
  and a season's playoff night).

Checked by breaking it: the winner form pointed at close-round fails the test."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from urllib.parse import urlsplit

from werkzeug.exceptions import HTTPException

from scorepad.store.club_commands.filing import file_event
from scorepad.web.db import get_db
from tests.event_files import PAIRS, changed, game, seated, upload
from tests.event_helpers import Night
from tests.helpers import (
    bid_form,
    claim_seat,
    play,
    seat_bid,
    seat_links,
    start,
    tricks_form,
    ver,
    version_on_page,
)
from tests.ratings_club import club as simulated
from tests.test_clubs import _file_games, _make, _view
from tests.test_season_store import imported_night
from tests.test_season_web import _post, _season

# The words on a button (a regular expression matched whole) and the endpoints its form
# may post to (a few words are the same on pages of different families).
BUTTONS: dict[str, set[str]] = {
    r"Start the playoff \(top \d+\)": {"events.playoff"},
    r"Draw the next playoff round": {"events.playoff_next"},
    r"Draw round \d+": {"events.draw"},
    r"Start round \d+": {"events.start"},
    r"Cancel this draw": {"events.cancel"},
    r"Check in": {"events.check_in", "events.join"},
    r"Create the event": {"events.new"},
    r"Enter the final result": {"events.slip_totals"},
    r"Enter this hand": {"events.slip_hand"},
    r"Gone home|Back again": {"events.here"},
    r"Re-seat": {"events.reseat"},
    r"Reopen this table": {"events.reopen_chosen", "events.reopen_table"},
    r"Swap places": {"events.swap"},
    r"Yes, call time": {"events.call"},
    r"Yes, end this game": {"events.end_table"},
    r"Every table is over: close round \d+": {"events.close_round"},
    r"Close it again": {"events.close_table"},
    r"Send them through": {"events.winner"},
    r"Start game|Use this game": {"games.new"},
    r"Import": {"clubs.import_file", "events.import_event", "games.import_game"},
    r"Save bids": {"games.save_bids"},
    r"Save tricks": {"games.save_tricks"},
    r"Save hand \d+": {"games.edit_hand"},
    r"Yes, (cancel|undo|delete) (the (bids|tricks) of )?hand \d+": {"games.delete_hand"},
    r"Rematch( \(outside the night\))?": {"games.rematch"},
    r"Delete the game for good": {"manage.delete"},
    r"End the game": {"manage.end"},
    r"Save settings": {"manage.settings"},
    r"Save the adjustment": {"manage.adjust"},
    r"Save the dealer": {"manage.dealer"},
    r"Save the renege": {"manage.renege"},
    r"Put (it|hand \d+) back": {"manage.put_back"},
    r"Save these rules as a preset|Replace it": {"presets.save"},
    r"(Yes, r|R)eplace this link": {
        "clubs.replace_link",
        "clubs.replace_card",
        "seasons.replace_link",
        "events.replace_link",
    },
    r"Replace the (members'|manager's) link": {"clubs.replace_link"},
    r"Forget .+ on this phone": {"presets.forget"},
    r"Give each seat its own link|Turn seat links off.*": {"seats.toggle"},
    r"Hand .*'s seat to another phone": {"seats.release"},
    r"I am .+": {"seats.claim"},
    r"Save my bid": {"seats.seat"},
    r"Use this language": {"language.choose"},
    r"Make the club": {"clubs.new"},
    r"Bring it into the club": {"clubs.import_into"},
    r"File this (game|night)( into .+)?": {"clubs.file"},
    r"Keep off public lists|Show on public lists": {"clubs.hide"},
    r"Merge into one person": {"clubs.merge"},
    r"Split “.+” off": {"clubs.split"},
    r"Yes, undo it": {"clubs.undo"},
    r"Rename": {"clubs.rename", "clubs.rename_preset"},
    r"Delete (?!the ).+": {"clubs.delete_preset"},
    r"This is me|This is not me": {"clubs.me"},
    r"Keep me off the public lists|Show me on the public lists": {"clubs.lists"},
    r"Unfile|Take it out of the club|Yes, take this game out": {"clubs.unfile"},
    r"Yes, take this night out": {"clubs.unfile_night"},
    r"Make the season": {"seasons.new"},
    r"Add a night": {"seasons.night"},
    r"Move": {"seasons.move_entrant", "seasons.night"},
    r"Enter": {"seasons.add_entrant"},
    r"Take off": {"seasons.remove_entrant", "seasons.remove_night"},
    r"Save": {"seasons.edit"},
    r"Yes, close the season": {"seasons.close"},
    r"Yes, delete the season": {"seasons.delete"},
    r"Start its club night": {"seasons.start_night"},
    r"File it here": {"seasons.link_night"},
    r"Make it the playoff night": {"seasons.playoff"},
}


class Forms(HTMLParser):
    """The POST forms of a page: each one's action and the words of its buttons (a
    button's own `formaction` counted as a form of its own)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, list[str]]] = []
        self._form: tuple[str, list[str]] | None = None
        self._button: list[str] | None = None
        self._button_action: str | None = None
        self._by_id: dict[str, tuple[str, list[str]]] = {}  # a form by its id
        self._owner: str | None = None  # the id a button's `form` attribute names
        self._elsewhere: list[tuple[str, str]] = []  # (form id, words) of such buttons

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "form" and found.get("method", "get").lower() == "post":
            self._form = (found.get("action", ""), [])
            self.forms.append(self._form)
            if found.get("id"):
                self._by_id[found["id"]] = self._form
        elif tag == "form" and found.get("id"):  # a GET form: its buttons post nothing
            self._by_id[found["id"]] = ("", [])
        elif tag == "button" and "form" in found and found.get("type") != "button":
            # a button of the form its `form` attribute names, wherever it stands
            self._button, self._button_action, self._owner = [], None, found["form"]
        elif tag == "button" and self._form is not None and found.get("type") != "button":
            self._button, self._button_action = [], found.get("formaction")
        elif tag == "input" and self._form is not None and found.get("type") == "submit":
            self._add(found.get("value", ""), found.get("formaction"))

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None and self._owner is not None:
            self._elsewhere.append((self._owner, " ".join("".join(self._button).split())))
            self._button = self._owner = None
        elif tag == "button" and self._button is not None:
            self._add(" ".join("".join(self._button).split()), self._button_action)
            self._button = None
        elif tag == "form":
            self._form = None

    def close(self) -> None:
        """The page read: each button standing outside its form joins the form it names
        (one naming no form of the page: a form of no action, which takes no POST)."""
        super().close()
        for owner, words in self._elsewhere:
            if owner in self._by_id and self._by_id[owner] not in self.forms:
                continue  # a GET form's
            if owner not in self._by_id:
                self._by_id[owner] = (f"/no-form-with-the-id/{owner}", [])
                self.forms.append(self._by_id[owner])
            self._by_id[owner][1].append(words)

    def _add(self, words: str, formaction: str | None) -> None:
        assert self._form is not None
        if formaction is None:
            self._form[1].append(words)
        else:
            self.forms.append((formaction, [words]))


def test_no_two_routes_share_an_endpoint(app):
    named = Counter(rule.endpoint for rule in app.url_map.iter_rules())
    assert [name for name, count in named.items() if count > 1] == []


SKIPPED = re.compile(r"\.(csv|json|png|svg|ics|crt|js)$|/live$|/status$|^/static/")
HREF = re.compile(r'(?:href|action)="(?:http://localhost)?(/[^"#?]*)')


def _crawl(client, app, seeds: list[str], limit: int = 100) -> dict[str, str]:
    """The pages reached from `seeds` by their links (GET only), each page's HTML."""
    adapter = app.url_map.bind("localhost")
    pages: dict[str, str] = {}
    seen: set[str] = set()
    todo = list(seeds)
    while todo and len(pages) < limit:
        path = todo.pop(0)
        if path in seen or SKIPPED.search(path):
            continue
        seen.add(path)
        try:
            adapter.match(path, method="GET")
        except HTTPException:
            continue
        page = client.get(path)
        if page.status_code != 200 or page.mimetype != "text/html":
            continue
        pages[path] = page.get_data(as_text=True)
        todo += HREF.findall(pages[path])
    return pages


def _expected(words: str) -> set[str] | None:
    return next((ends for said, ends in BUTTONS.items() if re.fullmatch(said, words)), None)


class Checked:
    """The faults found so far, and the words of every button seen."""

    def __init__(self, app) -> None:
        self.app, self.faults, self.found = app, list[str](), set[str]()

    def pages(self, client, *seeds: str) -> None:
        """The pages reached from `seeds` now, each form's action against its buttons."""
        adapter = self.app.url_map.bind("localhost")
        for path, html in _crawl(client, self.app, list(seeds)).items():
            parser = Forms()
            parser.feed(html)
            parser.close()
            for action, buttons in parser.forms:
                target = urlsplit(action.replace("&amp;", "&")).path or path
                try:
                    endpoint, _ = adapter.match(target, method="POST")
                except HTTPException:
                    self.faults.append(f"{path}: a form posts to {target}, which takes no POST")
                    continue
                for words in buttons:
                    self.found.add(words)
                    expected = _expected(words)
                    if expected is None:
                        self.faults.append(f"{path}: the button {words!r} is not in BUTTONS")
                    elif endpoint not in expected:
                        self.faults.append(
                            f"{path}: {words!r} posts to {endpoint}, not {sorted(expected)}"
                        )


def _games(client, app, checked: Checked) -> None:
    """A game at each step that shows forms: bids, tricks, after a hand, finished; a
    seat phone before and after its claim."""
    game = start(client)
    checked.pages(client, f"/games/{game}", "/games/new", "/games")
    client.post(f"/games/{game}/bids", data=bid_form(1, (3, 3, 3, 3)))
    checked.pages(client, f"/games/{game}")
    version = version_on_page(client, game)
    client.post(f"/games/{game}/tricks", data=tricks_form(1, version, (4, 2, 4, 3)))
    checked.pages(client, f"/games/{game}")
    over = start(client, target="custom", custom_target="50")
    play(client, over, 1, (4, 3, 4, 3), (5, 3, 4, 1))
    checked.pages(client, f"/games/{over}")
    undone = start(client)  # a hand undone: its "Put it back"
    play(client, undone, 1, (4, 3, 4, 3), (5, 3, 4, 1))
    client.post(
        f"/games/{undone}/hands/1/delete", data={"number": "1", "version": ver(app, undone, 1)}
    )
    checked.pages(client, f"/games/{undone}")
    kept = start(client, target="custom", custom_target="350")  # a phone's own preset
    client.post(f"/games/{kept}/preset", data={"name": "Cabin"})
    checked.pages(client, "/games/new", "/presets")
    seated = start(client)
    links = seat_links(client, seated)
    phone = app.test_client()
    checked.pages(phone, f"/seat/{links[0]}")
    claim_seat(phone, links[0])
    checked.pages(phone, f"/seat/{links[0]}")
    checked.pages(client, f"/games/{seated}")
    seat_bid(phone, links[0], 3)  # one seat's bid in: the scorer enters the rest
    checked.pages(client, f"/games/{seated}")


def _nights(client, app, checked: Checked) -> None:
    """A night at each of its director's steps: check-in, drawn, started, a round done,
    the playoff drawn and started, over; its table's page and the players' check-in."""
    night = Night(client, app, name="Playoff night", rounds=1, playoff=4)
    here = f"/events/{night.id}"
    checked.pages(client, here)
    for pair in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
        night.check_in(*pair)
    checked.pages(client, here)
    # the players' check-in, linked until round 1 is drawn
    join = re.search(r"/events/join/([\w-]+)", client.get(here).get_data(as_text=True))
    assert join, "the director's page links the players' check-in"
    checked.pages(app.test_client(), join.group(0))
    night.act("draw", "Round drawn")
    checked.pages(client, here)
    night.act("start", "Round started")
    checked.pages(client, here, f"/events/table/{night.round()[0].game_id}")
    night.play_round()
    checked.pages(client, here)
    night.start_playoff()
    checked.pages(client, here)
    night.play_round()
    checked.pages(client, here)
    night.next_playoff_round()
    night.play_round()
    checked.pages(client, here)
    _lost_and_reopened(client, app, checked)


def _lost_and_reopened(client, app, checked: Checked) -> None:
    """A night whose tables' games were deleted: a round whose last table playing lost its
    game (done with it), a playoff table whose winner the director names; then a done
    round's table reopened, to close again. And a night brought in from its file with a
    round every table of which is over, for the director to close."""
    night = Night(client, app, name="Lost tables", rounds=2, playoff=4, target=100)
    here = f"/events/{night.id}"
    for pair in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
        night.check_in(*pair)
    night.draw_and_start()
    one, two = night.round()
    night.finish(two.game_id)
    client.post(f"/games/{one.game_id}/delete", data={"version": night.game(one.game_id).revision})
    checked.pages(client, here)
    night.draw_and_start()
    night.play_round()
    night.start_playoff()
    one, two = night.round()
    night.finish(two.game_id)
    client.post(f"/games/{one.game_id}/delete", data={"version": night.game(one.game_id).revision})
    checked.pages(client, here)
    client.post(f"{here}/rounds/2/tables/1/reopen", data={"revision": night.revision()})
    checked.pages(client, here, f"{here}/reopened")
    names = dict(enumerate(PAIRS, 1))

    def all_over(doc: dict) -> None:  # round 2's games each won in their first hand
        for match in doc["matches"]:
            if match["round"] == 2 and match["game"] is not None:
                match["game"] = game(seated(names, match["sides"]), 1, target=50)

    brought = upload(client, changed("pairs", all_over))
    assert brought.status_code == 302, brought.get_data(as_text=True)
    checked.pages(client, brought.headers["Location"])


def _clubs(client, app, checked: Checked) -> None:
    """A club with games and a season: its manager's, members', card and season pages."""
    club_id = _make(client)
    _, played = simulated(29, players=6, games=8)
    _file_games(app, club_id, played)
    season_id = _season(client, club_id)
    _post(client, app, club_id, season_id, "entrants", player_0="Ann", player_1="Bo", division=0)
    _post(client, app, club_id, season_id, "nights", day="2026-01-09", venue="Anchor")
    _post(client, app, club_id, season_id, "nights", day="2026-01-16", venue="Anchor")
    checked.pages(client, f"/clubs/{club_id}", f"/seasons/c/{club_id}/{season_id}", "/clubs/new")
    view = _view(app, club_id)
    member = app.test_client()
    card = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token(view.members[0].anchor)}"
    checked.pages(member, f"/clubs/m/{view.club.members_token}", card)
    member.post(f"{card}/me")
    checked.pages(member, card)
    # a merge (its Undo and Split), a club preset (Rename, Delete), a filed night (taken
    # out; linked to the season), then the season's playoff night
    _file_games(app, club_id, [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)])
    _file_games(app, club_id, [((("Annie", "Cy"), ("Bo", "Di")), 0, 0.5)])
    revision = _view(app, club_id).club.revision
    client.post(
        f"/clubs/{club_id}/merge", data={"into": "ann", "other": "annie", "revision": revision}
    )
    game_id = start(client, target="custom", custom_target="300")
    client.post(f"/games/{game_id}/preset", data={"name": "League", "club": club_id})
    with app.app_context():
        event_id = imported_night(get_db())
        file_event(get_db(), club_id, event_id)
    checked.pages(client, f"/clubs/{club_id}", f"/seasons/c/{club_id}/{season_id}")
    _post(client, app, club_id, season_id, "nights/link", number="1", event=event_id)
    form = {"name": "Winter League", "kind": "pairs", "divisions": "A", "playoff": "2"}
    _post(client, app, club_id, season_id, "edit", fixtures="season", **form)
    checked.pages(client, f"/seasons/c/{club_id}/{season_id}")
    # the filed night's director's page, opened by its own link (the manager's pages name
    # the night by its screen link: they run no night)
    checked.pages(client, f"/events/{event_id}")


def test_every_form_posts_to_the_view_its_button_names(app, client):
    checked = Checked(app)
    _games(client, app, checked)
    _nights(client, app, checked)
    _clubs(client, app, checked)
    assert checked.faults == []
    # every row of BUTTONS was met on a page: the states above show every form there is
    unseen = [said for said in BUTTONS if not any(re.fullmatch(said, w) for w in checked.found)]
    assert unseen == []
