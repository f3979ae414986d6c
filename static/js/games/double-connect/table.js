// Double Connect's table: what `render` draws, and the small UI state it keeps between redraws.
import { restoreFocus, savedFocus } from "../../focus.js";
import { h, s, partCache, sync } from "../../dom.js";
import { errorText, t } from "../../i18n/index.js";
import { seatBadge } from "../../room/presence.js";
import { lostRace, lostRaceText } from "../../races.js";
import { captureRects } from "../../motion.js";
import { CARDS, CARD_EDGE, SHOWN, cardLabel, cardSvg, teamChip, teamColor, towerDrawing } from "./cards.js";
import { LOGGED, eventLines, pending } from "./log.js";

const CLAIMING = ["playing", "final_chance"];
const FEEDBACK_MS = 4000; // how long a claim's outcome replaces the prompt
const FLASH_MS = 700;     // the shake after a wrong claim
const PHONE = "(max-width: 720px)";
const MIN_PHONE_TABLE = 520; // below this the tower gets too small to tap; the page scrolls instead

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

// A rebuilt part drops the focused node; focus its successor (same key), else the same group's
// Tab stop, else the next step of a claim (a target, then the hand). After a claim `ui.focusNext`
// names the group to go to.
const FOCUS = { attr: "focus-key", neighbour: false };
const tabStopOf = (group) => group && `[data-focus-group="${CSS.escape(group)}"][tabindex="0"]`;

function keepFocusAfter(wrap, saved) {
  const next = tabStopOf(ui.focusNext);
  ui.focusNext = null;
  restoreFocus(wrap, saved, { ...FOCUS, next, fallbacks: [tabStopOf(saved?.group), tabStopOf("targets"), tabStopOf("hand")].filter(Boolean) });
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
  if (ui.pending) return { kind: "prompt", text: t("dc.sending") };
  if (ctx.seat == null) return view.phase === "finished" ? null : { kind: "prompt", text: t("dc.watching") };
  if (!canClaim(view, ctx)) return null;
  const text = ui.card == null ? t("dc.pick_card") : ui.target == null ? t("dc.pick_target") : t("dc.tap_symbol");
  return { kind: "prompt", text };
}

// One line, updated in place: the prompt for the next step, or the outcome of the last claim, and
// your lockout's countdown. It never lies over a card (the pair only dims while you are locked out).
// It is a live region only when the room cannot announce for us.
function statusLine(view, ctx) {
  const status = statusText(view, ctx);
  if (!status) return null;
  const locked = ctx.seat != null ? lockedUntil(view, ctx, ctx.seat) : null;
  if (!ui.status) ui.status = h("p", { class: "dc-status", role: ctx.announce ? null : "status" });
  const el = ui.status;
  const key = `${status.text}|${locked ?? ""}`;
  if (el.dataset.key !== key) {
    el.dataset.key = key;
    el.dataset.text = status.text;
    el.dataset.kind = locked ? "bad" : status.kind;
    el.replaceChildren(...[status.kind === "prompt" ? h("span", { class: "dc-prompt" }, status.text)
      : h("span", { id: "dc-feedback", dataset: { kind: status.kind } }, status.text),
    locked ? h("span", { class: "dc-lock", id: "dc-lockout" }, h("strong", {}, t("dc.locked")), " ",
      h("span", { class: "timer urgent", dataset: { deadline: locked } }, t("seconds_left", { s: Math.ceil((locked - ctx.serverNow()) / 1000) }))) : null]
      .filter(Boolean));
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
    h("div", { class: "dc-pair" }, pairSlot("mine", ui.card, pickFor("sym-mine", ui.card)), pairSlot("target", ui.target, pickFor("sym-target", ui.target))));
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
    // A race: everyone plays at once, so no seat has the turn ring.
    h("div", { class: "dc-player-head" }, seatBadge(ctx, seat), h("strong", { class: "dc-name" }, ctx.seatName(seat)), teamChip(team), playerStats(view, ctx, seat)),
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
    // Flying copies live here: the redraws that follow a tap keep it, so a flight is not cut short.
    ui.flights = h("div", { class: "motion-layer", "aria-hidden": "true" });
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

// A card travels from a hand to the tower: from your hand, another's face-up hand, or (where their
// hand is not shown) the row of the player whose claim placed it.
const MOVING = "#dc-hand [data-card], .dc-mini[data-card], #dc-tower [data-card]";

function claimedFrom(wrap, ctx, key) {
  const claim = (ctx.events || []).find((e) => e.type === "claim_accepted" && String(e.card) === key);
  if (!claim) return null;
  return wrap.querySelector(claim.seat === ctx.seat ? "#dc-me" : `.dc-player[data-seat="${claim.seat}"]`);
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
  const focus = savedFocus(wrap, FOCUS);
  const motion = ctx.version !== ui.motionVersion ? captureRects(wrap, MOVING, { layer: ui.flights }) : null;
  ui.motionVersion = ctx.version;
  wrap.dataset.phase = ctx.view.phase;
  sync(wrap, [...parts(ctx.view, ctx), ui.flights]);
  keepFocusAfter(wrap, focus);
  fitToScreen(wrap, ctx.view.phase);
  motion?.play({ from: (el, key) => claimedFrom(wrap, ctx, key) });
  scheduleRefresh(ctx);
}

// -- the waiting room's teams (D15: seat mod T, T = players / team_size) ------------------------

/** The team a waiting seat will play in, for the count the room would start with (null in solo). */
export function seatTeam(room, seat) {
  const config = room.config || {};
  if (config.mode !== "teams") return null;
  const counts = room.player_counts || [];
  const players = counts.find((n) => n >= room.seats.length) ?? counts.at(-1) ?? room.max_seats;
  // The game numbers the seated 0..n-1 in seat order (an empty seat between them is skipped).
  const place = room.seats.map((s) => s.seat).sort((a, b) => a - b).indexOf(seat);
  return place < 0 ? null : place % Math.max(1, Math.floor(players / (config.team_size || 2)));
}

export { teamChip as teamBadge };
