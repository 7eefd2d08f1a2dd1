// scorepad: small touches on top of pages that work without JavaScript.
"use strict";

// Hand entry: radio chips; these only add live sums and fill what follows by itself.
// Each chip carries the tricks it counts for (data-n, from the core) and each sum's
// words come from the page (data-*, "{n}" a number added here, "{who}" a name shown).
const count = (group) => {
  const input = group && group.querySelector("input:checked");
  return input ? Number(input.dataset.n) : null;
};
const who = (group) => group.querySelector(".who").textContent;
const fill = (text, values = {}) => text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? values[key] : all));

// Choose the chip of a group that counts for `n` tricks.
function setChoice(group, n) {
  const input = group.querySelector(`input[data-n="${n}"]`);
  if (!input) return false;
  group.querySelectorAll("input").forEach((i) => { i.classList.remove("auto"); });
  input.checked = true;
  return true;
}

function bidSummary(form) {
  const out = form.querySelector(".bid-summary");
  if (!out) return;
  const say = out.dataset;
  const top = Number(form.dataset.tricks);
  const sides = JSON.parse(form.dataset.sides);
  const names = JSON.parse(form.dataset.names);
  const update = () => {
    let all = 0;
    const parts = sides.map((seats, i) => {
      let sum = 0;
      seats.forEach((seat) => { sum += count(form.querySelector(`#bid_${seat}`)) || 0; });
      all += sum;
      return fill(say.side, { who: names[i], n: sum });
    });
    const left = top - all;
    const one = Math.abs(left) === 1;  // the words for a single trick
    const words = left >= 0 ? (one ? say.unbidOne : say.unbid) : (one ? say.overbidOne : say.overbid);
    parts.push(fill(words, { n: Math.abs(left) }));
    // the table's least (data-least, from the core's next hand): the bids added up beside it
    if (say.least) parts.push(fill(say.table, { n: all, least: say.least }));
    out.textContent = parts.join(" · ");
  };
  form.addEventListener("change", update);
  out.hidden = false;
  update();
}

function sideTricks(form) {
  const first = form.querySelector(".pick.side-0");
  const second = form.querySelector(".pick.side-1");
  const out = form.querySelector(".side-took");
  if (!first || !second || !out) return;
  const top = Number(form.dataset.tricks);
  const update = () => {
    const took = count(first);
    if (took === null) { out.hidden = true; return; }
    setChoice(second, top - took);
    out.textContent = fill(out.dataset.took, { who: who(second), n: top - took });
    out.hidden = false;
  };
  first.addEventListener("change", update);
  update();
  // A nil bidder cannot take more than the side: said on that row, before any save.
  form.addEventListener("submit", (event) => {
    const took = count(first);
    if (took === null) return;
    const counts = [took, top - took];
    const side = (g) => Number(g.className.match(/of-side-(\d)/)[1]);
    const over = [...form.querySelectorAll(".pick.nil-count:not([hidden])")]
      .find((g) => count(g) > counts[side(g)]);
    if (!over) return;
    event.preventDefault();
    let error = over.querySelector(".error");
    if (!error) {
      error = document.createElement("span");
      error.className = "error";
      error.id = `${over.id}-error`;
      over.append(error);
      over.setAttribute("aria-describedby", error.id);
    }
    error.textContent = fill(out.dataset.over, { who: who(over), n: count(over),
      side: who([first, second][side(over)]), count: counts[side(over)] });
    over.classList.add("invalid");
    over.classList.remove("folded");
    error.setAttribute("role", "alert");
  });
}

function seatTricks(form) {
  const groups = [...form.querySelectorAll(".pick.seat-count")];
  const out = form.querySelector(".remaining");
  if (groups.length < 2 || !out) return;
  const say = out.dataset;
  const none = out.textContent;
  const top = Number(form.dataset.tricks);
  const touched = new Set(groups.filter((g) => count(g) !== null));
  const update = () => {
    const rest = groups.filter((g) => !touched.has(g));
    if (rest.length === 1) {
      let sum = 0;
      touched.forEach((g) => { sum += count(g); });
      const last = rest[0];
      last.querySelectorAll("input:checked").forEach((i) => { i.checked = false; });
      if (top - sum >= 0 && setChoice(last, top - sum)) {
        last.querySelector("input:checked").classList.add("auto");
      }
    }
    let sum = 0;
    let chosen = 0;
    groups.forEach((g) => {
      const n = count(g);
      if (n !== null) { sum += n; chosen += 1; }
    });
    const left = top - sum;
    if (sum === 0 && chosen < groups.length) {  // nothing yet, or only a nil bidder's 0
      out.textContent = none;
    } else if (left === 0 && chosen === groups.length) {
      out.textContent = rest.length === 1 ? fill(say.auto, { who: who(rest[0]), n: count(rest[0]) })
        : say.all;
    } else if (left >= 0) {
      out.textContent = fill(say.left, { n: left });
    } else {
      out.textContent = fill(say.over, { n: -left, sum });
    }
    out.classList.toggle("off", left < 0 || (chosen === groups.length && left !== 0));
  };
  groups.forEach((g) => g.addEventListener("change", () => { touched.add(g); update(); }));
  update();
}

