// Seat rescue in the room: a seat a bot plays for someone gone can be taken over. People who
// watch may ask for it; the host approves or declines, and with no host here a majority of the
// seated players must say yes. The seat is only lent: its player coming back takes it back.
import { h } from "../dom.js";
import { t } from "../i18n/index.js";


// `ctl`: { room, me, isHost, mySeat, call, code }. Returns the panel, or null when there is nothing to say.
export function rescuePanel(ctl) {
  const { room, me, isHost, mySeat, call, code } = ctl;
  if (room.status !== "playing") return null;
  const requests = room.rescue_requests || [];
  const rows = [];
  for (const seat of room.seats.filter((s) => s.stand_in && s.player)) {
    const name = seat.player.name;
    const path = `/api/rooms/${code}/seats/${seat.seat}/rescue`;
    const request = requests.find((r) => r.seat === seat.seat);
    if (!request) {
      if (me && mySeat === null) {
        rows.push(h("div", { class: "rescue", dataset: { seat: seat.seat } },
          h("p", { id: `rescue-help-${seat.seat}` }, t("rescue.ask_help", { name })),
          h("button", { type: "button", class: "primary", id: `rescue-ask-${seat.seat}`, "aria-describedby": `rescue-help-${seat.seat}`,
            onclick: () => call("POST", path) }, t("rescue.ask", { name }))));
      }
      continue;
    }
    const asker = request.player.name;
    if (me && request.player.id === me.id) {
      const yes = (request.approvals || []).length;
      const line = request.needed == null ? t("rescue.mine_host", { name })
        : request.needed === 0 ? t("rescue.nobody_decides", { name }) : t("rescue.mine_votes", { name, yes, needed: request.needed });
      rows.push(h("div", { class: "rescue mine", dataset: { seat: seat.seat } },
        h("p", { id: "rescue-mine" }, line),
        h("button", { type: "button", id: "rescue-withdraw", onclick: () => call("DELETE", path) }, t("rescue.withdraw"))));
    } else if (isHost) {
      rows.push(h("div", { class: "rescue", dataset: { seat: seat.seat } },
        h("p", {}, t("rescue.host", { asker, name })),
        h("div", { class: "button-row" },
          h("button", { type: "button", class: "primary", id: `rescue-approve-${seat.seat}`, onclick: () => call("POST", `${path}/approve`) },
            t("rescue.approve", { asker })),
          h("button", { type: "button", id: `rescue-decline-${seat.seat}`, onclick: () => call("DELETE", path) }, t("rescue.decline")))));
    } else if (request.needed && mySeat !== null && mySeat !== seat.seat && !(request.approvals || []).includes(me.id)) {
      const yes = (request.approvals || []).length;
      rows.push(h("div", { class: "rescue", dataset: { seat: seat.seat } },
        h("p", {}, t("rescue.vote", { asker, name, yes, needed: request.needed })),
        h("button", { type: "button", class: "primary", id: `rescue-approve-${seat.seat}`, onclick: () => call("POST", `${path}/approve`) },
          t("rescue.approve", { asker }))));
    } else {
      rows.push(h("p", { class: "rescue muted", dataset: { seat: seat.seat } }, t("rescue.other", { asker, name })));
    }
  }
  return rows.length ? h("section", { class: "card rescues", id: "rescues", "aria-label": t("seats") }, rows) : null;
}
