// Double Connect in words: the move log's lines, and the result's account (the room shows them).
import { h, s } from "../../dom.js";
import { num, t } from "../../i18n/index.js";
import { raceLogLine } from "../../races.js";
import { symbolName, teamChip } from "./cards.js";

// -- the move log (room History) and the "your turn" count --------------------------------------

export const LOGGED = new Set(["play_started", "claim_accepted", "claim_wrong", "start_card_covered", "hand_emptied", "final_chance_started",
  "race_judged", "game_finished"]);

const SEATED = new Set(["claim_accepted", "claim_wrong", "hand_emptied", "final_chance_started"]);
const REASONS = new Set(["final_chance_over", "all_hands_empty", "first_out", "time_limit"]);
const seconds = (ms) => Math.round(Math.max(0, ms) / 100) / 10;

function finishLines(event, ctx) {
  const name = (seat) => ctx.seatName(seat);
  const rows = Array.isArray(event.results) ? event.results : [];
  const winners = rows.filter((row) => row.rank === 1);
  const reason = REASONS.has(event.reason) ? t(`dc.reason.${event.reason}`) : "";
  const lines = [{ text: t("dc.log.finished", { reason }).trim(), summary: true }];
  const team = Array.isArray(event.teams) ? event.teams.find((row) => row.rank === 1) : null;
  let won = null;
  if (team) won = t("dc.log.won_team", { team: team.team + 1, names: (team.seats || []).map(name).join(t("list_sep")), n: team.total });
  else if (winners.length === 1) won = t(winners[0].cards_left ? "dc.log.won" : "dc.log.won_empty", { name: name(winners[0].seat), n: winners[0].cards_left });
  else if (winners.length > 1) won = t("dc.log.won_shared", { names: winners.map((row) => name(row.seat)).join(t("list_sep")), n: winners[0].cards_left });
  const list = rows.map((row) => t("dc.log.standing", { name: name(row.seat), n: row.cards_left })).join(t("list_sep"));
  if (won) lines.push({ text: list ? `${won} ${t("dc.log.standings", { list })}` : won, summary: true });
  return lines;
}

// The sentences for one event, as `seat` received it; `batch` is the whole change it came in.
export function eventLines(event, ctx, batch = []) {
  if (SEATED.has(event.type) && !Number.isInteger(event.seat)) return []; // nobody to name
  const you = event.seat != null && event.seat === ctx.seat ? "_you" : "";
  const name = event.seat != null ? ctx.seatName(event.seat) : "";
  const line = (text) => [{ text, summary: false }];
  switch (event.type) {
    case "play_started": return line(t("dc.log.started"));
    case "claim_accepted": {
      const onStart = event.target === ctx.view?.tower?.start_card;
      return line(t(`dc.log.placed_${onStart ? "start" : "arm"}${you}`, { name, symbol: symbolName(event.symbol), arm: (event.arm ?? 0) + 1 }));
    }
    case "claim_wrong":
      return line(t(`dc.log.wrong${event.penalty_card == null ? "_empty" : ""}${you}`,
        { name, symbol: symbolName(event.symbol), s: seconds((event.locked_until ?? 0) - (event.t ?? 0)) }));
    case "start_card_covered": return line(t("dc.log.covered"));
    case "hand_emptied": return line(t(`dc.log.emptied${you}`, { name }));
    case "final_chance_started": {
      const emptied = batch.find((e) => e.type === "hand_emptied" && e.seat === event.seat);
      const window = emptied ? event.deadline - emptied.t : ctx.room?.config?.final_chance_ms;
      return window > 0 ? line(t("dc.log.final", { s: seconds(window) })) : [];
    }
    case "claim_rejected": return event.reason === "target_not_active" ? line(t("dc.log.too_late")) : [];
    case "game_finished": return finishLines(event, ctx);
    case "race_judged": return [raceLogLine(event, ctx)].filter(Boolean);
    default: return [];
  }
}

/** Plain sentences for the events of one change (room History); unknown events give no line. */
export function logLines(events, ctx) {
  if (!Array.isArray(events)) return [];
  return events.flatMap((event) => (event && typeof event === "object" ? eventLines(event, ctx, events) : []));
}

/** The race never waits for anyone, except the final chance: a seat that still holds cards must hurry. */
export function pending(ctx) {
  const view = ctx.view;
  return ctx.seat != null && view?.phase === "final_chance" && view.hand_sizes?.[ctx.seat] > 0 ? 1 : 0;
}

// -- the result panel ---------------------------------------------------------------------------

// -- why first is first (§5, D13, D15): fewer cards; then who emptied a hand first; then fewer wrong claims

const emptiedAt = (row) => (Array.isArray(row?.emptied_at) ? row.emptied_at : null);
const earlier = (a, b) => (a[0] - b[0] || a[1] - b[1]) < 0;
const gapSeconds = (a, b) => seconds(b[0] - a[0]);

