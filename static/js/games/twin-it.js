// Twin It!: pile tops, the centre, won sets, forbidden designs, timers; tap two identical designs.
import { h, s } from "../dom.js";
import { currentLang, errorText, extend, num, t } from "../i18n/index.js";
import { backSvg, designParams, designSvg } from "./twin-it-designs.js";

extend({
  en: {
    "tw.mode.competitive": "Competitive", "tw.mode.team": "Teams", "tw.mode.coop": "Cooperative",
    "tw.target": "First to {n} sets", "tw.coop_goal": "Score together before time runs out",
    "tw.forbidden_variant": "Forbidden patterns",
    "tw.countdown": "Get ready…", "tw.your_turn": "Your turn — flip a card!", "tw.flips_next": "{name} flips next",
    "tw.last_call": "Last call! No cards left to flip", "tw.game_over": "Game over", "tw.cap": "Time limit",
    "tw.cap_minutes": "Time limit: {m} min",
    "tw.time_left": "Time left", "tw.points": "{n} points", "tw.points.one": "{n} point",
    "tw.centre": "Centre", "tw.centre_empty": "No cards in the centre yet.",
    "tw.cards_left": "{n} cards", "tw.cards_left.one": "{n} card", "tw.empty_pile": "empty", "tw.stock": "Stock",
    "tw.flip": "Flip", "tw.flip_hint": "Flip your top card into the centre",
    "tw.claim": "Claim", "tw.clear": "Clear",
    "tw.hint": "Tap two cards with the same design. Tap a won pair, then a third copy, to steal it.",
    "tw.hint_team": "Tap a card (or a won pair); a teammate taps its twin.",
    "tw.hint_coop": "Tap two or three cards with the same design, then Claim. Turn centre cards over with the arrow.",
    "tw.selected": "Selected {n}", "tw.turn_over": "Turn over",
    "tw.sets": "Sets", "tw.sets_of": "{n} / {target} sets", "tw.sets_n": "{n} sets",
    "tw.sets_n.one": "{n} set", "tw.cards_in_sets": "{n} cards", "tw.mistakes": "{n} mistakes", "tw.mistakes.one": "{n} mistake",
    "tw.no_sets": "no sets yet",
    "tw.you": "you", "tw.team_a": "Team A", "tw.team_b": "Team B", "tw.table": "The table",
    "tw.set": "Set {n}", "tw.set_pair": "a pair", "tw.set_triple": "a triple",
    "tw.forbidden": "Forbidden area of {name}", "tw.forbidden_designs": "{name} must not win these designs",
    "tw.locked": "Locked out after a mistake — you can claim again in", "tw.locked_short": "locked",
    "tw.your_hand": "your hand",
    "tw.fb.won": "You won a pair!", "tw.fb.stole": "You stole {name}'s set!", "tw.fb.upgrade": "Your pair is now a triple!",
    "tw.fb.triple": "A triple!", "tw.fb.team_won": "Your team won a set!",
    "tw.fb.mistake": "Mistake! Locked for {s} s", "tw.fb.mistake_lost": "Mistake! You lost a set and are locked for {s} s",
    "tw.fb.touched": "Touched — a teammate must tap its twin", "tw.fb.stolen_from_you": "{name} stole your set!",
    "tw.ev.pair": "{name} won a pair", "tw.ev.steal": "{name} stole a set from {from}", "tw.ev.upgrade": "{name} made a triple",
    "tw.ev.triple": "{name} found a triple", "tw.ev.mistake": "{name} made a mistake", "tw.ev.mistake_lost": "{name} made a mistake and lost a set",
    "tw.ev.turned_over": "The third copy was turned over", "tw.ev.last_call": "Last call!", "tw.ev.auto": "{name}'s card was flipped automatically",
    "tw.reason.target": "The target was reached.", "tw.reason.exhaustion": "No cards were left to flip.",
    "tw.reason.time_cap": "The time limit was reached.", "tw.reason.time_up": "Time is up.",
    "tw.rank": "#", "tw.player": "Player", "tw.team": "Team", "tw.col.sets": "Sets", "tw.col.cards": "Cards", "tw.col.mistakes": "Mistakes",
    "tw.coop_result": "Together you scored {n} points.",
    "tw.team_wins": "{team} wins: {names}",
    "tw.color.red": "red", "tw.color.orange": "orange", "tw.color.yellow": "yellow", "tw.color.lime": "lime",
    "tw.color.green": "green", "tw.color.teal": "teal", "tw.color.cyan": "cyan", "tw.color.blue": "blue",
    "tw.color.indigo": "indigo", "tw.color.purple": "purple", "tw.color.magenta": "magenta", "tw.color.pink": "pink",
    "tw.shape.circle": "circles", "tw.shape.square": "squares", "tw.shape.triangle": "triangles",
    "tw.shape.diamond": "diamonds", "tw.shape.star": "stars", "tw.shape.hexagon": "hexagons",
    "tw.layout.grid": "in a grid", "tw.layout.ring": "in a ring", "tw.layout.sunflower": "in a spiral",
    "tw.layout.concentric": "nested", "tw.layout.wave": "in a wave",
    "tw.describe": "{count} {primary} and {secondary} {shape} {layout} on {background}",
    "err.stale": "Too late — those cards changed. No penalty.",
    "err.locked_out": "You are locked out after a mistake.",
    "err.bad_shape": "Those cards are not a pair, or a won pair and a third card.",
    "err.malformed": "That claim was not understood.",
    "err.wrong_mode": "That move does not exist in this mode.",
    "err.not_playing": "The game is not running right now.",
    "err.not_a_player": "Only seated players can do that.",
    "err.empty_pile": "There are no cards left to flip.",
    "err.game_over": "The game has ended.",
  },
  fa: {
    "tw.mode.competitive": "رقابتی", "tw.mode.team": "تیمی", "tw.mode.coop": "همکاری",
    "tw.target": "هر کس زودتر {n} مجموعه ببرد", "tw.coop_goal": "پیش از پایان وقت با هم امتیاز بگیرید",
    "tw.forbidden_variant": "طرح‌های ممنوع",
    "tw.countdown": "آماده شوید…", "tw.your_turn": "نوبت شماست — یک کارت رو کنید!", "tw.flips_next": "نوبت رو کردن {name}",
    "tw.last_call": "فرصت آخر! کارتی برای رو کردن نمانده", "tw.game_over": "بازی تمام شد", "tw.cap": "سقف زمان",
    "tw.cap_minutes": "سقف زمان: {m} دقیقه",
    "tw.time_left": "زمان باقی‌مانده", "tw.points": "{n} امتیاز",
    "tw.centre": "وسط", "tw.centre_empty": "هنوز کارتی وسط نیست.",
    "tw.cards_left": "{n} کارت", "tw.empty_pile": "خالی", "tw.stock": "دسته‌ی مرکزی",
    "tw.flip": "رو کن", "tw.flip_hint": "کارت بالای دسته‌تان را به وسط بیندازید",
    "tw.claim": "ادعا", "tw.clear": "پاک کردن",
    "tw.hint": "روی دو کارت با طرح یکسان بزنید. برای دزدیدن، روی یک جفت بُرده و بعد نسخه‌ی سوم بزنید.",
    "tw.hint_team": "روی یک کارت (یا یک جفت بُرده) بزنید؛ هم‌تیمی‌تان جفتش را می‌زند.",
    "tw.hint_coop": "روی دو یا سه کارت با طرح یکسان بزنید و «ادعا» را بزنید. کارت‌های وسط را با پیکان برگردانید.",
    "tw.selected": "{n} انتخاب‌شده", "tw.turn_over": "برگرداندن",
    "tw.sets": "مجموعه‌ها", "tw.sets_of": "{n} از {target} مجموعه", "tw.sets_n": "{n} مجموعه",
    "tw.cards_in_sets": "{n} کارت", "tw.mistakes": "{n} اشتباه", "tw.no_sets": "هنوز مجموعه‌ای ندارد",
    "tw.you": "شما", "tw.team_a": "تیم الف", "tw.team_b": "تیم ب", "tw.table": "همه با هم",
    "tw.set": "مجموعه‌ی {n}", "tw.set_pair": "جفت", "tw.set_triple": "سه‌تایی",
    "tw.forbidden": "کارت‌های ممنوع {name}", "tw.forbidden_designs": "{name} نباید این طرح‌ها را ببرد",
    "tw.locked": "به‌خاطر اشتباه قفل شده‌اید — می‌توانید دوباره ادعا کنید پس از", "tw.locked_short": "قفل",
    "tw.your_hand": "دست شما",
    "tw.fb.won": "یک جفت بردید!", "tw.fb.stole": "مجموعه‌ی {name} را دزدیدید!", "tw.fb.upgrade": "جفتتان سه‌تایی شد!",
    "tw.fb.triple": "سه‌تایی!", "tw.fb.team_won": "تیمتان یک مجموعه برد!",
    "tw.fb.mistake": "اشتباه! {s} ثانیه قفل شدید", "tw.fb.mistake_lost": "اشتباه! یک مجموعه از دست دادید و {s} ثانیه قفل شدید",
    "tw.fb.touched": "زدید — هم‌تیمی‌تان باید جفتش را بزند", "tw.fb.stolen_from_you": "{name} مجموعه‌ی شما را دزدید!",
    "tw.ev.pair": "{name} یک جفت برد", "tw.ev.steal": "{name} مجموعه‌ای از {from} دزدید", "tw.ev.upgrade": "{name} یک سه‌تایی ساخت",
    "tw.ev.triple": "{name} یک سه‌تایی پیدا کرد", "tw.ev.mistake": "{name} اشتباه کرد", "tw.ev.mistake_lost": "{name} اشتباه کرد و یک مجموعه از دست داد",
    "tw.ev.turned_over": "نسخه‌ی سوم برگردانده شد", "tw.ev.last_call": "فرصت آخر!", "tw.ev.auto": "کارت {name} خودکار رو شد",
    "tw.reason.target": "به هدف رسید.", "tw.reason.exhaustion": "کارتی برای رو کردن نماند.",
    "tw.reason.time_cap": "سقف زمان بازی رسید.", "tw.reason.time_up": "وقت تمام شد.",
    "tw.rank": "رتبه", "tw.player": "بازیکن", "tw.team": "تیم", "tw.col.sets": "مجموعه", "tw.col.cards": "کارت", "tw.col.mistakes": "اشتباه",
    "tw.coop_result": "با هم {n} امتیاز گرفتید.",
    "tw.team_wins": "{team} برد: {names}",
    "tw.color.red": "قرمز", "tw.color.orange": "نارنجی", "tw.color.yellow": "زرد", "tw.color.lime": "لیمویی",
    "tw.color.green": "سبز", "tw.color.teal": "سبزآبی", "tw.color.cyan": "فیروزه‌ای", "tw.color.blue": "آبی",
    "tw.color.indigo": "نیلی", "tw.color.purple": "بنفش", "tw.color.magenta": "ارغوانی", "tw.color.pink": "صورتی",
    "tw.shape.circle": "دایره", "tw.shape.square": "مربع", "tw.shape.triangle": "مثلث",
    "tw.shape.diamond": "لوزی", "tw.shape.star": "ستاره", "tw.shape.hexagon": "شش‌ضلعی",
    "tw.layout.grid": "در جدول", "tw.layout.ring": "در حلقه", "tw.layout.sunflower": "مارپیچ",
    "tw.layout.concentric": "تودرتو", "tw.layout.wave": "موج‌وار",
    "tw.describe": "{count} {shape} {primary} و {secondary} {layout} روی {background}",
    "err.stale": "دیر شد — آن کارت‌ها عوض شدند. جریمه ندارد.",
    "err.locked_out": "به‌خاطر اشتباه قفل شده‌اید.",
    "err.bad_shape": "این کارت‌ها جفت نیستند، و نه یک جفت بُرده با کارت سوم.",
    "err.malformed": "این ادعا فهمیده نشد.",
    "err.wrong_mode": "این حرکت در این حالت بازی نیست.",
    "err.not_playing": "بازی الان در جریان نیست.",
    "err.not_a_player": "فقط بازیکنان نشسته می‌توانند این کار را بکنند.",
    "err.empty_pile": "کارتی برای رو کردن نمانده.",
    "err.game_over": "بازی تمام شده است.",
  },
});

