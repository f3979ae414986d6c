// Double Connect: the tower (start card, arms, active targets), every hand, and the claim panel
// where a player compares a hand card with a target they chose and taps the symbol the two share.
// Everything a claim needs is a focusable control (hand cards, tower targets, the symbols of both
// cards); each of those groups is one Tab stop, arrow keys move inside it and Enter/Space choose.
import { h, s, partCache, sync } from "../dom.js";
import { errorText, register, num, t } from "../i18n/index.js";
import { lostRace, lostRaceText, raceLogLine } from "../races.js";
import { SYMBOL_NAMES, SYMBOL_NAMES_FA, symbolArt } from "./double-connect-symbols.js";
import enDoubleConnect from "../i18n/en/double-connect.js";
import faDoubleConnect from "../i18n/fa/double-connect.js";

register("double-connect", { en: enDoubleConnect, fa: faDoubleConnect });

const CLAIMING = ["playing", "final_chance"];
const FEEDBACK_MS = 4000; // how long a claim's outcome replaces the prompt
const FLASH_MS = 700;     // the shake after a wrong claim
const PHONE = "(max-width: 720px)";
const MIN_PHONE_TABLE = 520; // below this the tower gets too small to tap; the page scrolls instead

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

/** The one symbol cards a and b share (§2.1 `common`). */
function commonSymbol(a, b) {
  return CARDS[a].find((symbol) => CARDS[b].includes(symbol));
}

function symbolName(symbol) {
  return SYMBOL_NAMES[symbol] ? t(`dc.sym.${SYMBOL_NAMES[symbol]}`) : "";
}

// -- drawing: cards, team marks and the tower (pure; the how-to page draws with these too) -------

const TEAM_COLORS = ["#2563eb", "#dc2626", "#16a34a", "#d97706"];
// Colour is never the only cue: every team also has its own shape (circle, triangle, square, diamond).
const TEAM_SHAPES = [
  (r) => s("circle", { r }),
  (r) => s("polygon", { points: `0,${-r * 1.15} ${r},${r * 0.75} ${-r},${r * 0.75}` }),
  (r) => s("rect", { x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7 }),
  (r) => s("polygon", { points: `0,${-r * 1.2} ${r * 1.05},0 0,${r * 1.2} ${-r * 1.05},0` }),
];
const CARD_EDGE = "#cdbf9f";

function teamColor(team) { return team == null ? null : TEAM_COLORS[team % TEAM_COLORS.length]; }

/** A team's mark (its shape in its colour) as an SVG group centred on (0, 0). */
function teamMark(team, r = 20) {
  return s("g", { class: "dc-team-mark", fill: teamColor(team), stroke: "#fff", "stroke-width": Math.max(2, r / 6) },
    TEAM_SHAPES[team % TEAM_SHAPES.length](r));
}

// The team's mark as a small picture beside text, with the team's name for every reader.
function teamChip(team) {
  if (team == null) return null;
  return h("span", { class: "dc-team", style: `--team:${teamColor(team)}` },
    s("svg", { viewBox: "-12 -12 24 24", class: "dc-team-icon", "aria-hidden": "true" }, teamMark(team, 9)),
    h("span", { class: "dc-team-name" }, t("dc.team", { n: team + 1 })));
}

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

// §2.1 (cosmetic): position 0 is the centre, 1..7 the ring; symbol at ascending index i goes to
// (i + k) mod 8. Slots are kept in position order (centre, then clockwise) for the arrow keys.
const LAYOUTS = CARDS.map((symbols, k) => {
  const rand = random(k + 1);
  const turn = rand() * 360;
  const slots = symbols.map((symbol, i) => {
    const pos = (i + k) % 8;
    if (pos === 0) return { symbol, pos, x: 0, y: 0, size: 0.5 + rand() * 0.14, rotate: rand() * 80 - 40 };
    const a = ((turn + (pos - 1) * (360 / 7) + rand() * 10 - 5) * Math.PI) / 180;
    const r = 62 + rand() * 4;
    return { symbol, pos, x: r * Math.cos(a), y: r * Math.sin(a), size: 0.34 + rand() * 0.14, rotate: rand() * 240 - 120 };
  });
  return slots.sort((p, q) => p.pos - q.pos);
});

const R = 100; // every card is drawn with radius 100
// The tappable area of a symbol: wider than its drawing, so even the small ones are ≥ 44 px on a phone.
const HIT_CENTRE = 34, HIT_RING = 30;
const HIT_TARGET = R + 24; // a tower target is tappable a little beyond its edge

