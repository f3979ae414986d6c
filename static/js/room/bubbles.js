// Chat at the table: a line or a reaction shows for a few seconds as a bubble beside the speaker's seat
// (the element marked [data-seat-badge=N], see presence.js seatBadge), even with the chat closed. The
// bubble takes no taps and is placed where it covers no card or button (a race must stay playable);
// screen readers hear each line from someone else once, through this module's own polite region
// (the chat's list is not a live region, so nothing else says it).
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import { reactionIcon } from "./chat.js";

export const BUBBLE_MS = 4000;
const FOLLOW_MS = 400;       // how often a shown bubble follows its seat (a table redraw may move it)
const GAP = 4;
const MARGIN = 4;
const SAID_KEPT = 3;         // a live region only needs its newest lines
const TAPPABLE = "button:not([disabled]), a[href], input, select, [role=button], [data-card], .tw-card";

const visible = (rect) => rect.width > 0 && rect.height > 0;
const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
  * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

function anchorOf(seat) {
  return [...document.querySelectorAll(`[data-seat-badge="${seat}"]`)].find((el) => visible(el.getBoundingClientRect())) ?? null;
}

// Above, below, then beside the seat: the first place that covers nothing tappable (else the least).
function placements(a, w, ht, rtl) {
  const start = rtl ? a.right - w + GAP : a.left - GAP;
  const middle = a.top + a.height / 2 - ht / 2;
  return [
    { x: start, y: a.top - ht - GAP, side: "above" },
    { x: start, y: a.bottom + GAP, side: "below" },
    { x: rtl ? a.left - w - GAP : a.right + GAP, y: middle, side: "end" },
    { x: rtl ? a.right + GAP : a.left - w - GAP, y: middle, side: "start" },
  ];
}

const tappables = () => [...document.querySelectorAll(TAPPABLE)].map((el) => el.getBoundingClientRect()).filter(visible);
const covers = (box, blockers) => blockers.reduce((sum, r) => sum + overlap(box, r), 0);
// Where the seat is, seen from the layer: a change means the bubble must move with it.
const spotKey = (a, origin) => `${Math.round(a.left - origin.left)},${Math.round(a.top - origin.top)}`;

function place(bubble, anchor, layer) {
  const a = anchor.getBoundingClientRect();
  const { width: w, height: ht } = bubble.getBoundingClientRect();
  const maxX = document.documentElement.clientWidth - w - MARGIN;
  const rtl = getComputedStyle(anchor).direction === "rtl";
  const blockers = tappables();
  let best = null;
  for (const spot of placements(a, w, ht, rtl)) {
    const x = Math.max(MARGIN, Math.min(maxX, spot.x));
    const box = { left: x, right: x + w, top: spot.y, bottom: spot.y + ht };
    const covered = covers(box, blockers) + (spot.y < 0 ? 1 : 0);
    if (!best || covered < best.covered) best = { x, y: spot.y, side: spot.side, covered };
    if (!covered) break;
  }
  const origin = layer.getBoundingClientRect();
  bubble.style.left = `${Math.round(best.x - origin.left)}px`;
  bubble.style.top = `${Math.round(best.y - origin.top)}px`;
  bubble.dataset.side = best.side;
  bubble.dataset.anchorAt = spotKey(a, origin);
}

function content(line) {
  if (line.kind === "reaction") return [reactionIcon(line.body)];
  return [h("span", { class: "bubble-text", dir: "auto" }, line.body)];
}

// mountBubbles() → {el, receive(message), dispose()}: `el` goes in the room's page; `receive` takes
// every socket message (as the chat does).
export function mountBubbles({ me }) {
  let room = null;
  const seen = new Set();
  const shown = new Map();  // seat -> {el, until}
  const layer = h("div", { class: "bubbles", "aria-hidden": "true" });
  const said = h("div", { class: "sr-only", id: "chat-said", "aria-live": "polite", "aria-relevant": "additions" });
  const el = h("div", { class: "bubble-root" }, layer, said);
  let follower = null;

  function seatOf(playerId) { return room?.seats.find((s) => s.player?.id === playerId)?.seat ?? null; }

  function say(line) {
    const text = line.kind === "reaction" ? t(`reaction.${line.body}`) : line.body;
    said.append(h("p", {}, t("people.said", { name: line.player.name, text })));
    while (said.childElementCount > SAID_KEPT) said.firstElementChild.remove();
  }

  function show(seat, line) {
    const anchor = anchorOf(seat);
    if (!anchor) return;
    shown.get(seat)?.el.remove();
    const bubble = h("div", { class: `bubble ${line.kind}`, dataset: { bubbleSeat: seat, line: line.id } }, content(line));
    layer.append(bubble);
    place(bubble, anchor, layer);
    shown.set(seat, { el: bubble, until: Date.now() + BUBBLE_MS });
    follower ??= setInterval(follow, FOLLOW_MS);
  }

  // Drop bubbles whose time is up; keep the rest beside their seat (hidden while it is off the table)
  // and off any card the table has since put under them.
  function follow() {
    for (const [seat, { el: bubble, until }] of shown) {
      if (Date.now() >= until) { bubble.remove(); shown.delete(seat); continue; }
      const anchor = anchorOf(seat);
      bubble.hidden = !anchor;
      if (!anchor) continue;
      const moved = bubble.dataset.anchorAt !== spotKey(anchor.getBoundingClientRect(), layer.getBoundingClientRect());
      if (moved || covers(bubble.getBoundingClientRect(), tappables())) place(bubble, anchor, layer);
    }
    if (!shown.size) { clearInterval(follower); follower = null; }
  }

  function receive(message) {
    if (message.type === "room") room = message.room;
    if (message.type === "chat_history") for (const line of message.messages) seen.add(line.id);
    if (message.type !== "chat" || seen.has(message.message.id)) return;
    const line = message.message;
    seen.add(line.id);
    if ((room?.muted || []).includes(line.player.id)) return;
    if (line.player.id !== me()) say(line);
    const seat = seatOf(line.player.id);
    if (seat != null) show(seat, line);
  }

  return { el, receive, dispose: () => { clearInterval(follower); layer.replaceChildren(); } };
}
