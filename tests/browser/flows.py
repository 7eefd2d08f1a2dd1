"""What a person does at the table, as Playwright steps: tap (and type names) only.

Every tap goes through `tap`, which counts it on the page, so a test can hold the
touch budget: `touches(page)` is the number of taps so far."""

from __future__ import annotations

import re
from collections.abc import Mapping

from playwright.sync_api import Locator, Page, expect

from tests.browser.speech import lang_of, say

_TOUCHES: dict[int, int] = {}


def tap(page: Page, target: Locator) -> None:
    """Tap once, and count it."""
    target.tap()
    _TOUCHES[id(page)] = _TOUCHES.get(id(page), 0) + 1


def touches(page: Page) -> int:
    """How many taps this page has had through `tap`."""
    return _TOUCHES.get(id(page), 0)


def forget_touches(page: Page) -> None:
    """Count this page's taps from none again (a phone handed to the next test)."""
    _TOUCHES.pop(id(page), None)


def tap_and_load(page: Page, target: Locator) -> None:
    """Tap a button or link and wait for the page it leads to (never act mid-navigation):
    a page load, or the server's answer that app.js puts in place of the page after a save."""
    page.evaluate("document.body.dataset.stale = 'yes'")
    tap(page, target)
    page.wait_for_function("() => document.body !== null && document.body.dataset.stale !== 'yes'")
    page.wait_for_load_state()
    # The new page ignores taps for a moment (app.js's SETTLE_MS, against a double tap's
    # second half): a tap in that moment is refused, and Playwright's retries scroll the
    # page to find the target, so the next tap waits as a person would for it to settle.
    page.wait_for_function("() => !document.body.classList.contains('settling')")


def press(page: Page, button: str) -> None:
    """Tap the button with this name and wait for the next page."""
    tap_and_load(page, page.get_by_role("button", name=button, exact=True))


def said(page: Page, words: str) -> None:
    """A flash saying `words` is shown."""
    expect(page.locator(".flash").filter(has_text=words).first).to_be_visible()


def enter_slip_totals(page: Page, table: int, totals: tuple[str, str]) -> None:
    """The table's paper slip entered from the director's page: its two final totals."""
    here = page.locator(f"#table-{table}")
    here.locator("summary", has_text="Enter from the paper slip").tap()
    form = here.locator("form.slip-totals")
    form.locator("input[name=total_0]").fill(totals[0])
    form.locator("input[name=total_1]").fill(totals[1])
    press(page, "Enter the final result")
    said(page, f"Table {table}: the slip's result is entered.")


def follow(page: Page, link: str) -> None:
    """Tap the link with this name and wait for the next page."""
    tap_and_load(page, page.get_by_role("link", name=link, exact=True))


# The tables of the new-game page (web/forms.TABLE_LABELS), in English.
TABLE_WORDS = (
    "Partnership: 4 players, partners sit opposite",
    "Cutthroat, 4 players",
    "Cutthroat, 3 players",
    "Cutthroat, 2 players",
)


def table_label(lang: str, table: str) -> str:
    """A table's choice as the page names it: in English the words a test gave (the start
    of a label: "Partnership"), in another language the whole label they begin."""
    if lang == "en":
        return table
    return say(lang, next((words for words in TABLE_WORDS if words.startswith(table)), table))


def start_game(
    page: Page,
    base: str,
    names: list[str],
    table: str = "Partnership",
    target: str | None = None,
    rules: dict[str, str] | None = None,
    tricks_by: str | None = None,
    club: str | None = None,
) -> None:
    """A new game from the new-game page (`club`: filed into that club at its start)."""
    page.goto(f"{base}/games/new")
    lang = lang_of(page)
    page.get_by_label(table_label(lang, table)).tap()
    for seat, name in enumerate(names):
        page.get_by_label(say(lang, f"Player {seat + 1}"), exact=True).fill(name)
    if target is not None:
        page.get_by_label(say(lang, "Other"), exact=True).tap()
        page.get_by_label(say(lang, "Other target")).fill(target)
    if tricks_by is not None:
        page.get_by_role("radiogroup", name="Count tricks").get_by_label(tricks_by).tap()
    if rules:
        page.locator("summary", has_text="House rules").first.tap()
        page.locator("summary", has_text="More house rules").tap()
    for label, value in (rules or {}).items():
        page.get_by_label(label, exact=True).fill(value)
    if club is not None:
        page.get_by_label(say(lang, "Club"), exact=True).select_option(label=club)
    press(page, say(lang, "Start game"))
    expect(
        page.get_by_role("heading", name=say(lang, "Hand %(number)s: bids", number=1))
    ).to_be_visible()