// -- small UI state (module level; reset when a new game starts) ---------------------------------

let gameKey = null;
let picks = [];          // [{card, design, set: setId|null}] in tap order
let flash = null;        // {text: () => string, kind, until}
let feed = [];           // [{text: () => string, kind}] newest first
let seenVersion = null;
let wakeTimer = null;

function resetForGame(key) {
  gameKey = key;
  picks = [];
  flash = null;
  feed = [];
  seenVersion = null;
}

// -- owners, names, visibility --------------------------------------------------------------------

function ownerOfSeat(view, seat) {
  if (seat == null) return undefined;
  if (view.mode === "team") return seat % 2;
  if (view.mode === "coop") return null;
  return seat;
}

function teamName(team) { return t(team === 0 ? "tw.team_a" : "tw.team_b"); }

function ownerName(view, ctx, owner) {
  if (view.mode === "coop" || owner == null) return t("tw.table");
  if (view.mode === "team") return teamName(owner);
  return ctx.seatName(owner);
}

function namesOf(ctx, seats) { return (seats || []).map((seat) => ctx.seatName(seat)).join(" + "); }

function ownerRow(view, owner) {
  const key = view.mode === "team" ? "team" : "seat";
  return view.owners.find((row) => row[key] === owner);
}

// Every visible card: card id → {design, zone, set}. Loose cards and set cards (§4.3).
function visibleCards(view) {
  const map = new Map();
  for (const pile of view.piles) if (pile.top) map.set(pile.top.card, { design: pile.top.design, zone: "pile", seat: pile.seat });
  for (const entry of view.centre) map.set(entry.card, { design: entry.design, zone: "centre", slot: entry.slot });
  for (const entry of view.forbidden?.cards || []) map.set(entry.card, { design: entry.design, zone: "forbidden" });
  if (view.stock?.top) map.set(view.stock.top.card, { design: view.stock.top.design, zone: "stock" });
  for (const set of view.sets) for (const card of set.cards) map.set(card, { design: set.design, zone: "set", set: set.id });
  return map;
}