// One symbol of a card. With `pick` it is a button of the roving group `pick.group`.
function symbolGroup(slot, pick, highlight) {
  const name = symbolName(slot.symbol);
  const art = s("g", { transform: `rotate(${slot.rotate.toFixed(0)}) scale(${slot.size.toFixed(3)})` }, symbolArt(slot.symbol));
  const attrs = { class: "dc-sym", transform: `translate(${slot.x.toFixed(1)} ${slot.y.toFixed(1)})`, dataset: { symbol: slot.symbol } };
  const hit = slot.pos === 0 ? HIT_CENTRE : HIT_RING;
  const mark = highlight === slot.symbol ? s("circle", { class: "dc-highlight", r: hit, fill: "none", stroke: "#f59e0b", "stroke-width": 7 }) : null;
  if (!pick) return s("g", attrs, s("title", {}, name), art, mark);
  const key = `${pick.group}:${slot.symbol}`;
  Object.assign(attrs, {
    class: "dc-sym tappable", role: "button", tabindex: key === pick.tabStop ? 0 : -1, "aria-label": name,
    "aria-disabled": pick.disabled ? "true" : null,
    onclick: (event) => { event.stopPropagation(); if (!pick.disabled) pick.onPick(slot.symbol); },
  });
  Object.assign(attrs.dataset, { focusKey: key, focusGroup: pick.group });
  return s("g", attrs, s("circle", { class: "dc-hit", r: hit, fill: "transparent" }), art, mark, s("circle", { class: "dc-focus", r: hit + 4, fill: "none" }));
}

/** One round card (radius R) as an SVG group; `pick` makes its symbols buttons, `highlight` rings one. */
function cardGroup(k, { stroke = CARD_EDGE, pick = null, highlight = null } = {}) {
  return s("g", { class: "dc-card" }, s("circle", { class: "dc-face", r: R, fill: "#fffdf8", stroke, "stroke-width": 5 }),
    LAYOUTS[k].map((slot) => symbolGroup(slot, pick, highlight)));
}

function cardBack() {
  return s("g", { class: "dc-card back" },
    s("circle", { r: R, fill: "#6d28d9", stroke: "#4c1d95", "stroke-width": 5 }),
    s("circle", { r: 70, fill: "none", stroke: "#c4b5fd", "stroke-width": 6, "stroke-dasharray": "14 10" }),
    s("circle", { r: 30, fill: "#c4b5fd" }));
}

// What a card shows, for a screen reader: "Card 12: anchor, apple, …".
function cardLabel(k, what = t("dc.card_n", { n: k })) {
  return t("dc.card_symbols", { what, symbols: CARDS[k].map(symbolName).join(t("list_sep")) });
}

/** A card (or its back when k is null) as its own <svg>; a card with `pick` is a group of symbol buttons. */
function cardSvg(k, { size = "", label = "", stroke, pick = null, highlight = null, role = null } = {}) {
  const a11y = pick ? { role: "group", "aria-label": label } : label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return s("svg", { viewBox: "-106 -106 212 212", class: `dc-card-svg ${size}`, ...a11y, dataset: role ? { role } : {} },
    k == null ? cardBack() : cardGroup(k, { stroke, pick, highlight }));
}

/** Two cards side by side (an <svg>), their one shared symbol ringed on both: a claim at a glance. */
export function pairDrawing(a, b) {
  const shared = commonSymbol(a, b);
  return s("svg", { viewBox: "-106 -106 436 212", class: "dc-pair-drawing", role: "img",
    "aria-label": t("dc.shared_symbol", { symbol: symbolName(shared) }) },
    cardGroup(a, { highlight: shared }), s("g", { transform: "translate(224 0)" }, cardGroup(b, { stroke: "#f59e0b", highlight: shared })));
}

const STEP = 88; // each arm card overlaps the one below by about half a card
const SHOWN = 3;  // only the top 3 cards of an arm are drawn (2 on a phone, so the tower can be drawn larger)

function armGeometry(capacity) {
  const first = capacity >= 2 ? Math.max(208, 104 / Math.sin(Math.PI / capacity)) : 208;
  const angle = (i) => ((-90 + (i * 360) / capacity) * Math.PI) / 180;
  return { first, angle };
}

// The frame holds the start card, the first card of every corner and every card drawn, so it
// grows a little as arms lengthen (at most SHOWN steps) and never jumps back.
function towerBounds(capacity, geometry, arms, shownMax) {
  let [minX, minY, maxX, maxY] = [-R, -R, R, R];
  const include = (i, depth) => {
    const a = geometry.angle(i), d = geometry.first + depth * STEP;
    const x = d * Math.cos(a), y = d * Math.sin(a);
    minX = Math.min(minX, x - R); maxX = Math.max(maxX, x + R);
    minY = Math.min(minY, y - R); maxY = Math.max(maxY, y + R);
  };
  for (let i = 0; i < capacity; i++) include(i, 0);
  for (const arm of arms) include(arm.index, Math.min(arm.cards.length, shownMax) - 1);
  const pad = 24;
  return [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];
}

// The start card's corners: a marker per corner (filled once an arm covers it) and the free count.
function startCorners(tw, geometry) {
  const capacity = tw.start_capacity;
  const markers = Array.from({ length: capacity }, (_, i) => {
    const a = geometry.angle(i);
    const look = i < tw.arms.length ? { class: "dc-slot used", fill: "#9ca3af", stroke: "#fff", "stroke-width": 3 }
      : { class: "dc-slot free", fill: "#fff", stroke: "#16a34a", "stroke-width": 5, "stroke-dasharray": "6 4" };
    return s("circle", { ...look, cx: (R * 0.93 * Math.cos(a)).toFixed(1), cy: (R * 0.93 * Math.sin(a)).toFixed(1), r: 11 });
  });
  const between = ((-90 + 180 / Math.max(capacity, 1)) * Math.PI) / 180;
  const badge = s("g", { class: "dc-free-badge", transform: `translate(${(118 * Math.cos(between)).toFixed(1)} ${(118 * Math.sin(between)).toFixed(1)})` },
    s("circle", { r: 26, fill: "#16a34a", stroke: "#fff", "stroke-width": 4 }),
    s("text", { y: 10, "text-anchor": "middle", fill: "#fff", "font-size": 30, "font-weight": 800 }, num(tw.free_slots)));
  return s("g", {}, markers, badge);
}