// Fixing a hand counted by side: a seat's own tricks matter only while it bids nil.
function editNilGroups(form) {
  form.querySelectorAll(".pick.nil-count").forEach((group) => {
    const seat = group.id.replace("tricks_", "");
    const bid = form.querySelector(`#bid_${seat}`);
    if (!bid) return;
    const update = () => {
      group.hidden = !bid.querySelector(":checked[data-own]") && !group.classList.contains("invalid");
    };
    bid.addEventListener("change", update);
    update();
  });
}

// One group open at a time, so a step fits one screen: the server draws the others
// folded to a row (.pick-head) showing their choice, which opens on a tap. A tap on a
// choice opens the next group still to choose (a nil bidder's preset 0 counted by side
// is shown in turn, to confirm). The open group is kept with the choices (keepChoices).
function foldPicks(form) {
  if (!form.classList.contains("folding")) return;
  const all = [...form.querySelectorAll(".pick")];
  const seen = new Set();
  let tapped = -Infinity;
  form.open = (group) => {
    all.forEach((g) => g.classList.toggle("folded", g !== group));
    form.dispatchEvent(new Event("fold"));
  };
  all.forEach((g) => g.querySelector(".pick-head").addEventListener("click", () => {
    form.open(g); seen.add(g);
  }));
  form.addEventListener("pointerdown", () => { tapped = performance.now(); });
  form.addEventListener("change", (event) => {
    all.forEach((g) => {
      const head = g.querySelector(".pick-head");
      const input = g.querySelector("input:checked");
      const value = input ? input.nextElementSibling.textContent : "";
      head.querySelector(".pick-value").textContent = value || "–";
      head.setAttribute("aria-label", `${g.getAttribute("aria-label")}: ${value || "not chosen"}`);
    });
    const group = event.target.closest(".pick");
    if (!group || performance.now() - tapped > 1500) return;  // arrow keys: stay put
    seen.add(group);
    const groups = all.filter((g) => !g.hidden);
    const after = groups.slice(groups.indexOf(group) + 1);
    const todo = (g) => !seen.has(g) && (count(g) === null || g.classList.contains("nil-count"));
    form.open(after.find(todo) || groups.find((g) => count(g) === null) || null);
  });
}

// What a hand form holds stays on the phone until it is saved, with the group open: a
// reload after a failed save (or a dead battery) finds the same choices and rows, but for
// a seat whose phone's bid came in or changed since (data-phones).
function keepChoices(form) {
  const key = form.dataset.keep;
  let store;
  try { store = window.localStorage; store.length; } catch (e) { return; }
  if (!key || !store) return;
  const saved = JSON.parse(store.getItem(`form:${key}`) || "null");
  const phone = (text, seat) => `,${text},`.match(`,${seat}:[^,]*`)?.[0];  // "1:6"
  if (saved && !form.querySelector(".invalid")) {
    Object.entries(saved).forEach(([name, value]) => {
      const seat = name.replace("bid_", ""), now = phone(form.dataset.phones, seat);  // bid_1: 1
      if (now && now !== phone(saved["#phones"], seat)) return;
      const input = form.querySelector(`input[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]`);
      if (input) { input.checked = true; input.dispatchEvent(new Event("change", { bubbles: true })); }
    });
    if ("#open" in saved && form.open) form.open(saved["#open"] && form.querySelector(`#${saved["#open"]}`));
  }
  const keep = () => {
    const open = (form.querySelector(".pick:not(.folded)") || {}).id || "";
    const chosen = { "#open": open, "#phones": form.dataset.phones };
    form.querySelectorAll("input:checked").forEach((i) => { chosen[i.name] = i.value; });
    store.setItem(`form:${key}`, JSON.stringify(chosen));
  };
  form.addEventListener("change", keep);
  form.addEventListener("fold", keep);
  form.addEventListener("saved", () => store.removeItem(`form:${key}`));
}

