"""A table that never stops when the network does (docs/offline.md), attacked at phone
size with real sockets: a phone's network cut by a proxy (tests/browser/proxy.py) while
another phone saves the same hand, the saves waiting behind a refused one; each entry
goes on the game only as the phone saw it, never on what another phone made of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests import reference_scorer
from tests.browser.flows import choose, enter_bids, enter_tricks, press, start_game
from tests.browser.helpers import PHONE, shot
from tests.browser.proxy import Proxy
from tests.browser.speech import say, speak
from tests.browser.test_outbox_plain_http import by_name
from tests.browser.test_outbox_races import seat_links_on
from tests.event_helpers import director_act, hands_at_each_table, night_started
from tests.live import Phone

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
BACK = 70_000  # retries wait 2, 4, 8 ... 60 s: the next one after the network is back


@pytest.fixture
def network(own_server):
    """The waiting phone's network to the server: a proxy the test can cut."""
    proxy = Proxy(("127.0.0.1", own_server.port))
    yield proxy
    proxy.close()


def hands_saved(page: Page, url: str) -> list[dict]:
    """The hands the server has for this game, from its game file."""
    response = page.request.get(f"{url}/export.json")
    assert response.ok
    return response.json()["hands"]


@pytest.mark.parametrize("lang", ["en"])  # each flow in one language, both in turn
def test_the_tricks_waiting_behind_bids_refused_never_go_on_the_other_phone_s_bids(
    browser, page, own_server, network, lang
):
    """Phone A, cut off, enters hand 2's bids and then its tricks; phone B saves other
    bids for hand 2 meanwhile. A's bids are refused in words; once discarded, A's tricks
    (tapped for A's bids) must not be saved on B's bids: refused too, nothing written."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, network.url, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    game = page.url.replace(network.url, own_server.url)

    network.mode = "down"
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    tricks = say(lang, "Hand %(number)s: tricks", number=2)
    expect(page.get_by_role("heading", name=tricks)).to_be_visible()
    enter_tricks(page, {"Ann & Cat": 12}, save=False)
    page.get_by_role("button", name=say(lang, "Save tricks")).tap()
    expect(page.locator(".outbox li")).to_have_count(2)

    context = browser.new_context(**SMALL)  # phone B, on the server itself
    speak(context, lang, "127.0.0.1")
    other = context.new_page()
    try:
        other.goto(game)
        enter_bids(other, {"Ann": 1, "Bob": 6, "Cat": 1, "Dan": 5})
        expect(other.get_by_role("heading", name=tricks)).to_be_visible()
    finally:
        other.context.close()

    network.mode = "pass"
    refused = page.locator(".outbox li.flash-error")
    expect(refused).to_have_count(1, timeout=BACK)
    shot(page, f"offline-refused-bids-{lang}")
    refused.get_by_role("button", name=say(lang, "Discard this entry")).tap()
    refused.get_by_role("button", name=say(lang, "Yes, discard it")).tap()
    # the tricks were tapped for the bids just discarded: refused, said, kept
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text(tricks)
    shot(page, f"offline-refused-tricks-{lang}")
    saved = hands_saved(page, game)
    assert len(saved) == 2 and saved[1]["bids"] == [1, 6, 1, 5]
    assert saved[1].get("tricks") is None and saved[1].get("side_tricks") is None


@pytest.mark.parametrize("lang", ["es"])  # each flow in one language, both in turn
def test_a_game_won_by_a_waiting_save_says_so_beside_the_hand_drawn_after_it(
    page, own_server, lang
):
    """The server stopped: hand 2's tricks, which win the game, wait, and the phone (which
    cannot know) draws hand 3, whose bids wait too. Once back, hand 3 is refused in words,
    and the page says the game is over and who won, not that totals are still waiting."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"], target="180")
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})  # 71 / 150
    own_server.stop()
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    enter_tricks(page, {"Ann & Cat": 7}, save=False)  # 132 / 192: Bob & Dan win
    page.get_by_role("button", name=say(lang, "Save tricks")).tap()
    three = say(lang, "Hand %(number)s: bids", number=3)
    expect(page.get_by_role("heading", name=three)).to_be_visible()
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    expect(page.locator(".outbox li")).to_have_count(3)

    own_server.start()
    refused = page.locator(".outbox li.flash-error")
    expect(refused).to_have_count(1, timeout=BACK)
    expect(refused).to_contain_text(three)
    expect(refused).to_contain_text(say(lang, "Not saved: the game is over."))
    expect(page.get_by_role("heading", name=say(lang, "Game over"))).to_be_visible()
    expect(page.locator(".outbox")).not_to_contain_text(say(lang, "Kept on this phone")[:20])
    shot(page, f"offline-game-won-while-waiting-{lang}")
    assert [t.strip() for t in page.locator(".scoreboard .total").all_inner_texts()] == [
        "132",
        "192",
    ]


