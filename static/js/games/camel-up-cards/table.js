// Camel Up Cards's table: what `render` draws, and the small UI state it keeps between redraws.
import { restoreFocus, savedFocus } from "../../focus.js";
import { h, s, partCache, sync } from "../../dom.js";
import { MOTION_MS, motionOff } from "../../motion.js";
import { currentLang, num, t } from "../../i18n/index.js";
import { seatBadge } from "../../room/presence.js";
import { CAMELS, HEX, STEP_MS, camelArt, camelIcon, camelName, cardFace, cardInfo, cardLabel, coinIcon, dieIcon, seatColor, standingsOf } from "./art.js";

// -- UI state --------------------------------------------------------------------------------

export let ui = freshUi(null);
let latest = null;

function freshUi(gameId) {
  return { gameId, version: -1, memo: partCache(), prev: null, sel: { step: null, card: null, camel: null }, pending: false,
    coinRace: {}, wasPending: 0, queue: [], play: null, timer: null, dice: { race: null, values: {}, rolled: [] }, reveal: null, raceEnd: null,
    wrap: null, lower: null, track: null };
}

function rerender() {
  if (latest) render(latest.root, latest.ctx);
}

// -- playback: the events of one change, turned into frames of ~400 ms each ----------------------

function clone(x) { return JSON.parse(JSON.stringify(x)); }

// What one resolution event did, as a note on the card that caused it (the reveal and the log).
export function eventNote(e) {
  switch (e.type) {
    case "die_rolled": return { k: "rolled", v: e.value };
    case "camel_moved": return { k: "moved", camel: e.camel, from: e.from, to: e.to, unit: e.unit };
    case "bet_placed": return { k: "bet", kind: e.token.kind, camel: e.token.camel, slot: e.token.slot };
    case "bet_fizzled": return { k: "fizzled", camel: e.camel };
    case "no_effect": return { k: "no_effect" };
    case "order_reversed": return { k: "reversed" };
    case "card_unresolved": return { k: "unresolved" };
    default: return null;
  }
}

// A coin change, with its sign, kept left-to-right inside Persian text.
export function signed(amount) {
  return `\u2066${amount > 0 ? "+" : "−"}${num(Math.abs(amount))}\u2069`;
}

