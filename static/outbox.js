// scorepad's outbox: the saves of a game's steps this phone made while the server gave
// no answer, kept and sent in order (docs/offline.md). Loaded by app.js after the page,
// on the pages that save a game's steps; it uses app.js's notice, saveNote, showAnswer,
// enhance and SAVE_TIMEOUT_S the way a second part of it would.
"use strict";

// The outbox (docs/offline.md). A save the server does not answer (no connection, a
// timeout, a 502/503/504) is kept on this phone in localStorage (plain http has it too),
// one list per game and phone (its page's address: the game's, or a seat's), and shown
// as waiting to send, with what it held; the next step is drawn here from the step forms
// this phone was last shown, and its save waits behind. Once a request is answered again
// (a retry after 2, 4, 8 ... 60 s, from 2 s again at each new entry) they go one at a time, in order, each with its own key
// (a key the server applied before is answered "already saved": never applied twice) and
// checked as any save is against the game as its form saw it; a step drawn here takes the
// version its hand has once the entry before it is in. A refusal stops the sending and
// says which entry and why; an entry goes only with the server's answer or the person's
// second "Yes".
const UNANSWERED = [502, 503, 504];  // a gateway's: the server itself did not answer
const pageOf = (html) => new DOMParser().parseFromString(html, "text/html");
let kept = null;
try { kept = window.localStorage; kept.length; } catch (e) { kept = null; }
// this page's list (a save's answer may change the address: asked each time)
const box = () => `outbox:${location.pathname}`;
const boxRead = () => JSON.parse(kept?.getItem(box()) || "[]");
const boxWrite = (list) => {
  if (list.length) return kept.setItem(box(), JSON.stringify(list));
  kept.removeItem(box());
  kept.removeItem(`${box()}:in`);
};
// the key of the last entry the server has from this list (applied, or saved already): a
// step drawn behind an entry takes its hand's version from the server only after it
const boxIn = () => kept?.getItem(`${box()}:in`);
// the outbox's phrases, in the page's language (#outbox-words: on the pages that save a game's steps)
const here = () => document.getElementById("outbox-words");
function say(key, values = {}) {  // its own phrases, else the page's (#words: base.html)
  const words = { ...JSON.parse(document.getElementById("words")?.textContent || "{}"),
    ...JSON.parse(here()?.textContent || "{}") };
  return (words[key] || key).replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
}
const make = (tag, text, attrs) => Object.assign(document.createElement(tag), { textContent: text }, attrs);

// An entry: its own key (crypto.randomUUID needs a secure context, this does not), what
// was sent and, in the page's words, its step and each choice ("Ann bid: 4").
function entryOf(form, body) {
  const entry = { key: crypto.getRandomValues(new Uint32Array(4)).join("-"), action: form.getAttribute("action"),
    chain: form.dataset.chain, fields: [...body].filter(([name]) => !/^(csrf_token|key)$/.test(name)),
    token: body.get("csrf_token") };  // for an answer page without a form of its own
  if (form.dataset.table) return Object.assign(entry, slipOf(form));
  if (form.hasAttribute("data-last")) entry.last = 1;  // the tricks of the last hand: time is up
  const chosen = [...form.querySelectorAll(".pick:not([hidden]) input:checked")]
    .map((i) => `${i.closest(".pick").getAttribute("aria-label")}: ${i.nextElementSibling.textContent}`);
  form.querySelectorAll("[type=checkbox]:checked").forEach((i) => chosen.push(i.closest("label")?.textContent.trim()));
  entry.what = `${form.closest("section").querySelector("h1, h2").textContent} (${chosen.join(", ")})`;
  return entry;
}

