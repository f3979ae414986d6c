// Jekyll vs. Hyde: your hand, the trick, the colour ranking, the identity track, exchanges and Greed.
import { h, s } from "../dom.js";
import { extend, num, t } from "../i18n/index.js";

extend({
  en: {
    "jvh.jekyll": "Dr. Jekyll", "jvh.hyde": "Mr. Hyde", "jvh.you_are": "You are {role}",
    "jvh.round": "Round {r} of 3", "jvh.trick": "Trick {n} of 10",
    "jvh.purple": "Pride", "jvh.red": "Wrath", "jvh.green": "Greed", "jvh.potion": "Potion",
    "jvh.ranking": "Colour ranking (low → high)", "jvh.track": "Identity track",
    "jvh.tricks": "Tricks", "jvh.cards": "Cards",
    "jvh.exchange": "Choose {n} card(s) to exchange", "jvh.exchange_potion": "You were dealt 2 or more potions: give at least one.",
    "jvh.greed": "Greed! Choose {n} card(s) to give", "jvh.send": "Send", "jvh.submitted": "Sent — waiting for the other player",
    "jvh.opponent_submitted": "The other player has chosen", "jvh.name_color": "Name a colour for your potion",
    "jvh.lead": "Lead a card", "jvh.follow": "Follow", "jvh.waiting": "Waiting for {name}",
    "jvh.last_trick": "Last trick", "jvh.received": "You received",
    "jvh.effect.pride": "Pride: the winner steals a trick", "jvh.effect.wrath": "Wrath: the ranking is reset",
    "jvh.effect.greed": "Greed: both players give cards", "jvh.effect.none": "No effect",
    "jvh.reason.marker_reached_end": "The marker reached Hyde's end.", "jvh.reason.jekyll_survived": "Jekyll survived three rounds.",
    "jvh.marker": "Marker {m} / 10", "jvh.match": "Return match — game {g} of 2", "jvh.hyde_score": "Hyde scores",
    "jvh.empty": "—", "jvh.timeout": "{name} ran out of time", "jvh.history": "Tricks of this round",
    "err.must_follow": "You must follow the led colour (or play a potion).", "err.color_required": "Name a colour for the potion.",
    "err.potion_required": "One of your exchanged cards must be a potion.", "err.wrong_count": "Choose the right number of cards.",
    "err.already_submitted": "You have already chosen.", "err.wrong_phase": "That step is over.",
  },
  fa: {
    "jvh.jekyll": "دکتر جکیل", "jvh.hyde": "آقای هاید", "jvh.you_are": "شما {role} هستید",
    "jvh.round": "دور {r} از ۳", "jvh.trick": "دست {n} از ۱۰",
    "jvh.purple": "غرور", "jvh.red": "خشم", "jvh.green": "طمع", "jvh.potion": "معجون",
    "jvh.ranking": "رتبه‌ی رنگ‌ها (پایین ← بالا)", "jvh.track": "مسیر هویت",
    "jvh.tricks": "دست‌ها", "jvh.cards": "کارت‌ها",
    "jvh.exchange": "{n} کارت برای مبادله انتخاب کنید", "jvh.exchange_potion": "دو معجون یا بیشتر گرفته‌اید: دست‌کم یکی را بدهید.",
    "jvh.greed": "طمع! {n} کارت برای دادن انتخاب کنید", "jvh.send": "فرستادن", "jvh.submitted": "فرستاده شد — منتظر بازیکن دیگر",
    "jvh.opponent_submitted": "بازیکن دیگر انتخاب کرده است", "jvh.name_color": "برای معجونتان یک رنگ نام ببرید",
    "jvh.lead": "یک کارت بازی کنید", "jvh.follow": "پیروی کنید", "jvh.waiting": "منتظر {name}",
    "jvh.last_trick": "دست قبلی", "jvh.received": "دریافت کردید",
    "jvh.effect.pride": "غرور: برنده یک دست می‌دزدد", "jvh.effect.wrath": "خشم: رتبه‌ی رنگ‌ها پاک شد",
    "jvh.effect.greed": "طمع: هر دو بازیکن کارت می‌دهند", "jvh.effect.none": "بی‌اثر",
    "jvh.reason.marker_reached_end": "نشانگر به انتهای مسیر هاید رسید.", "jvh.reason.jekyll_survived": "جکیل سه دور دوام آورد.",
    "jvh.marker": "نشانگر {m} از ۱۰", "jvh.match": "بازی برگشت — بازی {g} از ۲", "jvh.hyde_score": "امتیاز هایدها",
    "jvh.empty": "—", "jvh.timeout": "وقت {name} تمام شد", "jvh.history": "دست‌های این دور",
    "err.must_follow": "باید از رنگ زمین‌شده پیروی کنید (یا معجون بازی کنید).", "err.color_required": "برای معجون یک رنگ نام ببرید.",
    "err.potion_required": "یکی از کارت‌های مبادله باید معجون باشد.", "err.wrong_count": "تعداد درست کارت را انتخاب کنید.",
    "err.already_submitted": "قبلاً انتخاب کرده‌اید.", "err.wrong_phase": "آن مرحله تمام شده است.",
  },
});