// Frames from a change's events. `base` is the table before it (the previous view), so each camel move
// can be replayed from where it started. Returns null when the events hold no reveal.
function buildPlayback(events, base, view) {
  const start = events.findIndex((e) => e.type === "trick_revealed");
  if (start < 0) return null;
  const revealed = events[start];
  const cur = {
    stacks: base ? clone(base.stacks) : null, bets: base ? clone(base.bets) : [], coins: base ? [...base.coins] : [...view.coins],
    dice: clone(ui.dice.race === revealed.race ? ui.dice.values : {}), rolled: [], moving: [], active: null,
    reveal: { race: revealed.race, trick: revealed.trick, lead: revealed.lead, resolved: [], queue: clone(revealed.plays), notes: {} },
    raceEnd: null,
  };
  const frames = [];
  const push = () => frames.push(clone(cur));
  push();
  const leader = view.config.stack_leader;
  let animatable = Boolean(base);
  for (const e of events.slice(start + 1)) {
    const note = (seat, text) => { (cur.reveal.notes[seat] ||= []).push(text); };
    switch (e.type) {
      case "card_resolved": {
        if (cur.active != null) { push(); cur.rolled = []; cur.moving = []; }
        const i = cur.reveal.queue.findIndex((p) => p.seat === e.seat);
        const [play] = i >= 0 ? cur.reveal.queue.splice(i, 1) : [{ seat: e.seat, card: e.card, camel: e.camel, auto: e.auto }];
        cur.reveal.resolved.push(play);
        cur.active = e.seat;
        break;
      }
      case "die_rolled":
        cur.dice[e.camel] = e.value; cur.rolled = [e.camel];
        note(cur.active, eventNote(e));
        break;
      case "camel_moved": {
        note(cur.active, eventNote(e));
        if (cur.stacks && cur.stacks[e.from - 1]?.includes(e.camel)) {
          cur.stacks[e.from - 1] = cur.stacks[e.from - 1].filter((c) => !e.unit.includes(c));
          const dst = cur.stacks[e.to - 1];
          cur.stacks[e.to - 1] = e.to < e.from && leader === "top" ? [...e.unit, ...dst] : [...dst, ...e.unit];
          cur.moving = [...e.unit];
        } else animatable = false;
        break;
      }
      case "bet_placed":
        cur.bets.push(e.token);
        note(cur.active, eventNote(e));
        break;
      case "bet_fizzled": case "no_effect": note(cur.active, eventNote(e)); break;
      case "order_reversed":
        cur.reveal.queue = clone(e.queue);
        note(cur.active, eventNote(e));
        break;
      case "card_unresolved": note(e.seat, eventNote(e)); break;
      case "race_ended":
        if (cur.active != null) { push(); cur.rolled = []; cur.moving = []; cur.active = null; }
        cur.raceEnd = { race: e.race, reason: e.reason, standings: e.standings, payouts: null, bets: clone(cur.bets) };
        push();
        cur.raceEnd.payouts = []; // paid in the next frame
        break;
      case "payout": {
        cur.coins[e.seat] = e.coins;
        const token = cur.raceEnd?.bets.find((b) => b.seq === e.bet_seq) || null;
        cur.raceEnd?.payouts.push({ seat: e.seat, amount: e.amount, coins: e.coins, token });
        break;
      }
      default: break;
    }
  }
  if (cur.raceEnd) push();
  else if (cur.active != null) push();
  // The reveal and race summary the table keeps showing once the playback is over.
  const last = frames[frames.length - 1];
  return { frames: animatable ? frames : [{ ...last, stacks: null }], reveal: last.reveal, raceEnd: last.raceEnd, dice: last.dice, race: revealed.race };
}

// The last reveal from the view itself (after a reload there are no events to replay).
function revealFromView(view) {
  const lt = view.last_trick;
  if (!lt) return null;
  const events = [{ type: "trick_revealed", race: lt.race, trick: lt.trick, lead: lt.lead, plays: lt.plays }, ...lt.log];
  const saved = ui.dice;
  ui.dice = { race: null, values: {}, rolled: [] };
  const built = buildPlayback(events, null, view);
  ui.dice = saved;
  return built;
}

function absorb(ctx) {
  const view = ctx.view;
  const gameId = ctx.room?.game_id ?? null;
  if (ui.gameId !== gameId || ctx.version < ui.version) { clearTimeout(ui.timer); ui = freshUi(gameId); }
  if (ctx.version === ui.version) return;
  const first = ui.version === -1;
  ui.version = ctx.version;
  const events = ctx.events || [];
  rememberCoinRaces(events);
  announceTurn(ctx);
  const base = ui.prev;
  ui.prev = { stacks: view.stacks, bets: view.bets, coins: view.coins, race: view.race };
  if (events.some((e) => e.type === "race_started") && !events.some((e) => e.type === "trick_revealed")) {
    ui.dice = { race: view.race, values: {}, rolled: [] };
  }
  const built = buildPlayback(events, first ? null : base, view);
  if (built) {
    // A newer reveal cuts the running playback short: the board never lags more than one trick.
    ui.queue = [built];
    ui.dice = { race: built.raceEnd ? built.race + 1 : built.race, values: built.raceEnd ? {} : built.dice, rolled: [] };
    nextPlayback();
  } else if (first) {
    const fromView = revealFromView(view);
    if (fromView) { ui.reveal = fromView.reveal; ui.dice = { race: view.race, values: fromView.dice, rolled: [] }; }
    if (view.last_race && (view.trick_in_race <= 2 || view.phase === "game_over")) {
      ui.raceEnd = { ...view.last_race, payouts: null, bets: [] };
    }
  }
}

// Which race each coin change was paid in, so the result can say "in race 2" (never a raw sequence number).
function rememberCoinRaces(events) {
  let race = null;
  for (const e of events) {
    if (e.type === "race_ended") race = e.race;
    if (e.type === "payout" && race != null) ui.coinRace[e.coin_event_seq] = race;
  }
}

