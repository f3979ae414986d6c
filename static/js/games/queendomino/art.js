// Queendomino's drawings (SVG only): the components, for the table, the log's figures and the how-to page.
import { s } from "../../dom.js";
import { num, t } from "../../i18n/index.js";

// -- components (rules §2); the view sends tile and card ids only ------------------------------

const TILE_TABLE = `1 field field|2 forest forest|3 water water|4 swamp swamp|5 mine mine|6 mountain mountain|
7 field field|8 forest forest|9 water water|10 swamp swamp|11 mine mine|12 mountain mountain|13 field forest|
14 water swamp|15 mine mountain|16 field water|17 forest mountain|18 swamp mine|19 field mine|20 forest water|
21 swamp mountain|22 field mountain|23 forest swamp|24 water mine|25 field+gold forest|26 water+gold swamp|
27 mine+gold mountain|28 field+gold swamp|29 water+gold mountain|30 mine+gold forest|31 field+gold mountain|
32 water+gold forest|33 mine+gold swamp|34 field+gold forest|35 water+gold swamp|36 mine+gold mountain|
37 forest+crown field+gold|38 swamp+crown mine+gold|39 mountain+crown water+gold|40 forest+crown water+gold|
41 swamp+crown field+gold|42 mountain+crown mine+gold|43 mine+crown field|44 field+crown water|45 water+crown mine|
46 forest+crown swamp+crown|47 swamp+crown mountain+crown|48 mountain+crown forest+crown`;

export const TILES = {};
for (const entry of TILE_TABLE.replace(/\n/g, "").split("|")) {
  const [n, a, b] = entry.trim().split(/\s+/);
  const half = (text) => { const [terrain, symbol] = text.split("+"); return { terrain, symbol: symbol || null }; };
  TILES[Number(n)] = [half(a), half(b)];
}

export const TERRAIN_COLOUR = { mine: "red", field: "yellow", water: "blue", forest: "green", swamp: "purple", mountain: "grey" };
// The terrain of each colour: plots and buildings of a colour carry that terrain's pattern, so a
// colour is never told by its hue alone.
const COLOUR_TERRAIN = Object.fromEntries(Object.entries(TERRAIN_COLOUR).map(([terrain, colour]) => [colour, terrain]));
export const BUILDING_COLOURS = ["red", "yellow", "blue"];
export const PRINTED = [
  "red", "yellow", "blue", "green", "purple",
  "blue", "green", "grey", "red", "yellow",
  "grey", "purple", null, "purple", "grey",
  "yellow", "red", "grey", "green", "blue",
  "purple", "green", "blue", "yellow", "red",
];
const VALUES = { red: [2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5], yellow: [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3],
  blue: [2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4] };
const cardNumber = (id) => Number(id.slice(-2));
export const cardColour = (id) => id.slice(0, -3);
export const cardValue = (id) => VALUES[cardColour(id)][cardNumber(id) - 1];

const HUE = { red: "#c8423a", yellow: "#e2ad2b", blue: "#3a78c2", green: "#4d9a48", purple: "#8a5aa8", grey: "#8a8f96" };
const PALE = { red: "#f2d2ce", yellow: "#f6e9c4", blue: "#d2e1f2", green: "#d6e9d2", purple: "#e5d8ee", grey: "#e0e2e5" };
const ROOF = { red: "#8f2a24", yellow: "#a87a12", blue: "#25528a" };
// King pawns: a UI colour per seat, none of the six game colours (§2.5).
const PAWN = ["#d6336c", "#0b7285", "#6b4423", "#212529"];
export const pawnColour = (seat) => PAWN[seat % PAWN.length];
export const CELL = 100;
export const SIZE = 5;
export const key = (cell) => `${cell[0]},${cell[1]}`;
export const cellOf = (cellKey) => cellKey.split(",").map(Number);
export const cellIndex = (cellKey) => { const [r, c] = cellOf(cellKey); return r * SIZE + c; };
export const seats = (view) => Array.from({ length: view.players }, (_, seat) => seat);

