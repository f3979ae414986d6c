// Twin It's play: what can be claimed, the feedback (banner, feed, screen-reader sentences) and the actions.
import { errorText, t } from "../../i18n/index.js";
import { lostRace, lostRaceText } from "../../races.js";
import { FLASH_MS, latest, redraw, ui } from "./state.js";
import { isLocked, legalHas, lockoutSeconds, namesOf, ownerName, ownerOfSeat } from "./table.js";

// -- what can be claimed ------------------------------------------------------------------------

// Every visible card: card id → {design, zone, set}. Loose cards and set cards (§4.3).
function visibleCards(view) {
  const map = new Map();
  for (const pile of view.piles) if (pile.top) map.set(pile.top.card, { design: pile.top.design, zone: "pile" });
  for (const entry of view.centre) map.set(entry.card, { design: entry.design, zone: "centre" });
  for (const entry of view.forbidden?.cards || []) map.set(entry.card, { design: entry.design, zone: "forbidden" });
  if (view.stock?.top) map.set(view.stock.top.card, { design: view.stock.top.design, zone: "stock" });
  for (const set of view.sets) for (const card of set.cards) map.set(card, { design: set.design, zone: "set", set: set.id });
  return map;
}

// Drop the selection as soon as any tapped card stops showing what was tapped.
export function pruneSelection(view) {
  const visible = visibleCards(view);
  const ok = ui.picks.every((pick) => {
    const seen = visible.get(pick.card);
    if (!seen || seen.design !== pick.design) return false;
    if (pick.set == null) return seen.zone !== "set";
    const set = view.sets.find((x) => x.id === pick.set);
    return set && set.cards.length === 2 && set.cards.includes(pick.card);
  });
  if (!ok) ui.picks = [];
}

function touchesByCard(view) {
  const info = new Map();
  for (const touch of view.touches || []) for (const entry of touch.cards) info.set(entry.card, touch);
  return info;
}

// What every card and button of this redraw needs to know.
export function playState(ctx) {
  const view = ctx.view;
  const me = ctx.seat;
  const playing = view.phase === "PLAYING";
  const canClaim = playing && me != null && (legalHas(ctx, "claim") || legalHas(ctx, "touch")) && !isLocked(view, ctx, me);
  return { canClaim, canFlip: playing && legalHas(ctx, "flip"),
    canTurn: playing && legalHas(ctx, "turn_over"), touches: view.mode === "team" ? touchesByCard(view) : null };
}

// -- feedback: a banner line, the short feed, screen-reader sentences ----------------------------

function announce(ctx, text) { ctx?.announce?.(text); }

// A banner in the message line, said to screen readers too.
function showFlash(ctx, text, kind) {
  ui.flash = { text, kind, until: Date.now() + FLASH_MS };
  announce(ctx, text());
}

function setFlash(ctx, text, kind) {
  showFlash(ctx, text, kind);
  redraw();
}

function pushFeed(text, kind = "info") {
  ui.feed.unshift({ text, kind, at: Date.now() });
  ui.feed = ui.feed.slice(0, 4);
}

// The reply to this browser's own claim, touch or flip.
function feedbackForReply(reply, ctx) {
  const view = ctx.view;
  if (reply.type === "error") {
    // The claim that lost a judged race: its line (reaction times) stays instead of "too late".
    if (reply.code === "stale" && Date.now() - ui.lostRaceAt < FLASH_MS) return;
    const kind = reply.code === "stale" ? "late" : reply.code === "locked_out" ? "locked" : "error";
    setFlash(ctx, () => errorText(reply), kind);
    return;
  }
  const me = ctx.seat;
  for (const event of reply.events || []) {
    if (event.type === "set_won" && event.by_seats.includes(me)) {
      if (view.mode === "team") return setFlash(ctx, () => t("tw.fb.team_won"), "won");
      if (event.kind === "steal") return setFlash(ctx, () => t("tw.fb.stole", { name: ownerName(view, ctx, event.from_owner) }), "won");
      if (event.kind === "upgrade") return setFlash(ctx, () => t("tw.fb.upgrade"), "won");
      if (event.kind === "triple") return setFlash(ctx, () => t("tw.fb.triple"), "won");
      return setFlash(ctx, () => t("tw.fb.won"), "won");
    }
    if (event.type === "mistake" && event.seats.includes(me)) {
      const key = event.lost_set_id != null ? "tw.fb.mistake_lost" : "tw.fb.mistake";
      return setFlash(ctx, () => t(key, { s: lockoutSeconds(view) }), "mistake");
    }
    if (event.type === "touch" && event.seat === me) return setFlash(ctx, () => t("tw.fb.touched"), "info");
  }
}