const COLORS = ["purple", "red", "green"];
const HEX = { purple: "#7b2cbf", red: "#d62828", green: "#2a9d3f", potion: "#f4a261" };

// §2.1: ids 0–20 are evil cards (7 per colour), 21–24 potions "2+" … "5+".
export function card(id) {
  if (id >= 21) return { id, kind: "potion", color: null, value: id - 19, label: `${id - 19}+` };
  return { id, kind: "evil", color: COLORS[Math.floor(id / 7)], value: (id % 7) + 1, label: String((id % 7) + 1) };
}

let selection = { key: null, cards: [] };

function cardFace(id, { playable = false, selected = false, small = false, onclick = null, named = null } = {}) {
  const c = card(id);
  const fill = HEX[c.color || "potion"];
  const classes = ["card-face", playable ? "playable" : "", selected ? "selected" : "", small ? "small" : ""].join(" ");
  const title = c.kind === "potion" ? `${t("jvh.potion")} ${num(c.value)}+` : `${t(`jvh.${c.color}`)} ${num(c.value)}`;
  const label = c.kind === "potion" ? `${num(c.value)}+` : num(c.value);
  return h("button", { type: "button", class: classes, dataset: { card: id, playable: playable ? "1" : "0" }, title, "aria-label": title, disabled: !onclick, onclick },
    s("svg", { viewBox: "0 0 60 84", "aria-hidden": "true" },
      s("rect", { x: 2, y: 2, width: 56, height: 80, rx: 7, fill: "#fffaf0", stroke: fill, "stroke-width": 4 }),
      s("rect", { x: 8, y: 8, width: 44, height: 68, rx: 5, fill, opacity: c.kind === "potion" ? 0.35 : 0.9 }),
      c.kind === "potion" ? s("path", { d: "M24 22h12v10l10 20a6 6 0 0 1-5 9H19a6 6 0 0 1-5-9l10-20z", fill: "#fff", stroke: "#6b3e26", "stroke-width": 2 }) : null,
      s("text", { x: 30, y: c.kind === "potion" ? 72 : 52, "text-anchor": "middle", "font-size": c.kind === "potion" ? 16 : 30, "font-weight": 700, fill: c.kind === "potion" ? "#6b3e26" : "#fff" }, label)),
    named ? h("span", { class: `named ${named}` }, t(`jvh.${named}`)) : null);
}

function track(view) {
  // §2.2: position 0 is Jekyll's end, 10 Hyde's; 0–4 Jekyll's side.
  const cells = [];
  for (let i = 0; i <= 10; i++) {
    const x = 10 + (10 - i) * 40;
    cells.push(s("rect", { x, y: 10, width: 36, height: 36, rx: 6, fill: i <= 4 ? "#cfe8ff" : "#ffd6d6", stroke: "#555" }));
    cells.push(s("text", { x: x + 18, y: 34, "text-anchor": "middle", "font-size": 14 }, num(i)));
  }
  const mx = 10 + (10 - view.marker) * 40 + 18;
  cells.push(s("circle", { cx: mx, cy: 28, r: 13, fill: "#222", stroke: "#fff", "stroke-width": 3, id: "marker" }));
  return h("figure", { class: "track", "aria-label": t("jvh.marker", { m: view.marker }) },
    h("figcaption", {}, t("jvh.track"), " · ", t("jvh.marker", { m: view.marker })),
    s("svg", { viewBox: "0 0 460 56", dir: "ltr" }, cells));
}

