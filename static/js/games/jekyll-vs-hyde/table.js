// Jekyll vs. Hyde's table: what `render` draws, and the small UI state it keeps between redraws.
import { restoreFocus, savedFocus } from "../../focus.js";
import { h, s } from "../../dom.js";
import { captureRects } from "../../motion.js";
import { t, timeLeft } from "../../i18n/index.js";
import { seatBadge } from "../../room/presence.js";
import { COLORS, HOLD_MS, card, cardFace, cardsText, suitIcon, trackArt } from "./art.js";

// -- module state: the selection, the finished trick on hold, round summaries ----------------

let selection = { key: null, cards: [], potionCard: null };
let hold = null;          // {lead, follow, leader, named, winner, effect, until}
let holdTimer = null;
let seenVersion = null;
let seenGame = null;      // a rematch is a new game: its memory starts empty
let seenTrick = [];       // the trick as last drawn: a lead's named colour for the held trick
export let summaries = [];       // {game, round, tricks: {jekyll, hyde}, diff, marker, roles} of this game
let latest = null;        // {root, ctx}
let wasPending = 0;
let seenMotion = null;    // the version (and hold) last drawn: only a change of either moves cards

export function roleName(view, seat) {
  return view.roles.jekyll === seat ? t("jvh.jekyll") : t("jvh.hyde");
}

// New events since the last draw: hold a finished trick, remember round results, announce.
function absorb(ctx) {
  const gameId = ctx.room?.game_id ?? null;
  if (gameId !== seenGame) { seenGame = gameId; seenVersion = null; hold = null; seenTrick = []; }
  if (ctx.version === seenVersion) return;
  const first = seenVersion === null;
  seenVersion = ctx.version;
  const view = ctx.view;
  if (first) summaries = [];
  let gameIndex = view.match?.game_index ?? 1;
  let roles = view.roles;
  const events = ctx.events || [];
  if (events.some((e) => e.type === "game_started")) { gameIndex -= 1; roles = { jekyll: view.roles.hyde, hyde: view.roles.jekyll }; }
  for (const e of events) {
    if (e.type === "trick_won" && !first) startHold(ctx, e);
    if (e.type === "evil_spread") summaries.push({ game: gameIndex, round: e.round, tricks: e.tricks, diff: e.diff, marker: e.marker, roles });
    if (e.type === "game_started") { gameIndex += 1; roles = view.roles; }
  }
  if (view.trick.length) seenTrick = view.trick;
  const pending = pendingCount(ctx);
  if (pending && !wasPending) ctx.announce?.(t("your_turn"));
  wasPending = pending;
}

function startHold(ctx, e) {
  const lead = seenTrick.find((entry) => entry.card === e.lead);
  hold = { lead: e.lead, follow: e.follow, leader: lead?.seat ?? ctx.view.last_trick?.leader ?? null, named: lead?.named_color ?? null,
    winner: e.seat, effect: e.effect, until: Date.now() + HOLD_MS };
  seenTrick = [];
  ctx.announce?.(e.seat === ctx.seat ? t("jvh.you_won_trick") : t("jvh.trick_winner", { name: ctx.seatName(e.seat) }));
  clearTimeout(holdTimer);
  holdTimer = setTimeout(() => { hold = null; if (latest) render(latest.root, latest.ctx); }, HOLD_MS);
}

// The hold ends early once I lead the next trick myself: nothing is hidden from me then.
function activeHold(view, me) {
  if (!hold) return null;
  if (view.trick.some((entry) => entry.seat === me) || Date.now() > hold.until) return null;
  return hold;
}

// -- the parts of the table -----------------------------------------------------------------

function header(view, me) {
  return h("div", { class: "jvh-head" },
    h("span", {}, t("jvh.round", { r: view.round })), h("span", {}, t("jvh.trick", { n: view.trick_no })),
    view.config.match_mode === "return_match" ? h("span", {}, t("jvh.match", { g: view.match.game_index })) : null,
    me != null ? h("strong", { class: "me-role" }, t("jvh.you_are", { role: roleName(view, me) })) : null);
}

function board(view) {
  const slots = [0, 1, 2].map((i) => {
    const color = view.ranking[i];
    return h("span", { class: `rank-slot ${color || "empty"}`, dataset: { rank: i } }, color ? [suitIcon(color), t(`jvh.${color}`)] : "—");
  });
  return h("div", { class: "jvh-board" },
    h("figure", { class: "track", role: "img", "aria-label": `${t("jvh.track")}: ${t("jvh.marker", { m: view.marker })}` },
      h("figcaption", {}, t("jvh.track"), " · ", t("jvh.marker", { m: view.marker })), trackArt(view.marker)),
    h("div", { class: "ranking" }, h("span", { class: "muted" }, t("jvh.ranking")), h("div", { class: "row" }, slots)));
}