# Hands 2 to 11 after RULES.md's first (71 / 150): the bids (Ann, Bob, Cat, Dan) and Ann &
# Cat's tricks; the totals after each, by RULES.md (a set, bags, Bob & Dan's bag penalty).
GAME = [
    ((3, 2, 3, 2), 7, (132, 192)),
    ((4, 3, 4, 2), 6, (52, 244)),
    ((2, 4, 2, 4), 4, (92, 325)),
    ((3, 3, 3, 3), 7, (153, 385)),
    ((5, 2, 4, 2), 9, (243, 425)),
    ((2, 5, 2, 5), 2, (203, 526)),
    ((3, 3, 3, 3), 5, (143, 588)),
    ((4, 4, 4, 2), 8, (223, 528)),
    ((3, 4, 3, 4), 4, (163, 609)),
    ((3, 3, 3, 3), 6, (223, 570)),
]
NAMES = ("Ann", "Bob", "Cat", "Dan")


def bids_of(page: Page, lang: str, number: int) -> None:
    """Hand `number`'s bids tapped and saved: the next step shows (the server's or drawn)."""
    enter_bids(page, dict(zip(NAMES, GAME[number - 2][0], strict=True)), save=False)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    step = say(lang, "Hand %(number)s: tricks", number=number)
    expect(page.get_by_role("heading", name=step)).to_be_visible()


def tricks_of(page: Page, lang: str, number: int) -> None:
    """Hand `number`'s tricks tapped and saved: the next hand's bids show."""
    enter_tricks(page, {"Ann & Cat": GAME[number - 2][1]}, save=False)
    page.get_by_role("button", name=say(lang, "Save tricks")).tap()
    step = say(lang, "Hand %(number)s: bids", number=number + 1)
    expect(page.get_by_role("heading", name=step)).to_be_visible()


def all_in(page: Page, number: int) -> None:
    """Nothing waits any more, and the totals are the server's after hand `number`."""
    expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
    expect(page.locator(".offline-notice")).to_be_hidden()
    want = [str(t) for t in ((71, 150), *(t for _, _, t in GAME))[number - 1]]
    expect(page.locator(".scoreboard .total")).to_have_text(want)


@pytest.mark.parametrize("lang", ["es"])  # English: the same flows in test_outbox.py
def test_eleven_hands_through_lost_answers_and_a_stopped_server_score_right(
    page, own_server, network, lang
):
    """A whole game to 1000 while the network fails again and again: answers dropped
    after the server wrote (a bids save, a tricks save), the server stopped between hands
    and while the next hand is entered, the phone's network cut mid-hand. Every hand is
    kept once, in order, and the totals are RULES.md's."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, network.url, list(NAMES), target="1000")
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})

    network.mode = "lose"  # hand 2's bids are written, their answer lost
    bids_of(page, lang, 2)
    all_in(page, 1)
    tricks_of(page, lang, 2)
    bids_of(page, lang, 3)
    network.mode = "lose"  # hand 3's tricks are written, their answer lost
    tricks_of(page, lang, 3)
    all_in(page, 3)
    bids_of(page, lang, 4)
    tricks_of(page, lang, 4)
    own_server.stop()  # between hands: hand 5 whole and hand 6's bids on the phone
    bids_of(page, lang, 5)
    tricks_of(page, lang, 5)
    bids_of(page, lang, 6)
    expect(page.locator(".outbox li")).to_have_count(3)
    shot(page, f"offline-game-three-waiting-{lang}")
    own_server.start()
    all_in(page, 5)
    tricks_of(page, lang, 6)
    network.mode = "down"  # the phone's network cut mid-hand
    bids_of(page, lang, 7)
    tricks_of(page, lang, 7)
    network.mode = "pass"
    all_in(page, 7)
    for number in (8, 9):
        bids_of(page, lang, number)
        tricks_of(page, lang, number)
    bids_of(page, lang, 10)
    own_server.stop()  # during a tricks save, and the next hand entered meanwhile
    tricks_of(page, lang, 10)
    bids_of(page, lang, 11)
    own_server.start()
    expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
    tricks_of(page, lang, 11)
    all_in(page, 11)
    assert network.lost == 2

    game = page.url.replace(network.url, own_server.url)
    saved = hands_saved(page, game)
    assert [h["bids"] for h in saved] == [[4, 5, 3, "nil"]] + [list(b) for b, _, _ in GAME]
    doc = page.request.get(f"{game}/export.json").json()
    assert [s["total"] for s in reference_scorer.score(doc)["sides"]] == [223, 570]


@pytest.mark.parametrize("lang", ["en"])  # each flow in one language, both in turn
def test_a_step_with_a_choice_missing_is_said_at_once_not_kept_to_be_refused_later(
    page, own_server, lang
):
    """The server stopped: bids saved without Dan's, and a drawn tricks step saved with
    nothing chosen, are not kept to be refused once the server is back (with every step
    drawn behind them): the row left unchosen is named at once, and nothing waits."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    own_server.stop()
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3}, save=False)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    dan = say(lang, "%(name)s bid", name="Dan")
    missing = page.get_by_role("radiogroup", name=dan).get_by_role("alert")
    said = say(lang, "{what}: not chosen. Nothing was saved.").replace("{what}", dan)
    expect(missing).to_have_text(said)
    expect(page.locator(".outbox")).to_have_count(0)
    expect(page.locator(".offline-notice")).to_be_visible()  # the save got no answer
    shot(page, f"offline-bid-missing-{lang}")

    enter_bids(page, {"Dan": 2}, save=False)
    expect(missing).to_have_count(0)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    expect(page.locator(".outbox li")).to_have_count(1)
    page.get_by_role("button", name=say(lang, "Save tricks")).tap()  # nothing tapped
    side = say(lang, "%(name)s tricks", name="Ann & Cat")
    expect(page.get_by_role("radiogroup", name=side).get_by_role("alert")).to_be_visible()
    expect(page.locator(".outbox li")).to_have_count(1)

    own_server.start()
    expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
    expect(page.locator(".flash-error")).to_have_count(0)
    tricks = say(lang, "Hand %(number)s: tricks", number=2)
    expect(page.get_by_role("heading", name=tricks)).to_be_visible()