// Drop the selection as soon as any tapped card stops showing what was tapped.
function pruneSelection(view) {
  const visible = visibleCards(view);
  const ok = picks.every((pick) => {
    const seen = visible.get(pick.card);
    if (!seen || seen.design !== pick.design) return false;
    if (pick.set == null) return seen.zone !== "set";
    const set = view.sets.find((x) => x.id === pick.set);
    return set && set.cards.length === 2 && set.cards.includes(pick.card);
  });
  if (!ok) picks = [];
}

// A count in words: English has a singular (`<key>.one`); Persian uses one form.
function count(key, n, params = {}) {
  const one = `${key}.one`;
  return t(n === 1 && currentLang() === "en" ? one : key, { n, ...params });
}

function legalHas(ctx, type) { return (ctx.legal || []).some((a) => a.type === type); }

// An accessible name for a design, cached per language (a redraw labels every card).
const described = new Map();

function describe(design) {
  const key = `${currentLang()}:${design}`;
  if (!described.has(key)) described.set(key, describeNow(design));
  return described.get(key);
}

function describeNow(design) {
  const p = designParams(design);
  return t("tw.describe", { count: p.count, shape: t(`tw.shape.${p.shape}`), layout: t(`tw.layout.${p.layout}`),
    primary: t(`tw.color.${p.colors.primary}`), secondary: t(`tw.color.${p.colors.secondary}`),
    background: t(`tw.color.${p.colors.background}`) });
}

// -- feedback -------------------------------------------------------------------------------------

function setFlash(ctx, text, kind) {
  flash = { text, kind, until: Date.now() + 2600 };
  redraw();
}

function pushFeed(text, kind = "info") {
  feed.unshift({ text, kind });
  feed = feed.slice(0, 4);
}