function timerText(deadline, ctx) {
  return timeLeft(Math.max(0, Math.ceil((deadline - ctx.serverNow()) / 1000)));
}

function timer(deadline, ctx, id) {
  return h("span", { class: "timer", id, dataset: { deadline } }, timerText(deadline, ctx));
}

function playerRow(view, ctx, seat) {
  const deadline = view.deadlines?.[seat];
  const mine = seat === ctx.seat;
  return h("div", { class: `player ${view.turn === seat ? "active" : ""} ${mine ? "me" : ""}`, dataset: { seat } },
    // The ring on whoever acts: the trick's player, or in the exchange and greed steps each seat still choosing.
    seatBadge(ctx, seat, { turn: view.turn === seat || (["exchange", "greed"].includes(view.phase) && !view.submitted?.[seat]) }), h("strong", { class: "name" }, ctx.seatName(seat)), h("span", { class: "role" }, roleName(view, seat)),
    h("span", { class: "tricks" }, t("jvh.tricks_n", { n: view.tricks[seat] })),
    h("span", { class: "count" }, t("jvh.cards_n", { n: view.hand_sizes[seat] })),
    view.submitted?.[seat] ? h("span", { class: "ok" }, `✓ ${t("jvh.chosen")}`) : null,
    deadline && !mine ? timer(deadline, ctx, null) : null);
}

// One slot of the trick: the card (or an empty outline) and who played it.
function trickSlot(ctx, label, entry, won) {
  return h("div", { class: `slot ${entry ? "" : "empty"}`, dataset: { seat: entry?.seat ?? "" } },
    entry ? cardFace(entry.card, { named: entry.named, won }) : h("span", { class: "card-space" }),
    h("span", { class: "slot-label" }, entry?.seat != null ? ctx.seatName(entry.seat) : label));
}

// A finished trick in the two slots, its winner ringed and badged.
function finishedTrick(ctx, done, attrs, note = null) {
  const lead = { card: done.lead, named: done.named, seat: done.leader };
  const follow = { card: done.follow, seat: done.leader == null ? null : 1 - done.leader };
  const leadWon = done.leader === done.winner;
  return h("div", attrs, h("div", { class: "trick" }, trickSlot(ctx, t("jvh.lead_slot"), lead, leadWon),
    trickSlot(ctx, t("jvh.follow_slot"), follow, done.leader != null && !leadWon)), note);
}

function trickArea(view, ctx, held) {
  if (held) {
    const text = held.winner === ctx.seat ? t("jvh.you_won_trick") : t("jvh.trick_winner", { name: ctx.seatName(held.winner) });
    return finishedTrick(ctx, held, { class: "trick-area held", id: "trick", dataset: { held: "1", winner: held.winner } },
      h("p", { class: "trick-note" }, h("strong", {}, text), held.effect ? ` · ${t(`jvh.effect.${held.effect}`)}` : ""));
  }
  const last = view.last_trick;
  // When the game is over the table keeps its last trick.
  if ((view.phase === "game_over" || view.phase === "match_over") && last) {
    return finishedTrick(ctx, { ...last, named: last.named_color }, { class: "trick-area", id: "trick" });
  }
  const [lead, follow] = view.trick.map((entry) => ({ card: entry.card, named: entry.named_color, seat: entry.seat }));
  return h("div", { class: "trick-area", id: "trick" },
    h("div", { class: "trick" }, trickSlot(ctx, t("jvh.lead_slot"), lead, false), trickSlot(ctx, t("jvh.follow_slot"), follow, false)),
    last ? h("div", { class: "last-trick" }, h("span", { class: "muted" }, t("jvh.last_trick")),
      cardFace(last.lead, { small: true, won: last.winner === last.leader }), cardFace(last.follow, { small: true, won: last.winner !== last.leader }),
      last.effect ? h("span", { class: "effect" }, t(`jvh.effect.${last.effect}`)) : null) : null);
}

// What a follower may play, in words: derived from the legal cards the server sent.
function followHint(view, playable) {
  const lead = view.trick[0];
  const led = lead && (card(lead.card).color || lead.named_color);
  if (!led || view.hand.every((id) => playable.has(id))) return t("jvh.follow_any");
  const potions = view.hand.some((id) => id >= 21 && playable.has(id));
  return t(potions ? "jvh.follow_color_potion" : "jvh.follow_color", { color: t(`jvh.${led}`) });
}

function promptText(view, ctx, held, playable) {
  const me = ctx.seat;
  if (me == null) return view.turn != null ? t("jvh.waiting", { name: ctx.seatName(view.turn) }) : null;
  if (view.phase === "exchange" || view.phase === "greed") {
    if (ctx.legal.length) return null; // the choice prompt says it
    return view.submitted?.[me] ? t("jvh.submitted") : null;
  }
  if (view.turn == null) return null;
  if (view.turn !== me) return t("jvh.waiting", { name: ctx.seatName(view.turn) });
  if (held && view.phase === "follow") return null; // the held trick speaks first; the lead shows next
  return `${t("your_turn")}: ${view.phase === "lead" ? t("jvh.lead") : followHint(view, playable)}`;
}