function announceTurn(ctx) {
  const now = pending(ctx);
  if (now && !ui.wasPending) ctx.announce?.(t("cu.announce_turn"));
  ui.wasPending = now;
}

function nextPlayback() {
  clearTimeout(ui.timer);
  const built = ui.queue.shift();
  if (!built) { ui.play = null; return; }
  ui.play = { ...built, index: 0 };
  ui.reveal = built.reveal;
  // The last race's summary stays up for the first trick of the next race.
  if (built.raceEnd) ui.raceEnd = built.raceEnd;
  else if (built.reveal.trick >= 2) ui.raceEnd = null;
  ui.timer = setTimeout(tick, STEP_MS);
}

function tick() {
  const play = ui.play;
  if (!play) return;
  if (play.index < play.frames.length - 1) {
    play.index += 1;
    ui.timer = setTimeout(tick, ui.queue.length ? STEP_MS / 2 : STEP_MS);
  } else {
    // Settle: the reveal stays listed, the dice keep their last values, the track shows the view.
    nextPlayback();
  }
  rerender();
}

// What the track, dice, bets and coins show right now: a playback frame, or the live view.
function display(view) {
  const frame = ui.play ? ui.play.frames[ui.play.index] : null;
  if (frame && frame.stacks) {
    return { stacks: frame.stacks, bets: frame.bets, coins: frame.coins, dice: frame.dice, rolled: frame.rolled,
      moving: frame.moving, active: frame.active, reveal: frame.reveal, raceEnd: ui.play.raceEnd ? frame.raceEnd : ui.raceEnd, playing: true };
  }
  return { stacks: view.stacks, bets: view.bets, coins: view.coins, dice: ui.dice.race === view.race ? ui.dice.values : {}, rolled: [],
    moving: [], active: null, reveal: frame ? frame.reveal : ui.reveal, raceEnd: ui.raceEnd, playing: Boolean(frame) };
}

// -- the track (persistent SVG, camels step by the Web Animations API) -----------------------------------

const TW = 46, TOP = 92, TILE_H = 24, LIFT = 15, PAD = 4;

