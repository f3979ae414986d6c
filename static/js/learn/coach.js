// The coach: a bubble with what to do next, and a ring around the control it points at. The bubble sits
// at the edge of the screen away from that control (top or bottom), so on a phone it never covers it;
// the ring is a dashed frame with a "Here" label, not a colour alone. Focus follows the coach for a
// keyboard player: a new step puts it on the control (or on Next), and when the pointer moves on from
// the control that had focus, focus moves with it.
import { h } from "../dom.js";
import { t } from "../i18n/index.js";

const PRESSED = '[aria-pressed="true"], [aria-selected="true"], [aria-checked="true"]';
const FOCUSABLE = "button, a[href], input, select, [tabindex]";

// The first of the step's selectors whose element exists and is not already chosen.
export function pointedElement(board, selectors) {
  for (const selector of selectors || []) {
    let el = null;
    try { el = board.querySelector(selector); } catch { continue; }
    if (el && !el.matches(PRESSED)) return el;
  }
  return null;
}

// The bubble's parts, and the ring with its label.
function coachParts({ onNext, onAgain, onSkip }) {
  const parts = {
    text: h("p", { class: "coach-text", id: "coach-text" }),
    nudge: h("p", { class: "coach-nudge", id: "coach-nudge", role: "alert", hidden: true }),
    race: h("p", { class: "coach-race", id: "coach-race", hidden: true }),
    count: h("span", { class: "coach-count", id: "coach-count" }),
    next: h("button", { type: "button", class: "primary", id: "coach-next", onclick: () => onNext() }),
    again: h("button", { type: "button", class: "primary", id: "coach-again", onclick: () => onAgain() }),
    skip: h("button", { type: "button", class: "link", id: "coach-skip", onclick: () => onSkip() }),
    label: h("strong", { class: "coach-label" }),
    here: h("span", { class: "coach-here" }),
  };
  parts.bubble = h("aside", { class: "coach", id: "coach", "aria-labelledby": "coach-label-text" },
    h("div", { class: "coach-top" }, h("span", { id: "coach-label-text" }, parts.label), parts.count, parts.skip),
    parts.text, parts.nudge, parts.race, h("div", { class: "coach-buttons" }, parts.next, parts.again));
  parts.ring = h("div", { class: "coach-ring", id: "coach-ring", "aria-hidden": "true", hidden: true }, parts.here);
  return parts;
}

// The ring around the target, and the bubble in the half of the screen the target is not in.
function place({ ring, bubble }, target) {
  if (!target?.isConnected) { ring.hidden = true; bubble.dataset.side = "bottom"; return; }
  const box = target.getBoundingClientRect();
  const pad = 4;
  Object.assign(ring.style, { left: `${box.left - pad}px`, top: `${box.top - pad}px`, width: `${box.width + 2 * pad}px`, height: `${box.height + 2 * pad}px` });
  ring.hidden = box.width === 0 && box.height === 0;
  bubble.dataset.side = box.top + box.height / 2 > innerHeight / 2 ? "top" : "bottom";
}

// Bring the target into the part of the screen the bubble leaves free.
function reveal(bubble, target) {
  if (!target) return;
  const box = target.getBoundingClientRect();
  const free = innerHeight - bubble.getBoundingClientRect().height - 16;
  if (box.top >= 0 && box.bottom <= innerHeight && (box.bottom <= free || box.top >= innerHeight - free)) return;
  target.scrollIntoView({ block: "center", inline: "nearest" });
}

export function mountCoach(handlers) {
  const parts = coachParts(handlers);
  const { text, nudge, race, count, next, again, skip, label, here, bubble, ring } = parts;
  let target = null;
  let board = null;
  let selectors = [];
  let frame = 0;
  const schedule = () => { if (!frame) frame = requestAnimationFrame(() => { frame = 0; place(parts, target); }); };

  function mark(el, { focus }) {
    if (target && target !== el) { target.removeAttribute("data-coach-target"); target.removeAttribute("aria-describedby"); }
    // A player working the table by keyboard (focus in it, or on the control pointed at) is led on.
    const active = document.activeElement;
    const hadFocus = focus || (board && board.contains(active) && active !== board) || (target && target.contains(active));
    target = el;
    if (el) {
      el.setAttribute("data-coach-target", "");
      el.setAttribute("aria-describedby", "coach-text");
      if (hadFocus && el.matches(FOCUSABLE)) el.focus({ preventScroll: true });
    }
    place(parts, target);
    reveal(bubble, target);
    place(parts, target);
  }

  // A renderer redraws itself too (a card chosen, before anything is sent): the pointer follows its DOM.
  let pending = 0;
  const watcher = new MutationObserver(() => {
    if (!pending) pending = requestAnimationFrame(() => { pending = 0; follow(); });
  });

  function follow() {
    if (!board) return;
    const el = pointedElement(board, selectors);
    if (el !== target) mark(el, { focus: false }); else place(parts, target);
  }

  addEventListener("scroll", schedule, { passive: true });
  addEventListener("resize", schedule);

  return {
    elements: [bubble, ring],
    // A new step: its text, whether it waits for Next, where it points; focus goes to what comes next.
    show({ say, step, total, waitsForNext, point, boardEl }) {
      if (board !== boardEl) {
        watcher.disconnect();
        watcher.observe(boardEl, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-pressed", "aria-selected", "aria-checked"] });
      }
      board = boardEl;
      selectors = point;
      label.textContent = t("learn.coach");
      here.textContent = t("learn.here");
      count.textContent = t("learn.step", { n: step + 1, total });
      skip.textContent = t("learn.skip");
      next.textContent = t("learn.next");
      again.textContent = t("learn.again");
      text.textContent = say;
      nudge.hidden = true;
      race.hidden = true;
      next.hidden = !waitsForNext;
      again.hidden = true;
      bubble.dataset.step = String(step);
      mark(pointedElement(board, selectors), { focus: !waitsForNext });
      if (waitsForNext) next.focus({ preventScroll: true });
    },
    // After every render of the table: the pointer may move on (the card chosen, now the target).
    follow,
    say(message, kind = "info") {
      nudge.textContent = message;
      nudge.dataset.kind = kind;
      nudge.hidden = !message;
    },
    raceLeft(message) {
      race.textContent = message || "";
      race.hidden = !message;
    },
    // A race lost to the clock: the coach says so and offers the step again.
    beaten(message) {
      this.say(message, "bad");
      this.raceLeft(null);
      next.hidden = true;
      again.hidden = false;
      mark(null, { focus: false });
      again.focus({ preventScroll: true });
    },
    busy(on) { bubble.classList.toggle("busy", on); },
    hide() { mark(null, { focus: false }); bubble.hidden = true; ring.hidden = true; },
    dispose() {
      removeEventListener("scroll", schedule);
      removeEventListener("resize", schedule);
      if (frame) cancelAnimationFrame(frame);
      if (pending) cancelAnimationFrame(pending);
      watcher.disconnect();
      mark(null, { focus: false });
    },
  };
}