// The new-game form and the settings form (class new-game): each has only the player
// fields of its table (2, 3 or 4), the settings form no table choice nor first dealer.
function newGame(form) {
  const names = Array.from(form.querySelectorAll("input[id^=player_]"));
  const dealers = form.querySelectorAll("input[name=first_dealer]");
  const update = () => {
    // each table choice says its seats and whether partners play (data-seats, data-partners)
    const chosen = form.querySelector("input[name=table]:checked");
    const seats = chosen ? Number(chosen.dataset.seats) : names.length;
    const partners = !chosen || chosen.hasAttribute("data-partners");
    names.forEach((input, i) => {
      const field = input.closest(".field");
      if (field) field.hidden = i >= seats;
    });
    dealers.forEach((radio, i) => {
      const label = radio.closest("label");
      const said = label && label.querySelector("span");
      if (!said) return;
      label.hidden = i >= seats;
      const name = names[i] ? names[i].value.trim() : "";
      said.dataset.seat = said.dataset.seat || said.textContent; // the page's "Seat 2", in its language
      said.textContent = name || said.dataset.seat;
    });
    const diagram = form.querySelector(".table-diagram");
    if (diagram) diagram.hidden = !partners;
    const tricksBy = form.querySelector(".tricks-by");
    if (tricksBy) tricksBy.hidden = !partners;
    form.querySelectorAll("div[data-partners]").forEach((rule) => { rule.hidden = !partners; });
    const custom = form.querySelector(".custom-target");
    const target = form.querySelector("input[name=target]:checked");
    if (custom) custom.hidden = !target || target.value !== "custom";
  };
  form.addEventListener("change", update);
  names.forEach((n) => n.addEventListener("input", update));
  update();
}

// The live scoreboard: ask for the board every few seconds; the browser revalidates
// with its ETag, so an unchanged board costs a 304 and no redraw. One poll per board, for
// as long as the board is on the page (a save's answer replaces the page and its boards).
// A board that names its turn (data-turn) reloads its page when the game moves on.
function livePoll(board) {
  if (board.dataset.polling) return;
  board.dataset.polling = "1";
  const every = 1000 * (Number(board.dataset.every) || 3);
  let tag = null;
  const tick = async () => {
    if (!board.isConnected) return;
    try {
      const res = await fetch(board.dataset.poll, { cache: "no-cache" });
      notice(res.status > 501 && res.status < 505);
      if (res.ok) window.outbox?.send();  // answered: what waits goes now
      const now = res.headers.get("ETag");
      if (res.ok && now !== tag && board.isConnected && !board.querySelector(".confirm[open]")) {
        if (tag !== null) {
          const html = await res.text();
          const turn = html.match(/data-turn="([^"]*)"/);
          if (board.dataset.turn && turn && turn[1] !== board.dataset.turn) {
            window.location.reload();
            return;
          }
          board.innerHTML = html;
        }
        tag = now;
      }
    } catch (e) { notice(true); }  /* offline for now: try again at the next tick */
    setTimeout(tick, every);
  };
  tick();
}

// Saves go with fetch, so a failed save is known from the request itself: a phone on
// Wi-Fi without a route still calls itself online. Until the server answers, the button
// says so and cannot be tapped twice; on failure everything typed stays in the form.
const SAVE_TIMEOUT_S = 15;
// The phrases it says, in the page's language: handed over by the page (base.html), the
// {status}, {seconds} and {why} in them filled in here.
const WORDS = JSON.parse(document.getElementById("words")?.textContent || "{}");
const phrase = (key, values) => fill(WORDS[key] || key, values);
const NO_CONNECTION = phrase("n");

function saveNote(form, button, text) {
  let note = form.querySelector(".not-saved");
  if (!text) { if (note) note.remove(); return; }
  if (!note) {
    note = document.createElement("p");
    note.className = "flash flash-error not-saved";
    note.setAttribute("role", "alert");
    if (button && form.contains(button)) button.before(note); else form.append(note);
  }
  note.textContent = text;
}