// The events of a new version, as lines in the table's short feed (and a banner when it hurts you).
export function absorbEvents(ctx) {
  if (ctx.version === ui.seenVersion) return;
  ui.seenVersion = ctx.version;
  const view = ctx.view;
  const myOwner = ownerOfSeat(view, ctx.seat);
  for (const event of ctx.events || []) {
    if (event.type === "set_won") {
      const { by_seats: bySeats, owner, from_owner: from } = event;
      const who = () => (view.mode === "coop" ? namesOf(ctx, bySeats) : ownerName(view, ctx, owner));
      pushFeed(() => t(`tw.ev.${event.kind}`, { name: who(), from: ownerName(view, ctx, from) }), "won");
      if (event.kind === "steal" && ctx.seat != null && view.mode !== "coop" && from === myOwner && owner !== myOwner) {
        showFlash(ctx, () => t("tw.fb.stolen_from_you", { name: ownerName(view, ctx, owner) }), "mistake");
      }
    } else if (event.type === "mistake") {
      const key = event.lost_set_id != null ? "tw.ev.mistake_lost" : "tw.ev.mistake";
      pushFeed(() => t(key, { name: namesOf(ctx, event.seats) }), "mistake");
    } else if (event.type === "turned_over" && view.mode !== "coop") {
      pushFeed(() => t("tw.ev.turned_over"), "info");
    } else if (event.type === "turn" && event.last_call_deadline != null) {
      pushFeed(() => t("tw.ev.last_call"), "info");
      announce(ctx, t("tw.ev.last_call"));
    } else if (event.type === "flipped" && event.auto && event.seat != null) {
      pushFeed(() => t("tw.ev.auto", { name: ctx.seatName(event.seat) }), "info");
    }
  }
  const lost = lostRace(ctx.events, ctx.seat);
  if (lost) {
    ui.lostRaceAt = Date.now();
    showFlash(ctx, () => lostRaceText(lost, ctx), "race");
  }
  const myTurn = view.phase === "PLAYING" && view.active != null && view.active === ctx.seat;
  if (myTurn && !ui.wasMyTurn) announce(ctx, t("tw.your_turn"));
  ui.wasMyTurn = myTurn;
}

// -- actions --------------------------------------------------------------------------------------

async function send(ctx, action) {
  ui.picks = [];
  redraw();
  feedbackForReply(await ctx.act(action), ctx);
}

function entriesOf(list) { return list.map(({ card, design }) => ({ card, design })); }

// After a tap: send when the selection forms a claim shape (coop waits for Claim or a third card).
function maybeSend(ctx) {
  const coop = ctx.view.mode === "coop";
  const loose = ui.picks.filter((p) => p.set == null);
  const held = ui.picks.filter((p) => p.set != null);
  if (held.length === 2 && loose.length === 1) return send(ctx, { type: "claim", cards: entriesOf([...held, ...loose]) });
  if (held.length === 0 && loose.length === 2 && !coop) return send(ctx, { type: "claim", cards: entriesOf(loose) });
  if (held.length === 0 && loose.length === 3 && coop) return send(ctx, { type: "claim", cards: entriesOf(loose) });
  redraw();
  return null;
}

function tapLoose(ctx, card, design) {
  const view = ctx.view;
  if (view.mode === "team") { send(ctx, { type: "touch", cards: [{ card, design }] }); return; }
  if (ui.picks.some((p) => p.card === card)) { ui.picks = ui.picks.filter((p) => p.card !== card); redraw(); return; }
  const held = ui.picks.filter((p) => p.set != null);
  // Room for earlier loose picks: none beside a held pair, one (two in coop) otherwise.
  const room = held.length ? 0 : view.mode === "coop" ? 2 : 1;
  const loose = room ? ui.picks.filter((p) => p.set == null).slice(-room) : [];
  ui.picks = [...held, ...loose, { card, design, set: null }];
  maybeSend(ctx);
}

function tapSet(ctx, set) {
  const entries = set.cards.map((card) => ({ card, design: set.design, set: set.id }));
  if (ctx.view.mode === "team") { send(ctx, { type: "touch", cards: entriesOf(entries) }); return; }
  if (ui.picks.some((p) => p.set === set.id)) { ui.picks = ui.picks.filter((p) => p.set !== set.id); redraw(); return; }
  ui.picks = [...entries, ...ui.picks.filter((p) => p.set == null).slice(-1)];
  maybeSend(ctx);
}

function flip(ctx) {
  // The turn it is meant for: a flip that an auto-flip overtook must not flip our next card.
  ctx.act({ type: "flip", step: ctx.view.turn }).then((reply) => { if (reply.type === "error") feedbackForReply(reply, ctx); });
}

export function clearPicks() {
  if (!ui.picks.length && !ui.turnMode) return;
  ui.picks = [];
  ui.turnMode = false;
  redraw();
}

// A tap on a card node: the node carries the entry it shows; a greyed node ignores taps (it
// stays focusable, so a lockout never throws the keyboard focus out of the table).
export function onCardTap(el) {
  const ctx = latest?.ctx;
  if (!ctx || el.getAttribute("aria-disabled") === "true") return;
  const { card, design, zone } = el._entry;
  if (ui.turnMode && zone === "centre") {
    ui.turnMode = false;
    send(ctx, { type: "turn_over", card, design });
    return;
  }
  ui.turnMode = false; // only centre cards turn over: any other card is picked as usual
  tapLoose(ctx, card, design);
}

export function onSetTap(el) {
  const ctx = latest?.ctx;
  if (ctx && el.getAttribute("aria-disabled") !== "true") tapSet(ctx, el._set);
}

export function onButton(name) {
  const ctx = latest?.ctx;
  const el = ui.nodes.get(`btn:${name}`);
  if (!ctx || el?.getAttribute("aria-disabled") === "true") return;
  if (name === "flip") flip(ctx);
  else if (name === "claim") send(ctx, { type: "claim", cards: entriesOf(ui.picks) });
  else if (name === "turn") { ui.turnMode = !ui.turnMode; ui.picks = []; redraw(); }
  else if (name === "clear") clearPicks();
}
