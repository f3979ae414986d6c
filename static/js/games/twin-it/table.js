// Twin It's table: what `render` draws, and the small UI state it keeps between redraws.
import { h, s, sync } from "../../dom.js";
import { currentLang, plural, t, timeLeft } from "../../i18n/index.js";
import { seatBadge } from "../../room/presence.js";
import { restoreFocus, savedFocus } from "../../focus.js";
import { captureRects } from "../../motion.js";
import { backSvg, designParams, designSvg } from "./art.js";
import { fitCentre, fitScreen, listenForResize, onKey, scheduleWake } from "./layout.js";
import { absorbEvents, onButton, onCardTap, onSetTap, playState, pruneSelection } from "./play.js";
import { FEED_MS, node, redraw, resetUi, setLatest, ui } from "./state.js";

// -- owners, names, counts --------------------------------------------------------------------

export function ownerOfSeat(view, seat) {
  if (seat == null) return undefined;
  if (view.mode === "team") return seat % 2;
  if (view.mode === "coop") return null;
  return seat;
}

export function teamName(team) { return t(team === 0 ? "tw.team_a" : "tw.team_b"); }

export function ownerName(view, ctx, owner) {
  if (view.mode === "coop" || owner == null) return t("tw.table");
  if (view.mode === "team") return teamName(owner);
  return ctx.seatName(owner);
}

export function namesOf(ctx, seats) { return (seats || []).map((seat) => ctx.seatName(seat)).join(" + "); }

function ownerRow(view, owner) {
  const key = view.mode === "team" ? "team" : "seat";
  return view.owners.find((row) => row[key] === owner);
}

// A count in words, through the language's plural rules: English has a singular (`<key>.one`).
export function count(key, n, params = {}) {
  return plural(key, n, params);
}

export function legalHas(ctx, type) { return (ctx.legal || []).some((a) => a.type === type); }

export function isLocked(view, ctx, seat) { return seat != null && (view.locked_until?.[seat] || 0) > ctx.serverNow(); }

export function lockoutSeconds(view) { return Math.round((view.config?.mistake_lockout_ms || 0) / 100) / 10; }

// An accessible name for a design, cached per language (a redraw labels every card).
const described = new Map();

export function describe(design) {
  const key = `${currentLang()}:${design}`;
  if (!described.has(key)) {
    const p = designParams(design);
    described.set(key, t("tw.describe", { count: p.count, shape: t(`tw.shape.${p.shape}`), layout: t(`tw.layout.${p.layout}`),
      primary: t(`tw.color.${p.colors.primary}`), secondary: t(`tw.color.${p.colors.secondary}`),
      background: t(`tw.color.${p.colors.background}`) }));
  }
  return described.get(key);
}

// -- small drawings -------------------------------------------------------------------------------

function lockIcon() {
  return s("svg", { viewBox: "0 0 20 20", class: "tw-icon", "aria-hidden": "true" },
    s("rect", { x: 4, y: 9, width: 12, height: 9, rx: 2, fill: "currentColor" }),
    s("path", { d: "M7 9V6a3 3 0 0 1 6 0v3", fill: "none", stroke: "currentColor", "stroke-width": 2 }));
}