// The reply to this browser's own claim, touch or flip: a short banner in the table.
function feedbackForReply(reply, ctx) {
  const view = ctx.view;
  if (reply.type === "error") {
    const kind = reply.code === "stale" ? "late" : reply.code === "locked_out" ? "locked" : "error";
    setFlash(ctx, () => errorText(reply), kind);
    return;
  }
  const me = ctx.seat;
  for (const event of reply.events || []) {
    if (event.type === "set_won" && event.by_seats.includes(me)) {
      if (view.mode === "team") return setFlash(ctx, () => t("tw.fb.team_won"), "won");
      if (event.kind === "steal") return setFlash(ctx, () => t("tw.fb.stole", { name: ownerName(view, ctx, event.from_owner) }), "won");
      if (event.kind === "upgrade") return setFlash(ctx, () => t("tw.fb.upgrade"), "won");
      if (event.kind === "triple") return setFlash(ctx, () => t("tw.fb.triple"), "won");
      return setFlash(ctx, () => t("tw.fb.won"), "won");
    }
    if (event.type === "mistake" && event.seats.includes(me)) {
      const secs = Math.round((view.config.mistake_lockout_ms || 0) / 100) / 10;
      const key = event.lost_set_id != null ? "tw.fb.mistake_lost" : "tw.fb.mistake";
      return setFlash(ctx, () => t(key, { s: secs }), "mistake");
    }
    if (event.type === "touch" && event.seat === me) return setFlash(ctx, () => t("tw.fb.touched"), "info");
  }
}

// The events of a new version, as lines in the table's feed (and a banner when it hurts you).
function absorbEvents(ctx) {
  if (ctx.version === seenVersion) return;
  seenVersion = ctx.version;
  const view = ctx.view;
  const me = ctx.seat;
  const myOwner = ownerOfSeat(view, me);
  for (const event of ctx.events || []) {
    if (event.type === "set_won") {
      const { by_seats: bySeats, owner, from_owner: from } = event;
      const key = `tw.ev.${event.kind}`;
      const who = () => (view.mode === "coop" ? namesOf(ctx, bySeats) : ownerName(view, ctx, owner));
      pushFeed(() => t(key, { name: who(), from: ownerName(view, ctx, from) }), "won");
      if (event.kind === "steal" && me != null && view.mode !== "coop" && from === myOwner && event.owner !== myOwner) {
        flash = { text: () => t("tw.fb.stolen_from_you", { name: ownerName(view, ctx, event.owner) }), kind: "mistake", until: Date.now() + 2600 };
      }
    } else if (event.type === "mistake") {
      const seats = event.seats;
      const key = event.lost_set_id != null ? "tw.ev.mistake_lost" : "tw.ev.mistake";
      pushFeed(() => t(key, { name: namesOf(ctx, seats) }), "mistake");
    } else if (event.type === "turned_over" && view.mode !== "coop") {
      pushFeed(() => t("tw.ev.turned_over"), "info");
    } else if (event.type === "turn" && event.last_call_deadline != null) {
      pushFeed(() => t("tw.ev.last_call"), "info");
    } else if (event.type === "flipped" && event.auto && event.seat != null) {
      const seat = event.seat;
      pushFeed(() => t("tw.ev.auto", { name: ctx.seatName(seat) }), "info");
    }
  }
}

// -- actions --------------------------------------------------------------------------------------

async function send(ctx, action) {
  picks = [];
  redraw();
  feedbackForReply(await ctx.act(action), ctx);
}

function entriesOf(list) { return list.map(({ card, design }) => ({ card, design })); }

// After a tap: send when the selection forms a claim shape (coop waits for Claim or a third card).
function maybeSend(ctx) {
  const view = ctx.view;
  const loose = picks.filter((p) => p.set == null);
  const held = picks.filter((p) => p.set != null);
  if (held.length === 2 && loose.length === 1) return send(ctx, { type: "claim", cards: entriesOf([...held, ...loose]) });
  if (held.length === 0 && loose.length === 2 && view.mode !== "coop") return send(ctx, { type: "claim", cards: entriesOf(loose) });
  if (held.length === 0 && loose.length === 3 && view.mode === "coop") return send(ctx, { type: "claim", cards: entriesOf(loose) });
  redraw();
  return null;
}

function tapLoose(ctx, card, design) {
  const view = ctx.view;
  if (view.mode === "team") { send(ctx, { type: "touch", cards: [{ card, design }] }); return; }
  if (picks.some((p) => p.card === card)) { picks = picks.filter((p) => p.card !== card); redraw(); return; }
  const held = picks.filter((p) => p.set != null);
  let loose = picks.filter((p) => p.set == null);
  const room = held.length ? 0 : view.mode === "coop" ? 2 : 1;
  loose = loose.slice(loose.length - room, loose.length);
  if (room === 0) loose = [];
  picks = [...held, ...loose, { card, design, set: null }];
  maybeSend(ctx);
}

function tapSet(ctx, set) {
  const view = ctx.view;
  const entries = set.cards.map((card) => ({ card, design: set.design, set: set.id }));
  if (view.mode === "team") { send(ctx, { type: "touch", cards: entriesOf(entries) }); return; }
  if (picks.some((p) => p.set === set.id)) { picks = picks.filter((p) => p.set !== set.id); redraw(); return; }
  const loose = picks.filter((p) => p.set == null).slice(-1);
  picks = [...entries, ...loose];
  maybeSend(ctx);
}

function flip(ctx) {
  ctx.act({ type: "flip" }).then((reply) => { if (reply.type === "error") feedbackForReply(reply, ctx); });
}

// -- drawing --------------------------------------------------------------------------------------

function isPicked(card) { return picks.some((p) => p.card === card); }

