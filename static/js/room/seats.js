// The seat list of a waiting room: who sits where, whether they are here, and the host's seat controls
// (move a seat, so "who is Jekyll" is the host's choice; free a seat held by a bot or an idle person).
import { h } from "../dom.js";
import { num, t } from "../i18n/index.js";
import { avatar } from "./avatar.js";

export const PRESENCE_MARK = { connected: "●", reconnecting: "◌", away: "○" };
const TAG_CHARS = 4;

// A person's name as the room shows it: "Host #3f2c" when someone else there (seated, or the host) has the
// same name, letter case aside. The server's rule (hub/namesakes.py), for room messages without display names.
export function displayName(room, player) {
  if (player.display_name) return player.display_name;
  const people = new Map([room.host, ...room.seats.map((s) => s.player)].filter(Boolean).map((p) => [p.id, p.name]));
  people.set(player.id, player.name);
  const ids = [...people].filter(([, name]) => name.toLowerCase() === player.name.toLowerCase()).map(([id]) => id);
  if (ids.length < 2) return player.name;
  let width = TAG_CHARS;
  const longest = Math.max(...ids.map((id) => id.length));
  while (new Set(ids.map((id) => id.slice(0, width))).size < ids.length && width < longest) width++;
  return `${player.name} #${player.id.slice(0, width)}`;
}

function occupant(entry, room) {
  if (!entry) return t("empty_seat");
  return entry.player ? displayName(room, entry.player) : `${t("bot")} · ${t(`bot_level.${entry.bot}`)}`;
}

function tags(entry, ctl) {
  const list = [];
  if (entry?.player && ctl.me && entry.player.id === ctl.me.id) list.push(t("you"));
  if (entry?.player && entry.player.id === ctl.room.host.id) list.push(t("host"));
  return list.length ? h("span", { class: "tags" }, list.join(" · ")) : null;
}

function presence(entry, ctl) {
  const state = entry?.player ? ctl.room.presence?.[entry.seat] : null;
  if (!state) return null;
  // A mark and a word, never colour alone.
  return h("span", { class: `presence ${state}`, dataset: { presence: state } }, `${PRESENCE_MARK[state]} ${t(`presence.${state}`)}`);
}

function hostControls(seat, entry, ctl) {
  if (!ctl.isHost || !entry) return null;
  const { room, call, code } = ctl;
  const name = occupant(entry, room);
  const move = h("select", { class: "seat-move", "aria-label": t("move_seat_of", { name }), dataset: { focus: `move-${seat}` },
    onchange: (e) => e.target.value !== "" && call("POST", `/api/rooms/${code}/seats/${seat}/move`, { to: Number(e.target.value) }) },
  h("option", { value: "" }, t("move_to")),
  [...Array(room.max_seats).keys()].filter((to) => to !== seat).map((to) => h("option", { value: to }, t("seat_n", { n: to + 1 }))));
  const mine = entry.player && ctl.me && entry.player.id === ctl.me.id;
  const remove = mine ? null : h("button", { type: "button", class: "seat-remove", dataset: { focus: `remove-${seat}` },
    "aria-label": t("remove_seat_of", { name }), title: t("remove_seat_of", { name }),
    onclick: () => call("DELETE", `/api/rooms/${code}/seats/${seat}`) }, "✕");
  return h("span", { class: "seat-tools" }, move, remove);
}

// A team game says each seat's team before the start, with the mark and name its table uses.
function seatTeamBadge(ctl, seat) {
  const team = ctl.game?.seatTeam?.(ctl.room, seat);
  return team == null ? null : h("span", { class: "seat-team", dataset: { team } }, ctl.game.teamBadge(team));
}

export function seatList(ctl) {
  const items = [];
  for (let i = 0; i < ctl.room.max_seats; i++) {
    const entry = ctl.room.seats.find((s) => s.seat === i);
    const mine = entry?.player && ctl.me && entry.player.id === ctl.me.id;
    items.push(h("li", { class: `seat${entry ? " taken" : ""}${mine ? " mine" : ""}${entry?.bot ? " bot" : ""}`, dataset: { seat: i } },
      h("span", { class: "seat-no" }, num(i + 1)),
      entry ? h("span", { class: "seat-badge", dataset: { seatBadge: i } }, avatar(entry.player ?? { bot: entry.bot, seat: i }, 28)) : null,
      h("span", { class: "seat-name" }, occupant(entry, ctl.room)),
      entry ? seatTeamBadge(ctl, i) : null, presence(entry, ctl), tags(entry, ctl), hostControls(i, entry, ctl)));
  }
  return h("ul", { class: "seats" }, items);
}