// How the first seat beat the next when both had emptied: by how much, or in the same millisecond.
function emptiedFirstText(key, params, first, next) {
  const gap = gapSeconds(first, next);
  return gap > 0 ? t(key, { ...params, s: gap }) : t(`${key}_same`, params);
}

function soloWhy(rows, ctx) {
  const name = (row) => ctx.seatName(row.seat);
  const top = rows.filter((row) => row.rank === 1);
  if (!top.length) return null;
  const w = top[0];
  if (top.length > 1) return t("dc.why.shared", { names: top.map(name).join(t("list_sep")), n: w.cards_left, w: w.wrong_claims });
  const next = rows.find((row) => row.rank > 1);
  if (!next) return null;
  const params = { name: name(w), next: name(next), n: w.cards_left, m: next.cards_left };
  if (w.cards_left < next.cards_left) return t(w.cards_left ? "dc.why.fewer" : "dc.why.emptied", params);
  const [a, b] = [emptiedAt(w), emptiedAt(next)];
  if (a && b) return emptiedFirstText("dc.why.emptied_first", params, a, b);
  return t("dc.why.fewer_wrong", { ...params, a: w.wrong_claims, b: next.wrong_claims });
}

// A team's earliest emptied member: [seat, emptied_at] or null.
function firstOut(team, rows) {
  return team.seats.map((seat) => [seat, emptiedAt(rows.find((row) => row.seat === seat))])
    .filter(([, at]) => at).reduce((best, x) => (!best || earlier(x[1], best[1]) ? x : best), null);
}

function teamWhy(teams, rows, ctx) {
  const label = (team) => t("dc.team", { n: team.team + 1 });
  const top = teams.filter((team) => team.rank === 1);
  if (!top.length) return null;
  const w = top[0];
  if (top.length > 1) return t("dc.why.teams_shared", { names: top.map(label).join(t("list_sep")), n: w.total, w: w.wrong_claims });
  const next = teams.find((team) => team.rank > 1);
  if (!next) return null;
  const params = { team: label(w), other: label(next), n: w.total, m: next.total };
  if (w.total < next.total) return t("dc.why.team_fewer", params);
  const [a, b] = [firstOut(w, rows), firstOut(next, rows)];
  if (a && b) return emptiedFirstText("dc.why.team_emptied_first", { ...params, name: ctx.seatName(a[0]), next: ctx.seatName(b[0]) }, a[1], b[1]);
  if (a) return t("dc.why.team_only_emptied", { ...params, name: ctx.seatName(a[0]) });
  return t("dc.why.team_fewer_wrong", { ...params, a: w.wrong_claims, b: next.wrong_claims });
}

// The order in which hands emptied (1 = first out), for the table's cards-left column.
function outOrder(rows) {
  const out = rows.filter(emptiedAt).sort((x, y) => (earlier(emptiedAt(x), emptiedAt(y)) ? -1 : 1));
  return new Map(out.map((row, i) => [row.seat, i + 1]));
}

export function resultDetails(result, ctx) {
  const rows = result.results || [];
  const parts = [];
  const why = result.teams ? teamWhy(result.teams, rows, ctx) : soloWhy(rows, ctx);
  if (why) parts.push(h("p", { class: "dc-why", id: "result-why" }, why));
  if (result.reason) parts.push(h("p", { class: "dc-reason muted" }, t(`dc.reason.${result.reason}`)));
  const order = outOrder(rows);
  parts.push(h("table", { class: "dc-results", id: "dc-results" },
    h("thead", {}, h("tr", {}, [t("dc.rank"), t("dc.player"), t("dc.cards_left"), t("dc.wrong"), t("dc.placed")].map((x) => h("th", {}, x)))),
    h("tbody", {}, rows.map((row) => h("tr", { dataset: { seat: row.seat, rank: row.rank, cards: row.cards_left, placed: row.placed }, class: row.rank === 1 ? "winner" : "" },
      h("td", {}, num(row.rank)), h("td", {}, ctx.seatName(row.seat), row.seat === ctx.seat ? ` (${t("dc.you")})` : ""),
      h("td", {}, num(row.cards_left), order.has(row.seat) ? h("small", { class: "dc-out" }, t("dc.out_n", { n: order.get(row.seat) })) : null),
      h("td", {}, num(row.wrong_claims)), h("td", {}, num(row.placed)))))));
  if (result.teams) {
    parts.push(h("table", { class: "dc-results teams" },
      h("thead", {}, h("tr", {}, [t("dc.rank"), t("dc.teams"), t("dc.total"), t("dc.wrong")].map((x) => h("th", {}, x)))),
      h("tbody", {}, result.teams.map((team) => h("tr", { class: team.rank === 1 ? "winner" : "" },
        h("td", {}, num(team.rank)),
        h("td", {}, teamChip(team.team), " ", team.seats.map((seat) => ctx.seatName(seat)).join(" · ")),
        h("td", {}, num(team.total)), h("td", {}, num(team.wrong_claims)))))));
  }
  return h("div", { class: "dc-result" }, parts);
}