function trackSection(view, shown) {
  const L = view.config.track_length;
  const rtl = document.documentElement.dir === "rtl";
  const key = `${L}|${rtl}|${currentLang()}|${view.config.stack_leader}`;
  const x = (space) => PAD + (rtl ? L - space : space - 1) * TW;
  if (!ui.track || ui.track.key !== key) {
    const tiles = [];
    for (let space = 1; space <= L; space++) {
      const finish = space === L;
      tiles.push(s("g", { class: `cu-tile ${finish ? "finish" : ""} ${space === 1 ? "start" : ""}`, transform: `translate(${x(space)} ${TOP})` },
        s("title", {}, t("cu.space", { n: space })),
        s("rect", { x: 1, y: 0, width: TW - 2, height: TILE_H, rx: 5 }),
        s("text", { x: TW / 2, y: 17, "text-anchor": "middle" }, num(space))));
    }
    // Finish flag and start marker above the ends.
    const flag = s("g", { class: "cu-flag", transform: `translate(${x(L) + (rtl ? 6 : TW - 10)} ${TOP - 30})` },
      s("line", { x1: 0, y1: 0, x2: 0, y2: 28, stroke: "#2b2118", "stroke-width": 1.5 }),
      s("rect", { x: rtl ? -12 : 0, y: 0, width: 12, height: 8, fill: "#fff", stroke: "#2b2118", "stroke-width": 1 }),
      s("rect", { x: rtl ? -12 : 0, y: 0, width: 4, height: 4, fill: "#2b2118" }), s("rect", { x: rtl ? -4 : 8, y: 0, width: 4, height: 4, fill: "#2b2118" }),
      s("rect", { x: rtl ? -8 : 4, y: 4, width: 4, height: 4, fill: "#2b2118" }));
    const camels = {};
    const layer = s("g", { class: "cu-camels" });
    for (const camel of CAMELS) {
      camels[camel] = s("g", { class: "cu-piece", dataset: { piece: camel } }, s("title", {}, camelName(camel)), camelArt(camel, { flip: rtl }));
      layer.append(camels[camel]);
    }
    const svg = s("svg", { viewBox: `0 0 ${L * TW + PAD * 2} ${TOP + TILE_H + 2}`, class: "cu-track-svg", role: "img", "aria-label": t("cu.track") },
      s("rect", { class: "cu-sand", x: 0, y: TOP - 6, width: L * TW + PAD * 2, height: TILE_H + 8, rx: 8 }), tiles, flag, layer);
    const figure = h("figure", { class: "cu-track", id: "cu-track" }, svg,
      h("figcaption", {}, h("span", { id: "cu-leader-rule" }, t(`cu.leader.${view.config.stack_leader}`))));
    ui.track = { key, figure, camels, layer, first: true };
  }
  // Place every camel; a stack is drawn bottom first so the upper camel overlaps the lower one.
  const order = [];
  const movers = [];
  shown.stacks.forEach((stack, i) => stack.forEach((camel, height) => {
    const el = ui.track.camels[camel];
    const cx = x(i + 1) + (TW - 40) / 2;
    const cy = TOP - 29 - height * LIFT;
    const transform = `translate(${cx}px, ${cy}px)`;
    if (el.style.transform && el.style.transform !== transform) { movers.push(el); step(el, cx, cy); }
    el.style.transform = transform;
    el._at = [cx, cy];
    el.classList.toggle("moving", shown.moving.includes(camel));
    el.dataset.space = i + 1;
    el.dataset.height = height;
    order.push(el);
  }));
  // The camels on their way stay last (drawn on top, which is also where they land) and only the
  // others are re-inserted before them: a node moved in the DOM would flicker mid-step.
  const layer = ui.track.layer;
  const wanted = [...order.filter((el) => !movers.includes(el)), ...movers];
  const current = [...layer.childNodes];
  if (!(wanted.length === current.length && wanted.every((el, i) => current[i] === el))) {
    const moversNow = current.filter((el) => movers.includes(el));
    if (movers.length && moversNow.every((el, i) => el === movers[i])) {
      for (const el of wanted.slice(0, wanted.length - movers.length)) layer.insertBefore(el, movers[0]);
    } else {
      for (const el of wanted) layer.append(el);
    }
  }
  ui.track.figure.classList.toggle("animating", shown.playing);
  return ui.track.figure;
}

// A camel steps from its old place to the new one in a small hop (its stack rides along, each camel
// its own hop); with reduced motion it is simply there.
function step(el, cx, cy) {
  if (!el._at || motionOff()) return;
  const [ox, oy] = el._at;
  el._step?.cancel(); // a step cut short by the next one: the new one starts from where it was headed
  el._step = el.animate([{ transform: `translate(${ox}px, ${oy}px)` }, { transform: `translate(${(ox + cx) / 2}px, ${Math.min(oy, cy) - 12}px)` },
    { transform: `translate(${cx}px, ${cy}px)` }], { duration: MOTION_MS, easing: "ease-in-out" });
}

// -- the other sections -----------------------------------------------------------------------

// The race and trick the track shows: while the last trick of a race plays back, that race (the
// view has already moved on to the next one), then the view's.
function shownRace(view) {
  const play = ui.play;
  if (play && play.race !== view.race) return { race: play.race, trick: play.reveal.trick, over: false };
  return { race: view.race, trick: view.trick_in_race, over: view.phase === "game_over" };
}

function header(view, ctx) {
  const cfg = view.config;
  const { race, trick, over } = shownRace(view);
  return h("div", { class: "cu-head", id: "cu-head" },
    h("strong", { id: "cu-race", dataset: { race } }, t("cu.race", { r: race, n: cfg.races })),
    over ? h("strong", { class: "cu-over" }, t("cu.game_over"))
      : h("span", { id: "cu-trick", dataset: { trick } }, t("cu.trick", { n: trick })),
    over ? null : h("span", { class: "muted" }, t("cu.lead", { name: ctx.seatName(view.lead) })),
    h("span", { class: "muted cu-draw" }, t("cu.draw", { n: view.draw_count })),
    !over && view.deadline && ctx.seat == null ? deadlineTimer(view, ctx) : null);
}

