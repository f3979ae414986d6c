// Camel Up Cards's drawings (SVG only): the components, for the table, the log's figures and the how-to page.
import { h, s } from "../../dom.js";
import { num, t } from "../../i18n/index.js";

// -- the components (§2) ----------------------------------------------------------------------

export const CAMELS = ["red", "blue", "green", "yellow", "purple"];
export const HEX = { red: "#d63c3c", blue: "#2f6fdb", green: "#2f9e4f", yellow: "#f2c230", purple: "#8e4ccf" };
const INK = { red: "#7a1616", blue: "#143d84", green: "#145a28", yellow: "#7a5a00", purple: "#4b1f7a" };
const SEAT_HEX = ["#0f766e", "#c2410c", "#be185d", "#334155", "#0369a1", "#854d0e"];
export const STEP_MS = 400;

// The view sends card ids only: kind, priority and printed camel follow from the §2 id ranges.
export function cardInfo(id) {
  if (id < 25) return { id, kind: "move", priority: (id % 5) + 1, camel: CAMELS[Math.floor(id / 5)] };
  if (id < 35) return { id, kind: "bet_winner", priority: ((id - 25) % 5) + 1, camel: null };
  if (id < 40) return { id, kind: "bet_loser", priority: id - 34, camel: null };
  if (id < 42) return { id, kind: "mirage", priority: 1, camel: null };
  if (id < 46) return { id, kind: "lost_camel", priority: 2, camel: null };
  return { id, kind: "tailwind", priority: 4, camel: null };
}

export function standingsOf(stacks, leader) {
  const order = [];
  for (let i = stacks.length - 1; i >= 0; i--) order.push(...(leader === "bottom" ? stacks[i] : [...stacks[i]].reverse()));
  return order;
}

export const camelName = (camel) => t(`cu.camel.${camel}`);
export const seatColor = (seat) => SEAT_HEX[seat % SEAT_HEX.length];

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
export function camelIcon(camel, cls = "cu-icon") {
  const flip = document.documentElement.dir === "rtl";
  return s("svg", { viewBox: "0 0 40 30", class: cls, role: "img", "aria-label": camelName(camel) }, camelArt(camel, { flip }));
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]] };

export function dieIcon(camel, value, rolled) {
  return s("svg", { viewBox: "0 0 32 32", class: `cu-die ${rolled ? "rolled" : ""}`, role: "img",
    "aria-label": `${camelName(camel)} ${value ? num(value) : t("cu.no_roll")}`, dataset: { die: camel, value: value ?? "" } },
  s("rect", { x: 2, y: 2, width: 28, height: 28, rx: 6, fill: HEX[camel], stroke: INK[camel], "stroke-width": 2 }),
  camelMark(camel, { x: 23.5, y: 8.5, r: 2.2, badge: null }),
  value ? PIPS[value].map(([x, y]) => s("circle", { cx: 16 + x * 7, cy: 16 + y * 7, r: 3, fill: camel === "yellow" ? INK.yellow : "#fff" }))
    : s("circle", { cx: 16, cy: 16, r: 3, fill: "none", stroke: "#fff9", "stroke-width": 1.5 }));
}

export function coinIcon() {
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

export function cardLabel(info) {
  return info.kind === "move" ? `${t("cu.kind.move")} ${camelName(info.camel)}` : t(`cu.kind.${info.kind}`);
}

export function cardFace(id, { selected = false, onclick = null, small = false, target = null, playable = false, tag = "button", inHand = false } = {}) {
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