/**
 * The tower as an <svg>: the start card in the middle, arm i drawn outward at −90° + i·360°/capacity
 * (§4.2), a ring on every active target. With `pick`, the targets the seat may use are buttons of
 * the roving group "targets" (`tabStop` holds the key that takes Tab); `shown` cards of each arm are drawn.
 */
export function towerDrawing(tw, { targets = [], usable = targets, selected = null, pick = null, tabStop = null, shown: shownMax = SHOWN } = {}) {
  const capacity = tw.start_capacity;
  const geometry = armGeometry(capacity);
  const active = new Set(targets), mine = new Set(usable);

  function placed(k, x, y, { stroke = CARD_EDGE, label, extra = null } = {}) {
    const isTarget = active.has(k), canUse = isTarget && mine.has(k) && pick;
    const classes = ["dc-tower-card", isTarget ? "active" : "", isTarget && !mine.has(k) ? "unavailable" : "", canUse && selected === k ? "selected" : ""];
    const attrs = { class: classes.join(" "), transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, dataset: isTarget ? { card: k, target: k } : { card: k } };
    if (canUse) {
      const key = `target:${k}`;
      Object.assign(attrs, { role: "button", tabindex: key === tabStop ? 0 : -1, "aria-label": cardLabel(k, label),
        "aria-pressed": selected === k ? "true" : "false", onclick: () => pick(k) });
      Object.assign(attrs.dataset, { focusKey: key, focusGroup: "targets" });
    }
    return s("g", attrs, canUse ? s("circle", { class: "dc-hit", r: HIT_TARGET, fill: "transparent" }) : null, cardGroup(k, { stroke }),
      isTarget ? s("circle", { class: "dc-ring", r: R + 8, fill: "none", stroke: "#f59e0b", "stroke-width": 10, "stroke-dasharray": "26 10" }) : null, extra,
      canUse ? s("circle", { class: "dc-focus", r: HIT_TARGET, fill: "none" }) : null);
  }

  // The start card (face down until play starts), then a dashed outline where each next arm will start.
  const layers = [tw.start_card == null ? s("g", { class: "dc-tower-card hidden" }, cardBack())
    : s("g", { class: tw.arms.length >= capacity ? "dc-start covered" : "dc-start" },
      placed(tw.start_card, 0, 0, { stroke: "#6d28d9", label: t("dc.target_start"), extra: startCorners(tw, geometry) }))];
  for (let i = tw.arms.length; i < capacity; i++) {
    const a = geometry.angle(i);
    layers.push(s("circle", { class: "dc-ghost", fill: "#ffffff55", stroke: "#b9ab8f", "stroke-width": 4, "stroke-dasharray": "12 10", cx: (geometry.first * Math.cos(a)).toFixed(1), cy: (geometry.first * Math.sin(a)).toFixed(1), r: R - 6 }));
  }
  // The arms, outward from the start card, bottom card first; only the top cards are drawn.
  for (const arm of tw.arms) {
    const a = geometry.angle(arm.index);
    const shown = arm.cards.slice(-shownMax);
    const hidden = arm.cards.length - shown.length;
    shown.forEach((k, j) => {
      const d = geometry.first + j * STEP;
      const top = j === shown.length - 1;
      const extra = [
        j === 0 && hidden > 0 ? s("g", { class: "dc-depth", transform: `translate(${(-62 * Math.cos(a)).toFixed(1)} ${(-62 * Math.sin(a)).toFixed(1)})` },
          s("title", {}, t("dc.hidden_cards", { n: hidden })), s("rect", { x: -30, y: -17, width: 60, height: 34, rx: 17, fill: "#2b2118", opacity: 0.85 }),
          s("text", { y: 8, "text-anchor": "middle", direction: "ltr", fill: "#fff", "font-size": 24, "font-weight": 700 }, `+${num(hidden)}`)) : null,
        top && arm.team != null ? s("g", { transform: "translate(72 -72)" }, teamMark(arm.team, 22)) : null,
      ];
      layers.push(s("g", { class: "dc-arm", dataset: { arm: arm.index } },
        placed(k, d * Math.cos(a), d * Math.sin(a), { stroke: teamColor(arm.team) || CARD_EDGE, label: t("dc.target_arm", { n: arm.index + 1 }), extra })));
    });
  }
  const [x, y, w, hgt] = towerBounds(capacity, geometry, tw.arms, shownMax);
  return s("svg", { viewBox: `${x.toFixed(0)} ${y.toFixed(0)} ${w.toFixed(0)} ${hgt.toFixed(0)}`, role: "group", "aria-label": pick ? t("dc.targets_group") : t("dc.tower") }, layers);
}

// -- UI state (kept between renders of one game) ----------------------------------------------

let ui = freshUi(null);
let latest = null; // { root, ctx } of the latest render, for replies that arrive later
let keyboardActivation = false; // true while Enter/Space activates an SVG control