// The trick's one shared deadline: beside the hand for a player, in the header for a spectator.
function deadlineTimer(view, ctx) {
  return h("span", { class: "cu-timer" }, t("cu.time"), " ",
    h("span", { class: "timer", id: "cu-deadline", dataset: { deadline: view.deadline } }, t("seconds_left", { s: Math.max(0, Math.ceil((view.deadline - ctx.serverNow()) / 1000)) })));
}

function diceAndStandings(view, shown) {
  const order = standingsOf(shown.stacks, view.config.stack_leader);
  return h("div", { class: "cu-info" },
    h("div", { class: "cu-standings", id: "cu-standings" }, h("span", { class: "cu-label" }, t("cu.standings")),
      h("ol", {}, order.map((camel, i) => h("li", { dataset: { place: i + 1, standing: camel } },
        h("span", { class: "cu-place" }, num(i + 1)), camelIcon(camel))))),
    h("div", { class: "cu-dice", id: "cu-dice" }, h("span", { class: "cu-label" }, t("cu.dice")),
      h("div", { class: "row" }, CAMELS.map((camel) => dieIcon(camel, shown.dice[camel], shown.rolled.includes(camel))))));
}

function playersSection(view, ctx, shown) {
  const seats = Array.from({ length: view.players }, (_, i) => i);
  return h("section", { class: "cu-players", id: "cu-players", "aria-label": t("cu.players") }, seats.map((seat) => {
    const done = view.committed[seat];
    const lead = seat === view.lead && view.phase === "select";
    return h("div", { class: `cu-player ${seat === ctx.seat ? "me" : ""} ${done ? "done" : ""} ${lead ? "lead" : ""}`, style: `--seat:${seatColor(seat)}`,
      dataset: { seat, committed: done ? "1" : "0", coins: shown.coins[seat] } },
    h("span", { class: "cu-seat-dot" }, num(seat + 1)),
    // Everyone picks at once: the ring is on each seat still choosing.
    seatBadge(ctx, seat, { turn: view.phase === "select" && !done }),
    h("span", { class: "cu-name" }, ctx.seatName(seat), seat === ctx.seat ? ` (${t("cu.you")})` : ""),
    seat === view.lead && view.phase === "select" ? h("span", { class: "cu-lead-tag" }, t("cu.lead_tag")) : null,
    h("span", { class: "cu-coins" }, coinIcon(), h("b", {}, num(shown.coins[seat]))),
    view.phase === "select" ? h("span", { class: `cu-state ${done ? "ok" : ""}` }, h("span", { "aria-hidden": "true" }, done ? "✓" : "○"),
      h("span", { class: "cu-state-text" }, done ? t("cu.committed") : t("cu.choosing"))) : null);
  }));
}

function betsSection(view, ctx, shown) {
  const column = (kind, camel) => shown.bets.filter((b) => b.kind === kind && b.camel === camel).sort((a, b) => a.slot - b.slot);
  const values = { bet_winner: [5, 3, 2], bet_loser: [3, 2, 1] };
  const slots = (kind, camel) => h("div", { class: `cu-col ${kind}`, dataset: { column: `${kind}:${camel}` } }, [1, 2, 3].map((slot) => {
    const token = column(kind, camel).find((b) => b.slot === slot);
    if (!token) return h("span", { class: "cu-slot empty", title: t("cu.slot", { n: slot }) }, num(values[kind][slot - 1]));
    const name = ctx.seatName(token.seat);
    return h("span", { class: "cu-slot", style: `--seat:${seatColor(token.seat)}`, title: t("cu.slot_of", { name, n: slot }),
      dataset: { seat: token.seat, slot } }, num(token.seat + 1));
  }));
  return h("section", { class: "cu-bets", id: "cu-bets" },
    h("div", { class: "cu-bets-head" }, h("strong", {}, t("cu.bets")), h("span", { class: "muted cu-small" }, t("cu.bets_help"))),
    h("div", { class: "cu-bet-grid" },
      h("span", {}), h("span", { class: "cu-col-title" }, t("cu.winner_col")), h("span", { class: "cu-col-title" }, t("cu.loser_col")),
      CAMELS.map((camel) => [h("span", { class: "cu-bet-camel" }, camelIcon(camel), h("span", {}, camelName(camel))),
        slots("bet_winner", camel), slots("bet_loser", camel)])));
}