function touchInfo(view, ctx) {
  const info = new Map();
  for (const touch of view.touches || []) {
    for (const entry of touch.cards) info.set(entry.card, touch);
  }
  return info;
}

// One loose card as a button: data-card, data-design, data-zone (test hooks).
function cardButton(ctx, entry, zone, { canClaim, touches, extraClass = "" } = {}) {
  const view = ctx.view;
  const touch = touches?.get(entry.card);
  let touchClass = "";
  let badge = null;
  if (touch) {
    const mine = touch.seat === ctx.seat;
    const mate = !mine && ctx.seat != null && touch.seat % 2 === ctx.seat % 2;
    touchClass = mine ? "touched mine" : mate ? "touched mate" : "touched opp";
    badge = h("span", { class: `tw-touch team-${touch.seat % 2}` },
      mine ? t("tw.your_hand") : ctx.seatName(touch.seat), " ", h("span", { class: "timer", dataset: { deadline: touch.expires_at } }));
  }
  const label = describe(entry.design);
  return h("button", {
    type: "button", class: `tw-card ${isPicked(entry.card) ? "selected" : ""} ${touchClass} ${extraClass}`.trim(),
    dataset: { card: entry.card, design: entry.design, zone }, "aria-label": label, "aria-pressed": isPicked(entry.card) ? "true" : "false",
    disabled: !canClaim, onclick: canClaim ? () => tapLoose(ctx, entry.card, entry.design) : null,
  }, designSvg(entry.design, { class: "tw-art" }), badge);
}

function lockIcon() {
  return s("svg", { viewBox: "0 0 20 20", class: "tw-icon", "aria-hidden": "true" },
    s("rect", { x: 4, y: 9, width: 12, height: 9, rx: 2, fill: "currentColor" }),
    s("path", { d: "M7 9V6a3 3 0 0 1 6 0v3", fill: "none", stroke: "currentColor", "stroke-width": 2 }));
}

