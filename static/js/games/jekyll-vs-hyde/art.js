// Jekyll vs. Hyde's drawings (SVG only): the components, for the table, the log's figures and the how-to page.
import { h, s } from "../../dom.js";
import { num, plural, t } from "../../i18n/index.js";

export const COLORS = ["purple", "red", "green"];
const HEX = { purple: "#7b2cbf", red: "#c81e1e", green: "#17792f", potion: "#f4a261" };
export const HOLD_MS = 1500; // how long a finished trick stays on the table (issue 9 item 5)

// §2.1: ids 0–20 are evil cards (7 per colour), 21–24 potions "2+" … "5+".
export function card(id) {
  if (id >= 21) return { id, kind: "potion", color: null, value: id - 19 };
  return { id, kind: "evil", color: COLORS[Math.floor(id / 7)], value: (id % 7) + 1 };
}

// "1 card" / "3 cards" (Persian needs no plural after a number, English does).
export function cardsText(n) {
  return plural("jvh.n_cards", n);
}

export function cardName(id, named = null) {
  const c = card(id);
  const text = c.kind === "potion" ? t("jvh.card.potion", { n: c.value }) : t("jvh.card.evil", { color: t(`jvh.${c.color}`), n: c.value });
  return named ? t("jvh.card.named", { card: text, color: t(`jvh.${named}`) }) : text;
}

// -- drawings -------------------------------------------------------------------------------

// Each colour has its own sign, so a suit never rests on colour alone: Pride a crown, Wrath a
// flame, Greed a gem. Drawn centred on (0, 0), about 20 units wide.
const SUIT_PATHS = {
  purple: "M-10 6 L-10 -6 L-5 -1 L0 -9 L5 -1 L10 -6 L10 6 Z",
  red: "M0 -10 C5 -5 8 -1 8 3 A8 8 0 0 1 -8 3 C-8 -2 -4 -3 -3 -7 C-1 -4 1 -3 0 -10 Z",
  green: "M-9 -3 L-4 -9 H4 L9 -3 L0 9 Z M-9 -3 H9 M-4 -9 L0 9 L4 -9",
};

export function suitSign(color, { x = 0, y = 0, size = 1, fill = "#fff" } = {}) {
  // The gem's facet lines are a dark veil, visible on a white gem and on a green one alike.
  return s("path", { d: SUIT_PATHS[color], transform: `translate(${x} ${y}) scale(${size})`, fill,
    stroke: color === "green" ? "#0007" : "none", "stroke-width": 1.4 / size, "stroke-linejoin": "round" });
}

export function suitIcon(color) {
  return s("svg", { viewBox: "-12 -12 24 24", class: "suit-icon", "aria-hidden": "true" }, suitSign(color, { fill: "currentColor" }));
}

const FLASK = "M24 20h12v10l10 20a6 6 0 0 1-5 9H19a6 6 0 0 1-5-9l10-20z";

// The face of a card in a 60×84 box: number above, sign below (evil), or a flask and "n+" (potion).
export function cardShapes(id) {
  const c = card(id);
  const fill = HEX[c.color || "potion"];
  const frame = s("rect", { x: 2, y: 2, width: 56, height: 80, rx: 7, fill: "#fffaf0", stroke: fill, "stroke-width": 4 });
  if (c.kind === "potion") {
    return s("g", {}, frame, s("rect", { x: 8, y: 8, width: 44, height: 68, rx: 5, fill, opacity: 0.35 }),
      s("path", { d: FLASK, fill: "#fff", stroke: "#6b3e26", "stroke-width": 2 }),
      s("text", { x: 30, y: 74, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#6b3e26" }, `${num(c.value)}+`));
  }
  return s("g", {}, frame, s("rect", { x: 8, y: 8, width: 44, height: 68, rx: 5, fill }),
    s("text", { x: 30, y: 43, "text-anchor": "middle", "font-size": 30, "font-weight": 700, fill: "#fff" }, num(c.value)),
    suitSign(c.color, { x: 30, y: 61, size: 0.9 }));
}

function cardArt(id) {
  return s("svg", { viewBox: "0 0 60 84", "aria-hidden": "true" }, cardShapes(id));
}

// A card: a button in the hand (aria-disabled when it cannot be played now, so focus stays on
// it across turns), a plain figure elsewhere.
export function cardFace(id, { playable = false, selected = false, small = false, onclick = null, named = null, won = false, toggle = false } = {}) {
  const classes = ["card-face", playable ? "playable" : "", selected ? "selected" : "", small ? "small" : "", won ? "won" : ""].join(" ");
  const label = cardName(id, named);
  const body = [cardArt(id), named ? h("span", { class: `named ${named}` }, suitIcon(named), t(`jvh.${named}`)) : null,
    won ? h("span", { class: "won-badge" }, t("jvh.won")) : null];
  if (!onclick) return h("span", { class: classes, role: "img", "aria-label": label, dataset: { card: id } }, body);
  return h("button", { type: "button", class: classes, "aria-label": label, "aria-pressed": toggle || selected ? String(selected) : null,
    "aria-disabled": playable ? null : "true", dataset: { card: id, playable: playable ? "1" : "0", focus: `card:${id}` },
    onclick: () => { if (playable) onclick(); } }, body);
}

// §2.2: position 0 is Jekyll's end (right), 10 Hyde's end (left); 0–4 are Jekyll's side.
export function trackArt(marker, { from = null } = {}) {
  const cells = [];
  for (let i = 0; i <= 10; i++) {
    const x = 10 + (10 - i) * 40;
    cells.push(s("rect", { x, y: 6, width: 36, height: 36, rx: 6, fill: i <= 4 ? "#cfe8ff" : "#ffd6d6", stroke: "#555" }));
    cells.push(s("text", { x: x + 18, y: 30, "text-anchor": "middle", "font-size": 14 }, num(i)));
  }
  // The side names under the track say what the tints mean.
  // Centred labels: "middle" anchors the same way in either writing direction.
  cells.push(s("text", { x: 348, y: 59, "text-anchor": "middle", "font-size": 13, fill: "#1d4f80" }, t("jvh.side.jekyll")));
  cells.push(s("text", { x: 128, y: 59, "text-anchor": "middle", "font-size": 13, fill: "#8a1c1c" }, t("jvh.side.hyde")));
  cells.push(s("line", { x1: 247, y1: 2, x2: 247, y2: 46, stroke: "#555", "stroke-dasharray": "3 2" }));
  const mx = 10 + (10 - marker) * 40 + 18;
  if (from != null && from !== marker) {
    // Where the marker stood before: a pale ring and an arrow toward Hyde's end (the how-to figure).
    const fx = 10 + (10 - from) * 40 + 18;
    cells.push(s("circle", { cx: fx, cy: 24, r: 12, fill: "none", stroke: "#222", "stroke-width": 2, "stroke-dasharray": "3 3" }));
    cells.push(s("path", { d: `M${fx - 16} 24 H${mx + 18} m8 -6 l-8 6 l8 6`, fill: "none", stroke: "#222", "stroke-width": 2.5 }));
  }
  cells.push(s("circle", { cx: mx, cy: 24, r: 13, fill: "#222", stroke: "#fff", "stroke-width": 3, class: "marker" }));
  return s("svg", { viewBox: "0 0 460 62", dir: "ltr", "aria-hidden": "true" }, cells);
}
