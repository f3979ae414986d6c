// Camel Up Cards in words: the move log's lines, and the result's account (the room shows them).
import { h } from "../../dom.js";
import { listText, num, t } from "../../i18n/index.js";
import { camelName, cardInfo, cardLabel, seatColor } from "./art.js";
import { eventNote, noteText, signed, ui } from "./table.js";

// -- the move log: one line per event that matters, a summary per race ---------------------------

function playText(play) {
  const info = cardInfo(play.card);
  return `${cardLabel(info)}${play.camel ? ` → ${camelName(play.camel)}` : ""}`;
}

function placesText(camels) {
  return camels.map((camel, i) => t("cu.log.place", { n: i + 1, camel: camelName(camel) })).join(t("cu.list_sep"));
}

// A revealed card and what it did: "Sara — Move red: rolled 2 · red: 1 → 3".
function resolvedLine(ctx, play, notes) {
  const text = notes.map(noteText).filter(Boolean).join(t("cu.sep"));
  return { text: t("cu.log.resolved", { name: ctx.seatName(play.seat), card: playText(play), notes: text || t("cu.ev.no_effect") }) };
}

// One entry per player: the race's coins in total and where they left the player.
function payoutLine(ctx, race, payouts) {
  if (!payouts.length) return { text: t("cu.log.no_payouts", { r: race }), summary: true };
  const bySeat = new Map();
  for (const p of payouts) bySeat.set(p.seat, { amount: (bySeat.get(p.seat)?.amount ?? 0) + p.amount, coins: p.coins });
  const list = [...bySeat].map(([seat, p]) => t("cu.log.payout", { name: ctx.seatName(seat), amount: signed(p.amount), coins: p.coins }));
  return { text: t("cu.log.payouts", { r: race, list: list.join(t("cu.list_sep")) }), summary: true };
}

function simpleLine(e, ctx) {
  switch (e.type) {
    case "race_started": return { text: t("cu.log.race", { r: e.race }) };
    case "card_committed": return e.auto ? null : { text: t("cu.log.committed", { name: ctx.seatName(e.seat) }) };
    case "timeout": return { text: t("cu.log.timeout", { names: e.seats.map(ctx.seatName).join(t("cu.list_sep")) }) };
    case "trick_revealed": return { text: t("cu.log.revealed", { n: e.trick, plays: e.plays.map((p) => t("cu.log.play",
      { name: ctx.seatName(p.seat), card: playText(p), p: cardInfo(p.card).priority })).join(t("cu.sep")) }) };
    case "deck_reshuffled": return { text: t("cu.log.reshuffled") };
    case "race_ended": return { text: t("cu.log.race_end", { r: e.race, reason: t(`cu.reason.${e.reason}`), order: placesText(e.standings) }), summary: true };
    case "game_ended": return { text: t("cu.log.game_end", { list: e.ranking.map((seat) => t("cu.log.rank",
      { place: e.ranks[String(seat)], name: ctx.seatName(seat), coins: ctx.view.coins[seat] })).join(t("cu.list_sep")) }), summary: true };
    default: return null;
  }
}

export function logLines(events, ctx) {
  const lines = [];
  let open = null;     // the card being resolved and the notes of what it did
  let payouts = null;  // the payouts of a race that just ended
  let race = null;
  const close = () => { if (open) lines.push(resolvedLine(ctx, open.play, open.notes)); open = null; };
  const settle = () => { if (payouts) lines.push(payoutLine(ctx, race, payouts)); payouts = null; };
  for (const e of events || []) {
    try {
      const note = eventNote(e);
      if (e.type === "card_resolved") { close(); open = { play: e, notes: [] }; continue; }
      if (e.type === "card_unresolved") { close(); lines.push(resolvedLine(ctx, e, [note])); continue; }
      if (note && open) { open.notes.push(note); continue; }
      if (e.type === "payout") { payouts?.push(e); continue; }
      close();
      if (e.type !== "race_ended") settle();
      const line = simpleLine(e, ctx);
      if (line) lines.push(line);
      if (e.type === "race_ended") { payouts = []; race = e.race; }
    } catch {
      // A malformed event makes no line; the log never breaks the table.
    }
  }
  close();
  settle();
  return lines;
}

// -- the result: who won and why in words, then the final table ---------------------------------

function tieHow(result, ctx, winner, rivals) {
  const reached = (seat) => result.last_change?.[String(seat)] ?? null;
  if (reached(winner) === 0) return t("cu.how.start");
  const race = (seat) => ui.coinRace[reached(seat)] ?? null;
  const mine = race(winner);
  const theirs = rivals.map(race);
  if (mine == null || theirs.includes(null)) return t("cu.how.earlier");
  if (theirs.every((r) => r > mine)) return t("cu.how.race", { a: mine });
  return t("cu.how.same", { a: mine });
}

function whyText(result, ctx) {
  const scores = result.scores || {};
  const coins = (seat) => scores[String(seat)];
  const winners = result.winners || [];
  const names = (seats) => listText(seats.map(ctx.seatName));
  if (winners.length > 1) return t("cu.why.shared", { names: names(winners), coins: coins(winners[0]) });
  const winner = winners[0];
  const rivals = (result.ranking || []).filter((seat) => seat !== winner && coins(seat) === coins(winner));
  const next = (result.ranking || []).find((seat) => seat !== winner);
  if (!rivals.length && next == null) return t("cu.why.single", { name: ctx.seatName(winner), coins: coins(winner) });
  if (!rivals.length) return t("cu.why.margin", { name: ctx.seatName(winner), coins: coins(winner), d: coins(winner) - coins(next), next: ctx.seatName(next) });
  return t("cu.why.tie", { name: ctx.seatName(winner), names: names([winner, ...rivals]), coins: coins(winner),
    how: tieHow(result, ctx, winner, rivals) });
}

// When a player reached the final total, only where a tie makes it matter.
function reachedText(result, seat) {
  const at = result.last_change?.[String(seat)];
  if (!at) return t("cu.reached_start");
  const race = ui.coinRace[at];
  return race ? t("cu.reached_race", { r: race }) : "—";
}

export function resultDetails(result, ctx) {
  const ranks = result.ranks || {};
  const scores = result.scores || {};
  const ranking = result.ranking || [];
  const counts = {};
  for (const seat of ranking) counts[scores[seat]] = (counts[scores[seat]] || 0) + 1;
  const tied = Object.values(counts).some((n) => n > 1);
  const head = [t("cu.rank"), t("cu.player"), t("cu.coins_col"), tied ? t("cu.reached") : null].filter(Boolean);
  return h("div", { class: "cu-result" },
    h("p", { class: "cu-why", id: "cu-why" }, whyText(result, ctx)),
    h("table", { class: "cu-ranking", id: "cu-ranking" },
      h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ranking.map((seat) => h("tr", { class: ranks[seat] === 1 ? "winner" : "", dataset: { seat, rank: ranks[seat], coins: scores[seat] } },
        h("td", {}, num(ranks[seat]), ranking.filter((x) => ranks[x] === ranks[seat]).length > 1 ? ` (${t("cu.shared")})` : ""),
        h("td", {}, h("span", { class: "cu-seat-dot", style: `--seat:${seatColor(seat)}` }, num(seat + 1)), " ", ctx.seatName(seat), seat === ctx.seat ? ` (${t("cu.you")})` : ""),
        h("td", {}, num(scores[seat])),
        tied ? h("td", {}, counts[scores[seat]] > 1 ? reachedText(result, seat) : "") : null)))));
}
