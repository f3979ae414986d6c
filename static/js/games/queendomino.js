// Queendomino: your own 5×5 board first (other boards behind tabs on a phone, beside it on a wide
// screen), the display of tiles with who chose what, placing a tile by tapping (or arrowing to) two
// neighbouring cells, the market of three building piles, gold, the king colour and the live score
// breakdown. Sections are rebuilt only when what they show changes, so taps and focus are not lost.
import { h, s, partCache, sync } from "../dom.js";
import { register, num, t } from "../i18n/index.js";
import enQueendomino from "../i18n/en/queendomino.js";
import faQueendomino from "../i18n/fa/queendomino.js";

register("queendomino", { en: enQueendomino, fa: faQueendomino });

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

const TERRAIN_COLOUR = { mine: "red", field: "yellow", water: "blue", forest: "green", swamp: "purple", mountain: "grey" };
// The terrain of each colour: plots and buildings of a colour carry that terrain's pattern, so a
// colour is never told by its hue alone.
const COLOUR_TERRAIN = Object.fromEntries(Object.entries(TERRAIN_COLOUR).map(([terrain, colour]) => [colour, terrain]));
const BUILDING_COLOURS = ["red", "yellow", "blue"];
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
const cardColour = (id) => id.slice(0, -3);
const cardValue = (id) => VALUES[cardColour(id)][cardNumber(id) - 1];