function choosingStep(view, ctx) {
  if (!["exchange", "greed"].includes(view.phase) || !ctx.legal.length) return null;
  const type = view.phase === "exchange" ? "exchange_cards" : "greed_give";
  const need = ctx.legal.find((a) => a.type === type)?.cards.length ?? 0;
  return { type, need };
}

// The turn bar: what to do now, and my own timer beside it.
function turnBar(view, ctx, held, playable, step) {
  const me = ctx.seat;
  const text = step
    ? [t(view.phase === "exchange" ? "jvh.exchange" : "jvh.greed", { cards: cardsText(step.need) }),
      view.phase === "exchange" && view.must_give_potion ? h("span", { class: "muted note" }, t("jvh.exchange_potion")) : null]
    : promptText(view, ctx, held, playable);
  const deadline = me != null ? view.deadlines?.[me] : null;
  if (!text && !deadline) return null;
  return h("div", { class: `turn-bar ${pendingCount(ctx) ? "mine" : ""}`, id: "jvh-status" },
    h("p", { class: "prompt" }, text),
    deadline ? h("span", { class: "my-timer" }, h("span", { class: "muted" }, t("jvh.your_timer")), " ", timer(deadline, ctx, "my-timer")) : null);
}

function playCard(ctx, id) {
  const view = ctx.view;
  const choices = ctx.legal.filter((a) => a.type === "play_card" && a.card === id);
  if (choices.length > 1) { Object.assign(selection, { potionCard: id, lastPotion: id, focusColor: true }); ctx.rerender(); return; }
  ctx.act({ ...choices[0], step: view.step });
}

function handCards(view, ctx, step, playable) {
  return view.hand.map((id) => {
    const isSelected = selection.cards.includes(id) || selection.potionCard === id;
    if (step) {
      return cardFace(id, { playable: true, selected: isSelected, toggle: true, onclick: () => {
        selection.cards = isSelected ? selection.cards.filter((c) => c !== id) : [...selection.cards, id].slice(-step.need);
        ctx.rerender();
      } });
    }
    return cardFace(id, { playable: playable.has(id), selected: isSelected, onclick: () => playCard(ctx, id) });
  });
}

function colorPicker(view, ctx) {
  const choose = (color) => ctx.act({ type: "play_card", card: selection.potionCard, named_color: color, step: view.step });
  const cancel = () => { selection.potionCard = null; selection.focusPotion = true; ctx.rerender(); };
  return h("div", { class: "name-color", role: "group", "aria-label": t("jvh.name_color"),
    onkeydown: (event) => { if (event.key === "Escape") cancel(); } }, h("span", {}, t("jvh.name_color")),
    COLORS.map((color) => h("button", { type: "button", class: `color-btn ${color}`, dataset: { color, focus: `color:${color}` },
      onclick: () => choose(color) }, suitIcon(color), t(`jvh.${color}`))),
    h("button", { type: "button", class: "cancel", dataset: { focus: "cancel" }, onclick: cancel }, t("jvh.cancel")));
}

function sendButton(view, ctx, step) {
  const chosen = [...selection.cards].sort((x, y) => x - y);
  const valid = ctx.legal.some((a) => a.type === step.type && [...a.cards].sort((x, y) => x - y).join(",") === chosen.join(","));
  return h("button", { type: "button", class: "primary", id: "submit-cards", disabled: !valid, dataset: { need: step.need, focus: "send" },
    onclick: () => ctx.act({ type: step.type, cards: chosen, step: view.step }) }, t("jvh.send"));
}

function handArea(view, ctx, playable, step) {
  const key = `${view.round}:${view.phase}:${view.step}`;
  if (selection.key !== key) selection = { key, cards: [], potionCard: null };
  const parts = [h("div", { class: "hand", id: "hand", role: "group", "aria-label": t("jvh.cards_n", { n: view.hand.length }), onkeydown: arrowKeys },
    handCards(view, ctx, step, playable))];
  if (selection.potionCard != null) parts.push(colorPicker(view, ctx));
  if (step) parts.push(sendButton(view, ctx, step));
  if (view.received?.length && !view.result) {
    parts.push(h("p", { class: "received" }, t("jvh.received"), ": ", view.received.map((id) => cardFace(id, { small: true }))));
  }
  return h("div", { class: "hand-area" }, parts);
}

