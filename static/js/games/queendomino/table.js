// Queendomino's table: what `render` draws, and the small UI state it keeps between redraws.
import { restoreFocus, savedFocus } from "../../focus.js";
import { h, s, partCache, sync } from "../../dom.js";
import { captureRects } from "../../motion.js";
import { num, t, timeLeft } from "../../i18n/index.js";
import { seatBadge } from "../../room/presence.js";
import { BUILDING_COLOURS, CELL, PRINTED, SIZE, TERRAIN_COLOUR, TILES, boardFrame, buildingSvg, cardColour, cardValue, cellArt, cellIndex, cellOf, dominoOutlines, dominoSvg, halfArt, halfLabel, icon, key, pawnColour, plotArt, seats, tileLabel } from "./art.js";
import { logLines } from "./log.js";

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

const focusedKey = () => savedFocus(ui.wrap)?.key ?? null;
// `ui.focusNext` names a control: "choose" (a tile or building to choose) or a data-focus key.
const focusTarget = (name) => (name === "choose" ? "[data-choosable='1']" : `[data-focus="${CSS.escape(name)}"]`);

// After a redraw, a control that had the focus gets it back; if it is gone (a tile just taken), the
// control of my next action does. Focus is only restored when it was inside the table.
function focusAfter(had) {
  const wanted = ui.focusNext;
  ui.focusNext = null;
  restoreFocus(ui.wrap, had, { next: wanted && focusTarget(wanted), fallbacks: [focusTarget("choose"), focusTarget("board")], neighbour: false });
}

// -- sections --------------------------------------------------------------------------------------

// The player to move shows the turn's clock on their badge (room/presence.js paintTurnTimers).
export function turnDeadline(view, seat) {
  return view.phase !== "finished" && view.current === seat ? view.deadline ?? null : null;
}

function header(view, ctx) {
  const deadline = view.deadline;
  const left = deadline ? Math.max(0, Math.ceil((deadline - ctx.serverNow()) / 1000)) : 0;
  return h("div", { class: "qd-head", id: "qd-head" },
    h("strong", { class: "qd-round" }, t("qd.round", { r: view.round, n: view.rounds })),
    h("span", { class: "qd-king", id: "qd-king", dataset: { colour: view.king_colour } }, icon("king", view.king_colour),
      `${t("qd.king_colour")}: `, h("b", {}, t(`qd.colour.${view.king_colour}`))),
    deadline && view.phase !== "finished"
      ? h("span", { class: `timer ${left <= 10 ? "urgent" : ""}`.trim(), id: "qd-timer", dataset: { deadline } }, timeLeft(left)) : null);
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
      // A picked cell says so, so a coach pointing at "this cell, then that one" moves on (docs/TUTORIALS.md).
      "aria-selected": kind === "selected" || kind === "chosen-plot" ? "true" : null,
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

export function breakdownList(parts) {
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
  h("header", { class: "qd-player-head" }, seatBadge(ctx, seat, { turn: view.current === seat && view.phase !== "finished" }),
    icon("pawn", pawnColour(seat)), h("strong", { class: "qd-name", id: `qd-name-${seat}` }, ctx.seatName(seat)),
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
    h("span", { class: "qd-tab-who" }, seatBadge(ctx, seat, { turn: view.current === seat && view.phase !== "finished", size: 20 }), icon("pawn", pawnColour(seat)), h("span", { class: "qd-tab-name" }, seat === ctx.seat ? t("qd.you") : ctx.seatName(seat))),
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
  // Flying copies live here, a part the table keeps, so a redraw does not cut a flight short.
  ui.flights = h("div", { class: "motion-layer", "aria-hidden": "true" });
}

// A placed tile travels from the display onto its two cells; a bought building from its market
// pile onto its plot (drawn on the board of whoever moved, where that board is on screen).
const MOVABLE = "#qd-display [data-tile] > svg:first-child, #qd-market [data-pile] > svg:first-child";

function movableKey(el) {
  const holder = el.parentElement;
  return holder.dataset.tile != null ? `tile:${holder.dataset.tile}` : `pile:${holder.dataset.pile}`;
}

function travel(motion, ctx) {
  const cell = (seat, [r, c]) => ui.wrap.querySelector(`.qd-board[data-seat="${seat}"] [data-cell="${r},${c}"]`);
  for (const e of ctx.events || []) {
    if (e.type === "tile_placed") motion.send(`tile:${e.tile}`, [cell(e.seat, e.cell_a), cell(e.seat, e.cell_b)]);
    if (e.type === "building_bought") motion.send(`pile:${cardColour(e.card)}`, cell(e.seat, e.cell));
  }
}

// Wide: my column (actions, board, key) beside the side column (display, market, other boards).
function layOut(view, ctx, parts, others, wide) {
  if (!wide) {
    sync(ui.wrap, [...narrowOrder(view, ctx, parts), ui.flights]);
    return;
  }
  sync(ui.wrap, [parts.head, parts.status, ui.main, ui.side, ui.flights]);
  sync(ui.main, [parts.actions, ui.boards, parts.legend]);
  sync(ui.side, [parts.display, parts.market, others.length ? ui.others : null]);
}

export function render(root, ctx) {
  latest = { root, ctx };
  ctx.rerender = () => render(root, ctx);
  const view = ctx.view;
  const had = savedFocus(ui.wrap);
  absorb(ctx);
  const moves = myMoves(ctx);
  placeCursor(view, isMyTurn(ctx) ? boardTargets(moves) : new Map());
  skeleton();
  const motion = ctx.version !== ui.motionVersion ? captureRects(ui.wrap, MOVABLE, { keyOf: movableKey, layer: ui.flights }) : null;
  ui.motionVersion = ctx.version;
  const wide = WIDE.matches;
  Object.assign(ui.wrap.dataset, { phase: view.phase, current: view.current ?? "", layout: wide ? "wide" : "narrow",
    patterns: [true, "on"].includes(ctx.settings?.patterns) || ctx.settings?.contrast === true ? "on" : "off" });
  if (root.firstChild !== ui.wrap || root.childNodes.length !== 1) root.replaceChildren(ui.wrap);
  const parts = sectionParts(view, ctx, moves);
  const { boards, others } = boardsParts(view, ctx, moves, wide);
  sync(ui.boards, boards);
  sync(ui.others, others);
  layOut(view, ctx, { ...parts, boards: ui.boards }, others, wide);
  focusAfter(had);
  if (motion) travel(motion, ctx);
}

/** How many decisions wait for this seat now: one while it is my turn, else none. */
export function pending(ctx) {
  return ctx?.view && isMyTurn(ctx) && (ctx.legal || []).length ? 1 : 0;
}