// -- drawings (SVG only, never emoji) ---------------------------------------------------------

function crownShape(attrs = {}) {
  return s("g", { class: "qd-crown", ...attrs },
    s("path", { d: "M-17 9 L-21 -11 L-9 -1 L0 -15 L9 -1 L21 -11 L17 9 Z", fill: "#f6c945", stroke: "#7a5200", "stroke-width": 2.5, "stroke-linejoin": "round" }),
    s("rect", { x: -17, y: 9, width: 34, height: 6, rx: 2, fill: "#f6c945", stroke: "#7a5200", "stroke-width": 2.5 }),
    s("circle", { cx: 0, cy: 3, r: 3, fill: "#c0392b" }));
}

function coinShape(attrs = {}) {
  return s("g", { class: "qd-coin", ...attrs },
    s("circle", { r: 14, fill: "#f2c14e", stroke: "#8a5d00", "stroke-width": 2.5 }),
    s("circle", { r: 9, fill: "none", stroke: "#b07d10", "stroke-width": 2 }),
    s("path", { d: "M0 -5 L5 0 L0 5 L-5 0 Z", fill: "#b07d10" }));
}

export function houseShape(colour, value, attrs = {}) {
  return s("g", { class: "qd-house", ...attrs },
    s("path", { d: "M-28 -4 L0 -30 L28 -4 Z", fill: ROOF[colour], stroke: "#2b2118", "stroke-width": 3, "stroke-linejoin": "round" }),
    s("rect", { x: -22, y: -6, width: 44, height: 34, rx: 2, fill: HUE[colour], stroke: "#2b2118", "stroke-width": 3 }),
    value != null
      ? s("text", { x: 0, y: 20, "text-anchor": "middle", "font-size": 24, "font-weight": 800, fill: "#fff", stroke: "#2b2118", "stroke-width": 1, "paint-order": "stroke" }, num(value))
      : s("rect", { x: -6, y: 10, width: 12, height: 18, fill: "#2b2118", opacity: 0.5 }));
}

function pawnShape(colour, attrs = {}) {
  return s("g", { class: "qd-pawn", ...attrs },
    s("path", { d: "M-12 16 L-8 -2 L-12 -12 L-5 -6 L0 -15 L5 -6 L12 -12 L8 -2 L12 16 Z", fill: colour, stroke: "#fff", "stroke-width": 2.5, "stroke-linejoin": "round" }));
}

function hourglassShape() {
  return s("path", { d: "M-10 -14 H10 M-10 14 H10 M-8 -14 C-8 -4 8 -4 8 0 C8 4 -8 4 -8 14 M8 -14 C8 -4 -8 -4 -8 0 C-8 4 8 4 8 14",
    fill: "none", stroke: "currentColor", "stroke-width": 3.5, "stroke-linecap": "round" });
}

// Small inline icons for text rows.
export function icon(kind, colour) {
  const shapes = {
    coin: () => coinShape(),
    crown: () => crownShape(),
    house: () => houseShape(colour, null, { transform: "scale(.55)" }),
    king: () => s("g", {}, s("circle", { r: 16, fill: HUE[colour] || colour, stroke: "#2b2118", "stroke-width": 2 }), crownShape({ transform: "scale(.6) translate(0 -2)" })),
    pawn: () => pawnShape(colour),
    turn: () => hourglassShape(),
    cross: () => s("path", { d: "M-10 -10 L10 10 M10 -10 L-10 10", stroke: "#b42318", "stroke-width": 5, "stroke-linecap": "round" }),
  };
  return s("svg", { class: `qd-icon ${kind}`, viewBox: "-18 -18 36 36", "aria-hidden": "true" }, shapes[kind]());
}

