// Who is at the table: every seat with its presence in a mark and a word (never colour alone), and
// during play one line naming only those who are not there.
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import { PRESENCE_MARK, displayName } from "./seats.js";
import { avatar } from "./avatar.js";

// A bot plays for someone gone longer than the room's grace: a robot mark and words, not a colour.
const STAND_IN_MARK = "⚙";

export function peopleList(room, seatName) {
  const items = room.seats.map((s) => {
    const presence = s.player ? room.presence?.[s.seat] : null;
    const data = { seat: s.seat, presence: presence || "bot", ...(s.stand_in ? { standIn: "yes" } : {}) };
    return h("li", { dataset: data }, avatar(s.player ?? { bot: s.bot, seat: s.seat }, 20), " ",
      h("b", {}, seatName(s.seat)), " ",
      presence ? `${PRESENCE_MARK[presence]} ${t(`presence.${presence}`)}` : t("bot"),
      s.stand_in ? ` · ${STAND_IN_MARK} ${t("stand_in")}` : null);
  });
  return h("ul", { class: "people", id: "people", "aria-label": t("seats") }, items);
}

// Only people who are not at the table are named: a connected table says nothing.
export function presenceLine(room) {
  const missing = room.seats.filter((s) => s.player && room.presence?.[s.seat] && room.presence[s.seat] !== "connected");
  if (room.status !== "playing" || !missing.length) return null;
  return h("p", { class: "presence-line", id: "presence" }, missing.map((s) => h("span", { dataset: { presence: room.presence[s.seat] } },
    `${PRESENCE_MARK[room.presence[s.seat]]} ${t(`presence_line.${s.stand_in ? "stand_in" : room.presence[s.seat]}`, { name: displayName(room, s.player) })}`)));
}

// -- a seat at the table: avatar, presence and the turn ring ------------------------------------
// seatBadge(ctx, seat, {turn}) → the badge a game puts in its player chip. The game says whose turn it
// is (its view knows who acts); each room message repaints presence in place (presenceBadges),
// so a game's cached chip stays current without presence in its cache key. [data-seat-badge] is also
// where a chat bubble points (bubbles.js).
export function seatBadge(ctx, seat, { turn = false, size = 24 } = {}) {
  // A replay's room has no seats (its API names players without their ids): no avatar beats a wrong one.
  if (!ctx.room?.seats) return null;
  const entry = ctx.room.seats.find((s) => s.seat === seat);
  const el = h("span", { class: `seat-badge${turn ? " turn" : ""}`, dataset: { seatBadge: seat } },
    avatar(entry?.player ?? { bot: entry?.bot, seat }, size),
    turn ? h("span", { class: "sr-only" }, ` (${t("people.turn")}) `) : null,
    h("span", { class: "seat-presence" }));
  paintBadge(el, ctx.room);
  return el;
}

// A mark and a word, never colour alone; a bot's badge says nothing (its robot does).
function presenceOf(room, seat) {
  const entry = room?.seats.find((s) => s.seat === seat);
  if (!entry?.player) return null;
  if (entry.stand_in) return { state: "stand_in", mark: STAND_IN_MARK, word: t("people.stand_in") };
  const state = room.presence?.[seat];
  return state ? { state, mark: PRESENCE_MARK[state], word: t(`presence.${state}`) } : null;
}

function paintBadge(el, room) {
  const now = presenceOf(room, Number(el.dataset.seatBadge));
  const key = now ? `${now.state}|${now.word}` : "";
  const box = el.querySelector(".seat-presence");
  if (!box || box.dataset.key === key) return;
  box.dataset.key = key;
  box.dataset.presence = now?.state ?? "";
  box.title = now?.word ?? "";
  box.replaceChildren(...(now ? [h("span", { class: "presence-mark", "aria-hidden": "true" }, now.mark), h("span", { class: "presence-word" }, now.word)] : []));
}

// The clock of the seat to move sits on its badge: after each render the room asks the game for that
// seat's deadline (its `turnDeadline(view, seat)`), outside the game's cached chips, so a new deadline
// with the same seat to move still shows; the room's ticker writes the seconds.
export function paintTurnTimers(root, deadlineOf) {
  for (const el of root.querySelectorAll("[data-seat-badge]")) {
    const deadline = el.classList.contains("turn") ? deadlineOf(Number(el.dataset.seatBadge)) : null;
    let timer = el.querySelector(":scope > .seat-timer");
    if (!deadline) { timer?.remove(); continue; }
    if (!timer) el.append(timer = h("span", { class: "timer seat-timer", dataset: { short: "1" } }));
    if (timer.dataset.deadline !== String(deadline)) timer.dataset.deadline = deadline;
  }
}

export function paintPresence(root, room) {
  for (const el of root.querySelectorAll("[data-seat-badge]")) paintBadge(el, room);
}

// A part of the room that takes its messages: a room message repaints the badges already on the page
// (a game's cached chip among them); badges built afterwards paint themselves from the same room.
export const presenceBadges = { receive(message) { if (message.type === "room") paintPresence(document, message.room); } };