const HUE = { red: "#c8423a", yellow: "#e2ad2b", blue: "#3a78c2", green: "#4d9a48", purple: "#8a5aa8", grey: "#8a8f96" };
const PALE = { red: "#f2d2ce", yellow: "#f6e9c4", blue: "#d2e1f2", green: "#d6e9d2", purple: "#e5d8ee", grey: "#e0e2e5" };
const ROOF = { red: "#8f2a24", yellow: "#a87a12", blue: "#25528a" };
// King pawns: a UI colour per seat, none of the six game colours (§2.5).
const PAWN = ["#d6336c", "#0b7285", "#6b4423", "#212529"];
const pawnColour = (seat) => PAWN[seat % PAWN.length];
const CELL = 100;
const SIZE = 5;
const key = (cell) => `${cell[0]},${cell[1]}`;
const cellOf = (cellKey) => cellKey.split(",").map(Number);
const cellIndex = (cellKey) => { const [r, c] = cellOf(cellKey); return r * SIZE + c; };
const seats = (view) => Array.from({ length: view.players }, (_, seat) => seat);

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
function icon(kind, colour) {
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
function halfArt(half, x, y, extra = {}) {
  return s("g", { transform: `translate(${x} ${y})`, ...extra },
    s("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 6, fill: HUE[TERRAIN_COLOUR[half.terrain]] }),
    terrainGlyph(half.terrain), symbolShape(half.symbol));
}

// An empty cell: its printed colour; a building plot also shows its colour's pattern and a dashed house.
function plotArt(colour, x, y) {
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
function cellArt(content, index, pawn) {
  const x = (index % SIZE) * CELL, y = Math.floor(index / SIZE) * CELL;
  if (content === "castle") return castleArt(pawn, x, y);
  if (content?.terrain) return halfArt(content, x, y);
  if (content?.building) return buildingArt(content, x, y);
  return plotArt(PRINTED[index], x, y);
}

// One outline around both halves of each domino; `fresh` tiles (this round's) are outlined in white.
function dominoOutlines(rows, fresh) {
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

const boardFrame = () => s("rect", { x: -8, y: -8, width: 516, height: 516, rx: 14, fill: "#6b4f33" });

// A board picture with no controls (the how-to page draws its examples with it): `rows` as in the view.
export function boardPicture(rows, { label = "", pawn = PAWN[0], fresh = [] } = {}) {
  const cells = rows.flat().map((content, index) => cellArt(content, index, pawn));
  return s("svg", { class: "qd-board", viewBox: "-8 -8 516 516", dir: "ltr", role: "img", "aria-label": label },
    boardFrame(), cells, dominoOutlines(rows, new Set(fresh)));
}

function halfLabel(half) {
  const bits = [t(`qd.terrain.${half.terrain}`)];
  if (half.symbol === "crown") bits.push(t("qd.crown"));
  if (half.symbol === "gold") bits.push(t("qd.gold_symbol"));
  return bits.join(" + ");
}

const halvesLabel = (n) => TILES[n].map(halfLabel).join(" | ");
const tileLabel = (n) => `${t("qd.tile_n", { n })}: ${halvesLabel(n)}`;

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

// -- UI state kept between renders -------------------------------------------------------------

// Wide screens show every board at once; narrow ones show one board at a time behind tabs.
const WIDE = window.matchMedia("(min-width: 860px)");
WIDE.addEventListener?.("change", () => rerender());

let ui = freshUi(null);
let latest = null;

function freshUi(gameId) {
  return { gameId, version: -1, memo: partCache(), step: null, first: null, swapped: false, colour: null, cell: null, pending: false,
    cursor: "2,2", cursorStep: null, viewing: null, myRound: null, lastLine: "", focusNext: null, wrap: null };
}

function rerender() { if (latest) render(latest.root, latest.ctx); }

function resetSelection(step) {
  Object.assign(ui, { step, first: null, swapped: false, colour: null, cell: null, pending: false });
}

const isMyTurn = (ctx) => ctx.seat != null && ctx.view.current === ctx.seat && ctx.view.phase !== "finished";

// A new state: reset what belongs to the old step, remember the last move's line, and on the
// start of my turn bring my own board back and tell screen readers.
function absorb(ctx) {
  const gameId = ctx.room?.game_id ?? null;
  if (ui.gameId !== gameId || ctx.version < ui.version) ui = freshUi(gameId);
  if (ui.step !== ctx.view.step) resetSelection(ctx.view.step);
  if (ctx.version === ui.version) return;
  ui.version = ctx.version;
  const lines = logLines(ctx.events || [], ctx);
  if (lines.length) ui.lastLine = lines[lines.length - 1].text;
  // Each seat has one turn a round, so the round names my turn (I may end one round and open the next).
  if (isMyTurn(ctx) && ui.myRound !== ctx.view.round) {
    ui.myRound = ctx.view.round;
    ui.viewing = null;
    if (focusedKey()) ui.focusNext = "choose";
    ctx.announce?.(t("qd.announce.turn"));
  }
  const king = (ctx.events || []).find((e) => e.type === "king_bonus");
  if (king && ctx.seat != null && king.seat === ctx.seat) ctx.announce?.(t("qd.announce.king"));
}

async function send(action) {
  const ctx = latest?.ctx;
  if (!ctx || ui.pending) return;
  ui.pending = true;
  rerender();
  const reply = await ctx.act({ ...action, step: ctx.view.step });
  // On success the selection stays locked until the next state (a new step) resets it.
  if (reply.type !== "ack") {
    resetSelection(ui.step);
    rerender();
  }
}

// -- what my seat may do, from ctx.legal ----------------------------------------------------------

function myMoves(ctx) {
  const legal = isMyTurn(ctx) ? ctx.legal || [] : [];
  return {
    choose: new Set(legal.filter((a) => a.type === "choose_tile").map((a) => a.tile)),
    place: legal.filter((a) => a.type === "place_tile").map((a) => [key(a.cell_a), key(a.cell_b)]),
    buy: legal.filter((a) => a.type === "buy_building"),
    end: legal.some((a) => a.type === "end_turn"),
  };
}

// Cells my board highlights, and what a tap on each does.
function boardTargets(moves) {
  const targets = new Map(); // cell key -> kind: first | selected | partner | plot | chosen-plot
  if (ui.pending) return targets;
  if (moves.place.length) {
    const firstIdx = ui.swapped ? 1 : 0;
    if (ui.first) {
      targets.set(ui.first, "selected");
      for (const pair of moves.place) if (pair[firstIdx] === ui.first) targets.set(pair[1 - firstIdx], "partner");
    }
    for (const pair of moves.place) if (!targets.has(pair[firstIdx])) targets.set(pair[firstIdx], "first");
  } else if (moves.buy.length) {
    for (const a of moves.buy) {
      if (ui.colour && a.colour !== ui.colour) continue;
      targets.set(key(a.cell), key(a.cell) === ui.cell ? "chosen-plot" : "plot");
    }
  }
  return targets;
}

// At each new step the keyboard cursor goes to the first cell that can act, unless it is on one.
function placeCursor(view, targets) {
  if (ui.cursorStep === view.step) return;
  ui.cursorStep = view.step;
  if (targets.size && !targets.has(ui.cursor)) {
    ui.cursor = [...targets.keys()].sort((a, b) => cellIndex(a) - cellIndex(b))[0];
  }
}

function tapCell(ctx, cellKey, byKeyboard = false) {
  const moves = myMoves(ctx);
  const kind = boardTargets(moves).get(cellKey);
  if (!kind) return;
  ui.cursor = cellKey;
  if (moves.place.length) {
    if (kind === "selected") ui.first = null;
    else if (kind === "partner") {
      const [a, b] = ui.swapped ? [cellKey, ui.first] : [ui.first, cellKey];
      send({ type: "place_tile", cell_a: cellOf(a), cell_b: cellOf(b) });
      return;
    } else ui.first = cellKey;
  } else if (kind === "chosen-plot") {
    ui.cell = null;
  } else {
    ui.cell = cellKey;
    ui.colour = moves.buy.find((a) => key(a.cell) === cellKey).colour;
    // A keyboard player confirms next: the buy button takes the focus.
    if (byKeyboard) ui.focusNext = "buy";
  }
  rerender();
}

function cancelSelection() {
  if (ui.first) ui.first = null;
  else if (ui.cell) ui.cell = null;
  else return;
  rerender();
}

// -- keyboard: a roving cursor on my board, and focus kept across redraws ---------------------------

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// The board is drawn left to right in both languages, so the arrows follow what the eye sees.
function onBoardKey(ctx, event) {
  const cellEl = event.target.closest?.("[data-cell]");
  if (!cellEl) return;
  const step = ARROWS[event.key];
  if (step) {
    event.preventDefault();
    const [r, c] = cellOf(cellEl.dataset.cell);
    const next = [Math.min(SIZE - 1, Math.max(0, r + step[0])), Math.min(SIZE - 1, Math.max(0, c + step[1]))];
    moveCursor(cellEl.ownerSVGElement, key(next), true);
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    tapCell(ctx, cellEl.dataset.cell, true);
  } else if (event.key === "Escape") {
    cancelSelection();
  }
}

// Move the single tab stop of the board (without a redraw) and, if asked, the focus with it.
function moveCursor(svg, cellKey, focus) {
  ui.cursor = cellKey;
  for (const el of svg.querySelectorAll("[data-cell]")) {
    const here = el.dataset.cell === cellKey;
    el.setAttribute("tabindex", here ? "0" : "-1");
    if (here) el.dataset.focus = "board"; else delete el.dataset.focus;
  }
  if (focus) svg.querySelector(`[data-cell="${cellKey}"]`)?.focus();
}

function focusedKey() {
  const el = document.activeElement;
  return el && ui.wrap?.contains(el) ? el.closest("[data-focus]")?.dataset.focus ?? null : null;
}

const focusable = (el) => el && !el.disabled && el.isConnected && !el.closest("[hidden]");

// After a redraw, a control that had the focus gets it back; if it is gone (a tile just taken), the
// control of my next action does. Focus is only restored when it was inside the table.
function restoreFocus(had) {
  const wanted = ui.focusNext;
  ui.focusNext = null;
  if (!had && !wanted) return;
  const active = document.activeElement;
  if (!wanted && active && active !== document.body && ui.wrap.contains(active)) return;
  const find = (name) => (name === "choose" ? ui.wrap.querySelector("[data-choosable='1']") : ui.wrap.querySelector(`[data-focus="${name}"]`));
  const target = [wanted, had, "choose", "board"].map((name) => name && find(name)).find(focusable);
  target?.focus({ preventScroll: true });
}

// -- sections --------------------------------------------------------------------------------------

function header(view, ctx) {
  const deadline = view.deadline;
  const left = deadline ? Math.max(0, Math.ceil((deadline - ctx.serverNow()) / 1000)) : 0;
  return h("div", { class: "qd-head", id: "qd-head" },
    h("strong", { class: "qd-round" }, t("qd.round", { r: view.round, n: view.rounds })),
    h("span", { class: "qd-king", id: "qd-king", dataset: { colour: view.king_colour } }, icon("king", view.king_colour),
      `${t("qd.king_colour")}: `, h("b", {}, t(`qd.colour.${view.king_colour}`))),
    deadline && view.phase !== "finished"
      ? h("span", { class: "timer", id: "qd-timer", dataset: { deadline } }, t("seconds_left", { s: left })) : null);
}

function orderLine(view, ctx) {
  return h("ol", { class: "qd-order", id: "qd-order", "aria-label": t("qd.order") }, view.order.map((seat) =>
    h("li", { class: seat === view.current ? "current" : "", dataset: { seat } }, icon("pawn", pawnColour(seat)),
      h("span", {}, ctx.seatName(seat), seat === ctx.seat ? ` (${t("qd.you")})` : ""))));
}

function statusText(view, ctx) {
  if (view.phase === "finished") return t("qd.status.finished");
  const mine = isMyTurn(ctx);
  if (mine && ui.pending) return t("qd.status.sending");
  if (mine && view.phase === "choose") return t("qd.status.choose_you");
  if (mine && view.phase === "place") return ui.first ? t("qd.status.place_second") : t("qd.status.place_you", { n: view.current_tile });
  if (mine && view.phase === "build") return ui.cell ? t("qd.status.build_confirm") : t("qd.status.build_you");
  return t(`qd.status.${view.phase}`, { name: ctx.seatName(view.current), n: view.current_tile });
}

function statusBar(view, ctx) {
  return h("div", { class: `qd-status ${isMyTurn(ctx) ? "mine" : ""}`, id: "qd-status", dataset: { phase: view.phase } },
    h("p", { class: "qd-prompt", id: "qd-prompt" }, statusText(view, ctx)), orderLine(view, ctx),
    ui.lastLine ? h("p", { class: "qd-last muted", id: "qd-last" }, ui.lastLine) : null);
}

function displaySection(view, ctx, moves) {
  const tiles = view.display.map((entry) => {
    const choosable = moves.choose.has(entry.tile) && !ui.pending;
    const who = entry.seat != null
      ? h("span", { class: "qd-chooser", dataset: { seat: entry.seat } }, icon("pawn", pawnColour(entry.seat)), ctx.seatName(entry.seat))
      : h("span", { class: "qd-chooser free" }, t("qd.free"));
    const current = entry.tile === view.current_tile;
    return h("button", { type: "button", class: `qd-tile ${choosable ? "choosable" : ""} ${entry.seat != null ? "taken" : ""} ${current ? "current" : ""}`,
      dataset: { tile: entry.tile, choosable: choosable ? "1" : "0", seat: entry.seat ?? "", focus: `tile:${entry.tile}` }, disabled: !choosable,
      title: tileLabel(entry.tile), onclick: choosable ? () => send({ type: "choose_tile", tile: entry.tile }) : null },
    dominoSvg(entry.tile), who);
  });
  return h("section", { class: "qd-display", id: "qd-display", "aria-labelledby": "qd-display-title" },
    h("h3", { id: "qd-display-title" }, t("qd.display"), " ", h("span", { class: "muted qd-pile-count" }, t("qd.pile", { n: view.draw_pile_size }))),
    h("div", { class: "qd-tiles" }, tiles));
}

function pileButton(view, colour, buyable) {
  const top = view.market[colour].top;
  const active = buyable.has(colour) && !ui.pending;
  const selected = ui.colour === colour && active;
  const pick = () => {
    ui.colour = selected ? null : colour;
    if (ui.cell && PRINTED[cellIndex(ui.cell)] !== ui.colour) ui.cell = null;
    rerender();
  };
  return h("button", { type: "button", class: `qd-pile ${colour} ${active ? "active" : ""} ${selected ? "selected" : ""}`,
    dataset: { pile: colour, buyable: active ? "1" : "0", focus: `pile:${colour}` }, disabled: !active, "aria-pressed": active ? String(selected) : null,
    title: `${t("qd.building", { colour: t(`qd.colour.${colour}`) })}: ${t(`qd.rule.${colour}`)}`, onclick: active ? pick : null },
  buildingSvg(colour, top ? top.value : null),
  h("span", { class: "qd-pile-text" },
    h("b", {}, t(`qd.colour.${colour}`)),
    top ? h("span", { class: "qd-price" }, icon("coin"), num(top.price)) : h("span", { class: "muted" }, t("qd.sold_out")),
    top ? h("span", { class: "qd-value" }, t("qd.value", { v: top.value })) : null,
    h("span", { class: "qd-left muted" }, t("qd.left", { n: view.market[colour].remaining.length })),
    h("small", { class: "qd-rule" }, t(`qd.rule.${colour}`))));
}

function marketSection(view, ctx, moves) {
  const buyable = new Set(moves.buy.map((a) => a.colour));
  return h("section", { class: "qd-market", id: "qd-market", "aria-labelledby": "qd-market-title" },
    h("h3", { id: "qd-market-title" }, t("qd.market"),
      ctx.seat != null ? h("span", { class: "qd-my-gold" }, icon("coin"), t("qd.your_gold", { n: view.gold[ctx.seat] })) : null),
    h("div", { class: "qd-piles" }, BUILDING_COLOURS.map((colour) => pileButton(view, colour, buyable))));
}

function actionButton(name, label, onclick, extra = {}) {
  return h("button", { type: "button", id: `qd-${name}`, dataset: { focus: name, ...(extra.dataset || {}) }, class: extra.class || null,
    disabled: ui.pending, onclick }, label);
}

// The buttons of my next step, right above my board.
function actionBar(view, ctx, moves) {
  if (!isMyTurn(ctx)) return null;
  const parts = [];
  if (moves.place.length) {
    const first = TILES[view.current_tile][ui.swapped ? 1 : 0];
    parts.push(h("span", { class: "qd-first" }, t("qd.first_half"), " ",
      s("svg", { class: "qd-half-icon", viewBox: "0 0 100 100", "aria-hidden": "true" }, halfArt(first, 0, 0)), h("b", {}, halfLabel(first))));
    parts.push(actionButton("swap", t("qd.swap"), () => { ui.swapped = !ui.swapped; ui.first = null; rerender(); }));
    if (ui.first) parts.push(actionButton("cancel", t("qd.cancel"), cancelSelection));
  }
  if (view.phase === "build" && moves.end) {
    if (ui.cell && ui.colour) {
      const top = view.market[ui.colour].top;
      parts.push(actionButton("buy", t("qd.buy", { price: top.price }),
        () => send({ type: "buy_building", colour: ui.colour, cell: cellOf(ui.cell) }), { class: "primary", dataset: { colour: ui.colour, cell: ui.cell } }));
      parts.push(actionButton("cancel", t("qd.cancel"), cancelSelection));
    }
    parts.push(actionButton("skip", t("qd.skip"), () => send({ type: "end_turn" })));
  }
  return parts.length ? h("div", { class: "qd-actions", id: "qd-actions" }, parts) : null;
}

function contentKind(content) {
  if (content === "castle") return "castle";
  return content?.terrain ? "tile" : content?.building ? "building" : "empty";
}

function cellTitle(content, index) {
  if (content === "castle") return t("qd.castle");
  if (content?.terrain) return `${halfLabel(content)} (${t("qd.tile_n", { n: content.tile })})`;
  if (content?.building) return `${t("qd.building", { colour: t(`qd.colour.${content.colour}`) })}, ${t("qd.value", { v: cardValue(content.building) })}`;
  const colour = t(`qd.colour.${PRINTED[index]}`);
  return BUILDING_COLOURS.includes(PRINTED[index]) ? t("qd.plot", { colour }) : t("qd.empty", { colour });
}

// The mark drawn over a cell: my own targets, or (on the current player's board) the public highlight.
function cellMark(kind, x, y, view) {
  const art = [];
  if (kind === "selected" && view.current_tile) art.push(s("g", { opacity: 0.75 }, halfArt(TILES[view.current_tile][ui.swapped ? 1 : 0], x, y)));
  if (kind) art.push(s("rect", { class: `qd-mark ${kind}`, x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 8 }));
  if (kind === "partner") art.push(s("path", { class: "qd-tick", d: `M${x + 34} ${y + 52} l12 12 l22 -26` }));
  return art;
}

// One 5×5 board. Mine is a grid with one tab stop (arrow keys move it); on my turn its legal cells light up.
function boardSvg(view, ctx, seat, targets) {
  const rows = view.boards[seat];
  const mine = seat === ctx.seat;
  const publicMarks = new Set();
  if (!targets?.size && seat === view.current) {
    for (const p of view.highlight.placements) { publicMarks.add(key(p.cell_a)); publicMarks.add(key(p.cell_b)); }
    for (const p of view.highlight.purchases) publicMarks.add(key(p.cell));
  }
  const fresh = new Set(view.display.filter((e) => e.seat === seat).map((e) => e.tile));
  const gridRows = rows.map((row, r) => s("g", { role: mine ? "row" : null }, row.map((content, c) => {
    const index = r * SIZE + c, k = `${r},${c}`;
    const kind = targets?.get(k);
    const x = c * CELL, y = r * CELL;
    const mark = kind ? cellMark(kind, x, y, view)
      : publicMarks.has(k) ? [s("rect", { class: "qd-mark public", x: x + 8, y: y + 8, width: CELL - 16, height: CELL - 16, rx: 8 })] : [];
    const label = kind ? `${cellTitle(content, index)}: ${t(`qd.mark.${kind}`)}` : cellTitle(content, index);
    const cursor = mine && k === ui.cursor;
    return s("g", { class: `qd-cell ${kind ? "tappable" : ""}`,
      dataset: { cell: k, content: contentKind(content), ...(kind ? { legal: "1", mark: kind } : {}), ...(cursor ? { focus: "board" } : {}) },
      role: mine ? "gridcell" : null, tabindex: mine ? (cursor ? 0 : -1) : null,
      onclick: kind ? () => tapCell(ctx, k) : null,
      onfocus: mine ? (e) => { if (ui.cursor !== k) moveCursor(e.currentTarget.ownerSVGElement, k, false); } : null },
    s("title", {}, label), cellArt(content, index, pawnColour(seat)), mark,
    mine ? s("rect", { class: "qd-focus", x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 8 }) : null);
  })));
  return s("svg", { viewBox: "-8 -8 516 516", dir: "ltr", role: mine ? "grid" : "group", "aria-label": t("qd.board_of", { name: ctx.seatName(seat) }),
    dataset: { seat }, id: mine ? "qd-my-board" : null, class: `qd-board ${mine && ui.first ? "picking" : ""}`,
    onkeydown: mine ? (e) => onBoardKey(ctx, e) : null },
  boardFrame(), gridRows, s("g", { "pointer-events": "none" }, dominoOutlines(rows, fresh)));
}

function kingSquares(view, seat) {
  let count = 0;
  for (const content of view.boards[seat].flat()) {
    const colour = content?.terrain ? TERRAIN_COLOUR[content.terrain] : content?.building ? content.colour : null;
    if (colour === view.king_colour) count += 1;
  }
  return count;
}

function breakdownList(parts) {
  const chip = (name, iconEl, value) => h("li", { class: `qd-part ${name}`, dataset: { part: name }, title: t(`qd.part.${name}`) },
    iconEl, h("span", { class: "qd-part-name" }, t(`qd.part.${name}`)), h("b", {}, num(value)));
  return h("ul", { class: "qd-breakdown" },
    chip("tile", icon("crown"), parts.tile), chip("red", icon("house", "red"), parts.red),
    chip("yellow", icon("house", "yellow"), parts.yellow), chip("blue", icon("house", "blue"), parts.blue),
    chip("king", icon("king", "#ffffff"), parts.king), parts.penalty ? chip("penalty", icon("cross"), parts.penalty) : null,
    h("li", { class: "qd-part total", dataset: { part: "total" } }, h("span", {}, t("qd.part.total")), h("b", { class: "qd-total" }, num(parts.total))));
}

function legend() {
  const open = ui.legendOpen ?? WIDE.matches;
  const swatch = (terrain) => h("li", {}, s("svg", { class: "qd-half-icon", viewBox: "0 0 100 100", "aria-hidden": "true" }, halfArt({ terrain }, 0, 0)),
    t(`qd.terrain.${terrain}`), h("span", { class: "muted" }, ` (${t(`qd.colour.${TERRAIN_COLOUR[terrain]}`)})`));
  const plot = s("svg", { class: "qd-half-icon", viewBox: "0 0 100 100", "aria-hidden": "true" }, plotArt("red", 0, 0));
  return h("details", { class: "qd-legend", id: "qd-legend", open, ontoggle: (e) => { ui.legendOpen = e.target.open; } },
    h("summary", { dataset: { focus: "legend" } }, t("qd.legend")),
    h("ul", { class: "qd-terrains" }, Object.keys(TERRAIN_COLOUR).map(swatch)),
    h("ul", { class: "qd-symbols" },
      h("li", {}, icon("crown"), t("qd.legend.crown")), h("li", {}, icon("coin"), t("qd.legend.gold")), h("li", {}, plot, t("qd.legend.plot")),
      BUILDING_COLOURS.map((colour) => h("li", {}, icon("house", colour), `${t("qd.building", { colour: t(`qd.colour.${colour}`) })}: ${t(`qd.rule.${colour}`)}`)),
      h("li", { class: "qd-keys" }, t("qd.legend.keys"))));
}

function playerPanel(view, ctx, seat, moves, tabbed) {
  const me = seat === ctx.seat;
  const targets = me && isMyTurn(ctx) ? boardTargets(moves) : null;
  return h("section", { class: `qd-player ${me ? "me" : ""} ${view.current === seat ? "active" : ""}`, dataset: { seat }, id: `qd-player-${seat}`,
    role: tabbed ? "tabpanel" : null, "aria-labelledby": tabbed ? `qd-tab-${seat}` : `qd-name-${seat}` },
  h("header", { class: "qd-player-head" }, icon("pawn", pawnColour(seat)), h("strong", { class: "qd-name", id: `qd-name-${seat}` }, ctx.seatName(seat)),
    me ? h("span", { class: "muted" }, `(${t("qd.you")})`) : null,
    view.current === seat && view.phase !== "finished" ? h("span", { class: "qd-turn-tag" }, icon("turn"), t("qd.turn")) : null),
  h("div", { class: "qd-board-wrap" }, boardSvg(view, ctx, seat, targets)),
  h("div", { class: "qd-stats" },
    h("span", { class: "qd-gold", title: t("qd.gold"), dataset: { gold: view.gold[seat] } }, icon("coin"), h("span", { class: "qd-stat-name" }, t("qd.gold")), h("b", {}, num(view.gold[seat]))),
    h("span", { class: "qd-kingsq", title: t("qd.king_squares") }, icon("king", view.king_colour), h("span", { class: "qd-stat-name" }, t("qd.king_squares")), h("b", {}, num(kingSquares(view, seat)))),
    view.discards[seat] ? h("span", { class: "qd-discards", title: t("qd.discards") }, icon("cross"), h("span", { class: "qd-stat-name" }, t("qd.discards")), h("b", {}, num(view.discards[seat]))) : null),
  breakdownList(view.breakdown[seat]));
}

// On a narrow screen: one tab per board (mine first), with the name, the score and a turn mark.
function boardTabs(view, ctx, order, shown) {
  const select = (seat, focus) => { ui.viewing = seat; if (focus) ui.focusNext = `tab:${seat}`; rerender(); };
  const onkeydown = (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const at = order.indexOf(shown);
    select(order[(at + (rtl ? -step : step) + order.length) % order.length], true);
  };
  return h("div", { class: "qd-tabs", id: "qd-tabs", role: "tablist", "aria-label": t("qd.boards"), onkeydown },
    order.map((seat) => h("button", { type: "button", role: "tab", id: `qd-tab-${seat}`, class: `qd-tab ${view.current === seat ? "active" : ""}`,
      "aria-selected": String(seat === shown), "aria-controls": `qd-player-${seat}`, tabindex: seat === shown ? 0 : -1,
      dataset: { seat, focus: `tab:${seat}` }, onclick: () => select(seat, false) },
    h("span", { class: "qd-tab-who" }, icon("pawn", pawnColour(seat)), h("span", { class: "qd-tab-name" }, seat === ctx.seat ? t("qd.you") : ctx.seatName(seat))),
    h("span", { class: "qd-tab-score" }, t("qd.points", { n: view.breakdown[seat].total }),
      view.current === seat && view.phase !== "finished" ? h("span", { class: "qd-tab-turn", title: t("qd.turn") }, icon("turn"), h("span", { class: "qd-sr" }, t("qd.turn"))) : null))));
}

// -- the renderer ----------------------------------------------------------------------------------

// Which board the narrow layout shows: the one I picked, else mine, else (watching) the current player's.
function shownSeat(view, ctx) {
  return ui.viewing ?? ctx.seat ?? view.current ?? 0;
}

function seatOrder(view, ctx) {
  return ctx.seat != null ? [ctx.seat, ...seats(view).filter((seat) => seat !== ctx.seat)] : seats(view);
}

function panelPart(view, ctx, seat, moves, tabbed) {
  const mine = seat === ctx.seat;
  const panelKey = JSON.stringify([view.boards[seat], view.breakdown[seat], view.gold[seat], view.discards[seat], view.current, view.phase,
    view.current === seat ? view.highlight : null, view.current_tile, view.display.filter((e) => e.seat === seat), view.king_colour,
    ctx.seatName(seat), tabbed, mine ? [view.step, ui.first, ui.swapped, ui.colour, ui.cell, ui.pending, ctx.legal || []] : null]);
  return ui.memo(`player${seat}`, panelKey, () => playerPanel(view, ctx, seat, moves, tabbed));
}

// The boards: narrow screens get tabs and one board; wide ones get mine here and the others beside.
function boardsParts(view, ctx, moves, wide) {
  const order = seatOrder(view, ctx);
  if (wide) {
    const main = ctx.seat ?? 0;
    return { boards: [panelPart(view, ctx, main, moves, false)],
      others: order.filter((seat) => seat !== main).map((seat) => panelPart(view, ctx, seat, moves, false)) };
  }
  const shown = shownSeat(view, ctx);
  const names = order.map((seat) => ctx.seatName(seat));
  const tabsKey = JSON.stringify([order, shown, view.breakdown.map((b) => b.total), view.current, view.phase, names]);
  return { boards: [ui.memo("tabs", tabsKey, () => boardTabs(view, ctx, order, shown)), panelPart(view, ctx, shown, moves, true)], others: [] };
}

function sectionParts(view, ctx, moves) {
  const names = JSON.stringify(seats(view).map((seat) => ctx.seatName(seat)));
  const sel = [view.step, ui.first, ui.swapped, ui.colour, ui.cell, ui.pending];
  return {
    head: ui.memo("head", JSON.stringify([view.round, view.rounds, view.king_colour, view.deadline, view.phase]), () => header(view, ctx)),
    status: ui.memo("status", JSON.stringify([view.phase, view.current, view.current_tile, view.order, sel, names, ctx.seat, ui.lastLine]),
      () => statusBar(view, ctx)),
    display: ui.memo("display", JSON.stringify([view.display, view.current_tile, [...moves.choose], ui.pending, names, view.draw_pile_size]),
      () => displaySection(view, ctx, moves)),
    market: ui.memo("market", JSON.stringify([view.market, moves.buy.map((a) => a.colour), ui.colour, ui.pending, ctx.seat, view.gold]),
      () => marketSection(view, ctx, moves)),
    actions: ui.memo("actions", JSON.stringify([sel, moves.place.length, moves.end, view.current_tile, ui.colour && view.market[ui.colour].top]),
      () => actionBar(view, ctx, moves)),
    legend: ui.memo("legend", "", legend),
  };
}

// Narrow screens put the section of my next action first, then my board (issue 9: both in the first screen).
function narrowOrder(view, ctx, p) {
  const step = isMyTurn(ctx) ? view.phase : "watch";
  const order = {
    choose: [p.display, p.actions, p.boards, p.market],
    place: [p.actions, p.boards, p.display, p.market],
    build: [p.market, p.actions, p.boards, p.display],
  }[step] || [p.display, p.boards, p.market];
  return [p.head, p.status, ...order, p.legend];
}

// The containers the parts live in, made once per game.
function skeleton() {
  if (ui.wrap) return;
  ui.wrap = h("div", { class: "queendomino" });
  ui.boards = h("div", { class: "qd-boards", id: "qd-boards" });
  ui.main = h("div", { class: "qd-col main" });
  ui.side = h("div", { class: "qd-col side" });
  ui.others = h("div", { class: "qd-others", id: "qd-others" });
}

// Wide: my column (actions, board, key) beside the side column (display, market, other boards).
function layOut(view, ctx, parts, others, wide) {
  if (!wide) {
    sync(ui.wrap, narrowOrder(view, ctx, parts));
    return;
  }
  sync(ui.wrap, [parts.head, parts.status, ui.main, ui.side]);
  sync(ui.main, [parts.actions, ui.boards, parts.legend]);
  sync(ui.side, [parts.display, parts.market, others.length ? ui.others : null]);
}

export function render(root, ctx) {
  latest = { root, ctx };
  ctx.rerender = () => render(root, ctx);
  const view = ctx.view;
  const had = focusedKey();
  absorb(ctx);
  const moves = myMoves(ctx);
  placeCursor(view, isMyTurn(ctx) ? boardTargets(moves) : new Map());
  skeleton();
  const wide = WIDE.matches;
  Object.assign(ui.wrap.dataset, { phase: view.phase, current: view.current ?? "", layout: wide ? "wide" : "narrow",
    patterns: [true, "on"].includes(ctx.settings?.patterns) || ctx.settings?.contrast === true ? "on" : "off" });
  if (root.firstChild !== ui.wrap || root.childNodes.length !== 1) root.replaceChildren(ui.wrap);
  const parts = sectionParts(view, ctx, moves);
  const { boards, others } = boardsParts(view, ctx, moves, wide);
  sync(ui.boards, boards);
  sync(ui.others, others);
  layOut(view, ctx, { ...parts, boards: ui.boards }, others, wide);
  restoreFocus(had);
}

/** How many decisions wait for this seat now: one while it is my turn, else none. */
export function pending(ctx) {
  return ctx?.view && isMyTurn(ctx) && (ctx.legal || []).length ? 1 : 0;
}

// -- the move log (the room's History panel) --------------------------------------------------------

const joinList = (items) => items.join(t("list_sep"));
// A colour inside a sentence ("a red building"): lower case where the language has case.
const colourWord = (colour) => t(`qd.colour.${colour}`).toLocaleLowerCase();
const numbers = (tiles) => namesList(tiles.map((n) => num(n)));

// "A", "A and B", "A, B and C".
function namesList(names) {
  if (names.length < 2) return names.join("");
  return `${joinList(names.slice(0, -1))}${t("qd.and")}${names[names.length - 1]}`;
}

// The round a king bonus closes, from its own batch (the History panel replays old batches with
// today's view): the batch either opens the next round or ends the game after the last one.
function closedRound(events, ctx) {
  const next = events.find((e) => e?.type === "round_started");
  if (next) return next.round - 1;
  return events.some((e) => e?.type === "game_ended") ? ctx.view?.rounds : ctx.view?.round;
}

function eventLine(event, events, ctx) {
  const name = event.seat != null ? ctx.seatName(event.seat) : "";
  switch (event.type) {
    case "round_started": return { text: t("qd.log.round", { r: event.round, tiles: numbers(event.display) }) };
    case "tile_chosen": return { text: t("qd.log.chosen", { name, n: event.tile, halves: halvesLabel(event.tile) }) };
    case "tile_placed": return { text: t(event.gold_gained ? "qd.log.placed_gold" : "qd.log.placed", { name, n: event.tile, g: event.gold_gained }) };
    case "tile_discarded": return { text: t("qd.log.discarded", { name, n: event.tile, p: event.penalty }) };
    case "building_bought": {
      const building = t("qd.building", { colour: colourWord(cardColour(event.card)) });
      const params = { name, building, v: cardValue(event.card), price: event.price, p: event.points };
      return { text: t(event.points ? "qd.log.bought_points" : "qd.log.bought", params) };
    }
    case "turn_timed_out": return { text: t("qd.log.timeout", { name }) };
    case "neutral_discarded": return event.tiles?.length ? { text: t("qd.log.neutral", { tiles: numbers(event.tiles) }) } : null;
    case "king_bonus": {
      const counts = joinList(event.counts.map((n, seat) => t("qd.count", { name: ctx.seatName(seat), n })));
      const params = { r: closedRound(events, ctx), colour: colourWord(ctx.view.king_colour), counts, name };
      return { text: t(event.seat != null ? "qd.log.king_won" : "qd.log.king_tie", params), summary: true };
    }
    case "game_ended": return { text: t("qd.log.ended", { why: winSentence(event.result, ctx) }), summary: true };
    default: return null;
  }
}

/** Plain sentences for one change's events, as this seat saw them; unknown or odd events give none. */
export function logLines(events, ctx) {
  const lines = [];
  for (const event of events || []) {
    try {
      const line = eventLine(event, events, ctx);
      if (line?.text) lines.push({ text: line.text, summary: Boolean(line.summary) });
    } catch {
      // A malformed event must never break the table or the History panel: it simply gets no line.
    }
  }
  return lines;
}

// -- the result --------------------------------------------------------------------------------------

const scoreOf = (result, seat) => result.scores?.[seat] ?? result.breakdown?.[seat]?.total ?? 0;
const goldOf = (result, seat) => result.gold?.[seat] ?? result.breakdown?.[seat]?.gold ?? 0;

// Who won and why, in one sentence (§5: score, then gold left, then a shared win).
function winSentence(result, ctx) {
  const ranking = result?.ranking || [];
  const winners = result?.winners || [];
  if (!ranking.length || !winners.length) return "";
  const best = scoreOf(result, ranking[0]);
  const top = ranking.filter((seat) => scoreOf(result, seat) === best);
  const names = (list) => namesList(list.map((seat) => ctx.seatName(seat)));
  if (winners.length > 1) return t("qd.res.shared", { names: names(winners), score: best, gold: goldOf(result, winners[0]) });
  if (top.length > 1) return t("qd.res.win_gold", { names: names(top), score: best, name: ctx.seatName(winners[0]), gold: goldOf(result, winners[0]) });
  const next = ranking[1];
  if (next == null) return t("qd.res.win", { name: ctx.seatName(winners[0]), score: best, lead: 0, next: "" });
  return t("qd.res.win", { name: ctx.seatName(winners[0]), score: best, lead: best - scoreOf(result, next), next: ctx.seatName(next) });
}

// Ties below the top: say whether gold decided or the place is shared.
function lowerTies(result, ctx) {
  const ranking = result.ranking || [];
  const groups = new Map();
  for (const seat of ranking) groups.set(scoreOf(result, seat), [...(groups.get(scoreOf(result, seat)) || []), seat]);
  return [...groups.entries()].filter(([score, group]) => group.length > 1 && score !== scoreOf(result, ranking[0])).map(([score, group]) => {
    const shared = new Set(group.map((seat) => result.ranks?.[seat])).size === 1;
    const names = namesList(group.map((seat) => ctx.seatName(seat)));
    return h("p", { class: "qd-tie", dataset: { tie: shared ? "shared" : "gold" } }, t(shared ? "qd.res.tie_shared" : "qd.res.tie_gold", { names, score }));
  });
}

function resultRow(result, ctx, seat) {
  const parts = result.breakdown?.[seat] || {};
  const rank = result.ranks?.[seat];
  return h("tr", { class: rank === 1 ? "winner" : "", dataset: { seat, rank, score: scoreOf(result, seat), gold: goldOf(result, seat) } },
    h("td", { class: "qd-res-rank" }, rank === 1 ? icon("crown") : null, num(rank)),
    h("td", {}, h("span", { class: "qd-res-name" }, icon("pawn", pawnColour(seat)), ctx.seatName(seat), seat === ctx.seat ? ` (${t("qd.you")})` : ""),
      breakdownList({ tile: 0, red: 0, yellow: 0, blue: 0, king: 0, penalty: 0, total: 0, ...parts })),
    h("td", { class: "qd-res-score" }, num(scoreOf(result, seat))),
    h("td", {}, num(goldOf(result, seat))));
}

function kingNote(result, ctx) {
  const colour = ctx.view?.king_colour;
  if (!colour) return null;
  const list = joinList((result.ranking || []).map((seat) => t("qd.count", { name: ctx.seatName(seat), n: result.breakdown?.[seat]?.king ?? 0 })));
  return h("p", { class: "qd-king-note", id: "qd-king-note" }, icon("king", colour), " ",
    t("qd.res.king", { colour: colourWord(colour) }), " ", t("qd.res.king_points", { list }));
}

export function resultDetails(result, ctx) {
  return h("div", { class: "qd-result" },
    h("p", { class: "qd-why", id: "qd-why" }, winSentence(result, ctx)),
    h("table", { class: "qd-results", id: "qd-results" },
      h("thead", {}, h("tr", {}, [t("qd.res.rank"), t("qd.res.player"), t("qd.res.score"), t("qd.res.gold")].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, (result.ranking || []).map((seat) => resultRow(result, ctx, seat)))),
    lowerTies(result, ctx), kingNote(result, ctx),
    h("p", { class: "muted qd-rule-note" }, t("qd.res.rule")));
}
