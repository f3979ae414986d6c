// The room's first line: the game's name, its status, how to play, who watches, and the player's ping.
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import { gameTitle } from "../games/index.js";
import { openHowToSheet } from "../howto.js";

// How to play opens as a sheet over the table, so the game goes on; a click with a modifier key still
// opens the page in a new tab.
export function howToLink(room) {
  const open = (event) => {
    if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openHowToSheet(room.game, "how-to");
  };
  return h("a", { href: `/how/${room.game}`, class: "link", id: "how-to", "aria-haspopup": "dialog", onclick: open }, t("how_to_play"));
}

// During play the line stays one short row; how to play moves below the table.
export function roomHead(room, pingEl) {
  const playing = room.status !== "waiting";
  const links = playing ? [] : [howToLink(room)];
  if (room.spectators) links.push(h("span", { class: "muted", id: "spectators" }, t("spectators_n", { n: room.spectators })));
  return h("section", { class: `room-head${playing ? " slim" : ""}` },
    h("h1", {}, gameTitle(room.game, room.title)),
    h("span", { class: `badge ${room.status}`, id: "room-status", dataset: { status: room.status } }, t(`status_${room.status}`)),
    room.config?.pace === "daily"
      ? h("span", { class: "badge", id: "room-pace" }, t("mine.daily", { turn: t(`mine.turn.${room.config.turn_hours}`) })) : null,
    h("span", { class: "room-links" }, links), pingEl);
}

// The player's ping, small at the end of the room's line: refreshed in place, never a live region.
export function pingBadge() {
  const el = h("span", { class: "ping", id: "ping", hidden: true });
  el.show = (ms) => {
    el.hidden = ms == null;
    if (ms == null) return;
    el.dataset.ms = ms;
    el.textContent = t("ping_ms", { n: ms });
    el.title = t("ping_help");
  };
  return el;
}
