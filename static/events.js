// The round clock on event pages: counts down each second from what the server said;
// a polled fragment brings the server's count again, so the clock never drifts far.
"use strict";
function tickClocks() {
  const now = Date.now();
  document.querySelectorAll("[data-seconds]").forEach((el) => {
    if (!el.dataset.until) el.dataset.until = String(now + 1000 * Number(el.dataset.seconds));
    const left = Math.max(0, Math.round((Number(el.dataset.until) - now) / 1000));
    el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  });
}
tickClocks();
setInterval(tickClocks, 1000);
