// scorepad: small touches on top of pages that work without JavaScript.
"use strict";

function trickCounter(form) {
  const expected = Number(form.dataset.tricks);
  const out = form.querySelector(".remaining");
  const inputs = form.querySelectorAll("input.trick-count");
  if (!expected || !out || !inputs.length) return;
  const update = () => {
    let sum = 0;
    inputs.forEach((i) => { sum += Number(i.value) || 0; });
    const left = expected - sum;
    out.textContent = left === 0 ? `All ${expected} tricks assigned.`
      : left > 0 ? `${left} of ${expected} tricks still to assign.`
      : `${-left} too many: the tricks add up to ${sum}, not ${expected}.`;
    out.classList.toggle("off", left !== 0);
  };
  inputs.forEach((i) => i.addEventListener("input", update));
  update();
}

function nilToggles(form) {
  form.querySelectorAll(".seat-row").forEach((row) => {
    const number = row.querySelector("input.num:not(.trick-count)");
    const boxes = row.querySelectorAll(".toggle input");
    if (!number) return;
    boxes.forEach((box) => box.addEventListener("change", () => {
      if (!box.checked) return;
      number.value = "";
      boxes.forEach((other) => { if (other !== box) other.checked = false; });
    }));
    number.addEventListener("input", () => {
      if (number.value !== "" && number.value !== "0") boxes.forEach((b) => { b.checked = false; });
    });
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
    const suicide = form.querySelector("#rule_suicide");
    if (suicide) suicide.closest(".field").hidden = chosen && chosen.value !== "partnership";
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

// Every behaviour of a page, started on load and again when a save's answer replaces it.
function enhance(root) {
  root.querySelectorAll("form.hand-form").forEach((form) => { trickCounter(form); nilToggles(form); });
  root.querySelectorAll("form.new-game").forEach(newGame);
  root.querySelectorAll("form[method=post]").forEach(sendByFetch);
  root.querySelectorAll("[data-poll]").forEach(livePoll);
}

enhance(document);
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
