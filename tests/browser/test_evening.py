"""In the real browser: every phone bids its own seat, the stakes, what-if, the evening."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, follow, press, start_game
from tests.browser.helpers import PHONE, assert_accessible_in, shot

NAMES = ["Alice", "Ben", "Cara", "Dev"]
BIDS = {"Alice": "4", "Ben": "3", "Cara": "4", "Dev": "Nil"}


def _choose(phone, name: str) -> None:
    group = phone.get_by_role("radiogroup", name=f"{name} bid", exact=True)
    group.get_by_role("radio", name=BIDS[name], exact=True).check()


def test_four_phones_bid_their_own_seats(browser, page, live_server):
    start_game(page, live_server, NAMES)
    page.locator("summary", has_text="Let each player bid from their own phone").tap()
    press(page, "Give each seat its own link")
    links = [a.get_attribute("href") for a in page.locator("a.seat-link").all()]
    assert len(links) == 4 and len(set(links)) == 4
    shot(page, "seats-links")

    # page.route sees no request a service worker handles: Cara's phone runs without one.
    contexts = [
        browser.new_context(**PHONE, service_workers="block" if name == "Cara" else "allow")
        for name in NAMES
    ]
    try:
        phones = [c.new_page() for c in contexts]
        loads = {name: [] for name in NAMES}
        for name, phone, link in zip(NAMES, phones, links):
            phone.set_default_timeout(10_000)
            phone.goto(link)
            press(phone, f"I am {name}")  # a tap claims the seat; opening it does not
            expect(phone.get_by_role("radiogroup", name=f"{name} bid", exact=True)).to_be_visible()
            assert phone.get_by_role("radiogroup").count() == 1  # its own seat only
            phone.on("load", lambda _page, n=name: loads[n].append(1))
        shot(phones[1], "seats-phone-ben")

        aborted = []

        def drop_first_post(route):  # Cara's first save is lost on the way
            if route.request.method == "POST" and not aborted:
                aborted.append(route.request.url)
                route.abort()
            else:
                route.continue_()

        phones[2].route("**/seat/*", drop_first_post)
        for name, phone in zip(NAMES[:3], phones[:3]):
            _choose(phone, name)
        # three saves at once, none waiting for another; Cara's is lost on the way
        with phones[2].expect_event("requestfailed", lambda r: r.method == "POST") as lost:
            for phone in phones[:3]:
                phone.get_by_role("button", name="Save my bid").click(no_wait_after=True)
        for phone in phones[:2]:
            expect(phone.get_by_text("Your bid:")).to_be_visible()
        assert aborted == [lost.value.url], phones[2].url
        # Cara's save, lost on the way, waits on her phone and goes by itself once her
        # phone is answered again (issue 41, docs/offline.md): sent once
        expect(phones[2].get_by_text("Your bid: 4.")).to_be_visible(timeout=20_000)
        expect(page.locator(".seat-bids")).to_contain_text("3 of 4 bids in", timeout=8000)
        expect(page.locator(".seat-bids")).to_contain_text("Waiting for Dev")
        expect(phones[0].locator("#bids")).to_contain_text("3 of 4 bids in", timeout=8000)
        for phone in phones[:3]:
            assert "Alice 4" not in phone.locator("#bids").inner_text()
        shot(page, "seats-scorer-3-of-4")
        shot(phones[0], "seats-phone-alice-waiting")

        for name in NAMES:
            loads[name].clear()
        _choose(phones[3], "Dev")
        phones[3].get_by_role("button", name="Save my bid").click()
        everyone = "All 4 bids are in for hand 1: Alice 4, Ben 3, Cara 4, Dev nil."
        expect(phones[3].locator("#bids")).to_contain_text(everyone)
        for phone in phones[:3]:  # no reload: the polled part changes in place
            expect(phone.locator("#bids")).to_contain_text(everyone, timeout=8000)
        assert loads["Alice"] == loads["Ben"] == []
        for phone in phones:  # the bid form is done with: hidden, by CSS alone
            expect(phone.locator(".seat-form")).to_be_hidden()
        expect(page.locator(".seat-bids")).to_contain_text(everyone, timeout=8000)
        shot(phones[1], "seats-phone-all-in")
        expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_hidden()
        shot(page, "seats-scorer-all-in")

        follow(page, "Enter the tricks of hand 1")
        enter_tricks(page, {"Alice & Cara": 9, "Dev": 1})  # Ben: the other 3 of his side's
        expect(page.locator(".scoreboard .total").first).to_have_text("81")
        # each seat phone follows by itself: the new score, and its bid of the next hand
        expect(phones[0].get_by_role("heading", name="Hand 2: your bid")).to_be_visible(
            timeout=8000
        )
        expect(phones[0].locator(".scoreboard .total").first).to_have_text("81")
    finally:
        for context in contexts:
            for phone in context.pages:  # a route still held must not hold the close up
                phone.unroute_all(behavior="ignoreErrors")
            context.close()


def test_stakes_what_if_and_the_evening(page, live_server):
    start_game(page, live_server, NAMES, target="100")
    enter_bids(page, {"Alice": 3, "Ben": 3, "Cara": 3, "Dev": 3})
    enter_tricks(page, {"Alice & Cara": 7})
    stakes = page.get_by_role("note", name="At stake this hand")
    expect(stakes).to_contain_text("Alice & Cara win by making 4.")
    expect(stakes).to_contain_text("Ben & Dev win by making 4.")
    shot(page, "stakes")
    enter_bids(page, {"Alice": 3, "Ben": 3, "Cara": 3, "Dev": 3})
    enter_tricks(page, {"Alice & Cara": 7})
    expect(page.get_by_role("heading", name="Game over: Alice & Cara win")).to_be_visible()

    follow(page, "Hand by hand")
    page.get_by_label("House rule").select_option("bag_points")
    page.get_by_label("Other value").fill("0")
    press(page, "Score it again")
    expect(page.get_by_role("status")).to_contain_text(
        "With points per bag set to 0: 120 to 120; the game would still be going, the lead shared."
    )
    shot(page, "what-if")
    follow(page, "Back to the game")

    press(page, "Rematch")
    evening = page.locator("section.evening")
    expect(evening).to_contain_text("This evening: 2 games")
    expect(evening.get_by_role("row", name="Alice & Cara")).to_contain_text("1")
    shot(page, "evening-game")
    follow(page, "The whole evening")
    expect(page.get_by_role("heading", name="The evening")).to_be_visible()
    shot(page, "evening-page")


def test_the_new_pages_pass_axe(page, live_server):
    """Each page checked in the light and the dark scheme, one load each."""
    start_game(page, live_server, NAMES, target="100")
    page.locator("summary", has_text="Let each player bid from their own phone").tap()
    press(page, "Give each seat its own link")
    game_url = page.url.split("#")[0]
    seat = page.locator("a.seat-link").first.get_attribute("href")
    page.goto(seat)
    assert_accessible_in(page, "seat-claim")
    press(page, "I am Alice")
    _choose(page, "Alice")
    press(page, "Save my bid")
    assert_accessible_in(page, "seat")
    page.goto(game_url)
    assert_accessible_in(page, "seat-links")
    assert (
        page.evaluate("""() => { const ids = [...document.querySelectorAll('[id]')]
        .map(e => e.id); return ids.filter((id, i) => ids.indexOf(id) !== i); }""")
        == []
    )
    # the bids still missing, with the chips (Alice's is in from her phone already)
    enter_bids(page, {"Ben": 3, "Cara": 4, "Dev": "nil"})
    enter_tricks(page, {"Alice & Cara": 9, "Dev": 1})  # Ben: the other 3 of his side's
    assert_accessible_in(page, "stakes")
    page.goto(f"{game_url}/history?rule=bag_remainder&value=drop")
    assert_accessible_in(page, "what-if")
    page.goto(f"{game_url}/evening")
    assert_accessible_in(page, "evening")