function freshUi(gameId) {
  return { gameId, version: -1, memo: partCache(), card: null, target: null, pending: false, feedback: null,
    log: [], logCount: 0, flash: 0, rove: {}, focusNext: null, refresh: null, wrap: null, status: null, lostRaceAt: 0 };
}

function availableTargets(view, seat) {
  if (view.targets_by_team && view.your_team != null) return view.targets_by_team[view.your_team];
  if (view.targets_by_team && seat != null && view.team_of) return view.targets_by_team[view.team_of[seat]];
  return view.active_targets;
}

function lockedUntil(view, ctx, seat) {
  const until = view.locked_until?.[seat] ?? 0;
  return until > ctx.serverNow() ? until : null;
}

function canClaim(view, ctx) {
  return ctx.seat != null && CLAIMING.includes(view.phase) && view.hands?.[ctx.seat]?.length > 0;
}

function say(text) { latest?.ctx.announce?.(text); }

function setFeedback(kind, text) {
  ui.feedback = { kind, text, at: Date.now() };
  say(text);
}

function rerender() {
  if (latest) render(latest.root, latest.ctx);
}

// Reads the events of a new change: the short log, a warning when someone covered the chosen
// target, and what a screen reader should hear. The selection is kept only while still valid.
function absorbEvents(ctx) {
  const view = ctx.view;
  if (ui.gameId !== ctx.room?.game_id || ctx.version < ui.version) ui = freshUi(ctx.room?.game_id);
  if (ctx.version === ui.version) return;
  ui.version = ctx.version;
  const me = ctx.seat;
  const lost = lostRace(ctx.events, me);
  for (const event of ctx.events || []) {
    if (LOGGED.has(event.type)) {
      ui.log.push({ event, batch: ctx.events });
      ui.logCount += 1;
    }
    if (event.type === "claim_accepted" && event.seat !== me && event.target === ui.target) {
      ui.target = null;
      if (!lost) setFeedback("warn", t("dc.fb.covered", { name: ctx.seatName(event.seat) }));
    }
    if (event.type === "play_started" || event.type === "final_chance_started") {
      say(eventLines(event, ctx, ctx.events).map((line) => line.text).join(" "));
    }
  }
  if (lost) {
    // Our claim raced and lost: the reaction times say why (its "too late" reply adds nothing).
    ui.lostRaceAt = Date.now();
    setFeedback("race", lostRaceText(lost, ctx));
  }
  ui.log = ui.log.slice(-6);
  const hand = me != null && view.hands ? view.hands[me] : [];
  if (!hand.includes(ui.card)) ui.card = hand[0] ?? null; // any card fits any target (§2.1), so one is shown at once
  if (!availableTargets(view, me).includes(ui.target)) ui.target = null; // never chosen for the player
}

function selectCard(k) {
  ui.card = k;
  rerender();
}

function selectTarget(k) {
  ui.target = k;
  if (keyboardActivation) ui.focusNext = "sym-mine"; // the next step is a symbol of your card
  rerender();
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
  judged(reply, action, latest.ctx.seat);
  const view = latest.ctx.view;
  const hand = view.hands?.[latest.ctx.seat] ?? [];
  if (!hand.includes(ui.card)) ui.card = hand[0] ?? null;
  if (ui.target != null && !availableTargets(view, latest.ctx.seat).includes(ui.target)) ui.target = null;
  rerender();
}

// The server's answer to our claim: placed (the target is used up), wrong (locked out), or too late.
function judged(reply, action, me) {
  if (reply.type === "ack") {
    const event = (reply.events || []).find((e) => (e.type === "claim_accepted" || e.type === "claim_wrong") && e.seat === me);
    if (event?.type === "claim_accepted") {
      setFeedback("ok", t("dc.fb.accepted"));
      if (ui.card === action.card) ui.card = null;
      if (ui.target === action.target) ui.target = null; // covered by our own card; the next target is the player's choice
    } else if (event?.type === "claim_wrong") {
      setFeedback("bad", t(event.penalty_card == null ? "dc.fb.wrong_empty" : "dc.fb.wrong"));
      ui.flash = Date.now();
    }
  } else if (reply.code === "target_not_active") {
    if (Date.now() - ui.lostRaceAt >= FEEDBACK_MS) setFeedback("warn", t("dc.fb.too_late"));
    if (ui.target === action.target) ui.target = null;
  } else {
    setFeedback("bad", errorText(reply));
  }
}

// -- keyboard: roving focus inside each group, and focus kept across redraws --------------------

// The key of the group's item that takes Tab: the one focused last, else `preferred`, else the first.
function tabStop(group, keys, preferred) {
  if (keys.includes(ui.rove[group])) return ui.rove[group];
  return keys.includes(preferred) ? preferred : keys[0];
}

function groupItems(group) {
  return [...ui.wrap.querySelectorAll(`[data-focus-group="${group}"]`)];
}

function arrowStep(event, item) {
  const mirrored = document.documentElement.dir === "rtl" && item instanceof HTMLElement; // SVG drawings do not flip
  return { ArrowRight: mirrored ? -1 : 1, ArrowLeft: mirrored ? 1 : -1, ArrowDown: 1, ArrowUp: -1, Home: "first", End: "last" }[event.key];
}

