// Jekyll vs. Hyde: your hand, the trick, the colour ranking, the identity track, exchanges and Greed.
// Phone first: the prompt, your timer, your hand and the send button come right after the trick.
import { h, s } from "../dom.js";
import { register, num, t } from "../i18n/index.js";
import enJekyllVsHyde from "../i18n/en/jekyll-vs-hyde.js";
import faJekyllVsHyde from "../i18n/fa/jekyll-vs-hyde.js";

register("jekyll-vs-hyde", { en: enJekyllVsHyde, fa: faJekyllVsHyde });

export const COLORS = ["purple", "red", "green"];
const HEX = { purple: "#7b2cbf", red: "#c81e1e", green: "#17792f", potion: "#f4a261" };
const HOLD_MS = 1500; // how long a finished trick stays on the table (issue 9 item 5)

// §2.1: ids 0–20 are evil cards (7 per colour), 21–24 potions "2+" … "5+".
export function card(id) {
  if (id >= 21) return { id, kind: "potion", color: null, value: id - 19 };
  return { id, kind: "evil", color: COLORS[Math.floor(id / 7)], value: (id % 7) + 1 };
}

// "1 card" / "3 cards" (Persian needs no plural after a number, English does).
function cardsText(n) {
  return t(n === 1 ? "jvh.one_card" : "jvh.n_cards", { n });
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

function suitIcon(color) {
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
function cardFace(id, { playable = false, selected = false, small = false, onclick = null, named = null, won = false, toggle = false } = {}) {
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

// -- module state: the selection, the finished trick on hold, round summaries ----------------

let selection = { key: null, cards: [], potionCard: null };
let hold = null;          // {lead, follow, leader, named, winner, effect, until}
let holdTimer = null;
let seenVersion = null;
let seenGame = null;      // a rematch is a new game: its memory starts empty
let seenTrick = [];       // the trick as last drawn: a lead's named colour for the held trick
let summaries = [];       // {game, round, tricks: {jekyll, hyde}, diff, marker, roles} of this game
let latest = null;        // {root, ctx}
let wasPending = 0;

function roleName(view, seat) {
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
  const left = Math.max(0, Math.ceil((deadline - ctx.serverNow()) / 1000));
  return left >= 60 ? t("minutes_left", { m: Math.floor(left / 60), s: (left % 60 < 10 ? num(0) : "") + num(left % 60) }) : t("seconds_left", { s: left });
}

function timer(deadline, ctx, id) {
  return h("span", { class: "timer", id, dataset: { deadline } }, timerText(deadline, ctx));
}

function playerRow(view, ctx, seat) {
  const deadline = view.deadlines?.[seat];
  const mine = seat === ctx.seat;
  return h("div", { class: `player ${view.turn === seat ? "active" : ""} ${mine ? "me" : ""}`, dataset: { seat } },
    h("strong", { class: "name" }, ctx.seatName(seat)), h("span", { class: "role" }, roleName(view, seat)),
    h("span", { class: "tricks" }, t("jvh.tricks_n", { n: view.tricks[seat] })),
    h("span", { class: "count" }, t("jvh.cards_n", { n: view.hand_sizes[seat] })),
    view.submitted?.[seat] ? h("span", { class: "ok" }, `✓ ${t("jvh.chosen")}`) : null,
    deadline && !mine ? timer(deadline, ctx, null) : null);
}

// One slot of the trick: the card (or an empty outline) and who played it.
function trickSlot(ctx, label, entry, won) {
  return h("div", { class: `slot ${entry ? "" : "empty"}` },
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
  return h("div", { class: `turn-bar ${pendingCount(ctx) ? "mine" : ""}`, id: "status" },
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
function roleLabel(role, ctx, seat) {
  const short = t(`jvh.short.${role}`);
  return seat == null ? short : t("jvh.role_named", { role: short, name: ctx.seatName(seat) });
}

function roundSummaryText(e, who) {
  return t("jvh.round_summary", { r: e.round, j: e.tricks.jekyll, h: e.tricks.hyde, d: e.diff, m: e.marker, jekyll: who("jekyll"), hyde: who("hyde") });
}

// -- keeping focus across a redraw ------------------------------------------------------------

function focusedKey(root) {
  const el = document.activeElement;
  if (!el || !root.contains(el)) return null;
  const cards = [...root.querySelectorAll("#hand button.card-face")];
  return { key: el.closest("[data-focus]")?.dataset.focus, index: cards.indexOf(el) };
}

// The same control again; a played card hands focus to its neighbour in the hand.
function restoreFocus(root, saved) {
  const focus = (el) => el?.focus({ preventScroll: true });
  if (selection.focusColor) { selection.focusColor = false; focus(root.querySelector(".color-btn")); return; }
  if (selection.focusPotion) { selection.focusPotion = false; saved = { key: `card:${selection.lastPotion}`, index: -1 }; }
  if (!saved?.key) return;
  const same = root.querySelector(`[data-focus="${saved.key}"]`);
  if (same) { focus(same); return; }
  const cards = [...root.querySelectorAll("#hand button.card-face")];
  focus(cards[Math.min(Math.max(saved.index, 0), cards.length - 1)]);
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
  const saved = focusedKey(root);
  root.replaceChildren(h("div", { class: "jvh", dataset: { phase: view.phase, turn: view.turn ?? "" } },
    header(view, me), board(view), playerRow(view, ctx, other), roundBanner(view, ctx), trickArea(view, ctx, held),
    turnBar(view, ctx, held, playable, step), me != null && view.hand ? handArea(view, ctx, playable, step) : null,
    playerRow(view, ctx, first), historyList(view)));
  restoreFocus(root, saved);
}

function pendingCount(ctx) {
  return ctx.seat != null && ctx.legal?.length ? 1 : 0;
}

export function pending(ctx) {
  return pendingCount(ctx);
}

// -- the move log -----------------------------------------------------------------------------

// The fields each logged event needs; an event without them makes no line.
const LOG_FIELDS = {
  round_started: ["round"], exchange_submitted: ["seat"], greed_submitted: ["seat"], cards_exchanged: ["count"],
  cards_received: ["seat", "cards"], card_played: ["seat", "card"], color_ranked: ["color", "rank"], trick_won: ["seat"],
  trick_stolen: ["from", "to"], timeout: ["seat"], evil_spread: ["round", "tricks", "diff", "marker"],
};

function logLine(e, ctx, who, closes) {
  if ((LOG_FIELDS[e.type] || []).some((key) => e[key] == null)) return null;
  const name = (seat) => ctx.seatName(seat);
  switch (e.type) {
    case "round_started": return { text: t("jvh.log.round", { r: e.round, cards: cardsText(e.round) }) };
    case "exchange_submitted": case "greed_submitted": return { text: t("jvh.log.submitted", { name: name(e.seat) }) };
    case "cards_exchanged": return { text: t("jvh.log.exchanged", { cards: cardsText(e.count) }) };
    case "cards_received": return e.seat === ctx.seat ? { text: t("jvh.log.received", { cards: e.cards.map((c) => cardName(c)).join(t("list_sep")) }) } : null;
    case "card_played": return { text: t(closes ? "jvh.log.followed" : "jvh.log.led", { name: name(e.seat), card: cardName(e.card, e.named_color) }) };
    case "color_ranked": return { text: t("jvh.log.ranked", { color: t(`jvh.${e.color}`), slot: t(`jvh.slot.${e.rank}`) }) };
    case "trick_won": return { text: t("jvh.log.won", { name: name(e.seat) }) };
    case "trick_stolen": return { text: t("jvh.log.stolen", { to: name(e.to), from: name(e.from) }) };
    case "ranking_reset": return { text: t("jvh.log.reset") };
    case "greed_triggered": return { text: t("jvh.log.greed", { cards: cardsText(ctx.view.config.greed_exchange_count) }) };
    case "greed_exchanged": return { text: t("jvh.log.greed_done") };
    case "timeout": return { text: t("jvh.log.timeout", { name: name(e.seat) }) };
    case "evil_spread": return { text: roundLogText(e, who), summary: true };
    case "game_started": return { text: t("jvh.log.game2") };
    default: return null;
  }
}

// Tricks per side, spaces moved, and then who leads next (or how the game ended).
function roundLogText(e, who) {
  const text = roundSummaryText(e, who);
  if (e.marker >= 10) return `${text} ${t("jvh.log.hyde_end", { name: who("hyde") })}`;
  if (e.round >= 3) return `${text} ${t("jvh.log.jekyll_end", { name: who("jekyll") })}`;
  // §4.3 round_leader: Jekyll leads while the marker is on Jekyll's side.
  return `${text} ${t("jvh.next_leader", { name: who(e.marker <= 4 ? "jekyll" : "hyde"), r: e.round + 1 })}`;
}

export function logLines(events, ctx) {
  // The room asks about every past change with today's view: only what cannot have changed since
  // may come from it. Roles are fixed in a single game; a return match swaps them, so there the
  // log names the role alone.
  const view = ctx.view;
  const fixed = view?.config?.match_mode !== "return_match";
  const who = (role) => roleLabel(role, ctx, fixed ? view.roles[role] : null);
  const list = events || [];
  const lines = [];
  list.forEach((e, i) => {
    try {
      // A card followed by the trick's result in the same change was the follow.
      const closes = list.slice(i + 1).some((later) => later?.type === "trick_won");
      const line = logLine(e, ctx, who, closes);
      if (line) lines.push(line);
    } catch {
      // A malformed event makes no line; the log never breaks the table.
    }
  });
  return lines;
}

// -- the result -------------------------------------------------------------------------------

function whyText(result, ctx) {
  const name = (seat) => ctx.seatName(seat);
  if (result.hyde_score) {
    const score = (seat) => result.hyde_score[String(seat)];
    const rounds = (seat) => result.hyde_rounds[String(seat)];
    const w = result.winner_seat;
    if (w == null) return t("jvh.why.match_draw", { a: score(0) });
    const l = 1 - w;
    if (score(w) !== score(l)) return t("jvh.why.match_score", { name: name(w), other: name(l), a: score(w), b: score(l) });
    return t("jvh.why.match_rounds", { name: name(w), a: rounds(w), b: rounds(l) });
  }
  if (result.reason === "marker_reached_end") return t("jvh.why.hyde", { name: name(result.winner_seat), r: result.rounds_played });
  return t("jvh.why.jekyll", { name: name(result.winner_seat), m: result.marker });
}

function table(head, rows, caption = null) {
  return h("table", { class: "jvh-final", id: "jvh-final" }, caption ? h("caption", {}, caption) : null,
    h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, rows.map((row) => h("tr", {}, row.map((x) => h("td", {}, x))))));
}

// Single game: one row per round played (from this session's events), else the two roles.
function gameTable(result, ctx) {
  const rounds = summaries.filter((r) => r.game === 1);
  const roles = ctx.view.roles;
  if (!rounds.length) {
    return table([t("jvh.col.player"), t("jvh.col.role"), t("jvh.col.winner")],
      [roles.jekyll, roles.hyde].map((seat) => [ctx.seatName(seat), roleName(ctx.view, seat), seat === result.winner_seat ? "✓" : ""]));
  }
  const role = (key, seat) => [t(`jvh.short.${key}`), h("small", {}, ctx.seatName(seat))];
  return table([t("jvh.col.round"), role("jekyll", roles.jekyll), role("hyde", roles.hyde), t("jvh.col.moved"), t("jvh.col.marker")],
  rounds.map((r) => [num(r.round), num(r.tricks.jekyll), num(r.tricks.hyde), num(r.diff), num(r.marker)]), t("jvh.col.caption"));
}

// Return match: one row per game, its Hyde and how far Hyde got.
function matchTable(result, ctx) {
  const games = result.games || [];
  return table([t("jvh.col.game"), t("jvh.col.hyde"), t("jvh.col.moved"), t("jvh.col.rounds"), t("jvh.col.winner")],
    games.map((game, i) => {
      const hyde = game.winner_role === "hyde" ? game.winner_seat : 1 - game.winner_seat;
      return [num(i + 1), ctx.seatName(hyde), num(game.marker), num(game.rounds_played), ctx.seatName(game.winner_seat)];
    }));
}

export function resultDetails(result, ctx) {
  return h("div", { class: "jvh-result" }, h("p", { class: "why", id: "result-why" }, whyText(result, ctx)),
    result.hyde_score ? matchTable(result, ctx) : gameTable(result, ctx));
}