def start_three_player_cutthroat(page: Page, base: str, names: list[str]) -> None:
    """A three-player cutthroat game to 200 started on the new-game page."""
    start_game(page, base, names, table="Cutthroat, 3 players (17 tricks a hand)", target="200")


def season_with_a_night(
    page: Page, base: str, pairs: tuple[tuple[str, str], ...] = (), day: str = "2026-01-15"
) -> None:
    """On a phone at 360x740: a new club, its season "Winter League" with `pairs` entered,
    and one night on `day` added; the season manager's page left open, drawn again with
    the night listed (a tap before that would land on the page before it, then lost)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base}/clubs/new")
    page.get_by_label("Name").fill("Thursday Spades")
    page.get_by_role("button", name="Make the club").tap()
    page.get_by_role("link", name="The club's seasons").tap()
    page.get_by_label("Season name").fill("Winter League")
    page.get_by_role("button", name="Make the season").tap()
    expect(page.get_by_role("heading", name="Winter League", exact=True)).to_be_visible()
    for first, second in pairs:
        page.get_by_label("Player", exact=True).fill(first)
        page.get_by_label("Partner").fill(second)
        page.get_by_role("button", name="Enter", exact=True).tap()
        expect(page.get_by_role("listitem").filter(has_text=f"{first} & {second}")).to_be_visible()
    page.get_by_label("Date (YYYY-MM-DD)").fill(day)
    page.get_by_role("button", name="Add a night").tap()
    expect(page.locator("ol.season-nights > li").filter(has_text=day)).to_be_visible()


def choice(page: Page, group: str, choice: str) -> Locator:
    """One choice of a named group: `choice(page, "Alice bid", "4")` (exact names: "1"
    is not "10", "Nil" is not "Blind nil")."""
    radios = page.get_by_role("radiogroup", name=group, exact=True)
    # by the label's text, so a choice of a folded group (hidden until opened) is found too
    label = radios.locator("label").filter(has_text=re.compile(rf"^\s*{re.escape(choice)}\s*$"))
    return label.locator("input")


def choose(page: Page, group: str, choice_name: str) -> None:
    """Tap one choice of a named group: `choose(page, "Alice bid", "4")`; a group folded
    away (one group is open at a time) is opened first, with a tap of its own."""
    head = page.get_by_role("radiogroup", name=group, exact=True).locator(".pick-head")
    if head.count() and head.is_visible():
        tap(page, head)
    tap(page, choice(page, group, choice_name))


# A choices group's name, in the words of the page's language (tests/browser/speech.py).
GROUPS = {"bid": "%(name)s bid", "tricks": "%(name)s tricks"}


def group_name(page: Page, name: str, kind: str, lang: str | None = None) -> str:
    """'Alice bid', 'Alice & Cara tricks': a group of choices as the page names it."""
    return say(lang or lang_of(page), GROUPS[kind], name=name)


def in_page_order(page: Page, entries: Mapping[str, int | str], kind: str) -> list:
    """The entries in the order the page asks for them (bidding order), as a table does."""
    order = page.locator(f".pick.{kind}").evaluate_all(
        "groups => groups.map(g => g.getAttribute('aria-label'))"
    )
    place = {label: n for n, label in enumerate(order)}
    lang = lang_of(page)
    return sorted(
        entries.items(),
        key=lambda item: place.get(group_name(page, item[0], kind, lang), len(place)),
    )


BID_WORDS = {"nil": "Nil", "blind nil": "Blind nil"}


def bid_word(lang: str, bid: int | str) -> str:
    """A bid's chip: '4', 'Nil', 'Blind nil' (in the page's language)."""
    word = BID_WORDS.get(str(bid))
    return say(lang, word) if word else str(bid)


def choose_bid(page: Page, name: str, bid: int | str) -> None:
    """Tap one player's bid: a number, "nil" or "blind nil"."""
    lang = lang_of(page)
    choose(page, group_name(page, name, "bid", lang), bid_word(lang, bid))