export function noteText(n) {
  switch (n.k) {
    case "rolled": return t("cu.ev.rolled", { v: n.v });
    case "moved": {
      const text = t("cu.ev.moved", { camel: camelName(n.camel), from: n.from, to: n.to });
      const others = n.unit.filter((c) => c !== n.camel);
      return others.length ? `${text} (${t("cu.ev.carried", { others: others.map(camelName).join(t("cu.list_sep")) })})` : text;
    }
    case "bet": return t("cu.ev.bet", { kind: t(`cu.kind.${n.kind}`), camel: camelName(n.camel), slot: n.slot });
    case "fizzled": return t("cu.ev.fizzled", { camel: camelName(n.camel) });
    case "no_effect": return t("cu.ev.no_effect");
    case "reversed": return t("cu.ev.reversed");
    case "unresolved": return t("cu.ev.unresolved");
    default: return "";
  }
}

function revealSection(view, ctx, shown) {
  const r = shown.reveal;
  if (!r) return h("section", { class: "cu-reveal empty", id: "cu-reveal" }, h("p", { class: "muted" }, t("cu.reveal_none")));
  const row = (play, state) => {
    const notes = (r.notes[play.seat] || []).map(noteText);
    if (state === "done" && !notes.length && play.camel == null && ["bet_winner", "bet_loser", "lost_camel", "tailwind"].includes(cardInfo(play.card).kind)) notes.push(t("cu.ev.blank"));
    return h("li", { class: `cu-play ${state} ${shown.active === play.seat ? "active" : ""}`, dataset: { seat: play.seat, card: play.card, state }, style: `--seat:${seatColor(play.seat)}` },
      cardFace(play.card, { small: true, target: play.camel, tag: "span" }),
      h("div", { class: "cu-play-text" },
        h("strong", {}, ctx.seatName(play.seat)), play.auto ? h("span", { class: "cu-auto" }, ` · ${t("cu.auto")}`) : null,
        h("span", { class: "cu-play-card" }, `${cardLabel(cardInfo(play.card))}${play.camel ? ` → ${camelName(play.camel)}` : ""}`),
        h("span", { class: "cu-play-notes" }, state === "waiting" ? t("cu.pending") : notes.join(t("cu.sep")))));
  };
  const unresolved = new Set(Object.entries(r.notes).filter(([, ns]) => ns.some((n) => n.k === "unresolved")).map(([seat]) => Number(seat)));
  return h("section", { class: `cu-reveal ${shown.playing ? "live" : ""}`, id: "cu-reveal", dataset: { race: r.race, trick: r.trick } },
    h("strong", {}, t("cu.reveal", { trick: r.trick, race: r.race })),
    h("ol", {}, r.resolved.map((p) => row(p, "done")), r.queue.map((p) => row(p, unresolved.has(p.seat) ? "unresolved" : "waiting"))));
}

function raceEndSection(view, ctx, raceEnd) {
  if (!raceEnd) return null;
  const payouts = raceEnd.payouts;
  return h("section", { class: "cu-race-end", id: "cu-race-end", dataset: { race: raceEnd.race } },
    h("strong", {}, t("cu.race_end", { r: raceEnd.race })), " ",
    h("span", { class: "muted" }, t(`cu.reason.${raceEnd.reason}`)),
    h("ol", { class: "cu-final-order" }, raceEnd.standings.map((camel, i) => h("li", {}, h("span", { class: "cu-place" }, num(i + 1)), camelIcon(camel)))),
    payouts == null ? null : payouts.length
      ? h("ul", { class: "cu-payouts", id: "cu-payouts" }, h("li", { class: "cu-label" }, t("cu.payouts")), payouts.map((p) => h("li", { dataset: { seat: p.seat, amount: p.amount } },
        t("cu.payout", { name: ctx.seatName(p.seat),
          bet: p.token ? t("cu.bet_short", { kind: t(`cu.kind.${p.token.kind}`), camel: camelName(p.token.camel), slot: p.token.slot }) : "",
          amount: signed(p.amount), coins: p.coins }))))
      : h("p", { class: "muted" }, t("cu.no_payouts")));
}

