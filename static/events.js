// The round clock on event pages: counts down from the seconds the server gave; a polled
// fragment brings the server's count again, so the clock never drifts far. When the
// count reaches 0 the clock shows the server's own words for time called, kept beside it
// in a <template>, at that very second; the server calls time on its next request.
"use strict";
function callTime(el) {
  const box = el.closest("[data-clock]");
  const words = box && box.querySelector("template");
  if (words && el.isConnected) box.replaceChildren(words.content.cloneNode(true));
}
function tickClocks() {
  const now = Date.now();
  document.querySelectorAll("[data-seconds]").forEach((el) => {
    if (!el.dataset.until) {
      el.dataset.until = String(now + 1000 * Number(el.dataset.seconds));
      setTimeout(() => callTime(el), Number(el.dataset.until) - now);
    }
    const left = Math.max(0, Math.ceil((Number(el.dataset.until) - now) / 1000));
    el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    if (left === 0) callTime(el);
  });
}
tickClocks();
setInterval(tickClocks, 250);
