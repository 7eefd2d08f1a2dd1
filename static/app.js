// scorepad: small touches on top of pages that work without JavaScript.
"use strict";

// Hand entry: radio chips; these only add live sums and fill what follows by itself.
const checkedValue = (group) => {
  const input = group.querySelector("input:checked");
  return input ? input.value : null;
};

function setChoice(group, value) {
  const input = group.querySelector(`input[value="${value}"]`);
  if (!input) return false;
  group.querySelectorAll("input").forEach((i) => { i.classList.remove("auto"); });
  input.checked = true;
  return true;
}

function bidSummary(form) {
  const out = form.querySelector(".bid-summary");
  if (!out) return;
  const top = Number(form.dataset.tricks);
  const sides = JSON.parse(form.dataset.sides);
  const names = JSON.parse(form.dataset.names);
  const update = () => {
    let all = 0;
    const parts = sides.map((seats, i) => {
      let sum = 0;
      seats.forEach((seat) => { sum += Number(checkedValue(form.querySelector(`#bid_${seat}`))) || 0; });
      all += sum;
      return `${names[i]} ${sum}`;
    });
    const left = top - all;
    parts.push(left >= 0 ? `${left} unbid` : `${-left} overbid`);
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
  const name = second.getAttribute("aria-label").replace(/ tricks$/, "");
  if (!second.classList.contains("invalid")) second.hidden = true;
  const update = () => {
    const took = checkedValue(first);
    if (took === null) { out.hidden = true; return; }
    setChoice(second, String(top - Number(took)));
    out.textContent = `${name} took ${top - Number(took)}`;
    out.hidden = false;
  };
  first.addEventListener("change", update);
  update();
}

function seatTricks(form) {
  const groups = [...form.querySelectorAll(".pick.seat-count")];
  const out = form.querySelector(".remaining");
  if (groups.length < 2 || !out) return;
  const top = Number(form.dataset.tricks);
  const touched = new Set(groups.filter((g) => checkedValue(g) !== null));
  const update = () => {
    const rest = groups.filter((g) => !touched.has(g));
    if (rest.length === 1) {
      let sum = 0;
      touched.forEach((g) => { sum += Number(checkedValue(g)); });
      const last = rest[0];
      last.querySelectorAll("input:checked").forEach((i) => { i.checked = false; });
      if (top - sum >= 0 && setChoice(last, String(top - sum))) {
        last.querySelector("input:checked").classList.add("auto");
      }
    }
    let sum = 0;
    let chosen = 0;
    groups.forEach((g) => {
      const v = checkedValue(g);
      if (v !== null) { sum += Number(v); chosen += 1; }
    });
    const left = top - sum;
    if (chosen === 0) {
      out.textContent = `The tricks add up to ${top}.`;
    } else if (left === 0 && chosen === groups.length) {
      const auto = rest.length === 1 ? rest[0].getAttribute("aria-label").replace(/ tricks$/, "") : null;
      out.textContent = auto ? `${auto} took ${checkedValue(rest[0])}: all ${top} tricks assigned.`
        : `All ${top} tricks assigned.`;
    } else if (left >= 0) {
      out.textContent = `${left} of ${top} tricks still to assign.`;
    } else {
      out.textContent = `${-left} too many: the tricks add up to ${sum}, not ${top}.`;
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
      const v = checkedValue(bid);
      group.hidden = !(v === "nil" || v === "blind_nil") && !group.classList.contains("invalid");
    };
    bid.addEventListener("change", update);
    update();
  });
}

function newGame(form) {
  const tables = form.querySelectorAll("input[name=table]");
  const seatsFor = (v) => (v === "partnership" ? 4 : Number(v.split("-")[1]));
  const names = [0, 1, 2, 3].map((i) => form.querySelector(`#player_${i}`));
  const dealers = form.querySelectorAll("input[name=first_dealer]");
  const update = () => {
    const chosen = form.querySelector("input[name=table]:checked");
    const seats = chosen ? seatsFor(chosen.value) : 4;
    names.forEach((input, i) => { input.closest(".field").hidden = i >= seats; });
    dealers.forEach((radio, i) => {
      radio.closest("label").hidden = i >= seats;
      const name = names[i].value.trim();
      radio.closest("label").querySelector("span").textContent = name || `Seat ${i + 1}`;
    });
    const diagram = form.querySelector(".table-diagram");
    if (diagram) diagram.hidden = seats !== 4 || chosen.value !== "partnership";
    const tricksBy = form.querySelector(".tricks-by");
    if (tricksBy) tricksBy.hidden = chosen && chosen.value !== "partnership";
    form.querySelectorAll("[data-partners]").forEach((rule) => {
      rule.hidden = chosen && chosen.value !== "partnership";
    });
    const custom = form.querySelector(".custom-target");
    const target = form.querySelector("input[name=target]:checked");
    if (custom) custom.hidden = !target || target.value !== "custom";
  };
  form.addEventListener("change", update);
  names.forEach((n) => n.addEventListener("input", update));
  update();
}