function handSection(view, ctx) {
  const me = ctx.seat;
  if (me == null) return h("section", { class: "cu-hand-area", id: "cu-hand-area" }, h("p", { class: "muted" }, t("cu.watching")));
  if (view.phase !== "select") return null;
  if (ui.sel.step !== view.step) { ui.sel = { step: view.step, card: null, camel: null }; ui.pending = false; }
  const legal = new Map();
  for (const a of ctx.legal || []) if (a.type === "play_card") (legal.get(a.card) || legal.set(a.card, []).get(a.card)).push(a.camel ?? null);
  const mine = view.my_commitment;
  const choosing = !mine && legal.size > 0;
  const sel = ui.sel;
  const cards = (view.hand || []).map((id) => {
    const playable = choosing && legal.has(id) && !ui.pending;
    return cardFace(id, { selected: choosing && sel.card === id, playable, inHand: true,
      onclick: () => {
        if (!playable) return;
        const camels = legal.get(id);
        ui.sel = { step: view.step, card: id, camel: camels.length === 1 ? camels[0] : (camels.includes(sel.camel) ? sel.camel : undefined) };
        rerender();
      } });
  });
  const prompt = mine ? t("cu.waiting_others") : choosing ? t(choicePrompt(sel)) : "";
  const parts = [h("div", { class: "cu-hand-head" }, h("strong", {}, t("cu.your_hand")),
    h("span", { class: `cu-prompt ${choosing ? "mine" : "muted"}`, id: "cu-prompt" }, prompt),
    view.deadline ? deadlineTimer(view, ctx) : null)];
  parts.push(h("div", { class: "cu-hand", id: "cu-hand" }, cards));
  if (mine) {
    const label = cardLabel(cardInfo(mine.card));
    parts.push(h("p", { class: "cu-mine", id: "cu-mine", dataset: { card: mine.card } },
      t("cu.committed_you", { card: label }), mine.camel ? ` ${t("cu.on_camel", { camel: camelName(mine.camel) })}` : ""));
  } else if (choosing && sel.card != null) {
    const info = cardInfo(sel.card);
    const camels = legal.get(sel.card) || [];
    parts.push(h("p", { class: "cu-help" }, t(`cu.help.${info.kind}`, { camel: info.camel ? camelName(info.camel) : "" })));
    const targeted = !["move", "mirage"].includes(info.kind);
    if (targeted && camels.length === 1 && camels[0] === null) parts.push(h("p", { class: "cu-blank" }, t("cu.blank")));
    else if (targeted) {
      const isBet = info.kind === "bet_winner" || info.kind === "bet_loser";
      parts.push(h("div", { class: "cu-targets", id: "cu-targets", role: "group", "aria-label": t("cu.pick_camel") }, CAMELS.map((camel) => {
        const ok = camels.includes(camel);
        const filled = view.bets.filter((b) => b.kind === info.kind && b.camel === camel).length;
        return h("button", { type: "button", class: `cu-camel-btn ${sel.camel === camel ? "selected" : ""}`, dataset: { camel, legal: ok ? "1" : "0", focus: `camel:${camel}` },
          disabled: !ok || ui.pending, "aria-pressed": sel.camel === camel ? "true" : "false", style: `--camel:${HEX[camel]}`,
          onclick: () => { ui.sel = { ...ui.sel, camel }; rerender(); } },
        camelIcon(camel), h("span", {}, camelName(camel)),
        isBet ? h("small", {}, ok ? t("cu.column_n", { n: filled }) : t("cu.not_allowed")) : null);
      })));
    }
    const ready = sel.camel !== undefined && camels.includes(sel.camel);
    parts.push(h("button", { type: "button", class: "primary", id: "commit", disabled: !ready || ui.pending, onclick: commit, dataset: { focus: "commit" } },
      ui.pending ? t("cu.sending") : t("cu.commit")));
  }
  return h("section", { class: `cu-hand-area ${choosing ? "choosing" : ""}`, id: "cu-hand-area" }, parts);
}