def expect_bids_chosen(page: Page, bids: Mapping[str, int | str]) -> None:
    """Each of these players' bids is the chosen one of its group."""
    lang = lang_of(page)
    for name, bid in bids.items():
        group = group_name(page, name, "bid", lang)
        expect(choice(page, group, bid_word(lang, bid))).to_be_checked()


def expect_no_bid_chosen(page: Page, name: str) -> None:
    """No choice of this player's bid group is chosen."""
    group = page.get_by_role("radiogroup", name=group_name(page, name, "bid"), exact=True)
    expect(group.locator("input[type=radio]:checked")).to_have_count(0)


def enter_bids(page: Page, bids: Mapping[str, int | str], save: bool = True) -> None:
    """Each player's bid by tapping, in bidding order: a number, "nil" or "blind nil";
    then Save bids."""
    for name, bid in in_page_order(page, bids, "bid"):
        choose_bid(page, name, bid)
    if save:
        press(page, say(lang_of(page), "Save bids"))


def enter_tricks(page: Page, tricks: dict[str, int], save: bool = True) -> None:
    """Tricks by tapping, for a player ("Dev") or a side ("Alice & Cara"); then Save tricks."""
    lang = lang_of(page)
    for name, took in in_page_order(page, tricks, "tricks"):
        choose(page, group_name(page, name, "tricks", lang), str(took))
    if save:
        press(page, say(lang, "Save tricks"))


def totals(page: Page) -> list[str]:
    """The totals on the scoreboard, a true minus read as '-' (as Python writes them)."""
    texts = page.locator(".scoreboard .total").all_inner_texts()
    return [t.strip().replace("\u2212", "-") for t in texts]


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (0: not at all)."""
    # against the width asked for: a mobile browser widens its layout to fit what overflows
    return page.evaluate("document.documentElement.scrollWidth") - page.viewport_size["width"]


def small_targets(page: Page) -> list:
    """Visible tap targets under 44 px tall."""
    return page.evaluate("""() => [...document.querySelectorAll(
        'main button, main label.chip, main summary, main label.choice, header a, .chip-link')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")


# Links, buttons, fold-outs, choices, fields (a checkbox or radio counts with its label's
# row): each at least 44x44 px, and no two overlapping.
CRAMPED = """() => {
  const found = [...document.querySelectorAll('main a, header a, main button, main summary, '
    + 'main label.choice, main select, main input:not([type=hidden])')]
    .filter(e => e.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })
      && !e.closest('.chip, .qr, .sr-only'));
  const boxes = found.map(e => {
    const label = e.labels && e.labels[0];
    const target = label && e.matches('[type=checkbox], [type=radio]')
      ? label.closest('.check, .choice') || label : e;
    return [e, target.getBoundingClientRect()];
  });
  const small = boxes.filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([e, r]) => `${e.outerHTML.slice(0, 70)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  const inside = (a, b) => a.contains(b) || (a.labels && a.labels[0] && a.labels[0].contains(b));
  const touching = [];
  boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    if (inside(a, b) || inside(b, a)) return;
    const x = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    const at = (e, k) =>
      `${e.outerHTML.slice(0, 50)} ${[k.x, k.y, k.width, k.height].map(Math.round)}`;
    if (x > 1 && y > 1) touching.push(`${at(a, r)} / ${at(b, q)}`);
  }));
  return [...small, ...touching];
}"""


def cramped_targets(page: Page) -> list[str]:
    """Visible tap targets under 44x44 px, or overlapping another one."""
    return page.evaluate(CRAMPED)


def overflowing(page: Page) -> list[str]:
    """The innermost elements that reach past the right edge of the viewport."""
    return page.evaluate(
        """(width) => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > width + 1)
        .filter(e => ![...e.children].some(c => c.getBoundingClientRect().right > width + 1))
        .map(e => e.outerHTML.slice(0, 80))""",
        page.viewport_size["width"],
    )
