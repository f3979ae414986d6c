// Queendomino: every player's 5×5 board, the display of tiles with who chose what, placing a tile by
// tapping two neighbouring cells, the market of three building piles, gold, the king colour and the
// live score breakdown. Sections are rebuilt only when what they show changes, so taps are not lost.
import { h, s, partCache, sync } from "../dom.js";
import { currentLang, extend, num, t } from "../i18n/index.js";


extend({
  en: {
    "qd.round": "Round {r} of {n}", "qd.king_colour": "King colour", "qd.pile": "Tiles in the bag: {n}",
    "qd.colour.red": "Red", "qd.colour.yellow": "Yellow", "qd.colour.blue": "Blue", "qd.colour.green": "Green",
    "qd.colour.purple": "Purple", "qd.colour.grey": "Grey",
    "qd.terrain.mine": "Mine", "qd.terrain.field": "Field", "qd.terrain.water": "Water", "qd.terrain.forest": "Forest",
    "qd.terrain.swamp": "Swamp", "qd.terrain.mountain": "Mountain",
    "qd.castle": "Castle", "qd.crown": "crown", "qd.gold_symbol": "gold", "qd.plot": "{colour} plot", "qd.empty": "{colour} (empty)",
    "qd.display": "Display", "qd.tile_n": "Tile {n}", "qd.free": "free", "qd.you": "you", "qd.turn": "turn",
    "qd.market": "Buildings", "qd.price": "Price", "qd.value": "Value {v}", "qd.left": "{n} left", "qd.sold_out": "Sold out",
    "qd.card_n": "Card {n} of 16", "qd.building": "{colour} building",
    "qd.rule.red": "Scores now: value × your red squares", "qd.rule.yellow": "At the end: value × your yellow squares",
    "qd.rule.blue": "At the end: value × your blue buildings",
    "qd.status.choose_you": "Your turn: choose a tile from the display",
    "qd.status.place_you": "Place tile {n}: tap two neighbouring highlighted cells",
    "qd.status.place_second": "Now tap a green cell next to it for the other half",
    "qd.status.build_you": "Build? Tap a highlighted plot (or a pile first), or end your turn",
    "qd.status.build_confirm": "Buy this building here?",
    "qd.status.choose": "{name} is choosing a tile", "qd.status.place": "{name} is placing tile {n}",
    "qd.status.build": "{name} may buy a building", "qd.status.finished": "Game over", "qd.status.sending": "Sending…",
    "qd.swap": "Swap halves", "qd.cancel": "Cancel", "qd.skip": "End turn without building",
    "qd.buy": "Buy for {price} gold", "qd.first_half": "The first cell you tap gets:",
    "qd.gold": "Gold", "qd.king_squares": "King-colour squares", "qd.discards": "Unplaceable tiles",
    "qd.part.tile": "Tiles", "qd.part.red": "Red", "qd.part.yellow": "Yellow", "qd.part.blue": "Blue",
    "qd.part.king": "King", "qd.part.penalty": "Penalty", "qd.part.total": "Score",
    "qd.legend": "Key", "qd.legend.crown": "Crown: a territory scores its size × its crowns",
    "qd.legend.gold": "Gold symbol: 1 gold per building of its colour already on your board",
    "qd.legend.plot": "Dashed house: an empty plot for a building of that colour",
    "qd.order": "Turn order", "qd.board_of": "Board of {name}",
    "qd.ev.round": "Round {r} begins", "qd.ev.chosen": "{name} took tile {n}", "qd.ev.placed": "{name} placed tile {n}",
    "qd.ev.placed_gold": "{name} placed tile {n} and earned {g} gold",
    "qd.ev.discarded": "{name} could not place tile {n} ({p} points)",
    "qd.ev.bought": "{name} built a {building} for {price} gold", "qd.ev.bought_points": "{name} built a {building} for {price} gold: +{p} points",
    "qd.ev.timeout": "{name} ran out of time", "qd.ev.king": "{name} gains a king point",
    "qd.ev.king_none": "Nobody gains the king point this round (tie)", "qd.ev.ended": "The game is over",
    "qd.res.rank": "Rank", "qd.res.player": "Player", "qd.res.score": "Score", "qd.res.gold": "Gold",
    "qd.res.rule": "Equal scores are decided by the gold left; equal gold shares the place.",
    "qd.res.tie_gold": "{names} tied on {score} points: more gold decides.",
    "qd.res.tie_shared": "{names} tied on points and gold and share the place.",
    "err.unknown_action": "That action is not part of this game.", "err.game_over": "The game has ended.",
    "err.not_your_turn": "It is not your turn.", "err.wrong_phase": "That step is over.",
    "err.tile_not_available": "That tile is no longer available.", "err.off_board": "Those cells are off the board.",
    "err.cells_not_adjacent": "The two cells must be side by side.", "err.cell_occupied": "That cell is already taken.",
    "err.not_connected": "The tile must touch your castle or another tile.",
    "err.terrain_mismatch": "A half must touch the castle or a tile of the same terrain.",
    "err.not_a_building_colour": "Only red, yellow and blue buildings exist.", "err.pile_empty": "That pile is empty.",
    "err.insufficient_gold": "You do not have enough gold.", "err.wrong_plot_colour": "That plot is not of the building's colour.",
  },
  fa: {
    "qd.round": "دور {r} از {n}", "qd.king_colour": "رنگ شاه", "qd.pile": "کاشی‌های کیسه: {n}",
    "qd.colour.red": "قرمز", "qd.colour.yellow": "زرد", "qd.colour.blue": "آبی", "qd.colour.green": "سبز",
    "qd.colour.purple": "بنفش", "qd.colour.grey": "خاکستری",
    "qd.terrain.mine": "معدن", "qd.terrain.field": "کشتزار", "qd.terrain.water": "آب", "qd.terrain.forest": "جنگل",
    "qd.terrain.swamp": "مرداب", "qd.terrain.mountain": "کوهستان",
    "qd.castle": "قلعه", "qd.crown": "تاج", "qd.gold_symbol": "طلا", "qd.plot": "زمین {colour}", "qd.empty": "{colour} (خالی)",
    "qd.display": "ویترین", "qd.tile_n": "کاشی {n}", "qd.free": "آزاد", "qd.you": "شما", "qd.turn": "نوبت",
    "qd.market": "ساختمان‌ها", "qd.price": "قیمت", "qd.value": "ارزش {v}", "qd.left": "{n} مانده", "qd.sold_out": "تمام شد",
    "qd.card_n": "کارت {n} از ۱۶", "qd.building": "ساختمان {colour}",
    "qd.rule.red": "امتیاز فوری: ارزش × مربع‌های قرمز شما", "qd.rule.yellow": "در پایان: ارزش × مربع‌های زرد شما",
    "qd.rule.blue": "در پایان: ارزش × ساختمان‌های آبی شما",
    "qd.status.choose_you": "نوبت شماست: یک کاشی از ویترین بردارید",
    "qd.status.place_you": "کاشی {n} را بگذارید: روی دو خانه‌ی برجسته‌ی کنار هم بزنید",
    "qd.status.place_second": "حالا برای نیمه‌ی دیگر روی یک خانه‌ی سبزِ کنار آن بزنید",
    "qd.status.build_you": "ساختمان می‌سازید؟ روی یک زمین برجسته (یا اول یک دسته) بزنید، یا نوبت را تمام کنید",
    "qd.status.build_confirm": "این ساختمان را این‌جا می‌خرید؟",
    "qd.status.choose": "{name} در حال برداشتن کاشی است", "qd.status.place": "{name} در حال گذاشتن کاشی {n} است",
    "qd.status.build": "{name} می‌تواند ساختمان بخرد", "qd.status.finished": "پایان بازی", "qd.status.sending": "در حال فرستادن…",
    "qd.swap": "جابه‌جایی دو نیمه", "qd.cancel": "لغو", "qd.skip": "پایان نوبت بدون ساخت",
    "qd.buy": "خرید با {price} طلا", "qd.first_half": "اولین خانه‌ای که می‌زنید این را می‌گیرد:",
    "qd.gold": "طلا", "qd.king_squares": "مربع‌های رنگ شاه", "qd.discards": "کاشی‌های بی‌جا",
    "qd.part.tile": "کاشی‌ها", "qd.part.red": "قرمز", "qd.part.yellow": "زرد", "qd.part.blue": "آبی",
    "qd.part.king": "شاه", "qd.part.penalty": "جریمه", "qd.part.total": "امتیاز",
    "qd.legend": "راهنما", "qd.legend.crown": "تاج: هر قلمرو به اندازه‌ی خانه‌هایش × تاج‌هایش امتیاز دارد",
    "qd.legend.gold": "نماد طلا: به ازای هر ساختمانِ هم‌رنگش که روی تخته‌تان هست ۱ طلا",
    "qd.legend.plot": "خانه‌ی خط‌چین: زمین خالی برای ساختمانی به همان رنگ",
    "qd.order": "ترتیب نوبت", "qd.board_of": "تخته‌ی {name}",
    "qd.ev.round": "دور {r} شروع شد", "qd.ev.chosen": "{name} کاشی {n} را برداشت", "qd.ev.placed": "{name} کاشی {n} را گذاشت",
    "qd.ev.placed_gold": "{name} کاشی {n} را گذاشت و {g} طلا گرفت",
    "qd.ev.discarded": "{name} نتوانست کاشی {n} را بگذارد ({p} امتیاز)",
    "qd.ev.bought": "{name} یک {building} با {price} طلا ساخت", "qd.ev.bought_points": "{name} یک {building} با {price} طلا ساخت: {p}+ امتیاز",
    "qd.ev.timeout": "وقت {name} تمام شد", "qd.ev.king": "{name} یک امتیاز شاه گرفت",
    "qd.ev.king_none": "این دور امتیاز شاه به کسی نرسید (تساوی)", "qd.ev.ended": "بازی تمام شد",
    "qd.res.rank": "رتبه", "qd.res.player": "بازیکن", "qd.res.score": "امتیاز", "qd.res.gold": "طلا",
    "qd.res.rule": "در امتیاز برابر، طلای بیشتر برنده است؛ با طلای برابر، رتبه مشترک است.",
    "qd.res.tie_gold": "{names} با {score} امتیاز مساوی شدند: طلای بیشتر تعیین کرد.",
    "qd.res.tie_shared": "{names} در امتیاز و طلا مساوی‌اند و رتبه‌شان مشترک است.",
    "err.unknown_action": "این حرکت جزو این بازی نیست.", "err.game_over": "بازی تمام شده است.",
    "err.not_your_turn": "نوبت شما نیست.", "err.wrong_phase": "آن مرحله تمام شده است.",
    "err.tile_not_available": "این کاشی دیگر در دسترس نیست.", "err.off_board": "این خانه‌ها بیرون از تخته‌اند.",
    "err.cells_not_adjacent": "دو خانه باید کنار هم باشند.", "err.cell_occupied": "این خانه پر است.",
    "err.not_connected": "کاشی باید به قلعه یا کاشی دیگری بچسبد.",
    "err.terrain_mismatch": "یک نیمه باید به قلعه یا کاشیِ هم‌زمین خودش بچسبد.",
    "err.not_a_building_colour": "ساختمان فقط قرمز، زرد یا آبی است.", "err.pile_empty": "این دسته خالی است.",
    "err.insufficient_gold": "طلای کافی ندارید.", "err.wrong_plot_colour": "این زمین هم‌رنگ ساختمان نیست.",
  },
});

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
const BUILDING_COLOURS = ["red", "yellow", "blue"];
export const PRINTED = [
  "red", "yellow", "blue", "green", "purple",
  "blue", "green", "grey", "red", "yellow",
  "grey", "purple", null, "purple", "grey",
  "yellow", "red", "grey", "green", "blue",
  "purple", "green", "blue", "yellow", "red",
];
const PRICES = [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7];
const VALUES = { red: [2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5], yellow: [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3],
  blue: [2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4] };
