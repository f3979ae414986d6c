// Double Connect: the tower (start card, arms, active targets), every hand, and the claim panel
// where a player compares a hand card with a target and taps the symbol the two share.
import { h, s, partCache, sync } from "../dom.js";
import { currentLang, errorText, extend, num, t } from "../i18n/index.js";
import { SYMBOL_NAMES, symbolArt } from "./double-connect-symbols.js";


const SYMBOL_FA = {
  anchor: "لنگر", apple: "سیب", ball: "توپ", balloon: "بادکنک", bell: "زنگ", bicycle: "دوچرخه", bird: "پرنده",
  bomb: "بمب", cactus: "کاکتوس", candle: "شمع", car: "ماشین", carrot: "هویج", cat: "گربه", cheese: "پنیر",
  clock: "ساعت", cloud: "ابر", clover: "شبدر", crown: "تاج", diamond: "الماس", dog: "سگ", dolphin: "دلفین",
  dragon: "اژدها", drop: "قطره", eye: "چشم", fire: "آتش", fish: "ماهی", flower: "گل", ghost: "روح",
  glasses: "عینک", guitar: "گیتار", hammer: "چکش", hat: "کلاه", heart: "قلب", horse: "اسب", ice_cream: "بستنی",
  key: "کلید", ladybug: "کفشدوزک", leaf: "برگ", lightbulb: "لامپ", lightning: "صاعقه", lock: "قفل", moon: "ماه",
  pencil: "مداد", question: "علامت سؤال", rocket: "موشک", scissors: "قیچی", skull: "جمجمه", snowflake: "دانه‌ی برف",
  snowman: "آدم‌برفی", spider: "عنکبوت", star: "ستاره", sun: "خورشید", target: "سیبل", tree: "درخت",
  turtle: "لاک‌پشت", umbrella: "چتر", zebra: "گورخر",
};