// A terrain's pattern in a 100×100 cell, drawn dark over the terrain colour. The group's opacity is
// raised by the colour-blind "patterns" setting (CSS), so the pattern can carry the whole meaning.
function terrainGlyph(terrain) {
  const ink = { fill: "#00000066", stroke: "none" };
  const line = { fill: "none", stroke: "#00000070", "stroke-width": 4, "stroke-linecap": "round" };
  const shapes = {
    field: () => [24, 44, 64, 80].map((x, i) => s("g", {},
      s("path", { d: `M${x} 94 V${66 - (i % 2) * 6}`, ...line }), s("ellipse", { cx: x, cy: 60 - (i % 2) * 6, rx: 5, ry: 10, ...ink }))),
    forest: () => [[28, 0], [56, -8], [80, 2]].map(([x, dy]) => s("g", {},
      s("path", { d: `M${x} ${52 + dy} L${x - 14} ${86 + dy} L${x + 14} ${86 + dy} Z`, ...ink }), s("rect", { x: x - 2.5, y: 86 + dy, width: 5, height: 7, ...ink }))),
    water: () => [64, 80, 94].map((y) => s("path", { d: `M10 ${y} q10 -8 20 0 t20 0 t20 0 t20 0`, ...line })),
    swamp: () => [s("path", { d: "M8 92 H92", ...line }),
      ...[[22, 60], [38, 52], [60, 58], [78, 50]].map(([x, y]) => s("g", {}, s("path", { d: `M${x} 92 V${y}`, ...line }), s("ellipse", { cx: x, cy: y + 2, rx: 4.5, ry: 9, ...ink })))],
    mine: () => [s("path", { d: "M12 92 L26 66 L42 72 L52 92 Z M46 92 L62 58 L80 66 L90 92 Z", ...ink }),
      s("path", { d: "M30 58 L40 48 M36 46 L48 58", ...line })],
    mountain: () => [s("path", { d: "M6 94 L36 52 L62 94 Z M38 94 L66 56 L94 94 Z", ...ink }),
      s("path", { d: "M36 52 L29 62 L43 62 Z M66 56 L59 66 L73 66 Z", fill: "#ffffffaa" })],
  };
  return shapes[terrain] ? s("g", { class: "qd-glyph", opacity: 0.55 }, shapes[terrain]()) : null;
}

function symbolShape(symbol) {
  if (symbol === "crown") return crownShape({ transform: "translate(50 30) scale(1.1)" });
  if (symbol === "gold") return coinShape({ transform: "translate(50 30) scale(1.15)" });
  return null;
}