function onKeydown(event) {
  const item = event.target.closest?.("[data-focus-group]");
  if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
  const step = arrowStep(event, item);
  if (step) {
    event.preventDefault();
    const items = groupItems(item.dataset.focusGroup);
    const here = items.indexOf(item);
    const next = step === "first" ? 0 : step === "last" ? items.length - 1 : (here + step + items.length) % items.length;
    items[next]?.focus();
  } else if ((event.key === "Enter" || event.key === " ") && !(item instanceof HTMLElement)) {
    // SVG buttons get the activation a <button> has natively.
    event.preventDefault();
    keyboardActivation = true;
    try { item.dispatchEvent(new MouseEvent("click", { bubbles: true })); } finally { keyboardActivation = false; }
  }
}

function onFocusin(event) {
  const item = event.target.closest?.("[data-focus-group]");
  if (!item) return;
  ui.rove[item.dataset.focusGroup] = item.dataset.focusKey;
  for (const other of groupItems(item.dataset.focusGroup)) other.setAttribute("tabindex", other === item ? "0" : "-1");
}

function rememberFocus(wrap) {
  const el = document.activeElement;
  return el && wrap.contains(el) ? { key: el.dataset?.focusKey, group: el.dataset?.focusGroup } : null;
}

// A rebuilt part drops the focused node; focus its successor (same key), else the same group's
// Tab stop, else the next step of a claim (a target, then the hand).
function restoreFocus(wrap, saved) {
  const next = ui.focusNext;
  ui.focusNext = null;
  const lost = saved && !wrap.contains(document.activeElement);
  if (!next && !lost) return;
  const stop = (group) => group && wrap.querySelector(`[data-focus-group="${group}"][tabindex="0"]`);
  const candidates = next ? [stop(next)]
    : [saved.key && wrap.querySelector(`[data-focus-key="${saved.key}"]`), stop(saved.group), stop("targets"), stop("hand")];
  candidates.find(Boolean)?.focus({ preventScroll: true });
}

// -- the parts of the table -------------------------------------------------------------------

function towerPart(view, ctx) {
  const tw = view.tower;
  const usable = availableTargets(view, ctx.seat);
  const pick = canClaim(view, ctx) ? selectTarget : null;
  const keys = usable.map((k) => `target:${k}`);
  const drawing = towerDrawing(tw, { targets: view.active_targets, usable, selected: ui.target, pick,
    tabStop: tabStop("targets", keys, `target:${ui.target}`), shown: onPhone() ? 2 : SHOWN });
  const covered = tw.arms.length >= tw.start_capacity;
  const caption = tw.start_card == null ? null : covered ? t("dc.covered") : t("dc.free_slots", { n: tw.free_slots });
  return h("figure", { class: "dc-tower", id: "dc-tower" }, drawing,
    h("figcaption", {}, h("span", {}, caption), view.phase !== "countdown" ? h("span", {}, t("dc.targets", { n: view.active_targets.length })) : null));
}

function statusText(view, ctx) {
  const fresh = ui.feedback && Date.now() - ui.feedback.at < FEEDBACK_MS;
  if (fresh) return { kind: ui.feedback.kind, text: ui.feedback.text };
  if (ctx.seat == null) return view.phase === "finished" ? null : { kind: "prompt", text: t("dc.watching") };
  if (!canClaim(view, ctx)) return null;
  const text = ui.card == null ? t("dc.pick_card") : ui.target == null ? t("dc.pick_target") : t("dc.tap_symbol");
  return { kind: "prompt", text };
}

// One line, updated in place: the prompt for the next step, or the outcome of the last claim.
// It is a live region only when the room cannot announce for us.
function statusLine(view, ctx) {
  const status = statusText(view, ctx);
  if (!status) return null;
  if (!ui.status) ui.status = h("p", { class: "dc-status", role: ctx.announce ? null : "status" });
  const el = ui.status;
  if (el.dataset.text !== status.text) {
    el.dataset.text = status.text;
    el.dataset.kind = status.kind;
    el.replaceChildren(status.kind === "prompt" ? h("span", { class: "dc-prompt" }, status.text)
      : h("span", { id: "dc-feedback", dataset: { kind: status.kind } }, status.text));
  }
  return el;
}

// One card of the claim pair: a card (its symbols are buttons with `pick`), a back, or an empty slot.
function pairSlot(role, k, pick, { back = false } = {}) {
  const label = role === "mine" ? t("dc.your_card") : t("dc.target");
  const group = pick ? (role === "mine" ? t("dc.symbols_mine") : t("dc.symbols_target")) : k != null ? cardLabel(k, label) : label;
  let card = h("div", { class: "dc-empty-slot" }, h("span", {}, t("dc.no_target")));
  if (k != null) card = cardSvg(k, { size: "big", pick, role, label: group, stroke: role === "target" ? "#f59e0b" : CARD_EDGE });
  else if (back) card = cardSvg(null, { size: "big" });
  return h("div", { class: `dc-slot-card ${role}` }, h("span", { class: "dc-label", "aria-hidden": "true" }, label), card);
}