function turnIcon() {
  return s("svg", { viewBox: "0 0 20 20", class: "tw-icon", "aria-hidden": "true" },
    s("path", { d: "M15 8a5.5 5.5 0 1 0 .5 4", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round" }),
    s("path", { d: "M16.5 3.5v5h-5", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

function turnArrowIcon() {
  return s("svg", { viewBox: "0 0 20 20", class: "tw-icon", "aria-hidden": "true" },
    s("path", { d: "M4 10h9M9 5l5 5-5 5", fill: "none", stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

export const TEAM_COLOURS = ["#0e7490", "#c2410c"];

// Team 1 is a triangle, team 2 a circle: a shape beside the colour, never the colour alone.
export function teamSymbol(team, attrs = {}, fill = "currentColor") {
  return s("svg", { viewBox: "0 0 20 20", class: `tw-icon tw-team-sym team-${team}`, "aria-hidden": "true", ...attrs },
    team === 0 ? s("polygon", { points: "10,2 18.5,17 1.5,17", fill }) : s("circle", { cx: 10, cy: 10, r: 8, fill }));
}

export function teamTag(team) {
  return h("span", { class: `tw-team-tag team-${team}` }, teamSymbol(team), teamName(team));
}

function banIcon() {
  return s("svg", { viewBox: "0 0 100 100", class: "tw-ban", "aria-hidden": "true" },
    s("circle", { cx: 50, cy: 50, r: 42, fill: "none", stroke: "#b42318", "stroke-width": 9 }),
    s("line", { x1: 20, y1: 80, x2: 80, y2: 20, stroke: "#b42318", "stroke-width": 9 }));
}

// A timer the room's ticker keeps up to date; filled now so it is never blank for a tick. It turns
// urgent (red) in its last `urgentAt` seconds; the ticker reads the same number from data-urgent-at.
function timer(ctx, deadline, extra = "", urgentAt = 10) {
  const left = Math.max(0, Math.ceil((deadline - ctx.serverNow()) / 1000));
  return h("span", { class: `timer ${left <= urgentAt ? "urgent" : ""} ${extra}`.trim(), dataset: { deadline, urgentAt } }, timeLeft(left));
}

// The flip timer is short (10 s by default): urgent only in its last third, never from its first second.
function flipTimer(ctx) {
  const seconds = (ctx.view.config?.flip_timeout_ms ?? 10000) / 1000;
  return timer(ctx, ctx.view.flip_deadline, "tw-flip-timer", Math.min(10, Math.max(1, Math.round(seconds / 3))));
}

// -- card and set nodes ---------------------------------------------------------------------------

// A loose card as a button. A card that changes (flipped away, turned over) gets a new node, so a
// tap that began on the old picture is never sent for the new one. `focus` names its place, so
// the keyboard focus stays on that place when the card there changes.
function cardNode(zone, entry, focus, { label, enabled, touch, ctx, size = "" }) {
  const el = node(`card:${zone}:${entry.card}:${entry.design}`, () => {
    const button = h("button", { type: "button", class: "tw-card", dataset: { card: entry.card, design: entry.design, zone } },
      designSvg(entry.design, { class: "tw-art" }));
    button.addEventListener("click", () => onCardTap(button));
    return button;
  });
  el._entry = { ...entry, zone };
  const picked = ui.picks.some((p) => p.card === entry.card && p.set == null);
  attr(el, "data-focus", focus);
  el.classList.toggle("tw-sm", size === "small");
  el.classList.toggle("tw-lg", size === "big");
  el.classList.toggle("selected", picked);
  attr(el, "aria-pressed", String(picked));
  attr(el, "aria-label", touch ? `${label} (${touch.seat === ctx.seat ? t("tw.your_hand") : ctx.seatName(touch.seat)})` : label);
  setEnabled(el, enabled);
  paintTouch(el, touch, ctx);
  return el;
}

function setEnabled(el, on) {
  if (on) el.removeAttribute("aria-disabled");
  else attr(el, "aria-disabled", "true");
}

// An attribute written only when it changes: a race table repaints every card many times a second.
function attr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

// Team mode: a live touch rings the card and names whose hand is on it (not colour alone).
function paintTouch(el, touch, ctx) {
  const key = touch ? `${touch.seat}:${touch.expires_at}:${currentLang()}` : "";
  if (el._touchKey === key) return;
  el.classList.remove("touched", "mine", "mate", "opp");
  if (touch) {
    const mine = touch.seat === ctx.seat;
    const mate = !mine && ctx.seat != null && touch.seat % 2 === ctx.seat % 2;
    el.classList.add("touched", mine ? "mine" : mate ? "mate" : "opp");
  }
  el._touchKey = key;
  el.querySelector(".tw-touch")?.remove();
  if (touch) {
    el.append(h("span", { class: `tw-touch team-${touch.seat % 2}`, "aria-hidden": "true" }, teamSymbol(touch.seat % 2),
      touch.seat === ctx.seat ? t("tw.your_hand") : ctx.seatName(touch.seat)));
  }
}

function cardLabel(entry, where) { return `${describe(entry.design)} — ${where}`; }

// A won set: a pair is a button (a steal or upgrade starts there); a triple is only a picture.
function setNode(ctx, set, play) {
  const view = ctx.view;
  const pair = set.cards.length === 2;
  const el = node(`set:${set.id}:${set.cards.length}`, () => {
    const chip = h(pair ? "button" : "div", {
      type: pair ? "button" : null, role: pair ? null : "img", class: `tw-set ${pair ? "pair" : "triple"}`,
      dataset: { set: set.id, design: set.design, size: set.cards.length },
    }, set.cards.map((card) => h("span", { class: "tw-set-card", dataset: { card, design: set.design, zone: "set" } },
      designSvg(set.design, { class: "tw-art" }))));
    if (pair) chip.addEventListener("click", () => onSetTap(chip));
    return chip;
  });
  el._set = set;
  attr(el, "data-owner", String(set.owner ?? "table"));
  attr(el, "aria-label", t(pair ? "tw.set_pair" : "tw.set_triple", { owner: ownerName(view, ctx, set.owner), design: describe(set.design) }));
  if (pair) {
    const picked = ui.picks.some((p) => p.set === set.id);
    attr(el, "data-focus", `set:${set.id}`);
    el.classList.toggle("selected", picked);
    attr(el, "aria-pressed", String(picked));
    setEnabled(el, play.canClaim);
    const touch = play.touches?.get(set.cards[0]);
    const ring = touch ? (touch.seat === ctx.seat ? "mine" : touch.seat % 2 === (ctx.seat ?? -1) % 2 ? "mate" : "opp") : null;
    for (const name of ["mine", "mate", "opp"]) el.classList.toggle(name, name === ring);
    el.classList.toggle("touched", !!touch);
  }
  return el;
}

// The sets of one owner in a strip that scrolls sideways inside itself.
function setStrip(key, ctx, owner, play) {
  const strip = node(`strip:${key}`, () => h("div", { class: "tw-strip", dataset: { scrolls: "", focusGroup: `strip:${key}` } }));
  const sets = ctx.view.sets.filter((set) => (set.owner ?? null) === owner);
  sync(strip, sets.map((set) => setNode(ctx, set, play)));
  return strip;
}

// -- the parts of the table -----------------------------------------------------------------------

function statusBits(ctx) {
  const view = ctx.view;
  const me = ctx.seat;
  if (view.phase === "COUNTDOWN") return [h("span", {}, t("tw.countdown")), " ", timer(ctx, view.countdown_end, "tw-countdown")];
  if (view.phase === "FINISHED") return [t("tw.game_over")];
  if (view.mode === "coop") return [h("span", {}, t("tw.time_left")), " ", timer(ctx, view.coop_end, "tw-coop-timer")];
  if (view.active == null && view.last_call_deadline) return [h("span", {}, t("tw.last_call")), " ", timer(ctx, view.last_call_deadline, "tw-last-call")];
  if (view.active === me) return [h("strong", {}, t("tw.your_turn")), " ", flipTimer(ctx)];
  if (view.active != null) return [h("span", {}, t("tw.flips_next", { name: ctx.seatName(view.active) })), " ", flipTimer(ctx)];
  return [];
}

function header(ctx) {
  const view = ctx.view;
  const bits = [h("span", { class: "badge" }, t(`tw.mode.${view.mode}`))];
  if (view.mode === "coop") {
    bits.push(h("strong", { class: "tw-points-big", id: "tw-points" }, count("tw.points", view.points ?? 0)));
  } else {
    bits.push(h("span", { class: "tw-target", dataset: { target: view.target_sets } }, t("tw.goal", { n: view.target_sets })));
    if (view.config.forbidden_pattern) bits.push(h("span", { class: "muted tw-variant" }, t("tw.forbidden_variant")));
    // The hard cap is far away in nearly every game: it shows only in its last two minutes.
    if (view.cap_deadline && view.phase === "PLAYING" && view.cap_deadline - ctx.serverNow() < 120000) {
      bits.push(h("span", { class: "tw-cap" }, t("tw.cap"), " ", timer(ctx, view.cap_deadline)));
    }
  }
  const mine = view.phase === "PLAYING" && view.active != null && view.active === ctx.seat;
  bits.push(h("span", { class: `tw-status ${mine ? "mine" : ""}`.trim(), id: "tw-status" }, statusBits(ctx)));
  return h("div", { class: "tw-head" }, bits);
}

function headKey(ctx) {
  const v = ctx.view;
  const capSoon = v.cap_deadline && v.cap_deadline - ctx.serverNow() < 120000;
  return JSON.stringify([v.phase, v.mode, v.active, v.flip_deadline, v.last_call_deadline, v.countdown_end, v.coop_end, v.points,
    v.target_sets, capSoon, ctx.seat, v.active != null ? ctx.seatName(v.active) : ""]);
}

// One other player as a compact row: their pile top (claimable), name, count, sets, lockout.
function seatRow(ctx, seat, play) {
  const view = ctx.view;
  const pile = view.piles[seat];
  const row = node(`row:${seat}`, () => h("div", { class: "tw-seat", dataset: { seat } },
    h("div", { class: "tw-top", dataset: { focusGroup: "tops" } }), h("div", { class: "tw-info" })));
  const active = view.phase === "PLAYING" && view.active === seat;
  attr(row, "class", `tw-seat ${active ? "active" : ""} ${view.mode === "team" ? `team-${seat % 2}` : ""}`.trim());
  const [top, info] = row.children;
  if (view.mode !== "coop") sync(top, [pileTopNode(ctx, pile, play, "small")]);
  top.hidden = view.mode === "coop";
  const locked = isLocked(view, ctx, seat) ? view.locked_until[seat] : 0;
  const sets = view.mode === "competitive" ? ownerRow(view, seat)?.sets ?? 0 : null;
  const key = JSON.stringify([ctx.seatName(seat), pile.count, sets, active, locked, view.target_sets]);
  sync(info, [ui.memo(`info:${seat}`, key, () => seatInfo(ctx, seat, { pile, sets, active, locked }))]);
  const parts = [top, info];
  if (view.mode === "competitive") parts.push(setStrip(`seat${seat}`, ctx, seat, play));
  sync(row, parts);
  return row;
}

// The seat to flip shows its clock on its badge (room/presence.js paintTurnTimers).
export function turnDeadline(view, seat) {
  return view.phase === "PLAYING" && view.active === seat ? view.flip_deadline ?? null : null;
}

function seatInfo(ctx, seat, { pile, sets, active, locked }) {
  const view = ctx.view;
  const stats = [];
  if (view.mode !== "coop") stats.push(h("span", { class: "tw-count", dataset: { count: pile.count } }, pile.count ? count("tw.cards_left", pile.count) : t("tw.empty_pile")));
  if (sets != null) stats.push(h("span", { class: "tw-score", dataset: { sets } }, t("tw.sets_of", { n: sets, target: view.target_sets })));
  if (view.mode === "team") stats.push(teamTag(seat % 2));
  if (active) stats.push(h("span", { class: "tw-turn-tag" }, turnArrowIcon(), t("tw.turn")));
  if (locked) stats.push(h("span", { class: "tw-locked-tag" }, lockIcon(), h("span", { class: "sr" }, t("tw.locked_short")), " ", timer(ctx, locked)));
  return h("div", { class: "tw-info-in" }, seatBadge(ctx, seat, { turn: active }), h("strong", { class: "tw-name" }, ctx.seatName(seat)),
    h("span", { class: "tw-stats" }, stats));
}

// A pile's top card (or its back while hidden, or an empty outline).
function pileTopNode(ctx, pile, play, size) {
  const mine = pile.seat === ctx.seat;
  if (!pile.top) {
    const state = pile.count ? "back" : "empty";
    return node(`pile-ph:${pile.seat}:${state}`, () => h("div", { class: `tw-card ${size === "small" ? "tw-sm" : "tw-lg"} placeholder ${state}`, dataset: { zone: "pile" } },
      pile.count ? backSvg({ class: "tw-art" }) : null));
  }
  const where = mine ? t("tw.where.my_pile") : t("tw.where.pile", { name: ctx.seatName(pile.seat) });
  return cardNode("pile", pile.top, `pile:${pile.seat}`,
    { label: cardLabel(pile.top, where), enabled: play.canClaim, touch: play.touches?.get(pile.top.card), ctx, size });
}

// Team mode: the other team's sets, with its symbol and score (yours are in your own area).
function teamsArea(ctx, play) {
  const view = ctx.view;
  const mine = ownerOfSeat(view, ctx.seat);
  const teams = [0, 1].filter((team) => team !== mine);
  const box = node("teams", () => h("section", { class: "tw-teams", id: "tw-teams" }));
  sync(box, teams.map((team) => ownerLine(ctx, team, `team${team}`, play)));
  return box;
}

// An owner's score line and its strip of sets (a team, or the coop table, or you).
function ownerLine(ctx, owner, key, play) {
  const view = ctx.view;
  const line = node(`owner:${key}`, () => h("div", { class: "tw-owner", dataset: { owner: owner ?? "table" } }, h("div", { class: "tw-owner-head" })));
  attr(line, "class", `tw-owner ${view.mode === "team" ? `team-${owner}` : ""}`.trim());
  const row = owner == null ? null : ownerRow(view, owner);
  const stats = JSON.stringify([view.mode, row, view.points, view.target_sets, view.mode === "team" ? namesOf(ctx, row?.seats) : ""]);
  sync(line.firstChild, [ui.memo(`ownerhead:${key}`, stats, () => ownerHead(ctx, owner, row))]);
  sync(line, [line.firstChild, setStrip(key, ctx, owner, play)]);
  return line;
}

function ownerHead(ctx, owner, row) {
  const view = ctx.view;
  const bits = [];
  if (view.mode === "team") bits.push(h("strong", { class: "tw-team-name", title: namesOf(ctx, row.seats) }, teamTag(owner)));
  if (view.mode === "coop") bits.push(h("strong", {}, count("tw.points", view.points ?? 0)));
  else bits.push(h("span", { class: "tw-score", dataset: { sets: row.sets } }, t("tw.sets_of", { n: row.sets, target: view.target_sets })));
  const mistakes = view.mode === "coop" ? view.owners.reduce((sum, r) => sum + r.mistakes, 0) : row.mistakes;
  if (mistakes) bits.push(h("span", { class: "tw-mistakes bad" }, count("tw.mistakes", mistakes)));
  return h("div", { class: "tw-owner-in" }, bits);
}

// The centre: one cell per slot, so cards keep their place while others are claimed around them.
function centreArea(ctx, play) {
  const view = ctx.view;
  const box = node("centre", () => h("section", { class: "tw-centre", id: "tw-centre", dataset: { scrolls: "" } },
    h("div", { class: "tw-grid", dataset: { focusGroup: "centre" } })));
  attr(box, "aria-label", t("tw.centre"));
  box.classList.toggle("turning", ui.turnMode);
  const grid = box.firstChild;
  const bySlot = new Map(view.centre.map((entry) => [entry.slot, entry]));
  const last = view.centre.reduce((m, entry) => Math.max(m, entry.slot), -1);
  const cells = [];
  for (let slot = 0; slot <= last; slot++) {
    const entry = bySlot.get(slot);
    if (!entry) { cells.push(node(`slot-ph:${slot}`, () => h("div", { class: "tw-card placeholder slot", dataset: { slot } }))); continue; }
    const enabled = ui.turnMode ? play.canTurn : play.canClaim;
    const el = cardNode("centre", entry, `slot:${slot}`,
      { label: cardLabel(entry, t("tw.where.centre")), enabled, touch: play.touches?.get(entry.card), ctx });
    attr(el, "data-slot", String(slot));
    cells.push(el);
  }
  if (!cells.length) cells.push(ui.memo("centre-empty", "", () => h("p", { class: "muted tw-empty" }, t("tw.centre_empty"))));
  sync(grid, cells);
  attr(box, "data-cards", String(view.centre.length));
  return box;
}

function forbiddenArea(ctx, play) {
  const view = ctx.view;
  if (!view.forbidden?.cards?.length && !view.forbidden_designs?.length) return null;
  const seat = view.forbidden?.seat ?? view.config.previous_winner;
  const name = seat != null ? ctx.seatName(seat) : "";
  const box = node("forbidden", () => h("section", { class: "tw-forbidden", id: "tw-forbidden" },
    h("div", { class: "tw-forbidden-label" }), h("div", { class: "tw-row", dataset: { focusGroup: "forbidden" } }), h("div", { class: "tw-banned" })));
  const [label, cards, banned] = box.children;
  const designs = view.forbidden_designs || [];
  sync(label, [ui.memo("forbidden-label", name, () => h("span", {}, banIcon(), t("tw.forbidden_for", { name })))]);
  sync(cards, (view.forbidden?.cards || []).map((entry, i) => cardNode("forbidden", entry, `forbidden:${i}`,
    { label: cardLabel(entry, t("tw.where.forbidden")), enabled: play.canClaim, touch: play.touches?.get(entry.card), ctx })));
  sync(banned, [ui.memo("banned", JSON.stringify([name, designs]), () => h("span", {
    class: "tw-row", role: "img", "aria-label": t("tw.banned", { name, designs: designs.map(describe).join(t("list_sep")) }) },
  designs.map((design) => h("span", { class: "tw-mini", dataset: { forbiddenDesign: design } }, designSvg(design, { class: "tw-art" }), banIcon()))))]);
  return box;
}

// One line under the centre: a reply to you, else your lockout, else what the selection needs, else
// the latest event, else the hint. Its height never changes, so nothing below it jumps.
function messageLine(ctx) {
  const view = ctx.view;
  const now = Date.now();
  let kind = "hint";
  let text;
  let lockUntil = 0;
  const loose = ui.picks.filter((p) => p.set == null).length;
  if (ui.flash && ui.flash.until > now) { kind = ui.flash.kind; text = ui.flash.text(); }
  else if (view.phase === "PLAYING" && isLocked(view, ctx, ctx.seat)) { kind = "locked"; lockUntil = view.locked_until[ctx.seat]; text = t("tw.locked"); }
  else if (ui.turnMode) text = t("tw.hint_turn");
  else if (ui.picks.length && view.mode === "coop") text = t("tw.picked_coop", { n: ui.picks.length });
  else if (ui.picks.length) text = t(loose ? "tw.picked_one" : "tw.picked_pair");
  else if (ui.feed[0] && now - ui.feed[0].at < FEED_MS) { kind = `feed ${ui.feed[0].kind}`; text = ui.feed[0].text(); }
  else text = t(view.mode === "team" ? "tw.hint_team" : view.mode === "coop" ? "tw.hint_coop" : "tw.hint");
  const key = JSON.stringify([kind, text, lockUntil]);
  return ui.memo("msg", key, () => h("p", { class: `tw-msg ${kind}`, id: "tw-msg", dataset: { kind } },
    kind === "locked" ? [lockIcon(), " ", text, " ", timer(ctx, lockUntil)] : text));
}

// A button kept for the whole game: disabled buttons stay focusable (aria-disabled).
function button(name, id, cls, label, { enabled, pressed = null }) {
  const el = node(`btn:${name}`, () => {
    const b = h("button", { type: "button", id, class: cls, dataset: { focus: `btn:${name}` } });
    b.addEventListener("click", () => onButton(name));
    return b;
  });
  if (el.textContent !== label) el.textContent = label;
  setEnabled(el, enabled);
  if (pressed != null) el.setAttribute("aria-pressed", String(pressed));
  return el;
}

// Your own area: your pile (or the coop stock), your buttons, and your (team's, table's) sets.
function myArea(ctx, play) {
  const view = ctx.view;
  const me = ctx.seat;
  const coop = view.mode === "coop";
  const box = node("me", () => h("section", { class: "tw-me", id: "tw-me" },
    h("div", { class: "tw-my-pile" }), h("div", { class: "tw-actions" }), h("div", { class: "tw-my-sets" })));
  attr(box, "aria-label", t("tw.your_area"));
  const [pileBox, actions, setsBox] = box.children;
  const pile = coop ? { seat: "stock", count: view.stock?.count ?? 0, top: view.stock?.top } : view.piles[me];
  const active = !coop && view.phase === "PLAYING" && view.active === me;
  box.classList.toggle("active", active);
  sync(pileBox, [myPileNode(ctx, pile, play, coop)]);
  sync(actions, view.phase === "FINISHED" || me == null ? [] : actionButtons(ctx, play));
  sync(setsBox, [ownerLine(ctx, coop ? null : ownerOfSeat(view, me), coop ? "table" : "mine", play)]);
  return box;
}

function myPileNode(ctx, pile, play, coop) {
  const wrap = node(`mypile:${coop ? "stock" : "seat"}`, () => h("div", { class: "tw-pile", dataset: { seat: pile.seat } },
    h("div", { class: "tw-pile-cards" }), h("div", { class: "tw-pile-foot" })));
  const [cards, foot] = wrap.children;
  const stack = node(`stack:${pile.count > 1}`, () => h("div", { class: "tw-stack", "aria-hidden": "true" }, pile.count > 1 ? backSvg({ class: "tw-art" }) : null));
  let top;
  if (coop && pile.top) {
    top = cardNode("stock", pile.top, "stock", { label: cardLabel(pile.top, t("tw.where.stock")), enabled: play.canClaim, ctx, size: "big" });
  } else if (coop) {
    top = node("stock-ph", () => h("div", { class: "tw-card tw-lg placeholder empty" }));
  } else {
    top = pileTopNode(ctx, pile, play, "big");
  }
  sync(cards, [stack, top]);
  const label = pile.count ? count("tw.cards_left", pile.count) : t("tw.empty_pile");
  sync(foot, [ui.memo(`myfoot`, JSON.stringify([coop, pile.count]), () => h("span", { class: "tw-count", dataset: { count: pile.count } },
    coop ? `${t("tw.stock")}: ${label}` : label))]);
  return wrap;
}

function actionButtons(ctx, play) {
  const view = ctx.view;
  const coop = view.mode === "coop";
  const loose = ui.picks.filter((p) => p.set == null).length;
  const held = ui.picks.some((p) => p.set != null);
  const flipBtn = button("flip", "flip", "primary tw-flip", t("tw.flip"), { enabled: play.canFlip });
  flipBtn.classList.toggle("ready", play.canFlip && !coop);
  const list = [flipBtn];
  if (coop) {
    list.push(button("claim", "claim", "primary", t("tw.claim"), { enabled: play.canClaim && !held && loose >= 2 }));
    const turn = button("turn", "tw-turn-mode", "tw-turn-mode", t("tw.turn_mode"), { enabled: play.canTurn, pressed: ui.turnMode });
    if (!turn.querySelector("svg")) turn.prepend(turnIcon());
    list.push(turn);
  }
  list.push(button("clear", "clear-selection", "tw-clear", t("tw.clear"), { enabled: ui.picks.length > 0 || ui.turnMode }));
  return list;
}

// -- render -----------------------------------------------------------------------------------------

// This table shows its own feedback for refused actions (the room adds no toast).
export const showsErrors = true;

// The actions that race other players (the room adds the reaction the server compensates by);
// a flip is a turn, not a race.
export const raceActions = ["claim", "touch", "turn_over"];

export function render(root, ctx) {
  const view = ctx.view;
  setLatest(root, ctx);
  ctx.rerender = redraw;
  const key = `${ctx.room?.code ?? ""}:${ctx.room?.game_id ?? ""}`;
  if (key !== ui.key) { clearTimeout(ui.wake); resetUi(key); }
  listenForResize();
  absorbEvents(ctx);
  pruneSelection(view);
  if (view.mode !== "coop" || view.phase !== "PLAYING") ui.turnMode = false;

  if (!ui.wrap) {
    ui.wrap = h("div", { class: "twin-it" });
    ui.wrap.addEventListener("keydown", onKey);
    ui.board = h("div", { class: "tw-board" });
    ui.side = h("section", { class: "tw-side", id: "tw-piles" });
    // Flying copies live here: the redraws that follow a tap keep it, so a flight is not cut short.
    ui.flights = h("div", { class: "motion-layer", "aria-hidden": "true" });
  }
  const wrap = ui.wrap;
  const place = savedFocus(wrap);
  // Cards move only with a new state: a flipped card to the centre, a won set to its owner.
  const motion = ctx.version !== ui.motionVersion ? captureRects(wrap, "[data-card]", { layer: ui.flights }) : null;
  ui.motionVersion = ctx.version;
  if (root.firstChild !== wrap || root.childNodes.length !== 1) root.replaceChildren(wrap);
  // While you are locked out the cards you cannot claim are dimmed (the message line says why).
  const locked = view.phase === "PLAYING" && isLocked(view, ctx, ctx.seat);
  // Four to six players: the others' rows pair up and the centre packs tighter (twin-it.css).
  const crowded = view.players - (ctx.seat != null ? 1 : 0) >= 3 && view.mode !== "coop";
  // Set only when it changes (a class set again restyles the whole table); `fill` is the fitting's (layout.js).
  const fill = wrap.classList.contains("fill") ? " fill" : "";
  const classes = `twin-it mode-${view.mode}${locked ? " me-locked" : ""}${crowded ? " crowded" : ""}${fill}`;
  if (wrap.className !== classes) wrap.className = classes;
  for (const [name, value] of [["phase", view.phase], ["mode", view.mode], ["active", view.active ?? ""], ["seat", ctx.seat ?? ""]]) {
    attr(wrap, `data-${name}`, String(value));
  }

  const play = playState(ctx);
  const me = ctx.seat;
  const n = view.players;
  const others = [];
  for (let i = 1; i <= n; i++) others.push(((me ?? n - 1) + i) % n);
  const rows = others.filter((seat) => seat !== me).map((seat) => seatRow(ctx, seat, play));
  attr(ui.side, "aria-label", t("tw.players"));
  sync(ui.side, [view.mode === "team" && me != null ? teamsArea(ctx, play) : null, ...rows,
    view.mode === "team" && me == null ? teamsArea(ctx, play) : null]);
  ui.side.hidden = !ui.side.childElementCount; // coop alone: nobody else to show
  sync(ui.board, [ui.side, centreArea(ctx, play)]);
  const showMine = me != null || view.mode === "coop";
  sync(wrap, [
    ui.memo("head", headKey(ctx), () => header(ctx)),
    ui.board,
    forbiddenArea(ctx, play),
    messageLine(ctx),
    showMine ? myArea(ctx, play) : null,
    ui.flights,
  ]);
  const playing = view.phase !== "FINISHED";
  fitScreen(wrap, playing, ctx.version);
  fitCentre(wrap);
  // Only cards that change places travel: a race table redraws often, and a centre that rescales
  // its cards would otherwise set every card in motion.
  motion?.play({ reflow: false });
  restoreFocus(wrap, place, { fallbacks: ["#flip"] });
  scheduleWake(ctx);
}

// -- the waiting room's teams (§ team mode: teams by seat parity) --------------------------------

/** The team a waiting seat will play in (null outside team mode). */
export function seatTeam(room, seat) {
  if (room.config?.mode !== "team") return null;
  // The game numbers the seated 0..n-1 in seat order (an empty seat between them is skipped).
  const place = room.seats.map((s) => s.seat).sort((a, b) => a - b).indexOf(seat);
  return place < 0 ? null : place % 2;
}

// The team's mark in its colour (outside the table, where the table's styles do not colour it) and its name.
export function teamBadge(team) {
  return h("span", { class: `tw-team-tag team-${team}` }, teamSymbol(team, {}, TEAM_COLOURS[team]), teamName(team));
}
