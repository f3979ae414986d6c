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

export function resultDetails(result, ctx) {
  const rows = result.results || [];
  const parts = [];
  if (result.reason) parts.push(h("p", { class: "dc-reason" }, t(`dc.reason.${result.reason}`)));
  parts.push(h("table", { class: "dc-results", id: "dc-results" },
    h("thead", {}, h("tr", {}, [t("dc.rank"), t("dc.player"), t("dc.cards_left"), t("dc.wrong"), t("dc.placed")].map((x) => h("th", {}, x)))),
    h("tbody", {}, rows.map((row) => h("tr", { dataset: { seat: row.seat, rank: row.rank, cards: row.cards_left, placed: row.placed }, class: row.rank === 1 ? "winner" : "" },
      h("td", {}, num(row.rank)), h("td", {}, ctx.seatName(row.seat), row.seat === ctx.seat ? ` (${t("dc.you")})` : ""),
      h("td", {}, num(row.cards_left)), h("td", {}, num(row.wrong_claims)), h("td", {}, num(row.placed)))))));
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
