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

document.querySelectorAll("form.hand-form").forEach((form) => { trickCounter(form); nilToggles(form); });
document.querySelectorAll("form.new-game").forEach(newGame);

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

// Offline: say so, and keep what was typed instead of losing it to a failed save.
function offlineGuard() {
  const notice = document.querySelector(".offline-notice");
  const show = () => { if (notice) notice.hidden = navigator.onLine; };
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  show();
  document.querySelectorAll("form[method=post]").forEach((form) => {
    form.addEventListener("submit", (event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      let note = form.querySelector(".not-saved");
      if (!note) {
        note = document.createElement("p");
        note.className = "flash flash-error not-saved";
        note.setAttribute("role", "alert");
        form.prepend(note);
      }
      note.textContent = "Offline: not saved. What you typed is kept here; save again once the connection is back.";
    });
  });
}

document.querySelectorAll("[data-poll]").forEach(livePoll);
offlineGuard();
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