function turnIcon() {
  return s("svg", { viewBox: "0 0 20 20", class: "tw-icon", "aria-hidden": "true" },
    s("path", { d: "M15 8a5.5 5.5 0 1 0 .5 4", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round" }),
    s("path", { d: "M16.5 3.5v5h-5", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

function isLocked(view, ctx, seat) { return seat != null && (view.locked_until?.[seat] || 0) > ctx.serverNow(); }

function pileBlock(ctx, pile, { canClaim, touches }) {
  const view = ctx.view;
  const me = ctx.seat;
  const mine = pile.seat === me;
  const active = view.active === pile.seat && view.phase === "PLAYING";
  const owner = ownerOfSeat(view, pile.seat);
  const canFlip = mine && legalHas(ctx, "flip");
  const stack = h(canFlip ? "button" : "div", {
    class: `tw-stack ${pile.count > 1 ? "deep" : ""}`, type: canFlip ? "button" : null,
    dataset: canFlip ? { flip: "1" } : {}, "aria-label": canFlip ? t("tw.flip_hint") : null,
    onclick: canFlip ? () => flip(ctx) : null,
  }, pile.count > 1 ? backSvg({ class: "tw-art" }) : null);
  const top = pile.top ? cardButton(ctx, pile.top, "pile", { canClaim, touches })
    : h("div", { class: "tw-card placeholder" }, pile.count ? backSvg({ class: "tw-art" }) : null);
  const teamClass = view.mode === "team" ? `team-${owner}` : "";
  return h("div", { class: `tw-pile ${mine ? "mine" : ""} ${active ? "active" : ""} ${teamClass}`.trim(), dataset: { seat: pile.seat } },
    h("div", { class: "tw-pile-head" },
      h("strong", { class: "tw-name" }, ctx.seatName(pile.seat), mine ? h("span", { class: "muted" }, ` (${t("tw.you")})`) : null),
      isLocked(view, ctx, pile.seat) ? h("span", { class: "tw-locked-tag", title: t("tw.locked_short") }, lockIcon(), " ",
        h("span", { class: "timer", dataset: { deadline: view.locked_until[pile.seat] } })) : null),
    h("div", { class: "tw-pile-cards" }, stack, top),
    h("div", { class: "tw-pile-foot" },
      h("span", { class: "tw-count", dataset: { count: pile.count } }, pile.count ? count("tw.cards_left", pile.count) : t("tw.empty_pile")),
      active && view.flip_deadline ? h("span", { class: "timer tw-flip-timer", dataset: { deadline: view.flip_deadline } }) : null));
}

function centreArea(ctx, { canClaim, touches }) {
  const view = ctx.view;
  const coop = view.mode === "coop";
  const canTurn = coop && legalHas(ctx, "turn_over");
  const bySlot = new Map(view.centre.map((entry) => [entry.slot, entry]));
  const last = view.centre.reduce((m, entry) => Math.max(m, entry.slot), -1);
  const cells = [];
  for (let slot = 0; slot <= last; slot++) {
    const entry = bySlot.get(slot);
    if (!entry) { cells.push(h("div", { class: "tw-slot empty", dataset: { slot } })); continue; }
    cells.push(h("div", { class: "tw-slot", dataset: { slot } },
      cardButton(ctx, entry, "centre", { canClaim, touches }),
      coop ? h("button", { type: "button", class: "tw-turn", dataset: { turnOver: entry.card }, disabled: !canTurn, title: t("tw.turn_over"),
        "aria-label": t("tw.turn_over"), onclick: canTurn ? () => ctx.act({ type: "turn_over", card: entry.card, design: entry.design }) : null }, turnIcon()) : null));
  }
  return h("section", { class: "tw-centre", id: "tw-centre", "aria-label": t("tw.centre") },
    h("h3", {}, t("tw.centre")),
    cells.length ? h("div", { class: "tw-grid" }, cells) : h("p", { class: "muted tw-empty" }, t("tw.centre_empty")));
}

function setChip(ctx, set, { canClaim, touches }) {
  const view = ctx.view;
  const pair = set.cards.length === 2;
  const picked = picks.some((p) => p.set === set.id);
  const teamClass = view.mode === "team" ? `team-${set.owner}` : "";
  const clickable = canClaim && pair;
  const touch = touches?.get(set.cards[0]);
  const touchClass = touch ? (touch.seat === ctx.seat ? "touched mine" : touch.seat % 2 === (ctx.seat ?? -1) % 2 ? "touched mate" : "touched opp") : "";
  return h("button", {
    type: "button", class: `tw-set ${pair ? "pair" : "triple"} ${picked ? "selected" : ""} ${teamClass} ${touchClass}`.trim(),
    title: touch ? (touch.seat === ctx.seat ? t("tw.your_hand") : ctx.seatName(touch.seat)) : null,
    dataset: { set: set.id, design: set.design, owner: set.owner ?? "table", size: set.cards.length },
    "aria-label": `${t("tw.set", { n: set.id + 1 })}: ${t(pair ? "tw.set_pair" : "tw.set_triple")} — ${describe(set.design)}`,
    "aria-pressed": picked ? "true" : "false", disabled: !clickable, onclick: clickable ? () => tapSet(ctx, set) : null,
  }, set.cards.map((card) => h("span", { class: "tw-set-card", dataset: { card, design: set.design, zone: "set" } },
    designSvg(set.design, { class: "tw-art" }))));
}

function ownersArea(ctx, { canClaim, touches }) {
  const view = ctx.view;
  const rows = [];
  const owners = view.mode === "coop" ? [null] : view.owners.map((row) => (view.mode === "team" ? row.team : row.seat));
  const myOwner = ownerOfSeat(view, ctx.seat);
  for (const owner of owners) {
    const sets = view.sets.filter((set) => (set.owner ?? null) === owner);
    const row = owner == null ? null : ownerRow(view, owner);
    const stats = [];
    if (view.mode === "coop") {
      stats.push(h("span", { class: "tw-points", id: "tw-points" }, count("tw.points", view.points ?? 0)));
      stats.push(h("span", {}, count("tw.sets_n", sets.length)));
      const mistakes = view.owners.reduce((sum, r) => sum + r.mistakes, 0);
      stats.push(h("span", { class: "muted" }, count("tw.mistakes", mistakes)));
    } else {
      stats.push(h("span", { class: "tw-score", dataset: { sets: row.sets } }, t("tw.sets_of", { n: row.sets, target: view.target_sets })));
      stats.push(h("span", { class: "muted" }, t("tw.cards_in_sets", { n: row.cards_in_sets })));
      stats.push(h("span", { class: row.mistakes ? "tw-mistakes bad" : "tw-mistakes muted" }, count("tw.mistakes", row.mistakes)));
    }
    const title = view.mode === "team"
      ? [h("strong", {}, teamName(owner)), h("span", { class: "muted" }, ` · ${namesOf(ctx, row.seats)}`)]
      : [h("strong", {}, ownerName(view, ctx, owner))];
    const progress = view.mode !== "coop" && view.target_sets
      ? h("div", { class: "tw-progress", role: "presentation" }, h("span", { style: `inline-size:${Math.min(100, (100 * row.sets) / view.target_sets)}%` }))
      : null;
    rows.push(h("div", { class: `tw-owner ${owner === myOwner && view.mode !== "coop" ? "mine" : ""} ${view.mode === "team" ? `team-${owner}` : ""}`.trim(),
      dataset: { owner: owner ?? "table" } },
      h("div", { class: "tw-owner-head" }, ...title, h("span", { class: "tw-stats" }, stats)),
      progress,
      h("div", { class: "tw-sets" }, sets.length ? sets.map((set) => setChip(ctx, set, { canClaim, touches })) : h("span", { class: "muted tw-none" }, t("tw.no_sets")))));
  }
  return h("section", { class: "tw-owners", id: "tw-owners", "aria-label": t("tw.sets") }, h("h3", {}, t("tw.sets")), rows);
}

function forbiddenArea(ctx, { canClaim, touches }) {
  const view = ctx.view;
  if (!view.forbidden && !view.forbidden_designs?.length) return null;
  const seat = view.forbidden?.seat ?? view.config.previous_winner;
  const name = seat != null ? ctx.seatName(seat) : "";
  return h("section", { class: "tw-forbidden", id: "tw-forbidden" },
    view.forbidden?.cards?.length ? h("div", {},
      h("h3", {}, t("tw.forbidden", { name })),
      h("div", { class: "tw-row" }, view.forbidden.cards.map((entry) => cardButton(ctx, entry, "forbidden", { canClaim, touches })))) : null,
    view.forbidden_designs?.length ? h("div", { class: "tw-banned" },
      h("span", { class: "muted" }, t("tw.forbidden_designs", { name })),
      h("span", { class: "tw-row" }, view.forbidden_designs.map((design) => h("span", { class: "tw-mini", dataset: { forbiddenDesign: design } },
        designSvg(design, { class: "tw-art" }), s("svg", { viewBox: "0 0 100 100", class: "tw-ban", "aria-hidden": "true" },
          s("circle", { cx: 50, cy: 50, r: 42, fill: "none", stroke: "#b42318", "stroke-width": 9 }),
          s("line", { x1: 20, y1: 80, x2: 80, y2: 20, stroke: "#b42318", "stroke-width": 9 })))))) : null);
}

function stockArea(ctx, { canClaim, touches }) {
  const view = ctx.view;
  const stock = view.stock;
  const canFlip = legalHas(ctx, "flip");
  return h("div", { class: "tw-pile mine stock", dataset: { seat: "stock" } },
    h("div", { class: "tw-pile-head" }, h("strong", {}, t("tw.stock"))),
    h("div", { class: "tw-pile-cards" },
      h(canFlip ? "button" : "div", { class: `tw-stack ${stock.count > 1 ? "deep" : ""}`, type: canFlip ? "button" : null,
        dataset: canFlip ? { flip: "1" } : {}, onclick: canFlip ? () => flip(ctx) : null, "aria-label": canFlip ? t("tw.flip") : null },
      stock.count > 1 ? backSvg({ class: "tw-art" }) : null),
      stock.top ? cardButton(ctx, stock.top, "stock", { canClaim, touches }) : h("div", { class: "tw-card placeholder" })),
    h("div", { class: "tw-pile-foot" }, h("span", { class: "tw-count" }, stock.count ? count("tw.cards_left", stock.count) : t("tw.empty_pile"))));
}

function statusLine(ctx) {
  const view = ctx.view;
  const me = ctx.seat;
  const timer = (deadline, extra = "") => (deadline ? h("span", { class: `timer ${extra}`.trim(), dataset: { deadline } }) : null);
  if (view.phase === "COUNTDOWN") return [t("tw.countdown"), " ", timer(view.countdown_end, "tw-countdown")];
  if (view.phase === "FINISHED") return [t("tw.game_over")];
  if (view.mode === "coop") return [t("tw.time_left"), " ", timer(view.coop_end, "tw-coop-timer")];
  if (view.active == null && view.last_call_deadline) return [t("tw.last_call"), " ", timer(view.last_call_deadline, "tw-last-call")];
  if (view.active === me) return [h("strong", {}, t("tw.your_turn")), " ", timer(view.flip_deadline)];
  if (view.active != null) return [t("tw.flips_next", { name: ctx.seatName(view.active) }), " ", timer(view.flip_deadline)];
  return [];
}

function header(ctx) {
  const view = ctx.view;
  const bits = [h("span", { class: "badge" }, t(`tw.mode.${view.mode}`))];
  if (view.mode === "coop") {
    bits.push(h("span", {}, t("tw.coop_goal")));
    bits.push(h("strong", { class: "tw-points-big" }, count("tw.points", view.points ?? 0)));
  } else {
    bits.push(h("span", { class: "tw-target", dataset: { target: view.target_sets } }, t("tw.target", { n: view.target_sets })));
    if (view.config.forbidden_pattern) bits.push(h("span", { class: "muted" }, t("tw.forbidden_variant")));
    if (view.cap_deadline && view.phase === "PLAYING") {
      const left = view.cap_deadline - ctx.serverNow();
      bits.push(left < 120000
        ? h("span", { class: "tw-cap" }, t("tw.cap"), " ", h("span", { class: "timer", dataset: { deadline: view.cap_deadline } }))
        : h("span", { class: "tw-cap muted" }, t("tw.cap_minutes", { m: Math.round(view.config.max_game_ms / 60000) })));
    }
  }
  return h("div", { class: "tw-head" }, bits);
}

function controlsBar(ctx) {
  const view = ctx.view;
  if (ctx.seat == null || view.phase === "FINISHED") return null;
  const parts = [];
  const canFlip = legalHas(ctx, "flip");
  if (view.mode !== "coop" || (view.stock && view.stock.count > 0)) {
    parts.push(h("button", { type: "button", id: "flip", class: `primary tw-flip ${canFlip ? "ready" : ""}`.trim(), disabled: !canFlip,
      onclick: canFlip ? () => flip(ctx) : null }, t("tw.flip")));
  }
  if (picks.length) {
    const loose = picks.filter((p) => p.set == null).length;
    const held = picks.some((p) => p.set != null);
    if (view.mode === "coop" && !held && loose >= 2) {
      parts.push(h("button", { type: "button", id: "claim", class: "primary", onclick: () => send(ctx, { type: "claim", cards: entriesOf(picks) }) }, t("tw.claim")));
    }
    parts.push(h("span", { class: "muted", id: "tw-selected", dataset: { n: picks.length } }, t("tw.selected", { n: picks.length })));
    parts.push(h("button", { type: "button", id: "clear-selection", onclick: () => { picks = []; redraw(); } }, t("tw.clear")));
  }
  const hint = view.mode === "team" ? "tw.hint_team" : view.mode === "coop" ? "tw.hint_coop" : "tw.hint";
  return h("div", { class: "tw-controls" }, h("div", { class: "tw-buttons" }, parts), h("p", { class: "muted tw-hint" }, t(hint)));
}

function lockBanner(ctx) {
  const view = ctx.view;
  if (!isLocked(view, ctx, ctx.seat) || view.phase !== "PLAYING") return null;
  return h("p", { class: "tw-lock", id: "tw-lock", role: "status" }, lockIcon(), " ", t("tw.locked"), " ",
    h("span", { class: "timer urgent", dataset: { deadline: view.locked_until[ctx.seat] } }));
}

function flashBanner() {
  if (!flash || flash.until <= Date.now()) return null;
  return h("p", { class: `tw-flash ${flash.kind}`, id: "tw-flash", role: "status", dataset: { kind: flash.kind } }, flash.text());
}

function feedList() {
  if (!feed.length) return null;
  return h("ul", { class: "tw-feed", id: "tw-feed" }, feed.map((line) => h("li", { class: line.kind }, line.text())));
}

// Re-render when a lockout or a banner runs out, since no state message may arrive then.
function scheduleWake(ctx) {
  clearTimeout(wakeTimer);
  const view = ctx.view;
  const waits = [];
  if (flash && flash.until > Date.now()) waits.push(flash.until - Date.now());
  const until = ctx.seat != null ? view.locked_until?.[ctx.seat] || 0 : 0;
  if (until > ctx.serverNow()) waits.push(until - ctx.serverNow() + 30);
  if (view.cap_deadline && view.phase === "PLAYING") {
    const toTwoMin = view.cap_deadline - 120000 - ctx.serverNow();
    if (toTwoMin > 0) waits.push(toTwoMin + 30);
  }
  if (waits.length) wakeTimer = setTimeout(redraw, Math.max(50, Math.min(...waits)));
}

// The latest (root, ctx): a reply or a timer may arrive after newer state was drawn, and must
// never redraw an older view.
let latest = null;

function redraw() {
  if (latest && latest.root.isConnected) render(latest.root, latest.ctx);
}

// This table shows its own feedback for refused actions (the room adds no toast).
export const showsErrors = true;

export function render(root, ctx) {
  const view = ctx.view;
  latest = { root, ctx };
  ctx.rerender = redraw;
  const key = `${ctx.room?.code ?? ""}:${ctx.room?.game_id ?? ""}`;
  if (key !== gameKey) resetForGame(key);
  absorbEvents(ctx);
  pruneSelection(view);

  const me = ctx.seat;
  const playing = view.phase === "PLAYING";
  const canClaim = playing && me != null && (legalHas(ctx, "claim") || legalHas(ctx, "touch")) && !isLocked(view, ctx, me);
  const touches = view.mode === "team" ? touchInfo(view, ctx) : null;
  const opts = { canClaim, touches };

  const n = view.players;
  const order = [];
  for (let i = 1; i <= n; i++) order.push(((me ?? n - 1) + i) % n);
  const others = order.filter((seat) => seat !== me).map((seat) => view.piles[seat]);
  const mine = me != null && view.mode !== "coop" ? view.piles[me] : null;

  const status = statusLine(ctx);
  const table = h("div", {
    class: `twin-it mode-${view.mode}`,
    dataset: { phase: view.phase, mode: view.mode, active: view.active ?? "", seat: me ?? "" },
  },
    header(ctx),
    status.length ? h("p", { class: `tw-status ${view.active === me && me != null ? "mine" : ""}`.trim(), id: "tw-status" }, status) : null,
    flashBanner(), lockBanner(ctx),
    view.mode !== "coop" ? h("div", { class: "tw-piles", id: "tw-piles" }, (me == null ? order.map((seat) => view.piles[seat]) : others).map((pile) => pileBlock(ctx, pile, opts))) : null,
    centreArea(ctx, opts),
    forbiddenArea(ctx, opts),
    h("div", { class: "tw-me" },
      view.mode === "coop" && view.stock ? stockArea(ctx, opts) : null,
      mine ? pileBlock(ctx, mine, opts) : null,
      controlsBar(ctx)),
    feedList(),
    ownersArea(ctx, opts));
  root.replaceChildren(table);
  scheduleWake(ctx);
}

// -- result ---------------------------------------------------------------------------------------

export function resultDetails(result, ctx) {
  const rows = [];
  if (result.reason) rows.push(h("p", { class: "tw-reason" }, t(`tw.reason.${result.reason}`)));
  if (result.points != null) {
    rows.push(h("p", { class: "big tw-coop-points" }, t("tw.coop_result", { n: result.points })));
  }
  const standings = result.standings || [];
  const team = standings.some((row) => row.team != null);
  if (team && result.winners?.length) {
    const winner = standings.find((row) => row.rank === 1 && row.seats?.some((seat) => result.winners.includes(seat)));
    if (winner && standings.filter((row) => row.rank === 1).length === 1) {
      rows.push(h("p", { class: "tw-team-win" }, t("tw.team_wins", { team: teamName(winner.team), names: namesOf(ctx, winner.seats) })));
    }
  }
  if (result.points == null && standings.length) {
    rows.push(h("table", { class: "tw-standings", id: "tw-standings" },
      h("thead", {}, h("tr", {}, h("th", {}, t("tw.rank")), h("th", {}, t(team ? "tw.team" : "tw.player")),
        h("th", {}, t("tw.col.sets")), h("th", {}, t("tw.col.cards")), h("th", {}, t("tw.col.mistakes")))),
      h("tbody", {}, standings.map((row) => h("tr", { class: row.rank === 1 ? "first" : "", dataset: { rank: row.rank } },
        h("td", {}, num(row.rank)),
        h("td", {}, team ? `${teamName(row.team)} · ${namesOf(ctx, row.seats)}` : ctx.seatName(row.seat)),
        h("td", {}, num(row.sets)), h("td", {}, num(row.cards_in_sets)), h("td", {}, num(row.mistakes)))))));
  }
  return h("div", { class: "tw-result" }, rows);
}