def in_view(page: Page, locator) -> None:
    """This is on the screen as it is now, not above or below it."""
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= -1 and box["y"] + box["height"] <= height + 1, box


@pytest.mark.parametrize("lang", ["es"])  # each flow in one language, both in turn
def test_a_slip_kept_then_refused_is_said_at_its_table_where_the_director_is(
    browser, own_server, lang
):
    """The director's phone, cut off, enters table 2's slip: its form empties, and the
    slip waits in the list at the top of the page, out of view. Its table says it is kept,
    on the screen; once back, refused (a phone at that table saved meanwhile), the table
    says so on the screen too, the reason beside the entry at the top."""
    event_id, _, tables = night_started(Phone(own_server.url), PAIRS)
    network = Proxy(("127.0.0.1", own_server.port))
    context = browser.new_context(**SMALL)
    speak(context, lang, "127.0.0.1")
    try:
        page = context.new_page()
        page.goto(f"{network.url}/events/{event_id}")
        summary = say(lang, "Enter from the paper slip")
        page.locator("#table-2 summary", has_text=summary).tap()
        network.mode = "down"
        form = page.locator("#table-2 form.slip-hand")
        for seat, took in enumerate(["5", "2", "4", "2"]):
            form.locator(f"select[name=bid_{seat}]").select_option("3")
            form.locator(f"select[name=tricks_{seat}]").select_option(took)
        form.get_by_role("button", name=say(lang, "Enter this hand")).tap()
        expect(page.locator(".outbox li")).to_have_count(1)
        kept = page.locator("#table-2 .slip-waiting")
        expect(kept).to_have_text(
            say(
                lang,
                "This table's slip is kept on this phone, waiting to send "
                "(listed at the top of the page).",
            )
        )
        in_view(page, kept)
        shot(page, f"offline-slip-kept-{lang}")

        hands_at_each_table(own_server.url, [tables[1]], 1)  # table 2's phone saves
        network.mode = "pass"
        expect(page.locator(".outbox li.flash-error")).to_have_count(1, timeout=BACK)
        refused = page.locator("#table-2 .slip-waiting.flash-error")
        expect(refused).to_have_text(
            say(lang, "The server refused this table's slip: the reason is at the top of the page.")
        )
        in_view(page, refused)
        shot(page, f"offline-slip-refused-{lang}")
    finally:
        context.close()
        network.close()


