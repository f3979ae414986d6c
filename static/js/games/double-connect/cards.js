// Double Connect's deck and its drawings: cards, team marks and the tower; pure, the how-to page draws with them too.
import { h, s } from "../../dom.js";
import { num, t } from "../../i18n/index.js";
import { SYMBOL_NAMES, symbolArt } from "./art.js";

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

export function symbolName(symbol) {
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
export const CARD_EDGE = "#cdbf9f";

export function teamColor(team) { return team == null ? null : TEAM_COLORS[team % TEAM_COLORS.length]; }

/** A team's mark (its shape in its colour) as an SVG group centred on (0, 0). */
function teamMark(team, r = 20) {
  return s("g", { class: "dc-team-mark", fill: teamColor(team), stroke: "#fff", "stroke-width": Math.max(2, r / 6) },
    TEAM_SHAPES[team % TEAM_SHAPES.length](r));
}

// The team's mark as a small picture beside text, with the team's name for every reader.
export function teamChip(team) {
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
export function cardLabel(k, what = t("dc.card_n", { n: k })) {
  return t("dc.card_symbols", { what, symbols: CARDS[k].map(symbolName).join(t("list_sep")) });
}

/** A card (or its back when k is null) as its own <svg>; a card with `pick` is a group of symbol buttons. */
export function cardSvg(k, { size = "", label = "", stroke, pick = null, highlight = null, role = null } = {}) {
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
export const SHOWN = 3;  // only the top 3 cards of an arm are drawn (2 on a phone, so the tower can be drawn larger)

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