// The live scoreboard: ask for the board every few seconds; the browser revalidates
// with its ETag, so an unchanged board costs a 304 and no redraw.
function livePoll(board) {
  const every = 1000 * (Number(board.dataset.every) || 3);
  let tag = null;
  const tick = async () => {
    try {
      const res = await fetch(board.dataset.poll, { cache: "no-cache" });
      const now = res.headers.get("ETag");
      if (res.ok && now !== tag) {
        if (tag !== null) board.innerHTML = await res.text();
        tag = now;
      }
    } catch (e) { /* offline for now: try again at the next tick */ }
    setTimeout(tick, every);
  };
  tick();
}

// Saves go with fetch, so a failed save is known from the request itself: a phone on
// Wi-Fi without a route still calls itself online. Until the server answers, the button
// says so and cannot be tapped twice; on failure everything typed stays in the form.
const SAVE_TIMEOUT_S = 15;
const NO_CONNECTION = "No connection: not saved. What you entered is kept; try again.";

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
function showAnswer(doc, url) {
  document.title = doc.title;
  document.body.replaceWith(document.adoptNode(doc.body));
  if (url) history.replaceState(null, "", url);
  window.scrollTo(0, 0);
  enhance(document);
  const first = document.querySelector("main [role=alert], main h1");
  if (first) { first.setAttribute("tabindex", "-1"); first.focus({ preventScroll: true }); }
}

// What to do with a response: null when the page was replaced, else why nothing was saved.
function answer(form, res, html) {
  const why = `The server did not answer properly (error ${res.status}): not saved. `
    + "What you entered is kept; try again.";
  if (res.status >= 500 || !(res.headers.get("Content-Type") || "").startsWith("text/html")) {
    return why;
  }
  const doc = new DOMParser().parseFromString(html, "text/html");
  if (res.ok) {
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
  const said = doc.querySelector("main [role=alert]");
  return `Not saved: ${said ? said.textContent.trim() : why}`;
}

function sendByFetch(form) {
  form.addEventListener("submit", async (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (form.dataset.sending) return;  // a double tap sends once
    const button = event.submitter || form.querySelector("button:not([type=button])");
    let body;
    try { body = new FormData(form, event.submitter); } catch (e) { body = new FormData(form); }
    form.dataset.sending = "1";
    const label = button ? button.textContent : "";
    if (button) { button.disabled = true; button.textContent = "Saving…"; }
    saveNote(form, button, null);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), SAVE_TIMEOUT_S * 1000);
    let problem;
    try {
      const res = await fetch(form.action, { method: "POST", body, redirect: "follow",
        credentials: "same-origin", signal: stop.signal });
      problem = answer(form, res, await res.text());
    } catch (e) {
      problem = stop.signal.aborted
        ? `The server did not answer within ${SAVE_TIMEOUT_S} seconds: not saved. `
          + "What you entered is kept; try again (saving the same again is safe)."
        : NO_CONNECTION;
    } finally {
      clearTimeout(timer);
    }
    if (problem === null) return;
    delete form.dataset.sending;
    if (button) { button.disabled = false; button.textContent = label; }
    saveNote(form, button, problem);
  });
}

// Plain http from another phone is not a secure context: say once, until "Got it", what
// that costs here (no offline score, no install, no wake lock, no share).
const INSECURE_SEEN = "scorepad-insecure-seen";
function insecureNotice(note) {
  if (window.isSecureContext) return;
  try { if (localStorage.getItem(INSECURE_SEEN)) return; } catch (err) { /* shown */ }
  note.hidden = false;
  note.querySelector(".insecure-dismiss").addEventListener("click", () => {
    note.hidden = true;
    try { localStorage.setItem(INSECURE_SEEN, "1"); } catch (err) { /* shown next time */ }
  });
}

// Every behaviour of a page, started on load and again when a save's answer replaces it.
function enhance(root) {
  root.querySelectorAll("form.hand-form").forEach((form) => {
    bidSummary(form);
    sideTricks(form);
    seatTricks(form);
    editNilGroups(form);
  });
  root.querySelectorAll("form.new-game").forEach(newGame);
  root.querySelectorAll("form[method=post]").forEach(sendByFetch);
  root.querySelectorAll("[data-poll]").forEach(livePoll);
  root.querySelectorAll(".insecure-notice").forEach(insecureNotice);
}

enhance(document);
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
