// Camel Up Cards: the track with stacked camels, the dice, the ten bet columns, every player's coins
// and commitment (never the card), your hand with a camel picker, and the reveal played back step by step.
import { h, s, partCache, sync } from "../dom.js";
import { currentLang, listText, num, register, t } from "../i18n/index.js";
import enCamelUpCards from "../i18n/en/camel-up-cards.js";
import faCamelUpCards from "../i18n/fa/camel-up-cards.js";


register("camel-up-cards", { en: enCamelUpCards, fa: faCamelUpCards });

// -- the components (§2) ----------------------------------------------------------------------

export const CAMELS = ["red", "blue", "green", "yellow", "purple"];
const HEX = { red: "#d63c3c", blue: "#2f6fdb", green: "#2f9e4f", yellow: "#f2c230", purple: "#8e4ccf" };
const INK = { red: "#7a1616", blue: "#143d84", green: "#145a28", yellow: "#7a5a00", purple: "#4b1f7a" };
const SEAT_HEX = ["#0f766e", "#c2410c", "#be185d", "#334155", "#0369a1", "#854d0e"];
const STEP_MS = 400;

// The view sends card ids only: kind, priority and printed camel follow from the §2 id ranges.
export function cardInfo(id) {
  if (id < 25) return { id, kind: "move", priority: (id % 5) + 1, camel: CAMELS[Math.floor(id / 5)] };
  if (id < 35) return { id, kind: "bet_winner", priority: ((id - 25) % 5) + 1, camel: null };
  if (id < 40) return { id, kind: "bet_loser", priority: id - 34, camel: null };
  if (id < 42) return { id, kind: "mirage", priority: 1, camel: null };
  if (id < 46) return { id, kind: "lost_camel", priority: 2, camel: null };
  return { id, kind: "tailwind", priority: 4, camel: null };
}

function standingsOf(stacks, leader) {
  const order = [];
  for (let i = stacks.length - 1; i >= 0; i--) order.push(...(leader === "bottom" ? stacks[i] : [...stacks[i]].reverse()));
  return order;
}

const camelName = (camel) => t(`cu.camel.${camel}`);
const seatColor = (seat) => SEAT_HEX[seat % SEAT_HEX.length];

// -- drawings -------------------------------------------------------------------------------

// A camel facing right in a 40×30 box (feet on y = 29).
const CAMEL_BODY = "M5 15 C5 11 7.5 9.5 10.5 9.5 C12 4 17.5 2.5 19.5 8 C21.5 6.5 24.5 7.5 26.5 10.5 L28.5 11 "
  + "C29.5 8 30.5 5 32.5 4 L35.5 3.8 C37.8 4 39 5.5 38.2 7 L35.3 8.2 C34.5 11.5 33.2 15.5 31.2 18.2 "
  + "C30 20 28.5 20.8 26.8 21 L26.6 29 L24 29 L23.6 21.2 L13.8 21.2 L13.4 29 L10.8 29 L10.4 20.6 C7 19.6 5 17.6 5 15 Z";

// Each camel also wears its own sign, so no camel is told apart by colour alone: red a circle,
// blue a triangle, green a square, yellow a diamond, purple a star (all symmetric, so a camel
// facing left wears the same sign). Drawn centred on (0, 0) with radius about 1.
const MARKS = {
  red: "M0 -1 A1 1 0 1 1 0 1 A1 1 0 1 1 0 -1 Z",
  blue: "M0 -1.1 L1 .75 H-1 Z",
  green: "M-.82 -.82 H.82 V.82 H-.82 Z",
  yellow: "M0 -1.15 L1 0 L0 1.15 L-1 0 Z",
  purple: "M0 -1.1 L.3 -.35 L1.05 -.35 L.45 .13 L.68 .9 L0 .43 L-.68 .9 L-.45 .13 L-1.05 -.35 L-.3 -.35 Z",
};

export function camelMark(camel, { x = 0, y = 0, r = 3, badge = "#fff" } = {}) {
  return s("g", { transform: `translate(${x} ${y})`, class: "cu-mark" },
    badge ? s("circle", { r: r * 1.45, fill: badge, stroke: INK[camel], "stroke-width": 0.8 }) : null,
    s("path", { d: MARKS[camel], transform: `scale(${r})`, fill: INK[camel] }));
}

export function camelArt(camel, { flip = false, scale = 1 } = {}) {
  const transform = flip ? `translate(${40 * scale} 0) scale(${-scale} ${scale})` : `scale(${scale})`;
  return s("g", { transform },
    s("path", { d: "M5.5 14 L2 20.5", stroke: INK[camel], "stroke-width": 1.6, "stroke-linecap": "round", fill: "none" }),
    s("path", { d: CAMEL_BODY, fill: HEX[camel], stroke: INK[camel], "stroke-width": 1.3, "stroke-linejoin": "round" }),
    s("circle", { cx: 35.4, cy: 5.6, r: 0.9, fill: INK[camel] }),
    camelMark(camel, { x: 18, y: 15.2, r: 3.2 }));
}

// A standalone camel icon (used in the picker, standings, bets).
function camelIcon(camel, cls = "cu-icon") {
  const flip = document.documentElement.dir === "rtl";
  return s("svg", { viewBox: "0 0 40 30", class: cls, role: "img", "aria-label": camelName(camel) }, camelArt(camel, { flip }));
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]] };

function dieIcon(camel, value, rolled) {
  return s("svg", { viewBox: "0 0 32 32", class: `cu-die ${rolled ? "rolled" : ""}`, role: "img",
    "aria-label": `${camelName(camel)} ${value ? num(value) : t("cu.no_roll")}`, dataset: { die: camel, value: value ?? "" } },
  s("rect", { x: 2, y: 2, width: 28, height: 28, rx: 6, fill: HEX[camel], stroke: INK[camel], "stroke-width": 2 }),
  camelMark(camel, { x: 23.5, y: 8.5, r: 2.2, badge: null }),
  value ? PIPS[value].map(([x, y]) => s("circle", { cx: 16 + x * 7, cy: 16 + y * 7, r: 3, fill: camel === "yellow" ? INK.yellow : "#fff" }))
    : s("circle", { cx: 16, cy: 16, r: 3, fill: "none", stroke: "#fff9", "stroke-width": 1.5 }));
}

