// The clocks a table shows (every element with data-deadline), for a room and a tutorial alike.
import { num, t, timeLeft } from "../i18n/index.js";

// Every element with data-deadline shows the seconds left until that server time; without a live
// connection it says so instead of counting (the server's clock, and what happened meanwhile, are unknown).
export function tickDeadlines(root, serverNow, live) {
  for (const el of root.querySelectorAll("[data-deadline]")) {
    const left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - serverNow()) / 1000));
    // A seat's badge has room for the figure alone (data-short): the words are the table's own timer's.
    const short = () => (left >= 60 ? `${num(Math.floor(left / 60))}:${left % 60 < 10 ? num(0) : ""}${num(left % 60)}` : num(left));
    const text = el.dataset.short ? (live ? short() : "…") : live ? timeLeft(left) : t("timer_reconnecting");
    // Written only when it changes: four writes a second would each cost the page a layout.
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("offline", !live);
    el.classList.toggle("urgent", live && left <= Number(el.dataset.urgentAt ?? 10)); // a short timer says when it turns urgent
  }
}
