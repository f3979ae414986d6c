// Who is at the table: every seat with its presence in a mark and a word (never colour alone), and
// during play one line naming only those who are not there.
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import { PRESENCE_MARK, displayName } from "./seats.js";

// A bot plays for someone gone longer than the room's grace: a robot mark and words, not a colour.
const STAND_IN_MARK = "⚙";

export function peopleList(room, seatName) {
  const items = room.seats.map((s) => {
    const presence = s.player ? room.presence?.[s.seat] : null;
    const data = { seat: s.seat, presence: presence || "bot", ...(s.stand_in ? { standIn: "yes" } : {}) };
    return h("li", { dataset: data },
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