const cardNumber = (id) => Number(id.slice(-2));
const cardColour = (id) => id.slice(0, -3);
const cardValue = (id) => VALUES[cardColour(id)][cardNumber(id) - 1];
const cardPrice = (id) => PRICES[cardNumber(id) - 1];

const HUE = { red: "#c8423a", yellow: "#e2ad2b", blue: "#3a78c2", green: "#4d9a48", purple: "#8a5aa8", grey: "#8a8f96" };
const PALE = { red: "#f2d2ce", yellow: "#f6e9c4", blue: "#d2e1f2", green: "#d6e9d2", purple: "#e5d8ee", grey: "#e0e2e5" };
const ROOF = { red: "#8f2a24", yellow: "#a87a12", blue: "#25528a" };
// King pawns: a UI colour per seat, none of the six game colours (§2.5).
const PAWN = ["#d6336c", "#0b7285", "#6b4423", "#212529"];
const CELL = 100;
const key = (cell) => `${cell[0]},${cell[1]}`;
const cellIndex = (cellKey) => { const [r, c] = cellKey.split(",").map(Number); return r * 5 + c; };

// -- drawings --------------------------------------------------------------------------------

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

function houseShape(colour, value, attrs = {}) {
  return s("g", { class: "qd-house", ...attrs },
    s("path", { d: "M-28 -4 L0 -30 L28 -4 Z", fill: ROOF[colour], stroke: "#2b2118", "stroke-width": 3, "stroke-linejoin": "round" }),
    s("rect", { x: -22, y: -6, width: 44, height: 34, rx: 2, fill: HUE[colour], stroke: "#2b2118", "stroke-width": 3 }),
    value != null
      ? s("text", { x: 0, y: 20, "text-anchor": "middle", "font-size": 24, "font-weight": 800, fill: "#fff", stroke: "#2b2118", "stroke-width": 1, "paint-order": "stroke" }, num(value))
      : s("rect", { x: -6, y: 10, width: 12, height: 18, fill: "#2b2118", opacity: 0.5 }));
}