// A paper slip's entry (the director's page, one list for the night): its table, the
// game's revision its page showed, and the key of the slip of that table waiting before
// it (`after`): made on the page as it was, it goes on the game that slip left and on no
// other (the server checks). Its words: "Table 2, hand 3: bids Ann 4, ...; tricks ...".
function slipOf(form) {
  const table = form.dataset.table;
  const shown = form.elements.game_revision.value;
  const before = boxRead().filter((e) => e.table === table && e.shown === shown);  // made on this page
  const text = (select) => (select.value ? select.selectedOptions[0].textContent : "");
  const seats = (i) => [...form.querySelectorAll(".slip-seats tr")].filter((row) => row.cells[i]?.querySelector("select"))
    .map((row) => `${row.cells[0].textContent} ${text(row.cells[i].querySelector("select"))}`).join(", ");
  const totals = [...form.querySelectorAll("fieldset")].map((side) => {
    const [total, minus, bags] = side.querySelectorAll("input");
    return `${side.querySelector("legend").textContent} ${minus.checked ? "-" : ""}${total.value} (${bags.value})`;
  }).join(", ");
  const what = form.classList.contains("slip-totals") ? say("st", { table, totals })
    : say("sh", { table, number: slipNumber(form), bids: seats(1), tricks: seats(2) });
  return { table, shown, after: before.length ? before[before.length - 1].key : undefined, what };
}

// The hand a slip form enters now: the one its page showed, after the hands of that
// table waiting here that were made on the same page.
function slipNumber(form) {
  const shown = form.elements.game_revision.value;
  return Number(form.dataset.hand) + boxRead().filter((e) => e.table === form.dataset.table && e.shown === shown).length;
}

// A step with a row left unchosen (a seat's bid, the tricks) is not kept: the server
// would refuse it only once back, and every step drawn behind it would wait on it. Said
// now on that row, opened, as the server says a refusal beside its field.
function unchosen(form) {
  if (form.dataset.table) return false;  // a paper slip: its selects are the server's to check
  const group = [...form.querySelectorAll(".pick:not([hidden])")].find((g) => !g.querySelector("input:checked"));
  if (!group) return false;
  let error = group.querySelector(".error");
  if (!error) group.append(error = make("span", "", { className: "error", id: `${group.id}-error` }));
  error.textContent = say("m", { what: group.getAttribute("aria-label") });
  error.setAttribute("role", "alert");
  group.setAttribute("aria-describedby", error.id);
  group.classList.add("invalid");
  if (form.open) form.open(group); else group.classList.remove("folded");
  group.addEventListener("change", () => { error.remove(); group.classList.remove("invalid"); }, { once: true });
  return true;
}

// Kept, shown and sent in its turn; false when the phone has no room to keep it (the
// page then says it was not saved, as before the outbox). A step with a choice missing
// is not kept: said on its row (true: nothing more to say).
function queue(form, entry) {
  if (unchosen(form)) return notice(true) || true;  // no answer still: the notice says so
  try { boxWrite([...boxRead(), entry]); } catch (e) { return false; }
  form.dispatchEvent(new Event("saved"));  // kept as an entry now, no longer as a form
  if (form.dataset.table) form.reset();  // a paper slip's form: empty for the next one
  notice(true);
  drawOutbox();
  if (form.dataset.table) seen(form.dataset.table);
  tries = 0;  // someone is at the table: ask again soon, not after the wait grown so far
  outboxRetry();
  return true;
}

// A table's paper slips said beside it, brought into view (the director is there).
function seen(table) {
  const form = document.querySelector(`main form[data-table="${table}"]`);
  const note = form?.closest("details.slip")?.previousElementSibling;
  if (note?.classList.contains("slip-waiting")) note.scrollIntoView({ block: "nearest" });
}