// The server's answer replaces the page, as a page load would; the address becomes the
// page the save led to (never the POST), and behaviours start again on the new content.
// A tap that was meant for the old page (a double tap on Save) must not land on the new
// one: the new page ignores taps for a moment (data-settle: a server set for tests).
const SETTLE_MS = 450;

function showAnswer(doc, url) {
  document.title = doc.title;
  document.body.replaceWith(document.adoptNode(doc.body));
  document.body.classList.add("settling");
  setTimeout(() => document.body.classList.remove("settling"), +(document.body.dataset.settle || SETTLE_MS));
  // The polite live region reads the hand just saved and the score, once it is in place.
  const said = document.getElementById("announce");
  if (said) setTimeout(() => { said.textContent = said.dataset.say || ""; }, 150);
  if (url) history.replaceState(null, "", url);
  // ?at=part: back where the director acted (a fetch drops the redirect's #part)
  const part = url && document.getElementById(new URL(url).searchParams.get("at"));
  if (part) part.scrollIntoView(); else window.scrollTo(0, 0);
  enhance(document);
  const first = document.querySelector("main [role=alert], main h1");
  if (first) { first.setAttribute("tabindex", "-1"); first.focus({ preventScroll: true }); }
}

// What to do with a response: null when the page was replaced, else why nothing was saved.
function answer(form, res, html) {
  const why = phrase("b", { status: res.status });
  if (res.status >= 500 || !(res.headers.get("Content-Type") || "").startsWith("text/html")) {
    return why;
  }
  const doc = new DOMParser().parseFromString(html, "text/html");
  if (res.ok) {
    form.dispatchEvent(new Event("saved"));
    showAnswer(doc, res.redirected ? res.url : null);
    return null;
  }
  // Refused (4xx): the form drawn again with its errors and what was typed, or, when the
  // answer is an error page, its message here with the form kept as it is.
  const action = form.getAttribute("action");
  if (action && doc.querySelector(`form[action="${CSS.escape(action)}"]`)) {
    showAnswer(doc, null);
    return null;
  }
  const refusal = doc.querySelector("main [role=alert]");
  return phrase("u", { why: refusal ? refusal.textContent.trim() : why });
}

function sendByFetch(form) {
  form.addEventListener("submit", async (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (form.dataset.sending) return;  // a double tap sends once
    const button = event.submitter || form.querySelector("button:not([type=button])");
    let body;
    try { body = new FormData(form, event.submitter); } catch (e) { body = new FormData(form); }
    // a step of a game's hands: kept in the outbox (static/outbox.js) when not answered;
    // true: kept already, behind the saves waiting
    const entry = form.hasAttribute("data-queue") && window.outbox?.take(form, body, button);
    if (entry === true) return;
    form.dataset.sending = "1";
    const label = button ? button.textContent : "";
    if (button) { button.disabled = true; button.textContent = phrase("s"); }
    saveNote(form, button, null);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), SAVE_TIMEOUT_S * 1000);
    let problem;
    try {
      const res = await fetch(form.action, { method: "POST", body, redirect: "follow",
        credentials: "same-origin", signal: stop.signal });
      if (entry && res.status > 501 && res.status < 505) throw res;  // a gateway's: no answer
      problem = answer(form, res, await res.text());
      notice(false);
    } catch (e) {
      // kept in the outbox: nothing to say here, the form free for the next entry
      problem = entry && window.outbox.queue(form, entry) ? ""
        : stop.signal.aborted ? phrase("t", { seconds: SAVE_TIMEOUT_S }) : NO_CONNECTION;
      if (problem) notice(true);
    } finally {
      clearTimeout(timer);
    }
    if (problem === null) return;
    delete form.dataset.sending;
    if (button) { button.disabled = false; button.textContent = label; }
    saveNote(form, button, problem);
  });
}

// The notice at the top says the truth: shown when a save or a refresh got no answer,
// gone with the first request that got one.
function notice(shown) {
  const note = document.querySelector(".offline-notice");
  if (note) note.hidden = !shown;
}

// Large text and high contrast: this phone's choice, kept in a cookie for a year so the
// server draws every page with it from the first paint.
const LOOKS = { large: "text-large", contrast: "contrast" };