// Tiny inline icons for text rows.
function icon(kind, colour) {
  const inner = kind === "coin" ? coinShape() : kind === "crown" ? crownShape() : kind === "house" ? houseShape(colour, null, { transform: "scale(.55)" })
    : kind === "king" ? s("g", {}, s("circle", { r: 16, fill: HUE[colour] || colour, stroke: "#2b2118", "stroke-width": 2 }), crownShape({ transform: "scale(.6) translate(0 -2)" }))
      : kind === "pawn" ? pawnShape(colour) : s("path", { d: "M-10 -10 L10 10 M10 -10 L-10 10", stroke: "#b42318", "stroke-width": 5, "stroke-linecap": "round" });
  return s("svg", { class: "qd-icon", viewBox: "-18 -18 36 36", "aria-hidden": "true" }, inner);
}

function pawnShape(colour, attrs = {}) {
  return s("g", { class: "qd-pawn", ...attrs },
    s("path", { d: "M-12 16 L-8 -2 L-12 -12 L-5 -6 L0 -15 L5 -6 L12 -12 L8 -2 L12 16 Z", fill: colour, stroke: "#fff", "stroke-width": 2.5, "stroke-linejoin": "round" }));
}

// A terrain's pattern in a 100×100 cell, drawn dark and faint over the terrain colour.
function terrainGlyph(terrain) {
  const ink = { fill: "#0000002e", stroke: "none" };
  const line = { fill: "none", stroke: "#00000038", "stroke-width": 4, "stroke-linecap": "round" };
  switch (terrain) {
    case "field": return s("g", {}, [24, 44, 64, 80].map((x, i) => s("g", {},
      s("path", { d: `M${x} 94 V${66 - (i % 2) * 6}`, ...line }), s("ellipse", { cx: x, cy: 60 - (i % 2) * 6, rx: 5, ry: 10, ...ink }))));
    case "forest": return s("g", {}, [[28, 0], [56, -8], [80, 2]].map(([x, dy]) => s("g", {},
      s("path", { d: `M${x} ${52 + dy} L${x - 14} ${86 + dy} L${x + 14} ${86 + dy} Z`, ...ink }), s("rect", { x: x - 2.5, y: 86 + dy, width: 5, height: 7, ...ink }))));
    case "water": return s("g", {}, [64, 80, 94].map((y) => s("path", { d: `M10 ${y} q10 -8 20 0 t20 0 t20 0 t20 0`, ...line })));
    case "swamp": return s("g", {}, s("path", { d: "M8 92 H92", ...line }),
      [[22, 60], [38, 52], [60, 58], [78, 50]].map(([x, y]) => s("g", {}, s("path", { d: `M${x} 92 V${y}`, ...line }), s("ellipse", { cx: x, cy: y + 2, rx: 4.5, ry: 9, ...ink }))));
    case "mine": return s("g", {}, s("path", { d: "M12 92 L26 66 L42 72 L52 92 Z M46 92 L62 58 L80 66 L90 92 Z", ...ink }),
      s("path", { d: "M30 58 L40 48 M36 46 L48 58", ...line }));
    case "mountain": return s("g", {}, s("path", { d: "M6 94 L36 52 L62 94 Z M38 94 L66 56 L94 94 Z", ...ink }),
      s("path", { d: "M36 52 L29 62 L43 62 Z M66 56 L59 66 L73 66 Z", fill: "#ffffffaa" }));
    default: return null;
  }
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

function halfLabel(half) {
  const bits = [t(`qd.terrain.${half.terrain}`)];
  if (half.symbol === "crown") bits.push(t("qd.crown"));
  if (half.symbol === "gold") bits.push(t("qd.gold_symbol"));
  return bits.join(" + ");
}

function tileLabel(n) {
  return `${t("qd.tile_n", { n })}: ${TILES[n].map(halfLabel).join(" | ")}`;
}

// A whole domino, half a on the left, its number in a corner.
function dominoSvg(n, cls = "") {
  const [a, b] = TILES[n];
  return s("svg", { class: `qd-domino ${cls}`, viewBox: "-4 -4 208 108", dir: "ltr", role: "img", "aria-label": tileLabel(n) },
    s("rect", { x: -2, y: -2, width: 204, height: 104, rx: 10, fill: "#2b2118" }),
    halfArt(a, 0, 0), halfArt(b, 100, 0),
    s("g", { transform: "translate(17 19)" }, s("circle", { r: 17, fill: "#fffdf8", stroke: "#2b2118", "stroke-width": 2.5 }),
      s("text", { y: 8, "text-anchor": "middle", "font-size": 22, "font-weight": 800, fill: "#2b2118" }, num(n))));
}

function castleArt(pawn) {
  return s("g", { transform: "translate(200 200)" },
    s("rect", { x: 2, y: 2, width: 96, height: 96, rx: 6, fill: "#efe3c8" }),
    s("path", { d: "M22 88 V44 H30 V36 H38 V44 H46 V36 H54 V44 H62 V36 H70 V44 H78 V88 Z", fill: "#a39479", stroke: "#4a3f30", "stroke-width": 3, "stroke-linejoin": "round" }),
    s("path", { d: "M40 88 V70 a10 10 0 0 1 20 0 V88 Z", fill: "#4a3f30" }),
    s("path", { d: "M50 36 V14", stroke: "#4a3f30", "stroke-width": 3 }),
    s("path", { d: "M50 14 L68 20 L50 26 Z", fill: pawn, stroke: "#4a3f30", "stroke-width": 1.5 }));
}

// -- UI state kept between renders -------------------------------------------------------------

let ui = freshUi(null);
let latest = null;

function freshUi(gameId) {
  return { gameId, version: -1, memo: partCache(), step: null, first: null, swapped: false, colour: null, cell: null, pending: false,
    log: [], logCount: 0, wrap: null, players: null };
}

function rerender() { if (latest) render(latest.root, latest.ctx); }

function resetSelection(step) {
  Object.assign(ui, { step, first: null, swapped: false, colour: null, cell: null, pending: false });
}

function absorbEvents(ctx) {
  const gameId = ctx.room?.game_id ?? null;
  if (ui.gameId !== gameId || ctx.version < ui.version) ui = freshUi(gameId);
  if (ui.step !== ctx.view.step) resetSelection(ctx.view.step);
  if (ctx.version === ui.version) return;
  ui.version = ctx.version;
  for (const event of ctx.events || []) {
    if (["round_started", "tile_chosen", "tile_placed", "tile_discarded", "building_bought", "turn_timed_out", "king_bonus", "game_ended"].includes(event.type)) {
      ui.log.push(event);
      ui.logCount += 1;
    }
  }
  ui.log = ui.log.slice(-8);
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
  const legal = ctx.seat != null && ctx.view.current === ctx.seat ? ctx.legal || [] : [];
  return {
    choose: new Set(legal.filter((a) => a.type === "choose_tile").map((a) => a.tile)),
    place: legal.filter((a) => a.type === "place_tile").map((a) => [key(a.cell_a), key(a.cell_b)]),
    buy: legal.filter((a) => a.type === "buy_building"),
    end: legal.some((a) => a.type === "end_turn"),
  };
}

// Cells my board highlights, and what a tap on each does.
function boardTargets(ctx, moves) {
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

function tapCell(ctx, cellKey) {
  const moves = myMoves(ctx);
  const kind = boardTargets(ctx, moves).get(cellKey);
  if (!kind) return;
  if (moves.place.length) {
    if (kind === "selected") ui.first = null;
    else if (kind === "partner") {
      const [a, b] = ui.swapped ? [cellKey, ui.first] : [ui.first, cellKey];
      send({ type: "place_tile", cell_a: a.split(",").map(Number), cell_b: b.split(",").map(Number) });
      return;
    } else ui.first = cellKey;
  } else if (kind === "chosen-plot") {
    ui.cell = null;
  } else {
    ui.cell = cellKey;
    ui.colour = moves.buy.find((a) => key(a.cell) === cellKey).colour;
  }
  rerender();
}

// -- sections --------------------------------------------------------------------------------------

function header(view, ctx) {
  const deadline = view.deadline;
  const left = deadline ? Math.max(0, Math.ceil((deadline - ctx.serverNow()) / 1000)) : 0;
  return h("div", { class: "qd-head", id: "qd-head" },
    h("strong", { class: "qd-round" }, t("qd.round", { r: view.round, n: view.rounds })),
    h("span", { class: "qd-king", id: "qd-king", dataset: { colour: view.king_colour } }, icon("king", view.king_colour),
      `${t("qd.king_colour")}: `, h("b", {}, t(`qd.colour.${view.king_colour}`))),
    h("span", { class: "muted" }, t("qd.pile", { n: view.draw_pile_size })),
    deadline && view.phase !== "finished"
      ? h("span", { class: "timer", id: "qd-timer", dataset: { deadline } }, t("seconds_left", { s: left })) : null);
}

function orderLine(view, ctx) {
  return h("ol", { class: "qd-order", id: "qd-order", "aria-label": t("qd.order") }, view.order.map((seat) =>
    h("li", { class: seat === view.current ? "current" : "", dataset: { seat } }, icon("pawn", PAWN[seat % PAWN.length]),
      h("span", {}, ctx.seatName(seat), seat === ctx.seat ? ` (${t("qd.you")})` : ""))));
}

function statusText(view, ctx, moves) {
  if (view.phase === "finished") return t("qd.status.finished");
  const mine = view.current === ctx.seat && ctx.seat != null;
  if (mine && ui.pending) return t("qd.status.sending");
  if (mine && view.phase === "choose") return t("qd.status.choose_you");
  if (mine && view.phase === "place") return ui.first ? t("qd.status.place_second") : t("qd.status.place_you", { n: view.current_tile });
  if (mine && view.phase === "build") return ui.cell ? t("qd.status.build_confirm") : t("qd.status.build_you");
  const name = ctx.seatName(view.current);
  return t(`qd.status.${view.phase}`, { name, n: view.current_tile });
}

function statusBar(view, ctx, moves) {
  const mine = view.current === ctx.seat && ctx.seat != null && view.phase !== "finished";
  return h("div", { class: `qd-status ${mine ? "mine" : ""}`, id: "qd-status", dataset: { phase: view.phase } },
    h("p", {}, statusText(view, ctx, moves)), orderLine(view, ctx));
}

function displaySection(view, ctx, moves) {
  const tiles = view.display.map((entry) => {
    const choosable = moves.choose.has(entry.tile) && !ui.pending;
    const who = entry.seat != null
      ? h("span", { class: "qd-chooser", dataset: { seat: entry.seat } }, icon("pawn", PAWN[entry.seat % PAWN.length]), ctx.seatName(entry.seat))
      : h("span", { class: "qd-chooser free" }, t("qd.free"));
    const current = entry.tile === view.current_tile;
    return h("button", { type: "button", class: `qd-tile ${choosable ? "choosable" : ""} ${entry.seat != null ? "taken" : ""} ${current ? "current" : ""}`,
      dataset: { tile: entry.tile, choosable: choosable ? "1" : "0", seat: entry.seat ?? "" }, disabled: !choosable,
      title: tileLabel(entry.tile), onclick: choosable ? () => send({ type: "choose_tile", tile: entry.tile }) : null },
    dominoSvg(entry.tile), who);
  });
  return h("section", { class: "qd-display", id: "qd-display" }, h("h3", {}, t("qd.display")), h("div", { class: "qd-tiles" }, tiles));
}

function marketSection(view, moves) {
  const buyable = new Set(moves.buy.map((a) => a.colour));
  const piles = BUILDING_COLOURS.map((colour) => {
    const pile = view.market[colour];
    const top = pile.top;
    const active = buyable.has(colour) && !ui.pending;
    const selected = ui.colour === colour && active;
    return h("button", { type: "button", class: `qd-pile ${colour} ${active ? "active" : ""} ${selected ? "selected" : ""}`,
      dataset: { pile: colour, buyable: active ? "1" : "0" }, disabled: !active,
      title: `${t("qd.building", { colour: t(`qd.colour.${colour}`) })} — ${t(`qd.rule.${colour}`)}`,
      onclick: active ? () => {
        ui.colour = selected ? null : colour;
        if (ui.cell && PRINTED[cellIndex(ui.cell)] !== ui.colour) ui.cell = null;
        rerender();
      } : null },
    s("svg", { class: "qd-pile-art", viewBox: "-34 -36 68 68", "aria-hidden": "true" }, houseShape(colour, top ? top.value : null)),
    h("span", { class: "qd-pile-text" },
      h("b", {}, t(`qd.colour.${colour}`)),
      top ? h("span", { class: "qd-price" }, icon("coin"), num(top.price)) : h("span", { class: "muted" }, t("qd.sold_out")),
      top ? h("span", { class: "qd-value" }, t("qd.value", { v: top.value })) : null,
      h("span", { class: "qd-left muted" }, t("qd.left", { n: pile.remaining.length })),
      h("small", { class: "qd-rule" }, t(`qd.rule.${colour}`))));
  });
  return h("section", { class: "qd-market", id: "qd-market" }, h("h3", {}, t("qd.market")), h("div", { class: "qd-piles" }, piles));
}

function actionBar(view, ctx, moves) {
  if (view.current !== ctx.seat || ctx.seat == null || view.phase === "finished") return null;
  const parts = [];
  if (moves.place.length) {
    const halves = TILES[view.current_tile];
    const first = halves[ui.swapped ? 1 : 0];
    parts.push(h("span", { class: "qd-first" }, t("qd.first_half"), " ",
      s("svg", { class: "qd-half-icon", viewBox: "0 0 100 100", "aria-hidden": "true" }, halfArt(first, 0, 0)), h("b", {}, halfLabel(first))));
    parts.push(h("button", { type: "button", id: "qd-swap", disabled: ui.pending, onclick: () => { ui.swapped = !ui.swapped; ui.first = null; rerender(); } }, t("qd.swap")));
    if (ui.first) parts.push(h("button", { type: "button", id: "qd-cancel", onclick: () => { ui.first = null; rerender(); } }, t("qd.cancel")));
  }
  if (view.phase === "build" && moves.end) {
    if (ui.cell && ui.colour) {
      const top = view.market[ui.colour].top;
      parts.push(h("button", { type: "button", class: "primary", id: "qd-buy", disabled: ui.pending, dataset: { colour: ui.colour, cell: ui.cell },
        onclick: () => send({ type: "buy_building", colour: ui.colour, cell: ui.cell.split(",").map(Number) }) },
      t("qd.buy", { price: top.price })));
      parts.push(h("button", { type: "button", id: "qd-cancel", onclick: () => { ui.cell = null; rerender(); } }, t("qd.cancel")));
    }
    parts.push(h("button", { type: "button", id: "qd-skip", disabled: ui.pending, onclick: () => send({ type: "end_turn" }) }, t("qd.skip")));
  }
  return parts.length ? h("div", { class: "qd-actions", id: "qd-actions" }, parts) : null;
}

function contentKind(content) {
  if (content === "castle") return "castle";
  return content?.terrain ? "tile" : content?.building ? "building" : "empty";
}

function cellTitle(content, index) {
  if (content === "castle") return t("qd.castle");
  if (content && content.terrain) return `${halfLabel(content)} (${t("qd.tile_n", { n: content.tile })})`;
  if (content && content.building) return `${t("qd.building", { colour: t(`qd.colour.${content.colour}`) })} · ${t("qd.value", { v: cardValue(content.building) })}`;
  const colour = t(`qd.colour.${PRINTED[index]}`);
  return BUILDING_COLOURS.includes(PRINTED[index]) ? t("qd.plot", { colour }) : t("qd.empty", { colour });
}

// One 5×5 board: printed plots, castle, tiles, buildings; on my turn the legal cells light up.
function boardSvg(view, ctx, seat, targets) {
  const rows = view.boards[seat];
  const mineToTap = targets != null;
  const publicMarks = new Set();
  if (!mineToTap && seat === view.current) {
    for (const p of view.highlight.placements) { publicMarks.add(key(p.cell_a)); publicMarks.add(key(p.cell_b)); }
    for (const p of view.highlight.purchases) publicMarks.add(key(p.cell));
  }
  const fresh = new Set(view.display.filter((e) => e.seat === seat).map((e) => e.tile));
  const cells = [];
  const tiles = new Map();
  rows.forEach((row, r) => row.forEach((content, c) => {
    const index = r * 5 + c;
    const x = c * CELL, y = r * CELL;
    const k = `${r},${c}`;
    const art = [];
    if (content === "castle") art.push(castleArt(PAWN[seat % PAWN.length]));
    else if (content && content.terrain) {
      art.push(halfArt(content, x, y));
      if (!tiles.has(content.tile)) tiles.set(content.tile, []);
      tiles.get(content.tile).push([r, c]);
    } else if (content && content.building) {
      art.push(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6, fill: PALE[content.colour] }),
        houseShape(content.colour, cardValue(content.building), { transform: `translate(${x + 50} ${y + 54}) scale(1.15)` }));
    } else {
      const printed = PRINTED[index];
      art.push(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6, fill: PALE[printed] }));
      if (BUILDING_COLOURS.includes(printed)) {
        art.push(s("path", { d: `M${x + 26} ${y + 48} L${x + 50} ${y + 26} L${x + 74} ${y + 48} V${y + 76} H${x + 26} Z`, fill: "none",
          stroke: HUE[printed], "stroke-width": 4, "stroke-dasharray": "7 5", "stroke-linejoin": "round", opacity: 0.9 }));
      }
    }
    const kind = targets?.get(k);
    if (kind === "selected" && view.current_tile) {
      art.push(s("g", { opacity: 0.75 }, halfArt(TILES[view.current_tile][ui.swapped ? 1 : 0], x, y)));
    }
    if (kind) art.push(s("rect", { class: `qd-mark ${kind}`, x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 8 }));
    else if (publicMarks.has(k)) art.push(s("rect", { class: "qd-mark public", x: x + 8, y: y + 8, width: CELL - 16, height: CELL - 16, rx: 8 }));
    cells.push(s("g", { class: `qd-cell ${kind ? "tappable" : ""}`, dataset: { cell: k, content: contentKind(content), ...(kind ? { legal: "1", mark: kind } : {}) },
      role: kind ? "button" : null, tabindex: kind ? 0 : null,
      onclick: kind ? () => tapCell(ctx, k) : null,
      onkeydown: kind ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tapCell(ctx, k); } } : null },
    s("title", {}, cellTitle(content, index)), art));
  }));
  // Each domino gets one outline around both halves; this round's tile is outlined in the accent colour.
  const outlines = [...tiles.entries()].filter(([, at]) => at.length === 2).map(([tile, at]) => {
    const r0 = Math.min(at[0][0], at[1][0]), c0 = Math.min(at[0][1], at[1][1]);
    const wide = at[0][0] === at[1][0];
    return s("rect", { class: `qd-outline ${fresh.has(tile) ? "fresh" : ""}`, x: c0 * CELL + 3, y: r0 * CELL + 3,
      width: (wide ? 2 : 1) * CELL - 6, height: (wide ? 1 : 2) * CELL - 6, rx: 8 });
  });
  return s("svg", { viewBox: "-8 -8 516 516", dir: "ltr", role: "group", "aria-label": t("qd.board_of", { name: ctx.seatName(seat) }),
    dataset: { seat }, id: mineToTap ? "qd-my-board" : null, class: `qd-board ${mineToTap && ui.first ? "picking" : ""}` },
  s("rect", { x: -8, y: -8, width: 516, height: 516, rx: 14, fill: "#6b4f33" }), cells, s("g", { "pointer-events": "none" }, outlines));
}