extend({
  en: {
    ...Object.fromEntries(SYMBOL_NAMES.map((name) => [`dc.sym.${name}`, name.replace("_", " ")])),
    "dc.phase.countdown": "Get ready…", "dc.phase.playing": "Go! Match your cards", "dc.phase.final_chance": "Final chance!",
    "dc.phase.finished": "Game over",
    "dc.starts_in": "Cards are revealed in", "dc.time_left": "Time limit", "dc.pile": "Penalty pile: {n}",
    "dc.tower": "Tower", "dc.start_card": "Start card", "dc.free_slots": "Free corners on the start card: {n}",
    "dc.covered": "The start card is fully covered", "dc.targets": "Open targets: {n}", "dc.hidden_cards": "{n} more cards below",
    "dc.your_hand": "Your hand", "dc.your_card": "Your card", "dc.target": "Target",
    "dc.pick_card": "Pick one of your cards", "dc.pick_target": "Pick a highlighted card in the tower",
    "dc.tap_symbol": "Tap the symbol your card shares with the target",
    "dc.locked": "Locked out", "dc.sending": "Sending…", "dc.watching": "You are watching: hands are shown face up.",
    "dc.cards_n": "{n} cards", "dc.card_n": "Card {n}", "dc.wrong_n": "{n} wrong", "dc.placed_n": "{n} placed",
    "dc.out": "Out of cards", "dc.you": "you", "dc.team": "Team {n}", "dc.team_total": "Team {n}: {total} cards",
    "dc.final_by": "{name} is out of cards! Last chance for everyone else:", "dc.final_you": "You are out of cards! The others have a final chance:",
    "dc.fb.accepted": "Match! Your card is on the tower.", "dc.fb.wrong": "Not a match: +1 penalty card and a short lockout.",
    "dc.fb.wrong_empty": "Not a match. The pile is empty, so you are locked out for a while.",
    "dc.fb.too_late": "Too late: someone covered that card first. No penalty — pick another target.",
    "dc.fb.covered": "{name} covered your target. Pick another one.", "dc.fb.locked": "Wait for the lockout to end.",
    "dc.ev.accepted": "{name} placed a card", "dc.ev.wrong": "{name} made a wrong claim (+1 card)",
    "dc.ev.wrong_empty": "{name} made a wrong claim (locked out)", "dc.ev.covered": "The start card is fully covered",
    "dc.ev.emptied": "{name} emptied their hand", "dc.ev.started": "Cards revealed — go!",
    "dc.ev.accepted_you": "You placed a card", "dc.ev.wrong_you": "You made a wrong claim (+1 card)",
    "dc.ev.wrong_empty_you": "You made a wrong claim (locked out)", "dc.ev.emptied_you": "You emptied your hand",
    "dc.reason.final_chance_over": "The final chance is over.", "dc.reason.all_hands_empty": "Everyone emptied their hand.",
    "dc.reason.first_out": "The first player out ends the game.", "dc.reason.time_limit": "The time limit was reached.",
    "dc.rank": "Rank", "dc.player": "Player", "dc.cards_left": "Cards left", "dc.wrong": "Wrong", "dc.placed": "Placed",
    "dc.teams": "Teams", "dc.total": "Total",
    "err.malformed": "That claim was not understood.", "err.not_a_player": "Only seated players can claim.",
    "err.not_playing": "Claims are closed right now.", "err.locked_out": "You are locked out for a moment.",
    "err.card_not_in_hand": "That card is no longer in your hand.",
    "err.target_not_active": "Too late: that card is no longer an open target. No penalty.",
    "err.unknown_action": "That action is not part of this game.", "err.game_over": "The game has ended.",
  },
  fa: {
    ...Object.fromEntries(SYMBOL_NAMES.map((name) => [`dc.sym.${name}`, SYMBOL_FA[name]])),
    "dc.phase.countdown": "آماده شوید…", "dc.phase.playing": "شروع! کارت‌هایتان را جفت کنید", "dc.phase.final_chance": "فرصت آخر!",
    "dc.phase.finished": "پایان بازی",
    "dc.starts_in": "تا رو شدن کارت‌ها", "dc.time_left": "زمان باقی‌مانده", "dc.pile": "توده‌ی جریمه: {n}",
    "dc.tower": "برج", "dc.start_card": "کارت شروع", "dc.free_slots": "گوشه‌های آزاد کارت شروع: {n}",
    "dc.covered": "کارت شروع کاملاً پوشیده شده است", "dc.targets": "هدف‌های باز: {n}", "dc.hidden_cards": "{n} کارت دیگر زیر این‌ها",
    "dc.your_hand": "دست شما", "dc.your_card": "کارت شما", "dc.target": "هدف",
    "dc.pick_card": "یکی از کارت‌هایتان را انتخاب کنید", "dc.pick_target": "یک کارت برجسته‌ی برج را انتخاب کنید",
    "dc.tap_symbol": "روی نمادی بزنید که کارت شما با هدف مشترک دارد",
    "dc.locked": "محروم موقت", "dc.sending": "در حال فرستادن…", "dc.watching": "شما تماشاگرید: دست‌ها رو هستند.",
    "dc.cards_n": "{n} کارت", "dc.card_n": "کارت {n}", "dc.wrong_n": "{n} اشتباه", "dc.placed_n": "{n} گذاشته",
    "dc.out": "کارتش تمام شد", "dc.you": "شما", "dc.team": "تیم {n}", "dc.team_total": "تیم {n}: {total} کارت",
    "dc.final_by": "کارت‌های {name} تمام شد! فرصت آخر بقیه:", "dc.final_you": "کارت‌هایتان تمام شد! بقیه یک فرصت آخر دارند:",
    "dc.fb.accepted": "جفت شد! کارت شما روی برج است.", "dc.fb.wrong": "جفت نبود: یک کارت جریمه و کمی محرومیت.",
    "dc.fb.wrong_empty": "جفت نبود. توده خالی است، پس مدتی محروم هستید.",
    "dc.fb.too_late": "دیر شد: کسی زودتر آن کارت را پوشاند. جریمه ندارد — هدف دیگری انتخاب کنید.",
    "dc.fb.covered": "{name} هدف شما را پوشاند. هدف دیگری انتخاب کنید.", "dc.fb.locked": "صبر کنید تا محرومیت تمام شود.",
    "dc.ev.accepted": "{name} کارتی گذاشت", "dc.ev.wrong": "{name} اشتباه کرد و یک کارت جریمه گرفت",
    "dc.ev.wrong_empty": "{name} اشتباه کرد (محروم شد)", "dc.ev.covered": "کارت شروع کاملاً پوشیده شد",
    "dc.ev.emptied": "کارت‌های {name} تمام شد", "dc.ev.started": "کارت‌ها رو شدند — شروع!",
    "dc.ev.accepted_you": "شما کارتی گذاشتید", "dc.ev.wrong_you": "شما اشتباه کردید و یک کارت جریمه گرفتید",
    "dc.ev.wrong_empty_you": "شما اشتباه کردید (محروم شدید)", "dc.ev.emptied_you": "کارت‌های شما تمام شد",
    "dc.reason.final_chance_over": "فرصت آخر تمام شد.", "dc.reason.all_hands_empty": "کارت‌های همه تمام شد.",
    "dc.reason.first_out": "اولین کسی که کارتش تمام شد بازی را تمام کرد.", "dc.reason.time_limit": "زمان بازی تمام شد.",
    "dc.rank": "رتبه", "dc.player": "بازیکن", "dc.cards_left": "کارت باقی‌مانده", "dc.wrong": "اشتباه", "dc.placed": "گذاشته",
    "dc.teams": "تیم‌ها", "dc.total": "جمع",
    "err.malformed": "این ادعا فهمیده نشد.", "err.not_a_player": "فقط بازیکنان نشسته می‌توانند ادعا کنند.",
    "err.not_playing": "الان نمی‌شود کارت گذاشت.", "err.locked_out": "چند لحظه محروم هستید.",
    "err.card_not_in_hand": "این کارت دیگر در دست شما نیست.",
    "err.target_not_active": "دیر شد: آن کارت دیگر هدف باز نیست. جریمه ندارد.",
    "err.unknown_action": "این حرکت جزو این بازی نیست.", "err.game_over": "بازی تمام شده است.",
  },
});