// Left and right arrows walk the hand (in the direction they point, in either language).
function arrowKeys(event) {
  if (!["ArrowLeft", "ArrowRight"].includes(event.key)) return;
  const cards = [...event.currentTarget.querySelectorAll("button.card-face")];
  const i = cards.indexOf(document.activeElement);
  if (i < 0) return;
  const rtl = document.documentElement.dir === "rtl";
  const step = (event.key === "ArrowRight") !== rtl ? 1 : -1;
  cards[(i + step + cards.length) % cards.length].focus();
  event.preventDefault();
}

// Variant show_trick_history: every completed trick of the round, face up (D17).
function historyList(view) {
  if (!view.history?.length) return null;
  return h("details", { class: "history", id: "history" }, h("summary", {}, t("jvh.history")),
    h("ol", {}, view.history.map((trick) => h("li", {}, cardFace(trick.lead, { small: true }), cardFace(trick.follow, { small: true })))));
}

// After a round, until the first trick of the next: what the round did to the marker.
function roundBanner(view, ctx) {
  const last = summaries[summaries.length - 1];
  if (!last || view.phase !== "exchange" || last.round !== view.round - 1) return null;
  const who = (role) => roleLabel(role, ctx, last.roles[role]);
  return h("p", { class: "round-banner", id: "round-summary" }, roundSummaryText(last, who), " ",
    t("jvh.next_leader", { name: ctx.seatName(view.leader), r: view.round }));
}

// "Jekyll (Sara)", or just "Jekyll" when the seat behind the role is not known.
export function roleLabel(role, ctx, seat) {
  const short = t(`jvh.short.${role}`);
  return seat == null ? short : t("jvh.role_named", { role: short, name: ctx.seatName(seat) });
}

export function roundSummaryText(e, who) {
  return t("jvh.round_summary", { r: e.round, j: e.tricks.jekyll, h: e.tricks.hyde, d: e.diff, m: e.marker, jekyll: who("jekyll"), hyde: who("hyde") });
}

// -- keeping focus across a redraw ------------------------------------------------------------

const HAND = { list: "#hand button.card-face" };

// The same control again; a played card hands focus to its neighbour in the hand. After a potion
// the colour choice (or the potion itself) takes it.
function focusAfter(root, saved) {
  if (selection.focusColor) { selection.focusColor = false; restoreFocus(root, null, { next: ".color-btn" }); return; }
  if (selection.focusPotion) { selection.focusPotion = false; saved = { key: `card:${selection.lastPotion}`, index: -1 }; }
  if (saved?.key) restoreFocus(root, saved, HAND);
}

// -- the renderer contract ------------------------------------------------------------------

export function render(root, ctx) {
  latest = { root, ctx };
  const view = ctx.view;
  ctx.rerender = () => render(root, ctx);
  absorb(ctx);
  const me = ctx.seat;
  const other = me == null ? 1 : 1 - me;
  const first = me == null ? 0 : me;
  const held = activeHold(view, me);
  const step = me != null && view.hand ? choosingStep(view, ctx) : null;
  // A follow waits until the finished trick has been seen (the next lead shows after the hold).
  const playable = new Set(held && view.phase === "follow" ? [] : ctx.legal.filter((a) => a.type === "play_card").map((a) => a.card));
  const saved = savedFocus(root, HAND);
  const motion = moveCards(root, ctx, held);
  root.replaceChildren(h("div", { class: "jvh", dataset: { phase: view.phase, turn: view.turn ?? "" } },
    header(view, me), board(view), playerRow(view, ctx, other), roundBanner(view, ctx), trickArea(view, ctx, held),
    turnBar(view, ctx, held, playable, step), me != null && view.hand ? handArea(view, ctx, playable, step) : null,
    playerRow(view, ctx, first), historyList(view)));
  focusAfter(root, saved);
  motion.play();
}

// A played card travels from the hand (or the other player's row) to the trick; a finished trick,
// once its hold ends, travels to the row of the player who won it.
function moveCards(root, ctx, held) {
  const key = `${ctx.room?.game_id}:${ctx.version}:${held ? held.until : ""}`;
  if (key === seenMotion) return { play() {} };
  seenMotion = key;
  if (!root.querySelector(".jvh")) return { play() {} }; // the first drawing arrives, it does not travel
  const winner = root.querySelector("#trick[data-winner]")?.dataset.winner;
  const row = (seat) => (seat == null || seat === "" ? null : root.querySelector(`.jvh .player[data-seat="${seat}"]`));
  const flip = captureRects(root, ".jvh .trick [data-card], #hand [data-card]");
  return { play: () => flip.play({ from: (el) => row(el.closest(".slot")?.dataset.seat),
    to: (_, old) => (old.closest(".trick") ? row(winner) : null) }) };
}

function pendingCount(ctx) {
  return ctx.seat != null && ctx.legal?.length ? 1 : 0;
}

export function pending(ctx) {
  return pendingCount(ctx);
}