function kingSquares(view, seat) {
  let count = 0;
  for (const row of view.boards[seat]) {
    for (const content of row) {
      if (content && content.terrain && TERRAIN_COLOUR[content.terrain] === view.king_colour) count += 1;
      else if (content && content.building && content.colour === view.king_colour) count += 1;
    }
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
  const open = ui.legendOpen ?? window.matchMedia("(min-width: 721px)").matches;
  const swatch = (terrain) => h("li", {}, s("svg", { class: "qd-half-icon", viewBox: "0 0 100 100", "aria-hidden": "true" }, halfArt({ terrain }, 0, 0)),
    t(`qd.terrain.${terrain}`), h("span", { class: "muted" }, ` (${t(`qd.colour.${TERRAIN_COLOUR[terrain]}`)})`));
  const plot = s("svg", { class: "qd-half-icon", viewBox: "0 0 100 100", "aria-hidden": "true" },
    s("rect", { x: 2, y: 2, width: 96, height: 96, rx: 6, fill: PALE.red }),
    s("path", { d: "M26 48 L50 26 L74 48 V76 H26 Z", fill: "none", stroke: HUE.red, "stroke-width": 5, "stroke-dasharray": "7 5" }));
  return h("details", { class: "qd-legend", id: "qd-legend", open, ontoggle: (e) => { ui.legendOpen = e.target.open; } },
    h("summary", {}, t("qd.legend")),
    h("ul", { class: "qd-terrains" }, Object.keys(TERRAIN_COLOUR).map(swatch)),
    h("ul", { class: "qd-symbols" },
      h("li", {}, icon("crown"), t("qd.legend.crown")), h("li", {}, icon("coin"), t("qd.legend.gold")), h("li", {}, plot, t("qd.legend.plot")),
      BUILDING_COLOURS.map((colour) => h("li", {}, icon("house", colour), `${t("qd.building", { colour: t(`qd.colour.${colour}`) })} — ${t(`qd.rule.${colour}`)}`))));
}

function playerPanel(view, ctx, seat, moves) {
  const me = seat === ctx.seat;
  const targets = me && view.current === seat ? boardTargets(ctx, moves) : null;
  const parts = view.breakdown[seat];
  return h("section", { class: `qd-player ${me ? "me" : ""} ${view.current === seat ? "active" : ""}`, dataset: { seat }, id: `qd-player-${seat}` },
    h("header", { class: "qd-player-head" }, icon("pawn", PAWN[seat % PAWN.length]), h("strong", { class: "qd-name" }, ctx.seatName(seat)),
      me ? h("span", { class: "muted" }, `(${t("qd.you")})`) : null,
      view.current === seat && view.phase !== "finished" ? h("span", { class: "qd-turn-tag" }, t("qd.turn")) : null),
    me ? actionBar(view, ctx, moves) : null,
    h("div", { class: "qd-board-wrap" }, boardSvg(view, ctx, seat, targets)),
    h("div", { class: "qd-stats" },
      h("span", { class: "qd-gold", title: t("qd.gold"), dataset: { gold: view.gold[seat] } }, icon("coin"), h("span", { class: "qd-stat-name" }, t("qd.gold")), h("b", {}, num(view.gold[seat]))),
      h("span", { class: "qd-kingsq", title: t("qd.king_squares") }, icon("king", view.king_colour), h("span", { class: "qd-stat-name" }, t("qd.king_squares")), h("b", {}, num(kingSquares(view, seat)))),
      view.discards[seat] ? h("span", { class: "qd-discards", title: t("qd.discards") }, icon("cross"), h("span", { class: "qd-stat-name" }, t("qd.discards")), h("b", {}, num(view.discards[seat]))) : null),
    breakdownList(parts),
    me ? legend() : null);
}

function eventText(event, ctx) {
  const name = event.seat != null ? ctx.seatName(event.seat) : "";
  switch (event.type) {
    case "round_started": return t("qd.ev.round", { r: event.round });
    case "tile_chosen": return t("qd.ev.chosen", { name, n: event.tile });
    case "tile_placed": return event.gold_gained ? t("qd.ev.placed_gold", { name, n: event.tile, g: event.gold_gained }) : t("qd.ev.placed", { name, n: event.tile });
    case "tile_discarded": return t("qd.ev.discarded", { name, n: event.tile, p: event.penalty });
    case "building_bought": {
      const building = t("qd.building", { colour: t(`qd.colour.${cardColour(event.card)}`) });
      return event.points ? t("qd.ev.bought_points", { name, building, price: event.price, p: event.points }) : t("qd.ev.bought", { name, building, price: event.price });
    }
    case "turn_timed_out": return t("qd.ev.timeout", { name });
    case "king_bonus": return event.seat != null ? t("qd.ev.king", { name }) : t("qd.ev.king_none");
    case "game_ended": return t("qd.ev.ended");
    default: return "";
  }
}

function feed(ctx) {
  if (!ui.log.length) return null;
  return h("ul", { class: "qd-log", id: "qd-log" }, [...ui.log].reverse().slice(0, 5).map((event) => h("li", { class: `ev-${event.type}` }, eventText(event, ctx))));
}

// -- the renderer ----------------------------------------------------------------------------------

export function render(root, ctx) {
  latest = { root, ctx };
  ctx.rerender = () => render(root, ctx);
  const view = ctx.view;
  absorbEvents(ctx);
  const moves = myMoves(ctx);
  if (!ui.wrap) {
    ui.wrap = h("div", { class: "queendomino" });
    ui.top = h("div", { class: "qd-top" });
    ui.players = h("div", { class: "qd-players", id: "qd-players" });
  }
  ui.wrap.dataset.phase = view.phase;
  ui.wrap.dataset.current = view.current ?? "";
  if (root.firstChild !== ui.wrap || root.childNodes.length !== 1) root.replaceChildren(ui.wrap);
  const sel = JSON.stringify([ui.first, ui.swapped, ui.colour, ui.cell, ui.pending]);
  const names = JSON.stringify(Array.from({ length: view.players }, (_, seat) => ctx.seatName(seat)));
  const legalKey = JSON.stringify(ctx.legal || []);
  sync(ui.top, [
    ui.memo("display", JSON.stringify([view.display, view.current_tile, [...moves.choose], ui.pending, names]), () => displaySection(view, ctx, moves)),
    ui.memo("market", JSON.stringify([view.market, moves.buy.map((a) => a.colour), ui.colour, ui.pending]), () => marketSection(view, moves)),
  ]);
  const order = ctx.seat != null ? [ctx.seat, ...Array.from({ length: view.players }, (_, i) => i).filter((i) => i !== ctx.seat)]
    : Array.from({ length: view.players }, (_, i) => i);
  sync(ui.players, order.map((seat) => {
    const mine = seat === ctx.seat;
    const boardKey = JSON.stringify([view.boards[seat], view.breakdown[seat], view.gold[seat], view.discards[seat], view.current, view.phase,
      view.current === seat ? view.highlight : null, view.current_tile, view.display.filter((e) => e.seat === seat), view.king_colour,
      ctx.seatName(seat), mine ? [sel, legalKey, view.market] : null]);
    return ui.memo(`player${seat}`, boardKey, () => playerPanel(view, ctx, seat, moves));
  }));
  sync(ui.wrap, [
    ui.memo("head", JSON.stringify([view.round, view.rounds, view.king_colour, view.draw_pile_size, view.deadline, view.phase]), () => header(view, ctx)),
    ui.memo("status", JSON.stringify([view.phase, view.current, view.current_tile, view.order, sel, names, ctx.seat]), () => statusBar(view, ctx, moves)),
    ui.top,
    ui.players,
    ctx.seat == null ? ui.memo("legend", "", legend) : null,
    ui.memo("log", JSON.stringify([ui.logCount, names]), () => feed(ctx)),
  ]);
}

export function resultDetails(result, ctx) {
  const ranking = result.ranking || [];
  const breakdown = result.breakdown || {};
  const rows = ranking.map((seat) => {
    const parts = breakdown[seat] || {};
    const rank = result.ranks?.[seat];
    return h("tr", { class: rank === 1 ? "winner" : "", dataset: { seat, rank, score: result.scores?.[seat], gold: result.gold?.[seat] ?? parts.gold } },
      h("td", {}, num(rank)),
      h("td", {}, h("span", { class: "qd-res-name" }, icon("pawn", PAWN[seat % PAWN.length]), ctx.seatName(seat), seat === ctx.seat ? ` (${t("qd.you")})` : ""),
        breakdownList(parts)),
      h("td", { class: "qd-res-score" }, num(result.scores?.[seat])),
      h("td", {}, num(result.gold?.[seat] ?? parts.gold)));
  });
  // Ties on score: say whether gold decided or the place is shared.
  const notes = [];
  const byScore = new Map();
  for (const seat of ranking) {
    const score = result.scores?.[seat];
    if (!byScore.has(score)) byScore.set(score, []);
    byScore.get(score).push(seat);
  }
  for (const [score, seats] of byScore) {
    if (seats.length < 2) continue;
    const names = seats.map((seat) => ctx.seatName(seat)).join(currentLang() === "fa" ? "، " : ", ");
    const shared = new Set(seats.map((seat) => result.ranks?.[seat])).size === 1;
    notes.push(h("p", { class: "qd-tie", dataset: { tie: shared ? "shared" : "gold" } }, t(shared ? "qd.res.tie_shared" : "qd.res.tie_gold", { names, score })));
  }
  return h("div", { class: "qd-result" },
    h("table", { class: "qd-results", id: "qd-results" },
      h("thead", {}, h("tr", {}, [t("qd.res.rank"), t("qd.res.player"), t("qd.res.score"), t("qd.res.gold")].map((x) => h("th", {}, x)))),
      h("tbody", {}, rows)),
    notes, h("p", { class: "muted qd-rule-note" }, t("qd.res.rule")));
}