function ranking(view) {
  const slots = [0, 1, 2].map((i) => {
    const color = view.ranking[i];
    return h("span", { class: `rank-slot ${color || "empty"}`, dataset: { rank: i } }, color ? t(`jvh.${color}`) : t("jvh.empty"));
  });
  return h("div", { class: "ranking" }, h("span", { class: "muted" }, t("jvh.ranking")), h("div", { class: "row" }, slots));
}

function roleName(view, seat) {
  return view.roles.jekyll === seat ? t("jvh.jekyll") : t("jvh.hyde");
}

function playerPanel(view, ctx, seat) {
  const deadline = view.deadlines?.[seat];
  const submitted = view.submitted?.[seat];
  return h("div", { class: `player ${view.turn === seat ? "active" : ""}`, dataset: { seat } },
    h("strong", {}, ctx.seatName(seat)), h("span", { class: "role" }, roleName(view, seat)),
    h("span", {}, `${t("jvh.tricks")}: `, h("b", { class: "tricks" }, num(view.tricks[seat]))),
    h("span", {}, `${t("jvh.cards")}: ${num(view.hand_sizes[seat])}`),
    submitted ? h("span", { class: "ok" }, "✓") : null,
    deadline ? h("span", { class: "timer", dataset: { deadline } }) : null);
}

function trickArea(view) {
  const played = view.trick.map((entry) => cardFace(entry.card, { named: entry.named_color }));
  const last = view.last_trick
    ? h("div", { class: "last-trick" }, h("span", { class: "muted" }, t("jvh.last_trick")),
      cardFace(view.last_trick.lead, { small: true }), cardFace(view.last_trick.follow, { small: true }),
      view.last_trick.effect && view.last_trick.effect !== "none" ? h("span", { class: "effect" }, t(`jvh.effect.${view.last_trick.effect}`)) : null)
    : null;
  return h("div", { class: "trick-area" }, h("div", { class: "trick", id: "trick" }, played), last);
}

// The legal card sets of an exchange or Greed step, as sorted-id keys.
function legalSets(ctx, type) {
  return new Set(ctx.legal.filter((a) => a.type === type).map((a) => [...a.cards].sort((x, y) => x - y).join(",")));
}

function handArea(view, ctx) {
  const seat = ctx.seat;
  if (seat == null || !view.hand) return null;
  const key = `${view.round}:${view.phase}:${view.step}`;
  if (selection.key !== key) selection = { key, cards: [], potionCard: null };
  const playable = new Set(ctx.legal.filter((a) => a.type === "play_card").map((a) => a.card));
  const choosing = ["exchange", "greed"].includes(view.phase) && ctx.legal.length > 0;
  const type = view.phase === "exchange" ? "exchange_cards" : "greed_give";
  const need = choosing ? ctx.legal.find((a) => a.type === type)?.cards.length ?? 0 : 0;
  const rerender = () => ctx.rerender();

  const cards = view.hand.map((id) => {
    const isSelected = selection.cards.includes(id) || selection.potionCard === id;
    let onclick = null;
    if (choosing) {
      onclick = () => {
        selection.cards = isSelected ? selection.cards.filter((c) => c !== id) : [...selection.cards, id].slice(-need);
        rerender();
      };
    } else if (playable.has(id)) {
      onclick = () => {
        const choices = ctx.legal.filter((a) => a.type === "play_card" && a.card === id);
        if (choices.length > 1) { selection.potionCard = id; rerender(); return; }
        ctx.act({ ...choices[0], step: view.step });
      };
    }
    return cardFace(id, { playable: choosing || playable.has(id), selected: isSelected, onclick });
  });

  const parts = [h("div", { class: "hand", id: "hand" }, cards)];
  if (selection.potionCard != null) {
    parts.push(h("div", { class: "name-color" }, h("span", {}, t("jvh.name_color")),
      COLORS.map((color) => h("button", { type: "button", class: `color-btn ${color}`, dataset: { color },
        onclick: () => ctx.act({ type: "play_card", card: selection.potionCard, named_color: color, step: view.step }) }, t(`jvh.${color}`)))));
  }
  if (choosing) {
    const chosen = [...selection.cards].sort((x, y) => x - y).join(",");
    const valid = legalSets(ctx, type).has(chosen);
    parts.unshift(h("p", { class: "prompt" }, t(view.phase === "exchange" ? "jvh.exchange" : "jvh.greed", { n: need }),
      view.phase === "exchange" && view.must_give_potion ? h("span", { class: "muted" }, " ", t("jvh.exchange_potion")) : null));
    parts.push(h("button", { type: "button", class: "primary", id: "submit-cards", disabled: !valid, dataset: { need },
      onclick: () => ctx.act({ type, cards: [...selection.cards].sort((x, y) => x - y), step: view.step }) }, t("jvh.send")));
  }
  if (view.received?.length) parts.push(h("p", { class: "received" }, t("jvh.received"), ": ", view.received.map((id) => cardFace(id, { small: true }))));
  return h("div", { class: "hand-area" }, parts);
}