// The step after the last waiting entry, from the step form kept as this phone last saw
// it: its hand's number, nothing chosen, the nil bidders' own counts where the waiting
// bids have nils (a nil bidder without a row there: not drawn, the step waits).
function nextStep(last) {
  const bids = last.action.endsWith("/bids");
  const fields = new Map(last.fields);
  const html = kept.getItem(`${box()}:${bids ? "tricks" : "bids"}`);
  if (!html) return null;
  const step = pageOf(html).body.firstElementChild;
  step.hidden = false;
  // the server's lines of the kept form's own hand: who dealt, its contracts, and a first
  // hand's "bids itself" (a drawn step is a later hand's)
  step.querySelectorAll(".lead-line, .aside-row, .flash, .error, .bids-itself").forEach((e) => e.remove());
  const number = Number(fields.get("number")) + !bids;
  const head = step.querySelector("h1");
  head.textContent = head.textContent.replace(/\d+/, number);
  const form = step.querySelector("form");
  const drawnFor = Number(form.number.value);  // the hand the kept form was drawn for
  form.dataset.chain = form.number.value = number;
  // what is tapped on it is kept as on the server's form of that step (app.js keepChoices):
  // the server's answer that replaces the page under the fingers shows the same choices
  if (form.dataset.keep) form.dataset.keep = form.dataset.keep.replace(/-\d+-(bids|tricks)$/, `-${number}-$1`);
  step.querySelectorAll("input:checked").forEach((i) => { i.checked = false; });
  // the seats' phones' bids the kept form showed were its own hand's: none is shown for
  // this one, so the server keeps a phone's bid made meanwhile rather than overwrite it
  if (form.phones) form.phones.value = form.dataset.phones = "";
  passDeal(step, number - drawnFor);
  // a tricks row's note says its seat's bid in the kept form's hand ("bid 6"): the number
  // becomes the waiting bid's; a nil, either way, is not said (no words for it here, the
  // waiting bids are listed above), rather than the last hand's bid said as this one's
  if (bids) step.querySelectorAll(".pick.tricks").forEach((group) => {
    const bid = fields.get(group.id.replace("tricks", "bid"));
    if (bid === undefined) return;
    group.querySelectorAll(".note").forEach((note) => {
      if (/^\d+$/.test(bid) && /\d/.test(note.textContent)) note.textContent = note.textContent.replace(/\d+/, bid);
      else note.remove();
    });
  });
  step.querySelectorAll(".nil-count").forEach((group) => {
    const nil = /nil/.test(fields.get(group.id.replace("tricks", "bid")));
    group.hidden = !nil;
    group.querySelectorAll("input").forEach((i) => { i.disabled = !nil; i.checked = i.value === "0"; });
  });
  // (a kept form without any nil bidder's row, a hand without nils, is no exception: a
  // partnership counting by side would send the nil bidder's count as the server's 0, unseen)
  const lost = [...fields].some(([name, bid]) => name.startsWith("bid_") && /nil/.test(bid)
    && !step.querySelector(`#${name.replace("bid", "tricks")}`));
  return lost ? null : step;
}

// The deal passes on a seat a hand: the kept form's seats, in the bidding order of its
// own hand, turned by the hands since (the first of them open, the last one dealing). A
// bid in from a phone was that hand's: none is chosen or noted here.
function passDeal(step, hands) {
  const rows = [...step.querySelectorAll(".pick.bid, .pick.seat-count")];
  if (!rows.length) return;
  const turn = ((hands % rows.length) + rows.length) % rows.length;
  const at = rows[0].ownerDocument.createComment("");  // the rows stand together: put back in turn there
  rows[0].before(at);
  [...rows.slice(turn), ...rows.slice(0, turn)].forEach((row) => at.before(row));
  at.remove();
  [...step.querySelectorAll(".pick")].forEach((row) => row.classList.toggle("folded", row !== rows[turn]));
  const dealer = step.querySelector(".pick.bid.dealer");
  if (!dealer) return;
  const deals = dealer.querySelector(".note").textContent.split(", ")[0];
  step.querySelectorAll(".pick.bid").forEach((row, i, all) => {
    const last = i === all.length - 1;
    row.classList.toggle("dealer", last);
    row.querySelectorAll(".note").forEach((note) => note.remove());
    row.querySelector(".pick-value").textContent = "–";
    if (!last) return;
    row.querySelector("legend .who").after(" ", make("span", deals, { className: "note" }));
    row.querySelector(".pick-value").before(make("span", deals, { className: "note" }));
  });
}