function claimPanel(view, ctx) {
  // During the countdown the pair keeps its place, so nothing moves when the cards are revealed.
  if (view.phase === "countdown" && ctx.seat != null) {
    return h("section", { class: "dc-claim waiting", id: "dc-claim" }, h("div", { class: "dc-pair" }, pairSlot("mine", null, null, { back: true }), pairSlot("target", null, null)));
  }
  if (!canClaim(view, ctx)) return null;
  const locked = lockedUntil(view, ctx, ctx.seat);
  const chosen = ui.card != null && ui.target != null;
  const ready = chosen && !ui.pending && !locked;
  const pickFor = (group, k) => chosen ? { group, onPick: claim, disabled: !ready,
    tabStop: tabStop(group, CARDS[k].map((symbol) => `${group}:${symbol}`), null) } : null;
  const flash = Date.now() - ui.flash < FLASH_MS ? "flash" : "";
  return h("section", { class: `dc-claim ${locked ? "locked" : ""} ${ui.pending ? "pending" : ""} ${flash}`, id: "dc-claim",
    dataset: { pair: `${ui.card ?? ""}:${ui.target ?? ""}`, ready: ready ? "1" : "0" } },
    h("div", { class: "dc-pair" }, pairSlot("mine", ui.card, pickFor("sym-mine", ui.card)), pairSlot("target", ui.target, pickFor("sym-target", ui.target))),
    locked ? h("div", { class: "dc-lock", id: "dc-lockout" }, h("strong", {}, t("dc.locked")), " ",
      h("span", { class: "timer urgent", dataset: { deadline: locked } }, t("seconds_left", { s: Math.ceil((locked - ctx.serverNow()) / 1000) }))) : null,
    ui.pending ? h("div", { class: "dc-lock sending" }, t("dc.sending")) : null);
}

function playerStats(view, ctx, seat) {
  const locked = lockedUntil(view, ctx, seat);
  return [
    h("span", { class: "dc-count", dataset: { count: view.hand_sizes[seat] } }, t("dc.cards_n", { n: view.hand_sizes[seat] })),
    h("span", { class: "dc-placed" }, t("dc.placed_n", { n: view.placed[seat] })),
    view.wrong_claims[seat] ? h("span", { class: "dc-wrong" }, t("dc.wrong_n", { n: view.wrong_claims[seat] })) : null,
    locked ? h("span", { class: "dc-locked-chip" }, t("dc.locked"), " ", h("span", { class: "timer urgent", dataset: { deadline: locked } },
      t("seconds_left", { s: Math.ceil((locked - ctx.serverNow()) / 1000) }))) : null,
    view.emptied_at[seat] ? h("span", { class: "dc-out" }, t("dc.out")) : null,
  ];
}

function handCard(k, { selected, tabindex }) {
  return h("button", { type: "button", class: `dc-hand-card ${selected ? "selected" : ""}`, tabindex,
    dataset: { card: k, focusKey: `hand:${k}`, focusGroup: "hand" }, "aria-pressed": selected ? "true" : "false",
    "aria-label": cardLabel(k), onclick: () => selectCard(k) }, cardSvg(k));
}

function myHand(view, ctx) {
  const me = ctx.seat;
  if (me == null) return null;
  const team = view.team_of?.[me];
  const hand = view.hands?.[me];
  let cards;
  if (!hand) {
    cards = Array.from({ length: view.hand_sizes[me] }, () => h("span", { class: "dc-hand-card back" }, cardSvg(null)));
  } else if (canClaim(view, ctx)) {
    const stop = tabStop("hand", hand.map((k) => `hand:${k}`), `hand:${ui.card}`);
    cards = hand.map((k) => handCard(k, { selected: ui.card === k, tabindex: stop === `hand:${k}` ? 0 : -1 }));
  } else {
    cards = hand.map((k) => h("span", { class: "dc-hand-card", dataset: { card: k } }, cardSvg(k, { label: cardLabel(k) })));
  }
  return h("section", { class: "dc-me", id: "dc-me", style: team != null ? `--team:${teamColor(team)}` : null, dataset: { seat: me } },
    h("div", { class: "dc-player-head" }, h("strong", {}, t("dc.your_hand")), teamChip(team), playerStats(view, ctx, me)),
    h("div", { class: "dc-hand", id: "dc-hand", role: "group", "aria-label": t("dc.your_hand"), style: `--n:${cards.length}` }, cards));
}

// Another player: one compact row (name, cards left, placed, lockout); the face-up hand below it
// only where there is room (not on phones).
function playerRow(view, ctx, seat) {
  const team = view.team_of?.[seat];
  const hand = view.hands?.[seat];
  const cards = hand
    ? hand.map((k) => h("span", { class: "dc-mini", dataset: { card: k } }, cardSvg(k, { label: cardLabel(k) })))
    : Array.from({ length: view.hand_sizes[seat] }, () => h("span", { class: "dc-mini" }, cardSvg(null)));
  return h("div", { class: `dc-player ${team != null ? "team" : ""}`, dataset: { seat }, style: team != null ? `--team:${teamColor(team)}` : null },
    h("div", { class: "dc-player-head" }, h("strong", { class: "dc-name" }, ctx.seatName(seat)), teamChip(team), playerStats(view, ctx, seat)),
    h("div", { class: "dc-mini-hand" }, cards));
}