// Variant show_trick_history: every completed trick of the round, face up (D17).
function historyList(view) {
  if (!view.history?.length) return null;
  return h("details", { class: "history", id: "history" }, h("summary", {}, t("jvh.history")),
    h("ol", {}, view.history.map((trick) => h("li", {}, cardFace(trick.lead, { small: true }), cardFace(trick.follow, { small: true })))));
}

function statusLine(view, ctx) {
  const me = ctx.seat;
  if (view.phase === "exchange" || view.phase === "greed") {
    if (me != null && view.submitted?.[me]) return t("jvh.submitted");
    if (me != null && view.submitted?.[1 - me]) return t("jvh.opponent_submitted");
    return null;
  }
  if (view.turn == null) return null;
  if (view.turn === me) return `${t("your_turn")} — ${t(view.phase === "lead" ? "jvh.lead" : "jvh.follow")}`;
  return t("jvh.waiting", { name: ctx.seatName(view.turn) });
}

function eventFeed(ctx) {
  const lines = [];
  for (const event of ctx.events || []) {
    if (event.type === "trick_won" && event.effect && event.effect !== "none") lines.push(t(`jvh.effect.${event.effect}`));
    if (event.type === "timeout") lines.push(t("jvh.timeout", { name: ctx.seatName(event.seat) }));
  }
  return lines.length ? h("ul", { class: "events" }, lines.map((line) => h("li", {}, line))) : null;
}

export function render(root, ctx) {
  const view = ctx.view;
  ctx.rerender = () => render(root, ctx);
  const me = ctx.seat;
  const other = me == null ? 1 : 1 - me;
  const first = me == null ? 0 : me;
  const header = h("div", { class: "jvh-head" },
    h("span", {}, t("jvh.round", { r: view.round })), h("span", {}, t("jvh.trick", { n: view.trick_no })),
    view.config.match_mode === "return_match" ? h("span", {}, t("jvh.match", { g: view.match.game_index })) : null,
    me != null ? h("strong", {}, t("jvh.you_are", { role: roleName(view, me) })) : null);
  const status = statusLine(view, ctx);
  root.replaceChildren(h("div", { class: "jvh", dataset: { phase: view.phase, turn: view.turn ?? "" } },
    header, track(view), ranking(view),
    playerPanel(view, ctx, other), trickArea(view),
    status ? h("p", { class: `status ${view.turn === me ? "mine" : ""}`, id: "status" }, status) : null,
    eventFeed(ctx), handArea(view, ctx), playerPanel(view, ctx, first), historyList(view)));
}

export function resultDetails(result, ctx) {
  const rows = [];
  if (result.reason) rows.push(h("p", {}, t(`jvh.reason.${result.reason}`)));
  if (result.marker != null) rows.push(h("p", {}, t("jvh.marker", { m: result.marker })));
  if (result.hyde_score) {
    rows.push(h("p", {}, t("jvh.hyde_score"), ": ",
      Object.entries(result.hyde_score).map(([seat, score]) => `${ctx.seatName(Number(seat))} ${num(score)}`).join(" · ")));
  }
  return h("div", {}, rows);
}