// The waiting entries under the score, and the step after them drawn here; while none
// waits, each step form the server draws is kept for that.
function drawOutbox() {
  const list = boxRead();
  document.querySelectorAll("main .step, main .seat-form").forEach((s) => {
    const form = s.querySelector("form[data-queue]");
    if (form && !list.length && !form.dataset.chain) {
      // one game's step forms kept at a time: another game's go (its waiting saves stay)
      Object.keys(kept).filter((k) => /^outbox:.*:(bids|tricks)$/.test(k) && !k.startsWith(`${box()}:`))
        .forEach((k) => kept.removeItem(k));
      try {
        kept.setItem(`${box()}:${form.classList.contains("bids-form") ? "bids" : "tricks"}`, s.outerHTML);
      } catch (e) { /* no room: the next step then waits for the server */ }
    }
    // a game over or closed to the table says so still: no step of it can be entered
    s.hidden = list.length > 0 && !s.classList.contains("done");
  });
  // the server's line on whose deal it is speaks of the step before the waiting ones
  document.querySelectorAll("main p.status:not(.clock)").forEach((p) => { p.hidden = list.length > 0; });
  document.querySelectorAll(".outbox, .here").forEach((e) => e.remove());
  document.querySelectorAll("form.slip-hand[data-table] > p:first-of-type").forEach((p) => {
    p.textContent = p.textContent.replace(/\d+/, slipNumber(p.closest("form")));  // the hand it enters now
  });
  if (!list.length) return;
  // the first entry refused: nothing goes until it is discarded, the totals are the server's
  // (the rest named only when something else waits behind it)
  const head = list[0].refused ? (list.length > 1 ? "r" : "r1") : "w";
  const holder = make("div", say(head), { className: "card outbox" });
  const items = make("ul", "");
  list.forEach((entry, i) => {
    const item = make("li", say(entry.refused ? "x" : "q", { what: entry.what, why: entry.refused }),
      { className: entry.refused ? "flash flash-error" : "" });
    if (entry.refused || i === list.length - 1) {
      const ask = make("details", "", { className: "confirm" });
      ask.append(make("summary", say("d"), { role: "button" }), make("button", say("y"), { type: "button",
        onclick: () => { boxWrite(boxRead().filter((e) => e.key !== entry.key)); drawOutbox(); outboxSend(); } }));
      item.append(ask);
    }
    items.append(item);
  });
  holder.append(items);
  // a table with paper slips in the list says so where the director entered them (the
  // list at the top is out of view there): waiting, or refused (said and discarded there)
  document.querySelectorAll("main details.slip").forEach((slip) => {
    const table = slip.querySelector("form[data-table]")?.dataset.table;
    const its = list.filter((entry) => entry.table === table);
    if (!its.length) return;
    const refused = its.some((entry) => entry.refused);
    slip.before(make("p", say(refused ? "sx" : "sq"),
      { className: `here slip-waiting${refused ? " flash flash-error" : ""}` }));
  });
  (document.querySelector("main .scoreboard") || document.querySelector("main [data-outbox-after]")
    || document.querySelector("main").firstChild).after(holder);
  // no step after the last hand's tricks: the game ends with them (the server says if not)
  const end = list[list.length - 1];
  const step = !list[0].refused && list[0].action.includes("/games/") && !end.last && nextStep(end);
  if (step) {
    step.classList.add("here");
    holder.after(step);
    enhance(step);
  }
}

let retryTimer = null;
let tries = 0;
function outboxRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => { retryTimer = null; outboxSend(); }, 2000 * Math.min(2 ** tries++, 30));
}