function looks(footer) {
  footer.hidden = false;
  footer.querySelectorAll("button[data-look]").forEach((button) => {
    button.addEventListener("click", () => {
      const on = button.getAttribute("aria-pressed") !== "true";
      button.setAttribute("aria-pressed", String(on));
      document.documentElement.classList.toggle(LOOKS[button.dataset.look], on);
      // the looks' stylesheet comes with the first look turned on (base.html links it after)
      if (on && !document.querySelector("link[data-looks]")) {
        const sheet = document.createElement("link");
        sheet.rel = "stylesheet";
        sheet.href = footer.dataset.sheet;
        sheet.dataset.looks = "";
        document.head.append(sheet);
      }
      const chosen = [...footer.querySelectorAll("button[aria-pressed=true]")]
        .map((b) => b.dataset.look);
      document.cookie = `look=${chosen.join(".")}; path=/; max-age=31536000; SameSite=Lax`;
    });
  });
}

// The scoring phone's screen stays on while a game is being played (where the browser can),
// and lets go when the page is hidden; it asks again when the page is shown.
let wakeLock = null;

async function keepAwake() {
  const wanted = document.querySelector("[data-wake]") && document.visibilityState === "visible";
  if (!wanted) {
    if (wakeLock) { wakeLock.release().catch(() => {}); wakeLock = null; }
    return;
  }
  if (wakeLock || !("wakeLock" in navigator)) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
  } catch (e) { wakeLock = null; }  // refused (battery saver): the screen sleeps as usual
}
document.addEventListener("visibilitychange", keepAwake);
// A question opened at the foot of the screen (Undo hand N) comes into view with its answer.
document.addEventListener("toggle", (e) => {
  if (e.target.matches?.("details.confirm[open]")) e.target.scrollIntoView({ block: "nearest" });
}, true);

// Share result: the phone's share sheet with the text and the scoreboard image (Web Share
// API); where there is none, the text is copied for a message.
function shareResult(button) {
  // its phrases come with it (games/_share_result.html)
  const note = button.parentElement.querySelector(".share-note");
  const say = (key, values) => { if (note) note.textContent = fill(note.dataset[key], values); };
  button.hidden = false;
  button.addEventListener("click", async () => {
    const text = button.dataset.text;
    try {
      if (navigator.share) {
        let files = [];
        try {
          const blob = await (await fetch(button.dataset.image)).blob();
          const file = new File([blob], button.dataset.file, { type: "image/png" });
          if (navigator.canShare && navigator.canShare({ files: [file] })) files = [file];
        } catch (e) { /* no image: the text alone */ }
        await navigator.share(files.length ? { text, files } : { text });
        return;
      }
      await navigator.clipboard.writeText(text);
      say("copied");
    } catch (e) {
      if (e.name !== "AbortError") say("copy", { text });
    }
  });
}

// Plain http from another phone: the server draws the notice; "Got it" hides it for good
// (a cookie, so the next page is drawn without it).
function insecureNotice(note) {
  note.querySelector(".insecure-dismiss").addEventListener("click", () => {
    note.hidden = true;
    document.cookie = "insecure-seen=1; path=/; max-age=31536000; SameSite=Lax";
  });
}

// The outbox's script (static/outbox.js, docs/offline.md), fetched after the page by the
// pages that save a game's steps (their #outbox-words names it): no other page carries it.
// Kept by the browser (and the worker) like app.js.

// Every behaviour of a page, started on load and again when a save's answer replaces it.
function enhance(root) {
  root.querySelectorAll("form.hand-form").forEach((form) => {
    bidSummary(form);
    sideTricks(form);
    seatTricks(form);
    editNilGroups(form);
    foldPicks(form);
    keepChoices(form);
  });
  root.querySelectorAll("form.new-game").forEach(newGame);
  // the language chooser's form loads the whole page anew, in the language chosen
  root.querySelectorAll("form[method=post]:not(.whole)").forEach(sendByFetch);
  root.querySelectorAll("[data-poll]").forEach(livePoll);
  root.querySelectorAll("footer.looks").forEach(looks);
  root.querySelectorAll("button.share-button").forEach(shareResult);
  keepAwake();
  root.querySelectorAll(".insecure-notice").forEach(insecureNotice);
  if (root !== document) return;
  const box = document.getElementById("outbox-words");
  if (window.outbox) window.outbox.start();
  else if (box && window.outbox !== null) {  // null: asked for already
    window.outbox = null;
    document.head.append(Object.assign(document.createElement("script"), { src: box.dataset.src }));
  }
}

enhance(document);
// The worker keeps the open page as it installs: no message needed for a first visit.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