function players(view, ctx) {
  const others = Array.from({ length: view.players }, (_, seat) => seat).filter((seat) => seat !== ctx.seat);
  return h("section", { class: `dc-players ${others.length > 3 ? "many" : ""}`, id: "dc-players" }, others.map((seat) => playerRow(view, ctx, seat)));
}

function header(view) {
  const d = view.deadlines || {};
  const final = view.phase === "final_chance";
  return h("div", { class: "dc-head" },
    h("strong", { class: "dc-phase", id: "dc-phase", dataset: { phase: view.phase } }, t(`dc.phase.${view.phase}`)),
    d.begin_play ? h("span", {}, t("dc.starts_in"), " ", h("span", { class: "timer", id: "dc-countdown", dataset: { deadline: d.begin_play } })) : null,
    final ? h("span", { class: "timer urgent", id: "dc-final", dataset: { deadline: d.final_chance_over } }) : null,
    d.time_up && !final && !d.begin_play ? h("span", { class: "dc-limit" }, t("dc.time_left"), " ", h("span", { class: "timer", id: "dc-time-limit", dataset: { deadline: d.time_up } })) : null,
    h("span", { class: "dc-pile", id: "dc-pile" }, t("dc.pile", { n: view.pile_count })));
}

// The latest few log lines, newest event first (an event's own lines keep their order).
function feed(ctx) {
  const lines = [...ui.log].reverse().flatMap(({ event, batch }) => eventLines(event, ctx, batch)).slice(0, 4);
  if (!lines.length) return null;
  return h("ul", { class: "dc-log", id: "dc-log" }, lines.map((line) => h("li", {}, line.text)));
}

// -- layout -----------------------------------------------------------------------------------

function onPhone() { return matchMedia(PHONE).matches; }

// On a phone, during play, the table takes exactly the height the rest of the page leaves, so the
// tower (which scales to its box) shrinks instead of pushing the hand or the claim off screen.
function fitToScreen(wrap, phase) {
  if (phase === "finished" || !onPhone()) {
    wrap.style.height = "";
    delete wrap.dataset.fit;
    return;
  }
  wrap.dataset.fit = "";
  const bottom = Math.max(...[...document.body.children].filter((el) => getComputedStyle(el).position !== "fixed")
    .map((el) => el.getBoundingClientRect().bottom));
  const rest = bottom + window.scrollY - wrap.getBoundingClientRect().height;
  const height = `${Math.max(MIN_PHONE_TABLE, Math.floor(window.innerHeight - rest))}px`;
  if (wrap.style.height !== height) wrap.style.height = height;
}

window.addEventListener("resize", () => { if (latest && ui.wrap) rerender(); });

// Nothing else redraws the table when a lockout or a message runs out, so ask for it.
function scheduleRefresh(ctx) {
  clearTimeout(ui.refresh);
  const now = Date.now(), serverNow = ctx.serverNow();
  const waits = (ctx.view.locked_until || []).map((until) => until - serverNow)
    .concat(ui.feedback ? [ui.feedback.at + FEEDBACK_MS - now] : [], [ui.flash + FLASH_MS - now]).filter((ms) => ms > 0);
  if (waits.length) ui.refresh = setTimeout(rerender, Math.min(...waits) + 30);
}

function tableElement() {
  if (!ui.wrap) {
    ui.wrap = h("div", { class: "double-connect" });
    ui.wrap.addEventListener("keydown", onKeydown);
    ui.wrap.addEventListener("focusin", onFocusin);
  }
  return ui.wrap;
}

const partKey = (...values) => JSON.stringify(values);

function parts(view, ctx) {
  const me = ctx.seat, now = ctx.serverNow();
  const locked = me != null ? lockedUntil(view, ctx, me) : null;
  const handSize = view.hands?.[me]?.length ?? 0;
  const seatKey = (seat) => [ctx.seatName(seat), view.hands?.[seat] ?? view.hand_sizes[seat], view.placed[seat],
    view.wrong_claims[seat], view.locked_until[seat] > now ? view.locked_until[seat] : 0, view.emptied_at[seat], view.team_of?.[seat]];
  const others = Array.from({ length: view.players }, (_, seat) => seat).filter((seat) => seat !== me);
  const memo = ui.memo;
  return [
    memo("head", partKey(view.phase, view.deadlines, view.pile_count), () => header(view)),
    memo("players", partKey(others.map(seatKey)), () => players(view, ctx)),
    memo("tower", partKey(view.phase, view.tower, view.active_targets, availableTargets(view, me), ui.target, handSize, onPhone()),
      () => towerPart(view, ctx)),
    statusLine(view, ctx),
    memo("claim", partKey(view.phase, ui.card, ui.target, ui.pending, locked, Date.now() - ui.flash < FLASH_MS, handSize),
      () => claimPanel(view, ctx)),
    memo("me", partKey(me, me != null ? seatKey(me) : null, ui.card, view.phase), () => myHand(view, ctx)),
    memo("log", partKey(ui.logCount, me), () => feed(ctx)),
  ];
}

// This table shows its own feedback for refused actions (the room adds no toast).
export const showsErrors = true;

// The actions that race other players (the room adds the reaction the server compensates by).
export const raceActions = ["claim"];