// A request that gives up after the save timeout: null when the server gave no answer.
async function ask(url, options) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), SAVE_TIMEOUT_S * 1000);
  try {
    const res = await fetch(url, { signal: stop.signal, ...options });
    // no-store: the worker gives no kept copy for it (sw.js), only the server's answer
    return UNANSWERED.includes(res.status) ? null : { res, html: await res.text() };
  } catch (e) {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

let sending = false;
async function outboxSend() {
  if (sending) return;
  sending = true;
  clearTimeout(retryTimer);
  let last = null;
  let now = null;
  let failed = false;
  for (let list = boxRead(); list.length && !list[0].refused; list = boxRead()) {
    const entry = list[0];
    // the game as the server has it now (the answer to the entry before): its form
    // token, and the version of the hand a step drawn here goes on
    now = last || await ask(location.pathname, { cache: "no-store" });  // sw.js: never kept
    failed = !now;
    if (failed) break;
    const page = pageOf(now.html);
    const body = new FormData();
    entry.fields.forEach(([name, value]) => body.append(name, value));
    const form = page.querySelector(`form[action="${entry.action}"]`);
    // a step drawn here goes on its hand as the entry before it left it, and on nothing
    // else: that entry refused and discarded, the step keeps the version it was drawn
    // with, and the server says why it is not applied (another phone's bids, not these)
    if (entry.chain && entry.behind === boxIn() && form?.number.value === entry.chain) {
      body.set("version", form.version.value);
    }
    body.set("key", entry.key);
    if (entry.after) body.set("after_key", entry.after);  // a paper slip queued behind another
    // the server's page may have no form now (a seat page once the hand is bid, a closed
    // table's game): the token this phone's page had then, from the same session
    body.set("csrf_token", page.querySelector("[name=csrf_token]")?.value || entry.token
      || document.querySelector("[name=csrf_token]")?.value || "");
    now = await ask(entry.action, { method: "POST", body });
    failed = !now;
    if (failed) break;
    last = now;
    tries = 0;
    // the server's words: a refusal flashed on the game, or the form's own refusals
    const said = [...pageOf(now.html).querySelectorAll(now.res.ok ? "main .flash-error"
      : "main [role=alert], main .error")].map((e) => e.textContent.trim()).join(" ");
    const rest = boxRead().filter((e) => e.key !== entry.key);
    // applied, or applied before (its key): gone from the phone; else kept, and why
    const refused = said || !now.res.ok;
    if (!refused) kept.setItem(`${box()}:in`, entry.key);
    boxWrite(refused ? [{ ...entry,
      refused: said || say("b", { status: now.res.status }) }, ...rest] : rest);
  }
  sending = false;
  // the game as the server has it, any entry still waiting above it (none waiting: a page
  // shown from the worker's copy asks for the server's, until it answers). A refusal
  // answered with an error page of its own (a closed table's 403): its words are kept
  // with the entry, and the page shown is this page's address as it is now.
  const elsewhere = last && !last.res.ok && !pageOf(last.html).getElementById("outbox-words");
  let shown = elsewhere ? null : last;
  if (!failed && !shown && (elsewhere || !boxRead().length)) {
    now = shown = await ask(location.pathname, { cache: "no-store" });
    failed = !now;
  }
  if (now || failed) notice(failed);
  if (failed) outboxRetry();
  if (shown?.res.headers.get("Content-Type")?.startsWith("text/html")) {
    showAnswer(pageOf(shown.html), shown.res.redirected && shown.res.url);
  } else drawOutbox();
  const refused = boxRead()[0];
  if (refused?.refused && refused.table) seen(refused.table);
}


window.outbox = {
  // a save about to go (sendByFetch): its entry, the key set in what is sent; or true
  // when saves wait already and it is kept behind them (or said not saved: no room)
  take(form, body, button) {
    const entry = entryOf(form, body);
    const list = boxRead();
    if (!list.length) return body.set("key", entry.key) || entry;
    if (entry.chain) entry.behind = list[list.length - 1].key;  // drawn on the phone after it
    if (!queue(form, entry)) saveNote(form, button, NO_CONNECTION);
    return true;
  },
  queue,
  send: () => here() && boxRead().length && outboxSend(),
  // on each page shown: the entries waiting drawn, and sent unless a retry is set already
  start() {
    if (!kept || !here()) return;
    drawOutbox();
    const down = document.querySelector(".offline-notice:not([hidden])");  // a kept copy
    if ((boxRead().length || down) && !retryTimer) outboxSend();
  },
};
window.outbox.start();