// What the choice still needs: a card, then a camel if the card names one, then the commit.
function choicePrompt(sel) {
  if (sel.card == null) return "cu.pick_card";
  return sel.camel === undefined ? "cu.pick_camel" : "cu.ready";
}

async function commit() {
  const ctx = latest?.ctx;
  if (!ctx || ui.pending || ui.sel.card == null || ui.sel.camel === undefined) return;
  const step = ctx.view.step;
  ui.pending = true;
  rerender();
  const reply = await ctx.act({ type: "play_card", card: ui.sel.card, camel: ui.sel.camel, step });
  ui.pending = false;
  if (reply.type !== "ack") ui.sel = { step, card: null, camel: null };
  rerender();
}

// -- rendering ------------------------------------------------------------------------------

// A rebuilt hand would drop the keyboard's place: a card played or gone hands it to its neighbour.
const HAND = { list: "#cu-hand .cu-card" };

export function render(root, ctx) {
  latest = { root, ctx };
  ctx.rerender = () => render(root, ctx);
  const view = ctx.view;
  absorb(ctx);
  const shown = display(view);
  if (!ui.wrap) {
    ui.wrap = h("div", { class: "camel-up-cards" });
    ui.lower = h("div", { class: "cu-lower" });
  }
  Object.assign(ui.wrap.dataset, { phase: view.phase, race: view.race, trick: view.trick_in_race, step: view.step });
  if (root.firstChild !== ui.wrap || root.childNodes.length !== 1) root.replaceChildren(ui.wrap);
  const frameKey = ui.play ? `${ui.queue.length}:${ui.play.race}:${ui.play.reveal.trick}:${ui.play.index}` : "settled";
  const seatNames = Array.from({ length: view.players }, (_, i) => ctx.seatName(i));
  const showRaceEnd = shown.raceEnd;
  const saved = savedFocus(ui.wrap, HAND);
  // Phone first: the track you watch, then your hand and its controls, then what explains them.
  sync(ui.wrap, [
    ui.memo("head", JSON.stringify([view.phase, shownRace(view), view.lead, view.draw_count, view.deadline, seatNames, ctx.seat]), () => header(view, ctx)),
    ui.memo("players", JSON.stringify([view.phase, view.lead, view.committed, shown.coins, seatNames, ctx.seat]), () => playersSection(view, ctx, shown)),
    trackSection(view, shown),
    ui.memo("hand", JSON.stringify([view.phase, view.step, view.hand, view.my_commitment, ui.sel, ui.pending, ctx.legal, view.bets, ctx.seat, view.deadline]), () => handSection(view, ctx)),
    ui.memo("raceEnd", JSON.stringify([showRaceEnd, seatNames]), () => raceEndSection(view, ctx, showRaceEnd)),
    ui.memo("info", JSON.stringify([shown.stacks, shown.dice, shown.rolled]), () => diceAndStandings(view, shown)),
    ui.lower,
  ]);
  sync(ui.lower, [
    ui.memo("reveal", JSON.stringify([shown.reveal, shown.active, shown.playing, seatNames, frameKey]), () => revealSection(view, ctx, shown)),
    ui.memo("bets", JSON.stringify([shown.bets, seatNames]), () => betsSection(view, ctx, shown)),
  ]);
  restoreFocus(ui.wrap, saved, HAND);
}

export function pending(ctx) {
  const view = ctx.view;
  return ctx.seat != null && view?.phase === "select" && !view.my_commitment && ctx.legal?.length ? 1 : 0;
}