export function render(root, ctx) {
  latest = { root, ctx };
  ctx.rerender = () => render(root, ctx);
  absorbEvents(ctx);
  const wrap = tableElement();
  if (root.firstChild !== wrap || root.childNodes.length !== 1) root.replaceChildren(wrap);
  const focus = rememberFocus(wrap);
  wrap.dataset.phase = ctx.view.phase;
  sync(wrap, parts(ctx.view, ctx));
  restoreFocus(wrap, focus);
  fitToScreen(wrap, ctx.view.phase);
  scheduleRefresh(ctx);
}

// -- the move log (room History) and the "your turn" count --------------------------------------

const LOGGED = new Set(["play_started", "claim_accepted", "claim_wrong", "start_card_covered", "hand_emptied", "final_chance_started",
  "race_judged", "game_finished"]);

const SEATED = new Set(["claim_accepted", "claim_wrong", "hand_emptied", "final_chance_started"]);
const REASONS = new Set(["final_chance_over", "all_hands_empty", "first_out", "time_limit"]);
const seconds = (ms) => Math.round(Math.max(0, ms) / 100) / 10;

function finishLines(event, ctx) {
  const name = (seat) => ctx.seatName(seat);
  const rows = Array.isArray(event.results) ? event.results : [];
  const winners = rows.filter((row) => row.rank === 1);
  const reason = REASONS.has(event.reason) ? t(`dc.reason.${event.reason}`) : "";
  const lines = [{ text: t("dc.log.finished", { reason }).trim(), summary: true }];
  const team = Array.isArray(event.teams) ? event.teams.find((row) => row.rank === 1) : null;
  let won = null;
  if (team) won = t("dc.log.won_team", { team: team.team + 1, names: (team.seats || []).map(name).join(t("list_sep")), n: team.total });
  else if (winners.length === 1) won = t(winners[0].cards_left ? "dc.log.won" : "dc.log.won_empty", { name: name(winners[0].seat), n: winners[0].cards_left });
  else if (winners.length > 1) won = t("dc.log.won_shared", { names: winners.map((row) => name(row.seat)).join(t("list_sep")), n: winners[0].cards_left });
  const list = rows.map((row) => t("dc.log.standing", { name: name(row.seat), n: row.cards_left })).join(t("list_sep"));
  if (won) lines.push({ text: list ? `${won} ${t("dc.log.standings", { list })}` : won, summary: true });
  return lines;
}

// The sentences for one event, as `seat` received it; `batch` is the whole change it came in.
function eventLines(event, ctx, batch = []) {
  if (SEATED.has(event.type) && !Number.isInteger(event.seat)) return []; // nobody to name
  const you = event.seat != null && event.seat === ctx.seat ? "_you" : "";
  const name = event.seat != null ? ctx.seatName(event.seat) : "";
  const line = (text) => [{ text, summary: false }];
  switch (event.type) {
    case "play_started": return line(t("dc.log.started"));
    case "claim_accepted": {
      const onStart = event.target === ctx.view?.tower?.start_card;
      return line(t(`dc.log.placed_${onStart ? "start" : "arm"}${you}`, { name, symbol: symbolName(event.symbol), arm: (event.arm ?? 0) + 1 }));
    }
    case "claim_wrong":
      return line(t(`dc.log.wrong${event.penalty_card == null ? "_empty" : ""}${you}`,
        { name, symbol: symbolName(event.symbol), s: seconds((event.locked_until ?? 0) - (event.t ?? 0)) }));
    case "start_card_covered": return line(t("dc.log.covered"));
    case "hand_emptied": return line(t(`dc.log.emptied${you}`, { name }));
    case "final_chance_started": {
      const emptied = batch.find((e) => e.type === "hand_emptied" && e.seat === event.seat);
      const window = emptied ? event.deadline - emptied.t : ctx.room?.config?.final_chance_ms;
      return window > 0 ? line(t("dc.log.final", { s: seconds(window) })) : [];
    }
    case "claim_rejected": return event.reason === "target_not_active" ? line(t("dc.log.too_late")) : [];
    case "game_finished": return finishLines(event, ctx);
    case "race_judged": return [raceLogLine(event, ctx)].filter(Boolean);
    default: return [];
  }
}

/** Plain sentences for the events of one change (room History); unknown events give no line. */
export function logLines(events, ctx) {
  if (!Array.isArray(events)) return [];
  return events.flatMap((event) => (event && typeof event === "object" ? eventLines(event, ctx, events) : []));
}

/** The race never waits for anyone, except the final chance: a seat that still holds cards must hurry. */
export function pending(ctx) {
  const view = ctx.view;
  return ctx.seat != null && view?.phase === "final_chance" && view.hand_sizes?.[ctx.seat] > 0 ? 1 : 0;
}

// -- the result panel ---------------------------------------------------------------------------

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
      h("tbody", {}, result.teams.map((team) => h("tr", { class: team.rank === 1 ? "winner" : "" },
        h("td", {}, num(team.rank)),
        h("td", {}, teamChip(team.team), " ", team.seats.map((seat) => ctx.seatName(seat)).join(" · ")),
        h("td", {}, num(team.total)), h("td", {}, num(team.wrong_claims)))))));
  }
  return h("div", { class: "dc-result" }, parts);
}