// One tile half at (x, y).
export function halfArt(half, x, y, extra = {}) {
  return s("g", { transform: `translate(${x} ${y})`, ...extra },
    s("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 6, fill: HUE[TERRAIN_COLOUR[half.terrain]] }),
    terrainGlyph(half.terrain), symbolShape(half.symbol));
}

// An empty cell: its printed colour; a building plot also shows its colour's pattern and a dashed house.
export function plotArt(colour, x, y) {
  const art = [s("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 6, fill: PALE[colour] })];
  if (BUILDING_COLOURS.includes(colour)) {
    art.push(s("g", { opacity: 0.45 }, terrainGlyph(COLOUR_TERRAIN[colour])),
      s("path", { d: "M26 48 L50 26 L74 48 V76 H26 Z", fill: "#ffffff99", stroke: HUE[colour], "stroke-width": 4,
        "stroke-dasharray": "7 5", "stroke-linejoin": "round" }));
  }
  return s("g", { transform: `translate(${x} ${y})` }, art);
}

function buildingArt(content, x, y) {
  return s("g", { transform: `translate(${x} ${y})` },
    s("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 6, fill: PALE[content.colour] }),
    s("g", { opacity: 0.45 }, terrainGlyph(COLOUR_TERRAIN[content.colour])),
    houseShape(content.colour, cardValue(content.building), { transform: "translate(50 54) scale(1.15)" }));
}

function castleArt(pawn, x, y) {
  return s("g", { transform: `translate(${x} ${y})` },
    s("rect", { x: 2, y: 2, width: 96, height: 96, rx: 6, fill: "#efe3c8" }),
    s("path", { d: "M22 88 V44 H30 V36 H38 V44 H46 V36 H54 V44 H62 V36 H70 V44 H78 V88 Z", fill: "#a39479", stroke: "#4a3f30", "stroke-width": 3, "stroke-linejoin": "round" }),
    s("path", { d: "M40 88 V70 a10 10 0 0 1 20 0 V88 Z", fill: "#4a3f30" }),
    s("path", { d: "M50 36 V14", stroke: "#4a3f30", "stroke-width": 3 }),
    s("path", { d: "M50 14 L68 20 L50 26 Z", fill: pawn, stroke: "#4a3f30", "stroke-width": 1.5 }));
}

// What a board cell shows: castle, tile half, building, or its printed plot colour.
export function cellArt(content, index, pawn) {
  const x = (index % SIZE) * CELL, y = Math.floor(index / SIZE) * CELL;
  if (content === "castle") return castleArt(pawn, x, y);
  if (content?.terrain) return halfArt(content, x, y);
  if (content?.building) return buildingArt(content, x, y);
  return plotArt(PRINTED[index], x, y);
}

// One outline around both halves of each domino; `fresh` tiles (this round's) are outlined in white.
export function dominoOutlines(rows, fresh) {
  const tiles = new Map();
  rows.forEach((row, r) => row.forEach((content, c) => {
    if (content?.terrain) tiles.set(content.tile, [...(tiles.get(content.tile) || []), [r, c]]);
  }));
  return [...tiles.entries()].filter(([, at]) => at.length === 2).map(([tile, at]) => {
    const r0 = Math.min(at[0][0], at[1][0]), c0 = Math.min(at[0][1], at[1][1]);
    const wide = at[0][0] === at[1][0];
    return s("rect", { class: `qd-outline ${fresh.has(tile) ? "fresh" : ""}`, x: c0 * CELL + 3, y: r0 * CELL + 3,
      width: (wide ? 2 : 1) * CELL - 6, height: (wide ? 1 : 2) * CELL - 6, rx: 8,
      fill: "none", stroke: fresh.has(tile) ? "#fff" : "#2b2118", "stroke-width": 5 });
  });
}

export const boardFrame = () => s("rect", { x: -8, y: -8, width: 516, height: 516, rx: 14, fill: "#6b4f33" });

// A board picture with no controls (the how-to page draws its examples with it): `rows` as in the view.
export function boardPicture(rows, { label = "", pawn = PAWN[0], fresh = [] } = {}) {
  const cells = rows.flat().map((content, index) => cellArt(content, index, pawn));
  return s("svg", { class: "qd-board", viewBox: "-8 -8 516 516", dir: "ltr", role: "img", "aria-label": label },
    boardFrame(), cells, dominoOutlines(rows, new Set(fresh)));
}

export function halfLabel(half) {
  const bits = [t(`qd.terrain.${half.terrain}`)];
  if (half.symbol === "crown") bits.push(t("qd.crown"));
  if (half.symbol === "gold") bits.push(t("qd.gold_symbol"));
  return bits.join(" + ");
}

export const halvesLabel = (n) => TILES[n].map(halfLabel).join(" | ");
export const tileLabel = (n) => `${t("qd.tile_n", { n })}: ${halvesLabel(n)}`;

// A whole domino, half a on the left, its number in a corner.
export function dominoSvg(n) {
  const [a, b] = TILES[n];
  return s("svg", { class: "qd-domino", viewBox: "-4 -4 208 108", dir: "ltr", role: "img", "aria-label": tileLabel(n) },
    s("rect", { x: -2, y: -2, width: 204, height: 104, rx: 10, fill: "#2b2118" }),
    halfArt(a, 0, 0), halfArt(b, 100, 0),
    s("g", { transform: "translate(17 19)" }, s("circle", { r: 17, fill: "#fffdf8", stroke: "#2b2118", "stroke-width": 2.5 }),
      s("text", { y: 8, "text-anchor": "middle", "font-size": 22, "font-weight": 800, fill: "#2b2118" }, num(n))));
}

// A building card as the market shows it (the how-to page uses it too).
export function buildingSvg(colour, value) {
  return s("svg", { class: "qd-pile-art", viewBox: "-34 -36 68 68", "aria-hidden": "true" }, houseShape(colour, value));
}