function coinIcon() {
  return s("svg", { viewBox: "0 0 20 20", class: "cu-coin", "aria-hidden": "true" },
    s("circle", { cx: 10, cy: 10, r: 8.5, fill: "#f4c84a", stroke: "#a27811", "stroke-width": 1.5 }),
    s("circle", { cx: 10, cy: 10, r: 5, fill: "none", stroke: "#a27811", "stroke-width": 1 }));
}

// The picture on a card face, in a 48×36 box.
function kindArt(info) {
  const flip = document.documentElement.dir === "rtl";
  const fwd = (d) => (flip ? `scale(-1 1) translate(-48 0) ${d}` : d);
  switch (info.kind) {
    case "move":
      return s("g", {}, s("g", { transform: "translate(4 3)" }, camelArt(info.camel, { flip })),
        s("g", { transform: flip ? "translate(1 22)" : "translate(35 22)" },
          s("rect", { width: 12, height: 12, rx: 2.5, fill: "#fff", stroke: "#444", "stroke-width": 1.2 }),
          s("circle", { cx: 3.5, cy: 3.5, r: 1.3, fill: "#444" }), s("circle", { cx: 8.5, cy: 8.5, r: 1.3, fill: "#444" })));
    case "bet_winner":
      return s("g", {},
        s("path", { d: "M16 6 H32 V12 C32 19 28 22 24 22 C20 22 16 19 16 12 Z", fill: "#f4c84a", stroke: "#a27811", "stroke-width": 1.5 }),
        s("path", { d: "M16 9 C10 9 10 16 17 17 M32 9 C38 9 38 16 31 17", fill: "none", stroke: "#a27811", "stroke-width": 1.5 }),
        s("path", { d: "M22 22 H26 V27 H30 V31 H18 V27 H22 Z", fill: "#f4c84a", stroke: "#a27811", "stroke-width": 1.5 }),
        s("path", { d: "M24 9 l1.6 3.2 3.4.4-2.5 2.3.7 3.4-3.2-1.7-3.2 1.7.7-3.4-2.5-2.3 3.4-.4z", fill: "#fff" }));
    case "bet_loser":
      return s("g", {},
        s("circle", { cx: 24, cy: 17, r: 13, fill: "#64748b", stroke: "#334155", "stroke-width": 1.5 }),
        s("path", { d: "M24 9 V24 M17.5 18 L24 24.5 L30.5 18", fill: "none", stroke: "#fff", "stroke-width": 3, "stroke-linecap": "round", "stroke-linejoin": "round" }));
    case "mirage":
      return s("g", {},
        s("path", { d: "M6 12 C10 8 14 16 18 12 S26 8 30 12 S38 16 42 12", fill: "none", stroke: "#38bdf8", "stroke-width": 2.2 }),
        s("path", { d: "M8 22 H38 M33 18 L38 22 L33 26", fill: "none", stroke: "#7c3aed", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }),
        s("path", { d: "M40 30 H10 M15 26 L10 30 L15 34", fill: "none", stroke: "#7c3aed", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
    case "lost_camel":
      return s("g", { transform: fwd("") },
        s("g", { transform: "translate(14 5) scale(.8)", opacity: 0.85 }, s("path", { d: CAMEL_BODY, fill: "#b8a88a", stroke: "#6b5b3e", "stroke-width": 1.5 })),
        s("path", { d: "M14 31 H2 M7 26.5 L2 31 L7 35.5", fill: "none", stroke: "#b42318", "stroke-width": 2.6, "stroke-linecap": "round", "stroke-linejoin": "round" }),
        s("text", { x: 11, y: 13, "font-size": 11, "font-weight": 800, fill: "#b42318", "text-anchor": "middle" }, "?"));
    default: // tailwind
      return s("g", { transform: fwd("") },
        s("path", { d: "M4 10 H26 C31 10 31 3 26.5 3.5 M4 18 H36 C42 18 42 26 36.5 25 M4 26 H20", fill: "none", stroke: "#0ea5e9", "stroke-width": 2.4, "stroke-linecap": "round" }),
        s("path", { d: "M30 32 H44 M39.5 27.5 L44 32 L39.5 36.5", fill: "none", stroke: "#15803d", "stroke-width": 2.6, "stroke-linecap": "round", "stroke-linejoin": "round" }));
  }
}

// A card as a plain picture in a 52×72 box (the how-to page): its priority, its drawing, its name.
const PICTURE_STYLE = { move: ["#c9b48a", "#fffaf0"], bet_winner: ["#d4a72c", "#fff8df"], bet_loser: ["#64748b", "#f3f5f8"] };

export function cardPicture(id) {
  const info = cardInfo(id);
  const [line, fill] = PICTURE_STYLE[info.kind] || ["#7c3aed", "#f6f1ff"];
  const name = info.kind === "move" ? camelName(info.camel) : t(`cu.kind.${info.kind}`);
  return s("g", {},
    s("rect", { x: 1, y: 1, width: 50, height: 70, rx: 7, fill, stroke: line, "stroke-width": 2 }),
    s("circle", { cx: 10, cy: 10, r: 7, fill: "#2b2118" }),
    s("text", { x: 10, y: 13.5, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#fff" }, num(info.priority)),
    s("g", { transform: "translate(2 18)" }, kindArt(info)),
    s("text", { x: 26, y: 65, "text-anchor": "middle", "font-size": 8, "font-weight": 600, fill: "#1f1d1a" }, name));
}

function cardLabel(info) {
  return info.kind === "move" ? `${t("cu.kind.move")} ${camelName(info.camel)}` : t(`cu.kind.${info.kind}`);
}

function cardFace(id, { selected = false, onclick = null, small = false, target = null, playable = false, tag = "button", inHand = false } = {}) {
  const info = cardInfo(id);
  const title = `${cardLabel(info)}${t("cu.sep")}${t("cu.priority", { n: info.priority })}`;
  const attrs = { class: `cu-card k-${info.kind} ${selected ? "selected" : ""} ${small ? "small" : ""} ${playable ? "playable" : ""}`,
    dataset: { card: id, kind: info.kind, priority: info.priority }, title, "aria-label": title };
  if (tag === "button" && inHand) {
    // A hand card that cannot be chosen right now stays focusable, so the keyboard keeps its place.
    Object.assign(attrs, { type: "button", onclick, "aria-pressed": selected ? "true" : "false", "aria-disabled": playable ? null : "true" });
    attrs.dataset.focus = `card:${id}`;
  } else if (tag === "button") Object.assign(attrs, { type: "button", disabled: !onclick, onclick, "aria-pressed": selected ? "true" : "false" });
  return h(tag, attrs,
    h("span", { class: "cu-prio", "aria-hidden": "true" }, num(info.priority)),
    s("svg", { viewBox: "0 0 48 36", class: "cu-art", "aria-hidden": "true" }, kindArt(info)),
    h("span", { class: "cu-kind" }, info.kind === "move" ? camelName(info.camel) : t(`cu.kind.${info.kind}`)),
    target ? h("span", { class: "cu-target" }, camelIcon(target, "cu-icon tiny")) : null);
}

// -- UI state --------------------------------------------------------------------------------

let ui = freshUi(null);
let latest = null;

function freshUi(gameId) {
  return { gameId, version: -1, memo: partCache(), prev: null, sel: { step: null, card: null, camel: null }, pending: false,
    coinRace: {}, wasPending: 0, queue: [], play: null, timer: null, dice: { race: null, values: {}, rolled: [] }, reveal: null, raceEnd: null,
    wrap: null, lower: null, track: null };
}

function rerender() {
  if (latest) render(latest.root, latest.ctx);
}

// -- playback: the events of one change, turned into frames of ~400 ms each ----------------------

function clone(x) { return JSON.parse(JSON.stringify(x)); }

// What one resolution event did, as a note on the card that caused it (the reveal and the log).
function eventNote(e) {
  switch (e.type) {
    case "die_rolled": return { k: "rolled", v: e.value };
    case "camel_moved": return { k: "moved", camel: e.camel, from: e.from, to: e.to, unit: e.unit };
    case "bet_placed": return { k: "bet", kind: e.token.kind, camel: e.token.camel, slot: e.token.slot };
    case "bet_fizzled": return { k: "fizzled", camel: e.camel };
    case "no_effect": return { k: "no_effect" };
    case "order_reversed": return { k: "reversed" };
    case "card_unresolved": return { k: "unresolved" };
    default: return null;
  }
}

// A coin change, with its sign, kept left-to-right inside Persian text.
function signed(amount) {
  return `\u2066${amount > 0 ? "+" : "−"}${num(Math.abs(amount))}\u2069`;
}

// Frames from a change's events. `base` is the table before it (the previous view), so each camel move
// can be replayed from where it started. Returns null when the events hold no reveal.
function buildPlayback(events, base, view) {
  const start = events.findIndex((e) => e.type === "trick_revealed");
  if (start < 0) return null;
  const revealed = events[start];
  const cur = {
    stacks: base ? clone(base.stacks) : null, bets: base ? clone(base.bets) : [], coins: base ? [...base.coins] : [...view.coins],
    dice: clone(ui.dice.race === revealed.race ? ui.dice.values : {}), rolled: [], moving: [], active: null,
    reveal: { race: revealed.race, trick: revealed.trick, lead: revealed.lead, resolved: [], queue: clone(revealed.plays), notes: {} },
    raceEnd: null,
  };
  const frames = [];
  const push = () => frames.push(clone(cur));
  push();
  const leader = view.config.stack_leader;
  let animatable = Boolean(base);
  for (const e of events.slice(start + 1)) {
    const note = (seat, text) => { (cur.reveal.notes[seat] ||= []).push(text); };
    switch (e.type) {
      case "card_resolved": {
        if (cur.active != null) { push(); cur.rolled = []; cur.moving = []; }
        const i = cur.reveal.queue.findIndex((p) => p.seat === e.seat);
        const [play] = i >= 0 ? cur.reveal.queue.splice(i, 1) : [{ seat: e.seat, card: e.card, camel: e.camel, auto: e.auto }];
        cur.reveal.resolved.push(play);
        cur.active = e.seat;
        break;
      }
      case "die_rolled":
        cur.dice[e.camel] = e.value; cur.rolled = [e.camel];
        note(cur.active, eventNote(e));
        break;
      case "camel_moved": {
        note(cur.active, eventNote(e));
        if (cur.stacks && cur.stacks[e.from - 1]?.includes(e.camel)) {
          cur.stacks[e.from - 1] = cur.stacks[e.from - 1].filter((c) => !e.unit.includes(c));
          const dst = cur.stacks[e.to - 1];
          cur.stacks[e.to - 1] = e.to < e.from && leader === "top" ? [...e.unit, ...dst] : [...dst, ...e.unit];
          cur.moving = [...e.unit];
        } else animatable = false;
        break;
      }
      case "bet_placed":
        cur.bets.push(e.token);
        note(cur.active, eventNote(e));
        break;
      case "bet_fizzled": case "no_effect": note(cur.active, eventNote(e)); break;
      case "order_reversed":
        cur.reveal.queue = clone(e.queue);
        note(cur.active, eventNote(e));
        break;
      case "card_unresolved": note(e.seat, eventNote(e)); break;
      case "race_ended":
        if (cur.active != null) { push(); cur.rolled = []; cur.moving = []; cur.active = null; }
        cur.raceEnd = { race: e.race, reason: e.reason, standings: e.standings, payouts: null, bets: clone(cur.bets) };
        push();
        cur.raceEnd.payouts = []; // paid in the next frame
        break;
      case "payout": {
        cur.coins[e.seat] = e.coins;
        const token = cur.raceEnd?.bets.find((b) => b.seq === e.bet_seq) || null;
        cur.raceEnd?.payouts.push({ seat: e.seat, amount: e.amount, coins: e.coins, token });
        break;
      }
      default: break;
    }
  }
  if (cur.raceEnd) push();
  else if (cur.active != null) push();
  // The reveal and race summary the table keeps showing once the playback is over.
  const last = frames[frames.length - 1];
  return { frames: animatable ? frames : [{ ...last, stacks: null }], reveal: last.reveal, raceEnd: last.raceEnd, dice: last.dice, race: revealed.race };
}

// The last reveal from the view itself (after a reload there are no events to replay).
function revealFromView(view) {
  const lt = view.last_trick;
  if (!lt) return null;
  const events = [{ type: "trick_revealed", race: lt.race, trick: lt.trick, lead: lt.lead, plays: lt.plays }, ...lt.log];
  const saved = ui.dice;
  ui.dice = { race: null, values: {}, rolled: [] };
  const built = buildPlayback(events, null, view);
  ui.dice = saved;
  return built;
}

function absorb(ctx) {
  const view = ctx.view;
  const gameId = ctx.room?.game_id ?? null;
  if (ui.gameId !== gameId || ctx.version < ui.version) { clearTimeout(ui.timer); ui = freshUi(gameId); }
  if (ctx.version === ui.version) return;
  const first = ui.version === -1;
  ui.version = ctx.version;
  const events = ctx.events || [];
  rememberCoinRaces(events);
  announceTurn(ctx);
  const base = ui.prev;
  ui.prev = { stacks: view.stacks, bets: view.bets, coins: view.coins, race: view.race };
  if (events.some((e) => e.type === "race_started") && !events.some((e) => e.type === "trick_revealed")) {
    ui.dice = { race: view.race, values: {}, rolled: [] };
  }
  const built = buildPlayback(events, first ? null : base, view);
  if (built) {
    // A newer reveal cuts the running playback short: the board never lags more than one trick.
    ui.queue = [built];
    ui.dice = { race: built.raceEnd ? built.race + 1 : built.race, values: built.raceEnd ? {} : built.dice, rolled: [] };
    nextPlayback();
  } else if (first) {
    const fromView = revealFromView(view);
    if (fromView) { ui.reveal = fromView.reveal; ui.dice = { race: view.race, values: fromView.dice, rolled: [] }; }
    if (view.last_race && (view.trick_in_race <= 2 || view.phase === "game_over")) {
      ui.raceEnd = { ...view.last_race, payouts: null, bets: [] };
    }
  }
}

// Which race each coin change was paid in, so the result can say "in race 2" (never a raw sequence number).
function rememberCoinRaces(events) {
  let race = null;
  for (const e of events) {
    if (e.type === "race_ended") race = e.race;
    if (e.type === "payout" && race != null) ui.coinRace[e.coin_event_seq] = race;
  }
}

function announceTurn(ctx) {
  const now = pending(ctx);
  if (now && !ui.wasPending) ctx.announce?.(t("cu.announce_turn"));
  ui.wasPending = now;
}

function nextPlayback() {
  clearTimeout(ui.timer);
  const built = ui.queue.shift();
  if (!built) { ui.play = null; return; }
  ui.play = { ...built, index: 0 };
  ui.reveal = built.reveal;
  // The last race's summary stays up for the first trick of the next race.
  if (built.raceEnd) ui.raceEnd = built.raceEnd;
  else if (built.reveal.trick >= 2) ui.raceEnd = null;
  ui.timer = setTimeout(tick, STEP_MS);
}

function tick() {
  const play = ui.play;
  if (!play) return;
  if (play.index < play.frames.length - 1) {
    play.index += 1;
    ui.timer = setTimeout(tick, ui.queue.length ? STEP_MS / 2 : STEP_MS);
  } else {
    // Settle: the reveal stays listed, the dice keep their last values, the track shows the view.
    nextPlayback();
  }
  rerender();
}

// What the track, dice, bets and coins show right now: a playback frame, or the live view.
function display(view) {
  const frame = ui.play ? ui.play.frames[ui.play.index] : null;
  if (frame && frame.stacks) {
    return { stacks: frame.stacks, bets: frame.bets, coins: frame.coins, dice: frame.dice, rolled: frame.rolled,
      moving: frame.moving, active: frame.active, reveal: frame.reveal, raceEnd: ui.play.raceEnd ? frame.raceEnd : ui.raceEnd, playing: true };
  }
  return { stacks: view.stacks, bets: view.bets, coins: view.coins, dice: ui.dice.race === view.race ? ui.dice.values : {}, rolled: [],
    moving: [], active: null, reveal: frame ? frame.reveal : ui.reveal, raceEnd: ui.raceEnd, playing: Boolean(frame) };
}

// -- the track (persistent SVG, camels move by CSS transitions) -----------------------------------

const TW = 46, TOP = 92, TILE_H = 24, LIFT = 15, PAD = 4;

function trackSection(view, shown) {
  const L = view.config.track_length;
  const rtl = document.documentElement.dir === "rtl";
  const key = `${L}|${rtl}|${currentLang()}|${view.config.stack_leader}`;
  const x = (space) => PAD + (rtl ? L - space : space - 1) * TW;
  if (!ui.track || ui.track.key !== key) {
    const tiles = [];
    for (let space = 1; space <= L; space++) {
      const finish = space === L;
      tiles.push(s("g", { class: `cu-tile ${finish ? "finish" : ""} ${space === 1 ? "start" : ""}`, transform: `translate(${x(space)} ${TOP})` },
        s("title", {}, t("cu.space", { n: space })),
        s("rect", { x: 1, y: 0, width: TW - 2, height: TILE_H, rx: 5 }),
        s("text", { x: TW / 2, y: 17, "text-anchor": "middle" }, num(space))));
    }
    // Finish flag and start marker above the ends.
    const flag = s("g", { class: "cu-flag", transform: `translate(${x(L) + (rtl ? 6 : TW - 10)} ${TOP - 30})` },
      s("line", { x1: 0, y1: 0, x2: 0, y2: 28, stroke: "#2b2118", "stroke-width": 1.5 }),
      s("rect", { x: rtl ? -12 : 0, y: 0, width: 12, height: 8, fill: "#fff", stroke: "#2b2118", "stroke-width": 1 }),
      s("rect", { x: rtl ? -12 : 0, y: 0, width: 4, height: 4, fill: "#2b2118" }), s("rect", { x: rtl ? -4 : 8, y: 0, width: 4, height: 4, fill: "#2b2118" }),
      s("rect", { x: rtl ? -8 : 4, y: 4, width: 4, height: 4, fill: "#2b2118" }));
    const camels = {};
    const layer = s("g", { class: "cu-camels" });
    for (const camel of CAMELS) {
      camels[camel] = s("g", { class: "cu-piece", dataset: { piece: camel } }, s("title", {}, camelName(camel)), camelArt(camel, { flip: rtl }));
      layer.append(camels[camel]);
    }
    const svg = s("svg", { viewBox: `0 0 ${L * TW + PAD * 2} ${TOP + TILE_H + 2}`, class: "cu-track-svg", role: "img", "aria-label": t("cu.track") },
      s("rect", { class: "cu-sand", x: 0, y: TOP - 6, width: L * TW + PAD * 2, height: TILE_H + 8, rx: 8 }), tiles, flag, layer);
    const figure = h("figure", { class: "cu-track", id: "cu-track" }, svg,
      h("figcaption", {}, h("span", { id: "cu-leader-rule" }, t(`cu.leader.${view.config.stack_leader}`))));
    ui.track = { key, figure, camels, layer, first: true };
  }
  // Place every camel; a stack is drawn bottom first so the upper camel overlaps the lower one.
  const order = [];
  const movers = [];
  shown.stacks.forEach((stack, i) => stack.forEach((camel, height) => {
    const el = ui.track.camels[camel];
    const cx = x(i + 1) + (TW - 40) / 2;
    const cy = TOP - 29 - height * LIFT;
    const transform = `translate(${cx}px, ${cy}px)`;
    if (el.style.transform && el.style.transform !== transform) movers.push(el);
    el.style.transform = transform;
    el.classList.toggle("moving", shown.moving.includes(camel));
    el.dataset.space = i + 1;
    el.dataset.height = height;
    order.push(el);
  }));
  // Moving a node in the DOM cancels its CSS transition, so the camels on their way stay last (drawn on
  // top, which is also where they land) and only the others are re-inserted before them.
  const layer = ui.track.layer;
  const wanted = [...order.filter((el) => !movers.includes(el)), ...movers];
  const current = [...layer.childNodes];
  if (!(wanted.length === current.length && wanted.every((el, i) => current[i] === el))) {
    const moversNow = current.filter((el) => movers.includes(el));
    if (movers.length && moversNow.every((el, i) => el === movers[i])) {
      for (const el of wanted.slice(0, wanted.length - movers.length)) layer.insertBefore(el, movers[0]);
    } else {
      for (const el of wanted) layer.append(el);
    }
  }
  ui.track.figure.classList.toggle("animating", shown.playing);
  return ui.track.figure;
}

// -- the other sections -----------------------------------------------------------------------

function header(view, ctx) {
  const cfg = view.config;
  const over = view.phase === "game_over";
  return h("div", { class: "cu-head", id: "cu-head" },
    h("strong", { id: "cu-race", dataset: { race: view.race } }, t("cu.race", { r: view.race, n: cfg.races })),
    over ? h("strong", { class: "cu-over" }, t("cu.game_over"))
      : h("span", { id: "cu-trick", dataset: { trick: view.trick_in_race } }, t("cu.trick", { n: view.trick_in_race })),
    over ? null : h("span", { class: "muted" }, t("cu.lead", { name: ctx.seatName(view.lead) })),
    h("span", { class: "muted cu-draw" }, t("cu.draw", { n: view.draw_count })),
    !over && view.deadline && ctx.seat == null ? deadlineTimer(view, ctx) : null);
}

// The trick's one shared deadline: beside the hand for a player, in the header for a spectator.
function deadlineTimer(view, ctx) {
  return h("span", { class: "cu-timer" }, t("cu.time"), " ",
    h("span", { class: "timer", id: "cu-deadline", dataset: { deadline: view.deadline } }, t("seconds_left", { s: Math.max(0, Math.ceil((view.deadline - ctx.serverNow()) / 1000)) })));
}

function diceAndStandings(view, shown) {
  const order = standingsOf(shown.stacks, view.config.stack_leader);
  return h("div", { class: "cu-info" },
    h("div", { class: "cu-standings", id: "cu-standings" }, h("span", { class: "cu-label" }, t("cu.standings")),
      h("ol", {}, order.map((camel, i) => h("li", { dataset: { place: i + 1, standing: camel } },
        h("span", { class: "cu-place" }, num(i + 1)), camelIcon(camel))))),
    h("div", { class: "cu-dice", id: "cu-dice" }, h("span", { class: "cu-label" }, t("cu.dice")),
      h("div", { class: "row" }, CAMELS.map((camel) => dieIcon(camel, shown.dice[camel], shown.rolled.includes(camel))))));
}

function playersSection(view, ctx, shown) {
  const seats = Array.from({ length: view.players }, (_, i) => i);
  return h("section", { class: "cu-players", id: "cu-players", "aria-label": t("cu.players") }, seats.map((seat) => {
    const done = view.committed[seat];
    const lead = seat === view.lead && view.phase === "select";
    return h("div", { class: `cu-player ${seat === ctx.seat ? "me" : ""} ${done ? "done" : ""} ${lead ? "lead" : ""}`, style: `--seat:${seatColor(seat)}`,
      dataset: { seat, committed: done ? "1" : "0", coins: shown.coins[seat] } },
    h("span", { class: "cu-seat-dot" }, num(seat + 1)),
    h("span", { class: "cu-name" }, ctx.seatName(seat), seat === ctx.seat ? ` (${t("cu.you")})` : ""),
    seat === view.lead && view.phase === "select" ? h("span", { class: "cu-lead-tag" }, t("cu.lead_tag")) : null,
    h("span", { class: "cu-coins" }, coinIcon(), h("b", {}, num(shown.coins[seat]))),
    view.phase === "select" ? h("span", { class: `cu-state ${done ? "ok" : ""}` }, h("span", { "aria-hidden": "true" }, done ? "✓" : "○"),
      h("span", { class: "cu-state-text" }, done ? t("cu.committed") : t("cu.choosing"))) : null);
  }));
}

function betsSection(view, ctx, shown) {
  const column = (kind, camel) => shown.bets.filter((b) => b.kind === kind && b.camel === camel).sort((a, b) => a.slot - b.slot);
  const values = { bet_winner: [5, 3, 2], bet_loser: [3, 2, 1] };
  const slots = (kind, camel) => h("div", { class: `cu-col ${kind}`, dataset: { column: `${kind}:${camel}` } }, [1, 2, 3].map((slot) => {
    const token = column(kind, camel).find((b) => b.slot === slot);
    if (!token) return h("span", { class: "cu-slot empty", title: t("cu.slot", { n: slot }) }, num(values[kind][slot - 1]));
    const name = ctx.seatName(token.seat);
    return h("span", { class: "cu-slot", style: `--seat:${seatColor(token.seat)}`, title: t("cu.slot_of", { name, n: slot }),
      dataset: { seat: token.seat, slot } }, num(token.seat + 1));
  }));
  return h("section", { class: "cu-bets", id: "cu-bets" },
    h("div", { class: "cu-bets-head" }, h("strong", {}, t("cu.bets")), h("span", { class: "muted cu-small" }, t("cu.bets_help"))),
    h("div", { class: "cu-bet-grid" },
      h("span", {}), h("span", { class: "cu-col-title" }, t("cu.winner_col")), h("span", { class: "cu-col-title" }, t("cu.loser_col")),
      CAMELS.map((camel) => [h("span", { class: "cu-bet-camel" }, camelIcon(camel), h("span", {}, camelName(camel))),
        slots("bet_winner", camel), slots("bet_loser", camel)])));
}

function noteText(n) {
  switch (n.k) {
    case "rolled": return t("cu.ev.rolled", { v: n.v });
    case "moved": {
      const text = t("cu.ev.moved", { camel: camelName(n.camel), from: n.from, to: n.to });
      const others = n.unit.filter((c) => c !== n.camel);
      return others.length ? `${text} (${t("cu.ev.carried", { others: others.map(camelName).join(t("cu.list_sep")) })})` : text;
    }
    case "bet": return t("cu.ev.bet", { kind: t(`cu.kind.${n.kind}`), camel: camelName(n.camel), slot: n.slot });
    case "fizzled": return t("cu.ev.fizzled", { camel: camelName(n.camel) });
    case "no_effect": return t("cu.ev.no_effect");
    case "reversed": return t("cu.ev.reversed");
    case "unresolved": return t("cu.ev.unresolved");
    default: return "";
  }
}

function revealSection(view, ctx, shown) {
  const r = shown.reveal;
  if (!r) return h("section", { class: "cu-reveal empty", id: "cu-reveal" }, h("p", { class: "muted" }, t("cu.reveal_none")));
  const row = (play, state) => {
    const notes = (r.notes[play.seat] || []).map(noteText);
    if (state === "done" && !notes.length && play.camel == null && ["bet_winner", "bet_loser", "lost_camel", "tailwind"].includes(cardInfo(play.card).kind)) notes.push(t("cu.ev.blank"));
    return h("li", { class: `cu-play ${state} ${shown.active === play.seat ? "active" : ""}`, dataset: { seat: play.seat, card: play.card, state }, style: `--seat:${seatColor(play.seat)}` },
      cardFace(play.card, { small: true, target: play.camel, tag: "span" }),
      h("div", { class: "cu-play-text" },
        h("strong", {}, ctx.seatName(play.seat)), play.auto ? h("span", { class: "cu-auto" }, ` · ${t("cu.auto")}`) : null,
        h("span", { class: "cu-play-card" }, `${cardLabel(cardInfo(play.card))}${play.camel ? ` → ${camelName(play.camel)}` : ""}`),
        h("span", { class: "cu-play-notes" }, state === "waiting" ? t("cu.pending") : notes.join(t("cu.sep")))));
  };
  const unresolved = new Set(Object.entries(r.notes).filter(([, ns]) => ns.some((n) => n.k === "unresolved")).map(([seat]) => Number(seat)));
  return h("section", { class: `cu-reveal ${shown.playing ? "live" : ""}`, id: "cu-reveal", dataset: { race: r.race, trick: r.trick } },
    h("strong", {}, t("cu.reveal", { trick: r.trick, race: r.race })),
    h("ol", {}, r.resolved.map((p) => row(p, "done")), r.queue.map((p) => row(p, unresolved.has(p.seat) ? "unresolved" : "waiting"))));
}

function raceEndSection(view, ctx, raceEnd) {
  if (!raceEnd) return null;
  const payouts = raceEnd.payouts;
  return h("section", { class: "cu-race-end", id: "cu-race-end", dataset: { race: raceEnd.race } },
    h("strong", {}, t("cu.race_end", { r: raceEnd.race })), " ",
    h("span", { class: "muted" }, t(`cu.reason.${raceEnd.reason}`)),
    h("ol", { class: "cu-final-order" }, raceEnd.standings.map((camel, i) => h("li", {}, h("span", { class: "cu-place" }, num(i + 1)), camelIcon(camel)))),
    payouts == null ? null : payouts.length
      ? h("ul", { class: "cu-payouts", id: "cu-payouts" }, h("li", { class: "cu-label" }, t("cu.payouts")), payouts.map((p) => h("li", { dataset: { seat: p.seat, amount: p.amount } },
        t("cu.payout", { name: ctx.seatName(p.seat),
          bet: p.token ? t("cu.bet_short", { kind: t(`cu.kind.${p.token.kind}`), camel: camelName(p.token.camel), slot: p.token.slot }) : "",
          amount: signed(p.amount), coins: p.coins }))))
      : h("p", { class: "muted" }, t("cu.no_payouts")));
}

function handSection(view, ctx) {
  const me = ctx.seat;
  if (me == null) return h("section", { class: "cu-hand-area", id: "cu-hand-area" }, h("p", { class: "muted" }, t("cu.watching")));
  if (view.phase !== "select") return null;
  if (ui.sel.step !== view.step) { ui.sel = { step: view.step, card: null, camel: null }; ui.pending = false; }
  const legal = new Map();
  for (const a of ctx.legal || []) if (a.type === "play_card") (legal.get(a.card) || legal.set(a.card, []).get(a.card)).push(a.camel ?? null);
  const mine = view.my_commitment;
  const choosing = !mine && legal.size > 0;
  const sel = ui.sel;
  const cards = (view.hand || []).map((id) => {
    const playable = choosing && legal.has(id) && !ui.pending;
    return cardFace(id, { selected: choosing && sel.card === id, playable, inHand: true,
      onclick: () => {
        if (!playable) return;
        const camels = legal.get(id);
        ui.sel = { step: view.step, card: id, camel: camels.length === 1 ? camels[0] : (camels.includes(sel.camel) ? sel.camel : undefined) };
        rerender();
      } });
  });
  const prompt = mine ? t("cu.waiting_others") : choosing ? t(choicePrompt(sel)) : "";
  const parts = [h("div", { class: "cu-hand-head" }, h("strong", {}, t("cu.your_hand")),
    h("span", { class: `cu-prompt ${choosing ? "mine" : "muted"}`, id: "cu-prompt" }, prompt),
    view.deadline ? deadlineTimer(view, ctx) : null)];
  parts.push(h("div", { class: "cu-hand", id: "cu-hand" }, cards));
  if (mine) {
    const label = cardLabel(cardInfo(mine.card));
    parts.push(h("p", { class: "cu-mine", id: "cu-mine", dataset: { card: mine.card } },
      t("cu.committed_you", { card: label }), mine.camel ? ` ${t("cu.on_camel", { camel: camelName(mine.camel) })}` : ""));
  } else if (choosing && sel.card != null) {
    const info = cardInfo(sel.card);
    const camels = legal.get(sel.card) || [];
    parts.push(h("p", { class: "cu-help" }, t(`cu.help.${info.kind}`, { camel: info.camel ? camelName(info.camel) : "" })));
    const targeted = !["move", "mirage"].includes(info.kind);
    if (targeted && camels.length === 1 && camels[0] === null) parts.push(h("p", { class: "cu-blank" }, t("cu.blank")));
    else if (targeted) {
      const isBet = info.kind === "bet_winner" || info.kind === "bet_loser";
      parts.push(h("div", { class: "cu-targets", id: "cu-targets", role: "group", "aria-label": t("cu.pick_camel") }, CAMELS.map((camel) => {
        const ok = camels.includes(camel);
        const filled = view.bets.filter((b) => b.kind === info.kind && b.camel === camel).length;
        return h("button", { type: "button", class: `cu-camel-btn ${sel.camel === camel ? "selected" : ""}`, dataset: { camel, legal: ok ? "1" : "0", focus: `camel:${camel}` },
          disabled: !ok || ui.pending, "aria-pressed": sel.camel === camel ? "true" : "false", style: `--camel:${HEX[camel]}`,
          onclick: () => { ui.sel = { ...ui.sel, camel }; rerender(); } },
        camelIcon(camel), h("span", {}, camelName(camel)),
        isBet ? h("small", {}, ok ? t("cu.column_n", { n: filled }) : t("cu.not_allowed")) : null);
      })));
    }
    const ready = sel.camel !== undefined && camels.includes(sel.camel);
    parts.push(h("button", { type: "button", class: "primary", id: "commit", disabled: !ready || ui.pending, onclick: commit, dataset: { focus: "commit" } },
      ui.pending ? t("cu.sending") : t("cu.commit")));
  }
  return h("section", { class: `cu-hand-area ${choosing ? "choosing" : ""}`, id: "cu-hand-area" }, parts);
}

// What the choice still needs: a card, then a camel if the card names one, then the commit.
function choicePrompt(sel) {
  if (sel.card == null) return "cu.pick_card";
  return sel.camel === undefined ? "cu.pick_camel" : "cu.ready";
}

async function commit() {
  const ctx = latest?.ctx;
  if (!ctx || ui.pending || ui.sel.card == null || ui.sel.camel === undefined) return;
  const step = ctx.view.step;
  ui.pending = true;
  rerender();
  const reply = await ctx.act({ type: "play_card", card: ui.sel.card, camel: ui.sel.camel, step });
  ui.pending = false;
  if (reply.type !== "ack") ui.sel = { step, card: null, camel: null };
  rerender();
}

// -- rendering ------------------------------------------------------------------------------

export function render(root, ctx) {
  latest = { root, ctx };
  ctx.rerender = () => render(root, ctx);
  const view = ctx.view;
  absorb(ctx);
  const shown = display(view);
  if (!ui.wrap) {
    ui.wrap = h("div", { class: "camel-up-cards" });
    ui.lower = h("div", { class: "cu-lower" });
  }
  Object.assign(ui.wrap.dataset, { phase: view.phase, race: view.race, trick: view.trick_in_race, step: view.step });
  if (root.firstChild !== ui.wrap || root.childNodes.length !== 1) root.replaceChildren(ui.wrap);
  const frameKey = ui.play ? `${ui.queue.length}:${ui.play.race}:${ui.play.reveal.trick}:${ui.play.index}` : "settled";
  const seatNames = Array.from({ length: view.players }, (_, i) => ctx.seatName(i));
  const showRaceEnd = shown.raceEnd;
  const saved = focusedKey(ui.wrap);
  // Phone first: the track you watch, then your hand and its controls, then what explains them.
  sync(ui.wrap, [
    ui.memo("head", JSON.stringify([view.phase, view.race, view.trick_in_race, view.lead, view.draw_count, view.deadline, seatNames, ctx.seat]), () => header(view, ctx)),
    ui.memo("players", JSON.stringify([view.phase, view.lead, view.committed, shown.coins, seatNames, ctx.seat]), () => playersSection(view, ctx, shown)),
    trackSection(view, shown),
    ui.memo("hand", JSON.stringify([view.phase, view.step, view.hand, view.my_commitment, ui.sel, ui.pending, ctx.legal, view.bets, ctx.seat, view.deadline]), () => handSection(view, ctx)),
    ui.memo("raceEnd", JSON.stringify([showRaceEnd, seatNames]), () => raceEndSection(view, ctx, showRaceEnd)),
    ui.memo("info", JSON.stringify([shown.stacks, shown.dice, shown.rolled]), () => diceAndStandings(view, shown)),
    ui.lower,
  ]);
  sync(ui.lower, [
    ui.memo("reveal", JSON.stringify([shown.reveal, shown.active, shown.playing, seatNames, frameKey]), () => revealSection(view, ctx, shown)),
    ui.memo("bets", JSON.stringify([shown.bets, seatNames]), () => betsSection(view, ctx, shown)),
  ]);
  restoreFocus(ui.wrap, saved);
}

// -- keeping focus across a redraw: a rebuilt hand would otherwise drop the keyboard's place --

function focusedKey(wrap) {
  const el = document.activeElement;
  if (!el || !wrap.contains(el)) return null;
  const cards = [...wrap.querySelectorAll("#cu-hand .cu-card")];
  return { key: el.closest("[data-focus]")?.dataset.focus ?? null, index: cards.indexOf(el) };
}

function restoreFocus(wrap, saved) {
  if (!saved || wrap.contains(document.activeElement)) return;
  const same = saved.key && wrap.querySelector(`[data-focus="${saved.key}"]:not(:disabled)`);
  if (same) { same.focus({ preventScroll: true }); return; }
  // The control is gone (a played card) or disabled (commit while sending): stay in the hand.
  const cards = [...wrap.querySelectorAll("#cu-hand .cu-card")];
  cards[Math.min(Math.max(saved.index, 0), cards.length - 1)]?.focus({ preventScroll: true });
}

export function pending(ctx) {
  const view = ctx.view;
  return ctx.seat != null && view?.phase === "select" && !view.my_commitment && ctx.legal?.length ? 1 : 0;
}

// -- the move log: one line per event that matters, a summary per race ---------------------------

function playText(play) {
  const info = cardInfo(play.card);
  return `${cardLabel(info)}${play.camel ? ` → ${camelName(play.camel)}` : ""}`;
}

function placesText(camels) {
  return camels.map((camel, i) => t("cu.log.place", { n: i + 1, camel: camelName(camel) })).join(t("cu.list_sep"));
}

// A revealed card and what it did: "Sara — Move red: rolled 2 · red: 1 → 3".
function resolvedLine(ctx, play, notes) {
  const text = notes.map(noteText).filter(Boolean).join(t("cu.sep"));
  return { text: t("cu.log.resolved", { name: ctx.seatName(play.seat), card: playText(play), notes: text || t("cu.ev.no_effect") }) };
}

// One entry per player: the race's coins in total and where they left the player.
function payoutLine(ctx, race, payouts) {
  if (!payouts.length) return { text: t("cu.log.no_payouts", { r: race }), summary: true };
  const bySeat = new Map();
  for (const p of payouts) bySeat.set(p.seat, { amount: (bySeat.get(p.seat)?.amount ?? 0) + p.amount, coins: p.coins });
  const list = [...bySeat].map(([seat, p]) => t("cu.log.payout", { name: ctx.seatName(seat), amount: signed(p.amount), coins: p.coins }));
  return { text: t("cu.log.payouts", { r: race, list: list.join(t("cu.list_sep")) }), summary: true };
}

function simpleLine(e, ctx) {
  switch (e.type) {
    case "race_started": return { text: t("cu.log.race", { r: e.race }) };
    case "card_committed": return e.auto ? null : { text: t("cu.log.committed", { name: ctx.seatName(e.seat) }) };
    case "timeout": return { text: t("cu.log.timeout", { names: e.seats.map(ctx.seatName).join(t("cu.list_sep")) }) };
    case "trick_revealed": return { text: t("cu.log.revealed", { n: e.trick, plays: e.plays.map((p) => t("cu.log.play",
      { name: ctx.seatName(p.seat), card: playText(p), p: cardInfo(p.card).priority })).join(t("cu.sep")) }) };
    case "deck_reshuffled": return { text: t("cu.log.reshuffled") };
    case "race_ended": return { text: t("cu.log.race_end", { r: e.race, reason: t(`cu.reason.${e.reason}`), order: placesText(e.standings) }), summary: true };
    case "game_ended": return { text: t("cu.log.game_end", { list: e.ranking.map((seat) => t("cu.log.rank",
      { place: e.ranks[String(seat)], name: ctx.seatName(seat), coins: ctx.view.coins[seat] })).join(t("cu.list_sep")) }), summary: true };
    default: return null;
  }
}

export function logLines(events, ctx) {
  const lines = [];
  let open = null;     // the card being resolved and the notes of what it did
  let payouts = null;  // the payouts of a race that just ended
  let race = null;
  const close = () => { if (open) lines.push(resolvedLine(ctx, open.play, open.notes)); open = null; };
  const settle = () => { if (payouts) lines.push(payoutLine(ctx, race, payouts)); payouts = null; };
  for (const e of events || []) {
    try {
      const note = eventNote(e);
      if (e.type === "card_resolved") { close(); open = { play: e, notes: [] }; continue; }
      if (e.type === "card_unresolved") { close(); lines.push(resolvedLine(ctx, e, [note])); continue; }
      if (note && open) { open.notes.push(note); continue; }
      if (e.type === "payout") { payouts?.push(e); continue; }
      close();
      if (e.type !== "race_ended") settle();
      const line = simpleLine(e, ctx);
      if (line) lines.push(line);
      if (e.type === "race_ended") { payouts = []; race = e.race; }
    } catch {
      // A malformed event makes no line; the log never breaks the table.
    }
  }
  close();
  settle();
  return lines;
}

// -- the result: who won and why in words, then the final table ---------------------------------

function tieHow(result, ctx, winner, rivals) {
  const reached = (seat) => result.last_change?.[String(seat)] ?? null;
  if (reached(winner) === 0) return t("cu.how.start");
  const race = (seat) => ui.coinRace[reached(seat)] ?? null;
  const mine = race(winner);
  const theirs = rivals.map(race);
  if (mine == null || theirs.includes(null)) return t("cu.how.earlier");
  if (theirs.every((r) => r > mine)) return t("cu.how.race", { a: mine });
  return t("cu.how.same", { a: mine });
}

function whyText(result, ctx) {
  const scores = result.scores || {};
  const coins = (seat) => scores[String(seat)];
  const winners = result.winners || [];
  const names = (seats) => listText(seats.map(ctx.seatName));
  if (winners.length > 1) return t("cu.why.shared", { names: names(winners), coins: coins(winners[0]) });
  const winner = winners[0];
  const rivals = (result.ranking || []).filter((seat) => seat !== winner && coins(seat) === coins(winner));
  const next = (result.ranking || []).find((seat) => seat !== winner);
  if (!rivals.length && next == null) return t("cu.why.single", { name: ctx.seatName(winner), coins: coins(winner) });
  if (!rivals.length) return t("cu.why.margin", { name: ctx.seatName(winner), coins: coins(winner), d: coins(winner) - coins(next), next: ctx.seatName(next) });
  return t("cu.why.tie", { name: ctx.seatName(winner), names: names([winner, ...rivals]), coins: coins(winner),
    how: tieHow(result, ctx, winner, rivals) });
}

// When a player reached the final total, only where a tie makes it matter.
function reachedText(result, seat) {
  const at = result.last_change?.[String(seat)];
  if (!at) return t("cu.reached_start");
  const race = ui.coinRace[at];
  return race ? t("cu.reached_race", { r: race }) : "—";
}

export function resultDetails(result, ctx) {
  const ranks = result.ranks || {};
  const scores = result.scores || {};
  const ranking = result.ranking || [];
  const counts = {};
  for (const seat of ranking) counts[scores[seat]] = (counts[scores[seat]] || 0) + 1;
  const tied = Object.values(counts).some((n) => n > 1);
  const head = [t("cu.rank"), t("cu.player"), t("cu.coins_col"), tied ? t("cu.reached") : null].filter(Boolean);
  return h("div", { class: "cu-result" },
    h("p", { class: "cu-why", id: "cu-why" }, whyText(result, ctx)),
    h("table", { class: "cu-ranking", id: "cu-ranking" },
      h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ranking.map((seat) => h("tr", { class: ranks[seat] === 1 ? "winner" : "", dataset: { seat, rank: ranks[seat], coins: scores[seat] } },
        h("td", {}, num(ranks[seat]), ranking.filter((x) => ranks[x] === ranks[seat]).length > 1 ? ` (${t("cu.shared")})` : ""),
        h("td", {}, h("span", { class: "cu-seat-dot", style: `--seat:${seatColor(seat)}` }, num(seat + 1)), " ", ctx.seatName(seat), seat === ctx.seat ? ` (${t("cu.you")})` : ""),
        h("td", {}, num(scores[seat])),
        tied ? h("td", {}, counts[scores[seat]] > 1 ? reachedText(result, seat) : "") : null)))));
}