// -- the deck (§2.1) ------------------------------------------------------------------------

const ORDER = 7;
export const CARDS = Array.from({ length: 55 }, (_, k) => {
  let points;
  if (k < ORDER * ORDER) {
    const m = Math.floor(k / ORDER), c = k % ORDER;
    points = [...Array.from({ length: ORDER }, (_, x) => ORDER * x + ((m * x + c) % ORDER)), ORDER * ORDER + m];
  } else {
    const c = k - ORDER * ORDER;
    points = [...Array.from({ length: ORDER }, (_, y) => ORDER * c + y), 56];
  }
  return points.sort((a, b) => a - b);
});

const TEAM_COLORS = ["#2563eb", "#dc2626", "#16a34a", "#d97706"];

// A small deterministic generator, so a card always looks the same.
function random(seed) {
  let a = (seed * 2654435761) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

// §2.1 (cosmetic): position 0 is the centre, 1..7 the ring; symbol at ascending index i goes to (i + k) mod 8.
const LAYOUTS = CARDS.map((symbols, k) => {
  const rand = random(k + 1);
  const turn = rand() * 360;
  const slots = [];
  symbols.forEach((symbol, i) => {
    const pos = (i + k) % 8;
    if (pos === 0) {
      slots.push({ symbol, x: 0, y: 0, size: 0.5 + rand() * 0.14, rotate: rand() * 80 - 40 });
    } else {
      const a = ((turn + (pos - 1) * (360 / 7) + rand() * 10 - 5) * Math.PI) / 180;
      const r = 62 + rand() * 4;
      slots.push({ symbol, x: r * Math.cos(a), y: r * Math.sin(a), size: 0.34 + rand() * 0.14, rotate: rand() * 240 - 120 });
    }
  });
  return slots;
});

// One round card (radius 100) as an SVG group; its 8 symbols carry data-symbol.
function cardGroup(k, { attrs = {}, stroke = "#cdbf9f", tappable = null, hook = true } = {}) {
  const symbols = LAYOUTS[k].map((slot) => s("g", {
    class: tappable ? "dc-sym tappable" : "dc-sym",
    dataset: { symbol: slot.symbol },
    transform: `translate(${slot.x.toFixed(1)} ${slot.y.toFixed(1)}) rotate(${slot.rotate.toFixed(0)}) scale(${slot.size.toFixed(3)})`,
    onclick: tappable ? (e) => { e.stopPropagation(); tappable(slot.symbol); } : null,
  }, s("title", {}, t(`dc.sym.${SYMBOL_NAMES[slot.symbol]}`)), s("circle", { r: 46, fill: "transparent" }), symbolArt(slot.symbol)));
  return s("g", { class: "dc-card", ...attrs, dataset: hook ? { card: k, ...(attrs.dataset || {}) } : attrs.dataset || {} },
    s("circle", { r: 100, fill: "#fffdf8", stroke, "stroke-width": 5 }), symbols);
}

function cardBack(attrs = {}) {
  return s("g", { class: "dc-card back", ...attrs },
    s("circle", { r: 100, fill: "#6d28d9", stroke: "#4c1d95", "stroke-width": 5 }),
    s("circle", { r: 70, fill: "none", stroke: "#c4b5fd", "stroke-width": 6, "stroke-dasharray": "14 10" }),
    s("circle", { r: 30, fill: "#c4b5fd" }));
}

function cardSvg(k, { size = "", label = "", stroke, tappable, role, hook = true } = {}) {
  return s("svg", { viewBox: "-106 -106 212 212", class: `dc-card-svg ${size}`, role: "img", "aria-label": label, dataset: role ? { role } : {} },
    k == null ? cardBack() : cardGroup(k, { stroke, tappable, hook }));
}

// -- UI state (kept between renders of one game) ----------------------------------------------

let ui = freshUi(null);
let latest = null; // { root, ctx } of the latest render, for replies that arrive later

function freshUi(gameId) {
  return { gameId, version: -1, memo: partCache(), card: null, target: null, needTarget: false, pending: false, feedback: null, log: [], logCount: 0, flash: 0,
    wrap: null, board: null };
}

function teamColor(team) { return team == null ? null : TEAM_COLORS[team % TEAM_COLORS.length]; }

function availableTargets(view, seat) {
  if (view.targets_by_team && view.your_team != null) return view.targets_by_team[view.your_team];
  if (view.targets_by_team && seat != null && view.team_of) return view.targets_by_team[view.team_of[seat]];
  return view.active_targets;
}

function lockedUntil(view, ctx, seat) {
  const until = view.locked_until?.[seat] ?? 0;
  return until > ctx.serverNow() ? until : null;
}

function setFeedback(kind, text) {
  ui.feedback = { kind, text, at: Date.now() };
}

function rerender() {
  if (latest) render(latest.root, latest.ctx);
}

function absorbEvents(ctx) {
  const view = ctx.view;
  if (ui.gameId !== ctx.room?.game_id || ctx.version < ui.version) ui = freshUi(ctx.room?.game_id);
  if (ctx.version === ui.version) return;
  ui.version = ctx.version;
  const me = ctx.seat;
  for (const event of ctx.events || []) {
    if (["play_started", "claim_accepted", "claim_wrong", "start_card_covered", "hand_emptied"].includes(event.type)) {
      ui.log.push(event);
      ui.logCount += 1;
    }
    if (event.type === "claim_accepted" && event.seat !== me && event.target === ui.target) {
      ui.target = null;
      ui.needTarget = true;
      setFeedback("warn", t("dc.fb.covered", { name: ctx.seatName(event.seat) }));
    }
  }
  ui.log = ui.log.slice(-6);
  // Keep the selection while it is still valid.
  const hand = me != null && view.hands ? view.hands[me] : [];
  if (!hand.includes(ui.card)) ui.card = hand[0] ?? null;
  const targets = availableTargets(view, me);
  if (!targets.includes(ui.target)) {
    ui.target = !ui.needTarget && targets.length ? targets[0] : null;
  }
}

async function claim(symbol) {
  const ctx = latest?.ctx;
  if (!ctx || ui.pending || ui.card == null || ui.target == null) return;
  if (lockedUntil(ctx.view, ctx, ctx.seat)) { setFeedback("warn", t("dc.fb.locked")); rerender(); return; }
  const action = { type: "claim", card: ui.card, target: ui.target, symbol };
  ui.pending = true;
  rerender();
  const reply = await ctx.act(action);
  ui.pending = false;
  const me = latest.ctx.seat;
  if (reply.type === "ack") {
    const event = (reply.events || []).find((e) => (e.type === "claim_accepted" || e.type === "claim_wrong") && e.seat === me);
    if (event?.type === "claim_accepted") {
      setFeedback("ok", t("dc.fb.accepted"));
      if (ui.card === action.card) ui.card = null;
      ui.target = action.card; // the placed card is now the top of its arm
      ui.needTarget = false;
    } else if (event?.type === "claim_wrong") {
      setFeedback("bad", t(event.penalty_card == null ? "dc.fb.wrong_empty" : "dc.fb.wrong"));
      ui.flash = Date.now();
    }
  } else if (reply.code === "target_not_active") {
    setFeedback("warn", t("dc.fb.too_late"));
    if (ui.target === action.target) { ui.target = null; ui.needTarget = true; }
  } else {
    setFeedback("bad", errorText(reply));
  }
  const view = latest.ctx.view;
  if (me != null && view.hands && !view.hands[me].includes(ui.card)) ui.card = view.hands[me][0] ?? null;
  if (ui.target != null && !availableTargets(view, me).includes(ui.target)) ui.target = null;
  rerender();
}

// -- the tower (§4.2) -------------------------------------------------------------------------

const R = 100;
const STEP = 88; // each arm card overlaps the one below by about half a card
const SHOWN = 3;  // only the top 3 cards of an arm are drawn

function armGeometry(capacity) {
  const first = capacity >= 2 ? Math.max(208, 104 / Math.sin(Math.PI / capacity)) : 208;
  const angle = (i) => ((-90 + (i * 360) / capacity) * Math.PI) / 180;
  return { first, angle };
}

// The frame holds the start card, the first card of every corner and every card drawn, so it
// grows a little as arms lengthen (at most SHOWN steps) and never jumps back.
function towerBounds(capacity, geometry, arms) {
  let [minX, minY, maxX, maxY] = [-R, -R, R, R];
  const include = (i, depth) => {
    const a = geometry.angle(i), d = geometry.first + depth * STEP;
    const x = d * Math.cos(a), y = d * Math.sin(a);
    minX = Math.min(minX, x - R); maxX = Math.max(maxX, x + R);
    minY = Math.min(minY, y - R); maxY = Math.max(maxY, y + R);
  };
  for (let i = 0; i < capacity; i++) include(i, 0);
  for (const arm of arms) include(arm.index, Math.min(arm.cards.length, SHOWN) - 1);
  const pad = 20;
  return [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];
}

function tower(view, ctx) {
  const tw = view.tower;
  const capacity = tw.start_capacity;
  const geometry = armGeometry(capacity);
  const active = new Set(view.active_targets);
  const mine = new Set(availableTargets(view, ctx.seat));
  const canPick = ctx.seat != null && view.hands?.[ctx.seat]?.length && ["playing", "final_chance"].includes(view.phase);
  const covered = tw.arms.length >= capacity;

  function targetGroup(k, x, y, stroke, extra = {}) {
    const isTarget = active.has(k);
    const usable = isTarget && mine.has(k);
    const selected = usable && canPick && ui.target === k;
    const classes = ["dc-tower-card", isTarget ? "active" : "", isTarget && !usable ? "unavailable" : "", selected ? "selected" : ""].join(" ");
    const card = cardGroup(k, { stroke });
    const attrs = { class: classes, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, dataset: {} };
    if (isTarget) attrs.dataset.target = k;
    if (usable && canPick) {
      attrs.onclick = () => { ui.target = k; ui.needTarget = false; rerender(); };
      attrs.role = "button";
      attrs["aria-label"] = `${t("dc.target")} ${num(k)}`;
    }
    return s("g", attrs, card,
      isTarget ? s("circle", { class: "dc-ring", r: R + 8, fill: "none" }) : null, extra.badge || null);
  }

  const layers = [];
  // The start card, with a marker on each corner: filled when an arm covers it.
  const markers = [];
  for (let i = 0; i < capacity; i++) {
    const a = geometry.angle(i);
    const used = i < tw.arms.length;
    markers.push(s("circle", { class: used ? "dc-slot used" : "dc-slot free", cx: (R * 0.93 * Math.cos(a)).toFixed(1), cy: (R * 0.93 * Math.sin(a)).toFixed(1), r: 11 }));
  }
  const between = ((-90 + 180 / Math.max(capacity, 1)) * Math.PI) / 180;
  const badge = s("g", { class: "dc-free-badge", transform: `translate(${(118 * Math.cos(between)).toFixed(1)} ${(118 * Math.sin(between)).toFixed(1)})` },
    s("circle", { r: 26 }), s("text", { y: 10, "text-anchor": "middle" }, num(tw.free_slots)));
  if (tw.start_card == null) {
    layers.push(s("g", { class: "dc-tower-card hidden" }, cardBack()));
  } else {
    layers.push(s("g", { class: covered ? "dc-start covered" : "dc-start" },
      targetGroup(tw.start_card, 0, 0, "#6d28d9", { badge: s("g", {}, markers, badge) })));
  }
  // Free corners: a dashed outline where the next arm will start.
  if (tw.start_card != null) {
    for (let i = tw.arms.length; i < capacity; i++) {
      const a = geometry.angle(i);
      layers.push(s("circle", { class: "dc-ghost", cx: (geometry.first * Math.cos(a)).toFixed(1), cy: (geometry.first * Math.sin(a)).toFixed(1), r: R - 6 }));
    }
  }
  // The arms, outward from the start card, bottom card first; only the top cards are drawn.
  for (const arm of tw.arms) {
    const a = geometry.angle(arm.index);
    const shown = arm.cards.slice(-SHOWN);
    const hidden = arm.cards.length - shown.length;
    const stroke = teamColor(arm.team) || "#cdbf9f";
    shown.forEach((k, j) => {
      const d = geometry.first + j * STEP;
      const extra = j === 0 && hidden > 0
        ? { badge: s("g", { class: "dc-depth", transform: `translate(${(-62 * Math.cos(a)).toFixed(1)} ${(-62 * Math.sin(a)).toFixed(1)})` }, s("title", {}, t("dc.hidden_cards", { n: hidden })), s("rect", { x: -30, y: -17, width: 60, height: 34, rx: 17 }), s("text", { y: 8, "text-anchor": "middle", direction: "ltr" }, `+${num(hidden)}`)) }
        : {};
      layers.push(s("g", { class: "dc-arm", dataset: { arm: arm.index } }, targetGroup(k, d * Math.cos(a), d * Math.sin(a), stroke, extra)));
    });
  }
  const [x, y, w, hgt] = towerBounds(capacity, geometry, tw.arms);
  const caption = tw.start_card == null ? null
    : covered ? t("dc.covered") : t("dc.free_slots", { n: tw.free_slots });
  return h("figure", { class: "dc-tower", id: "dc-tower" },
    s("svg", { viewBox: `${x.toFixed(0)} ${y.toFixed(0)} ${w.toFixed(0)} ${hgt.toFixed(0)}`, role: "img", "aria-label": t("dc.tower") }, layers),
    h("figcaption", {}, h("span", {}, caption), view.phase !== "countdown" ? h("span", {}, t("dc.targets", { n: view.active_targets.length })) : null));
}

// -- hands and the claim panel -------------------------------------------------------------------

function handCard(k, { selected = false, onclick = null, small = false } = {}) {
  const label = t("dc.card_n", { n: k });
  return h("button", { type: "button", class: `dc-hand-card ${selected ? "selected" : ""} ${small ? "small" : ""}`, dataset: { card: k },
    "aria-pressed": selected ? "true" : "false", "aria-label": label, disabled: !onclick, onclick }, cardSvg(k, { label, hook: false }));
}

function claimPanel(view, ctx) {
  const me = ctx.seat;
  if (me == null || !["playing", "final_chance"].includes(view.phase) || !view.hands?.[me]?.length) return null;
  const locked = lockedUntil(view, ctx, me);
  const ready = ui.card != null && ui.target != null && !ui.pending && !locked;
  const tap = ready ? claim : null;
  const prompt = ui.card == null ? t("dc.pick_card") : ui.target == null ? t("dc.pick_target") : t("dc.tap_symbol");
  const flash = Date.now() - ui.flash < 700 ? "flash" : "";
  return h("section", { class: `dc-claim ${locked ? "locked" : ""} ${ui.pending ? "pending" : ""} ${flash}`, id: "dc-claim",
    dataset: { pair: `${ui.card ?? ""}:${ui.target ?? ""}`, ready: ready ? "1" : "0" } },
    h("p", { class: "dc-prompt" }, prompt),
    h("div", { class: "dc-pair" },
      h("div", { class: "dc-slot-card mine" }, h("span", { class: "dc-label" }, t("dc.your_card")),
        ui.card != null ? cardSvg(ui.card, { size: "big", tappable: tap, role: "mine", label: t("dc.your_card") }) : h("div", { class: "dc-empty-slot" })),
      h("div", { class: "dc-slot-card target" }, h("span", { class: "dc-label" }, t("dc.target")),
        ui.target != null ? cardSvg(ui.target, { size: "big", tappable: tap, role: "target", label: t("dc.target") }) : h("div", { class: "dc-empty-slot" }))),
    locked ? h("div", { class: "dc-lock", id: "dc-lockout" }, h("strong", {}, t("dc.locked")), " ", h("span", { class: "timer urgent", dataset: { deadline: locked } }, t("seconds_left", { s: Math.ceil((locked - ctx.serverNow()) / 1000) }))) : null,
    ui.pending ? h("div", { class: "dc-lock sending" }, t("dc.sending")) : null);
}

function playerStats(view, ctx, seat) {
  const bits = [
    h("span", { class: "dc-count", dataset: { count: view.hand_sizes[seat] } }, t("dc.cards_n", { n: view.hand_sizes[seat] })),
    h("span", { class: "muted" }, t("dc.placed_n", { n: view.placed[seat] })),
    view.wrong_claims[seat] ? h("span", { class: "dc-wrong" }, t("dc.wrong_n", { n: view.wrong_claims[seat] })) : null,
  ];
  const locked = lockedUntil(view, ctx, seat);
  if (locked) bits.push(h("span", { class: "dc-locked-chip" }, t("dc.locked"), " ", h("span", { class: "timer urgent", dataset: { deadline: locked } }, t("seconds_left", { s: Math.ceil((locked - ctx.serverNow()) / 1000) }))));
  if (view.emptied_at[seat]) bits.push(h("span", { class: "dc-out" }, t("dc.out")));
  return bits;
}

function teamChip(view, seat) {
  const team = view.team_of?.[seat];
  if (team == null) return null;
  return h("span", { class: "dc-team", style: `--team:${teamColor(team)}` }, t("dc.team", { n: team + 1 }));
}

function myHand(view, ctx) {
  const me = ctx.seat;
  if (me == null) return h("p", { class: "muted dc-watching" }, t("dc.watching"));
  const team = view.team_of?.[me];
  const hand = view.hands?.[me];
  const playing = ["playing", "final_chance"].includes(view.phase);
  const cards = hand
    ? hand.map((k) => handCard(k, { selected: playing && ui.card === k, onclick: playing ? () => { ui.card = k; rerender(); } : null }))
    : Array.from({ length: view.hand_sizes[me] }, () => h("span", { class: "dc-hand-card back" }, cardSvg(null)));
  return h("section", { class: "dc-me", id: "dc-me", style: team != null ? `--team:${teamColor(team)}` : null, dataset: { seat: me } },
    h("div", { class: "dc-player-head" }, h("strong", {}, t("dc.your_hand")), teamChip(view, me), playerStats(view, ctx, me)),
    h("div", { class: "dc-hand", id: "dc-hand" }, cards));
}

function otherPlayer(view, ctx, seat) {
  const team = view.team_of?.[seat];
  const hand = view.hands?.[seat];
  const cards = hand
    ? hand.map((k) => h("span", { class: "dc-mini", dataset: { card: k } }, cardSvg(k, { label: t("dc.card_n", { n: k }), hook: false })))
    : Array.from({ length: view.hand_sizes[seat] }, () => h("span", { class: "dc-mini" }, cardSvg(null)));
  return h("div", { class: `dc-player ${team != null ? "team" : ""}`, dataset: { seat }, style: team != null ? `--team:${teamColor(team)}` : null },
    h("div", { class: "dc-player-head" }, h("strong", {}, ctx.seatName(seat)), teamChip(view, seat), playerStats(view, ctx, seat)),
    h("div", { class: "dc-mini-hand" }, cards));
}

function header(view) {
  const d = view.deadlines || {};
  return h("div", { class: "dc-head" },
    h("strong", { class: "dc-phase", id: "dc-phase", dataset: { phase: view.phase } }, t(`dc.phase.${view.phase}`)),
    d.begin_play ? h("span", {}, t("dc.starts_in"), " ", h("span", { class: "timer", id: "dc-countdown", dataset: { deadline: d.begin_play } })) : null,
    d.time_up ? h("span", { class: "dc-limit" }, t("dc.time_left"), " ", h("span", { class: "timer", id: "dc-time-limit", dataset: { deadline: d.time_up } })) : null,
    h("span", { class: "dc-pile", id: "dc-pile" }, t("dc.pile", { n: view.pile_count })));
}

function finalBanner(view, ctx) {
  if (view.phase !== "final_chance") return null;
  const first = view.empty_order[0];
  const text = first === ctx.seat ? t("dc.final_you") : t("dc.final_by", { name: ctx.seatName(first) });
  return h("p", { class: "dc-final", id: "dc-final" }, text, " ",
    h("span", { class: "timer urgent", dataset: { deadline: view.deadlines.final_chance_over } }));
}

function eventText(event, ctx) {
  const name = event.seat != null ? ctx.seatName(event.seat) : "";
  const you = event.seat != null && event.seat === ctx.seat ? "_you" : "";
  switch (event.type) {
    case "play_started": return t("dc.ev.started");
    case "claim_accepted": return t(`dc.ev.accepted${you}`, { name });
    case "claim_wrong": return t(`${event.penalty_card == null ? "dc.ev.wrong_empty" : "dc.ev.wrong"}${you}`, { name });
    case "start_card_covered": return t("dc.ev.covered");
    case "hand_emptied": return t(`dc.ev.emptied${you}`, { name });
    default: return "";
  }
}

function feed(ctx) {
  if (!ui.log.length) return null;
  return h("ul", { class: "dc-log", id: "dc-log" }, [...ui.log].reverse().slice(0, 4).map((event) =>
    h("li", { class: `ev-${event.type}` }, eventText(event, ctx))));
}

function feedback() {
  if (!ui.feedback || Date.now() - ui.feedback.at > 8000) return null;
  return h("p", { class: `dc-feedback ${ui.feedback.kind}`, id: "dc-feedback", role: "status", dataset: { kind: ui.feedback.kind } }, ui.feedback.text);
}

function sectionKeys(view, ctx) {
  const me = ctx.seat;
  const now = ctx.serverNow();
  const seatKey = (seat) => JSON.stringify([ctx.seatName(seat), view.hands?.[seat] ?? view.hand_sizes[seat], view.placed[seat],
    view.wrong_claims[seat], view.locked_until[seat] > now ? view.locked_until[seat] : 0, view.emptied_at[seat], view.team_of?.[seat]]);
  return { me, seatKey };
}

// This table shows its own feedback for refused actions (the room adds no toast).
export const showsErrors = true;

export function render(root, ctx) {
  latest = { root, ctx };
  ctx.rerender = () => render(root, ctx);
  const view = ctx.view;
  absorbEvents(ctx);
  const { me, seatKey } = sectionKeys(view, ctx);
  if (!ui.wrap) {
    ui.wrap = h("div", { class: "double-connect" });
    ui.board = h("div", { class: "dc-board" });
  }
  ui.wrap.dataset.phase = view.phase;
  if (root.firstChild !== ui.wrap || root.childNodes.length !== 1) root.replaceChildren(ui.wrap);
  const locked = me != null ? lockedUntil(view, ctx, me) : null;
  const flashing = Date.now() - ui.flash < 700;
  const feedbackLive = ui.feedback && Date.now() - ui.feedback.at <= 8000;
  const available = availableTargets(view, me);
  sync(ui.board, [
    ui.memo("tower", JSON.stringify([view.phase, view.tower, view.active_targets, available, ui.target, view.hands?.[me]?.length ?? 0]), () => tower(view, ctx)),
    ui.memo("claim", JSON.stringify([view.phase, ui.card, ui.target, ui.pending, locked, flashing, view.hands?.[me]?.length ?? 0]), () => claimPanel(view, ctx)),
  ]);
  const players = [];
  for (let seat = 0; seat < view.players; seat++) {
    if (seat !== me) players.push(ui.memo(`player${seat}`, seatKey(seat), () => otherPlayer(view, ctx, seat)));
  }
  sync(ui.memo("players", "", () => h("section", { class: "dc-players", id: "dc-players" })), players);
  sync(ui.wrap, [
    ui.memo("head", JSON.stringify([view.phase, view.deadlines, view.pile_count]), () => header(view)),
    ui.memo("final", JSON.stringify([view.phase, view.empty_order[0], view.deadlines?.final_chance_over, me]), () => finalBanner(view, ctx)),
    ui.memo("feedback", JSON.stringify([feedbackLive && ui.feedback.at]), () => (feedbackLive ? feedback() : null)),
    ui.board,
    ui.memo("me", JSON.stringify([me, me != null ? seatKey(me) : null, ui.card, view.phase]), () => myHand(view, ctx)),
    ui.memo.get("players"),
    ui.memo("log", JSON.stringify([ui.logCount, me]), () => feed(ctx)),
  ]);
}

export function resultDetails(result, ctx) {
  const rows = result.results || [];
  const parts = [];
  if (result.reason) parts.push(h("p", { class: "dc-reason" }, t(`dc.reason.${result.reason}`)));
  parts.push(h("table", { class: "dc-results", id: "dc-results" },
    h("thead", {}, h("tr", {}, [t("dc.rank"), t("dc.player"), t("dc.cards_left"), t("dc.wrong"), t("dc.placed")].map((x) => h("th", {}, x)))),
    h("tbody", {}, rows.map((row) => h("tr", { dataset: { seat: row.seat, rank: row.rank, cards: row.cards_left, placed: row.placed }, class: row.rank === 1 ? "winner" : "" },
      h("td", {}, num(row.rank)), h("td", {}, ctx.seatName(row.seat), row.seat === ctx.seat ? ` (${t("dc.you")})` : ""),
      h("td", {}, num(row.cards_left)), h("td", {}, num(row.wrong_claims)), h("td", {}, num(row.placed)))))));
  if (result.teams) {
    parts.push(h("table", { class: "dc-results teams" },
      h("thead", {}, h("tr", {}, [t("dc.rank"), t("dc.teams"), t("dc.total"), t("dc.wrong")].map((x) => h("th", {}, x)))),
      h("tbody", {}, result.teams.map((team) => h("tr", { class: team.rank === 1 ? "winner" : "", style: `--team:${teamColor(team.team)}` },
        h("td", {}, num(team.rank)),
        h("td", {}, h("span", { class: "dc-team" }, t("dc.team", { n: team.team + 1 })), " ", team.seats.map((seat) => ctx.seatName(seat)).join(" · ")),
        h("td", {}, num(team.total)), h("td", {}, num(team.wrong_claims)))))));
  }
  return h("div", { class: "dc-result" }, parts);
}