@pytest.mark.parametrize("lang", ["en"])  # each flow in one language, both in turn
def test_choices_tapped_on_a_drawn_step_stay_when_the_server_s_answer_replaces_it(
    page, own_server, lang
):
    """Hand 2's bids wait; the table taps hand 2's tricks on the step drawn on the phone
    when the server comes back: the bids go, the server's answer replaces the page under
    the fingers, and the tricks tapped are still chosen on the server's own step."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    own_server.stop()
    bids_of(page, lang, 2)
    enter_tricks(page, {"Ann & Cat": 7}, save=False)  # tapped, not saved yet
    own_server.start()
    expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
    side = say(lang, "%(name)s tricks", name="Ann & Cat")
    expect(page.get_by_role("radiogroup", name=side).get_by_label("7", exact=True)).to_be_checked()
    page.get_by_role("button", name=say(lang, "Save tricks")).tap()
    three = say(lang, "Hand %(number)s: bids", number=3)
    expect(page.get_by_role("heading", name=three)).to_be_visible()
    expect(page.locator(".scoreboard .total")).to_have_text(["132", "192"])


def test_saves_waiting_through_a_reload_and_a_closed_tab_over_plain_http_arrive(
    named_browser, own_server
):
    """Plain http by a LAN name (no service worker): a reload while the server is down
    is the browser's own error page, then the tab is closed. A new tab on the game once
    the server is back shows the saves and sends them, once each."""
    context = named_browser.new_context(**SMALL)
    try:
        page = context.new_page()
        start_game(page, by_name(own_server.url), list(NAMES))
        enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
        enter_tricks(page, {"Ann & Cat": 8})
        game = page.url
        own_server.stop()
        bids_of(page, "en", 2)
        tricks_of(page, "en", 2)
        with pytest.raises(PlaywrightError):
            page.reload()  # ERR_CONNECTION_REFUSED: the browser's own page
        page.close()
        own_server.start()
        page = context.new_page()
        page.goto(game)
        all_in(page, 2)
        expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
        saved = hands_saved(page, f"{own_server.url}/games/{game.rsplit('/', 1)[-1]}")
        assert [h["bids"] for h in saved] == [[4, 5, 3, "nil"], [3, 2, 3, 2]]
    finally:
        context.close()


def test_a_hand_drawn_after_seat_phones_bid_shows_no_phone_s_bid_of_its_own(
    browser, page, own_server, network
):
    """Seat links on: Ann's phone bid hand 2, the scorer's page showed it; cut off, the
    scorer saves hand 2 and draws hand 3. Hand 3's step says no phone's bid was shown
    for it (hand 2's were), so a bid Ann's phone makes for hand 3 is never overwritten
    as if the scorer had seen it."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, network.url, list(NAMES))
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    ann = seat_links_on(page)[0].replace(network.url, own_server.url)
    seat = browser.new_context(**SMALL).new_page()
    try:
        seat.goto(ann)
        press(seat, "I am Ann")
        choose(seat, "Ann bid", "3")
        press(seat, "Save my bid")
    finally:
        seat.context.close()
    page.reload()
    phones = page.locator("form.bids-form input[name=phones]")
    expect(phones).to_have_value("0:3")
    network.mode = "down"
    bids_of(page, "en", 2)
    tricks_of(page, "en", 2)
    expect(page.locator(".step.here form.bids-form input[name=phones]")).to_have_value("")


@pytest.mark.parametrize("lang", ["en"])
def test_no_hand_is_offered_after_the_last_one_s_tricks_wait_to_be_sent(
    browser, page, own_server, network, lang
):
    """QA: time called at a club night's table, its phone cut off as it saved the last
    hand's tricks offered hand 2's bids and tricks, the game ending with the tricks sent
    (the bids then refused: "the game is over"). The last hand's tricks waiting, the
    phone offers no hand after them; once sent, the game is over on the page."""
    desk = Phone(own_server.url)
    event_id, _, tables = night_started(desk, PAIRS[:2], round_minutes=30, target=500)
    page.set_viewport_size(SMALL["viewport"])
    page.goto(f"{network.url}{tables[0]}")
    director_act(desk, event_id, "call", confirm="yes")
    page.get_by_role("link", name="Score this table's game").tap()
    expect(
        page.get_by_role("heading", name=say(lang, "Hand %(number)s: bids", number=1))
    ).to_be_visible()
    expect(page.get_by_text("time is called")).to_be_visible()
    enter_bids(page, {name: 3 for pair in PAIRS[:2] for name in pair})
    network.mode = "down"
    enter_tricks(page, {"Ann & Bo": 7}, save=False)
    page.get_by_role("button", name=say(lang, "Save tricks")).tap()
    expect(page.locator(".outbox li")).to_have_count(1)
    next_bids = say(lang, "Hand %(number)s: bids", number=2)
    expect(page.get_by_role("heading", name=next_bids)).to_have_count(0)
    network.mode = "pass"
    expect(page.locator(".outbox li")).to_have_count(0, timeout=BACK)
    page.reload()
    expect(page.get_by_role("heading", name=next_bids)).to_have_count(0)
    assert len(hands_saved(page, page.url)) == 1
