// Seat rescue in the room: a seat a bot plays for someone gone can be taken over. People who
// watch may ask for it; the host approves or declines, and with no host here a majority of the
// seated players must say yes. The seat is only lent: its player coming back takes it back.
import { h } from "./dom.js";
import { extend, t } from "./i18n/index.js";

extend({
  en: {
    "rescue.ask": "Play {name}'s seat",
    "rescue.ask_help": "A bot plays for {name}, who left. You can take the seat over; the game then no longer counts for ratings.",
    "rescue.mine_host": "You asked for {name}'s seat; the host decides.",
    "rescue.mine_votes": "You asked for {name}'s seat; the players decide ({yes} of the {needed} needed said yes).",
    "rescue.vote": "{asker} asks to play {name}'s seat while the host is away ({yes} of the {needed} needed said yes).",
    "rescue.nobody_decides": "You asked for {name}'s seat, but nobody is here to say yes: the bot plays on.",
    "rescue.withdraw": "Never mind",
    "rescue.host": "{asker} asks to play {name}'s seat.",
    "rescue.approve": "Give {asker} the seat",
    "rescue.decline": "Decline",
    "rescue.other": "{asker} asked to play {name}'s seat.",
    "err.seat_not_abandoned": "That seat's player is back (or a bot no longer plays it).",
    "err.rescue_pending": "Someone else has already asked for that seat.",
    "err.no_rescue_request": "That request is no longer open.",
    "err.already_seated": "You already play a seat of this game.",
  },
  fa: {
    "rescue.ask": "بازی به جای {name}",
    "rescue.ask_help": "یک ربات به جای {name} که رفته بازی می‌کند. می‌توانید جای او را بگیرید؛ آن وقت این بازی در امتیازها حساب نمی‌شود.",
    "rescue.mine_host": "درخواست جای {name} را دادید؛ میزبان تصمیم می‌گیرد.",
    "rescue.mine_votes": "درخواست جای {name} را دادید؛ بازیکنان تصمیم می‌گیرند ({yes} از {needed} رأیِ لازم موافق‌اند).",
    "rescue.vote": "{asker} می‌خواهد در نبودِ میزبان به جای {name} بازی کند ({yes} از {needed} رأیِ لازم موافق‌اند).",
    "rescue.nobody_decides": "درخواست جای {name} را دادید، اما کسی اینجا نیست که موافقت کند: ربات به بازی ادامه می‌دهد.",
    "rescue.withdraw": "منصرف شدم",
    "rescue.host": "{asker} می‌خواهد به جای {name} بازی کند.",
    "rescue.approve": "جا را به {asker} بده",
    "rescue.decline": "نه",
    "rescue.other": "{asker} خواسته به جای {name} بازی کند.",
    "err.seat_not_abandoned": "بازیکن این جا برگشته است (یا دیگر رباتی به جایش بازی نمی‌کند).",
    "err.rescue_pending": "کس دیگری پیش‌تر این جا را خواسته است.",
    "err.no_rescue_request": "این درخواست دیگر باز نیست.",
    "err.already_seated": "شما خودتان در این بازی جا دارید.",
  },
});

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
