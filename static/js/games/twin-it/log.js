// Twin It in words: the move log's lines, and the result's account (the room shows them).
import { h, s } from "../../dom.js";
import { num, t } from "../../i18n/index.js";
import { raceLogLine } from "../../races.js";
import { TEAM_COLOURS, count, describe, isLocked, legalHas, lockoutSeconds, namesOf, ownerName, teamName, teamSymbol, teamTag } from "./table.js";

// -- what the room asks of a renderer ---------------------------------------------------------------

// Decisions waiting for this seat: your flip, or (team mode) a teammate's hand waiting for yours.
export function pending(ctx) {
  const view = ctx?.view;
  if (!view || view.phase !== "PLAYING" || ctx.seat == null) return 0;
  let n = view.mode !== "coop" && view.active === ctx.seat && legalHas(ctx, "flip") ? 1 : 0;
  if (view.mode === "team") {
    const now = ctx.serverNow?.() ?? Date.now();
    const mate = (view.touches || []).some((touch) => touch.seat !== ctx.seat && touch.seat % 2 === ctx.seat % 2 && touch.expires_at > now);
    if (mate && !isLocked(view, ctx, ctx.seat)) n += 1;
  }
  return n;
}

// Plain sentences for the room's move log, one change at a time, from the events this seat saw.
export function logLines(events, ctx) {
  const lines = [];
  const points = (events || []).find((event) => event?.type === "points")?.points;
  for (const event of events || []) {
    try {
      const line = logLine(event, ctx, points);
      if (line) lines.push(line);
    } catch {
      // An event this client does not understand adds no line; the log never breaks the table.
    }
  }
  return lines;
}

function logWho(ctx, view, seats, owner) {
  if (view.mode === "team" && owner != null) return `${teamName(owner)} (${namesOf(ctx, seats)})`;
  if (view.mode === "coop" || owner == null) return namesOf(ctx, seats);
  return ctx.seatName(owner);
}

function logLine(event, ctx, points) {
  const view = ctx.view || {};
  const config = view.config || {};
  const design = (d) => describe(d);
  switch (event.type) {
    case "countdown":
      return { text: t("tw.log.countdown", { s: Math.round((config.start_countdown_ms ?? 3000) / 1000) }), summary: false };
    case "started":
      return { text: view.mode === "coop" ? t("tw.log.started_coop", { s: Math.round((config.coop_duration_ms ?? 60000) / 1000) })
        : t("tw.log.started"), summary: false };
    case "flipped": {
      if (event.seat == null) return null;
      const name = ctx.seatName(event.seat);
      const key = view.mode === "coop" ? "tw.log.flip_coop" : event.auto ? "tw.log.flip_auto" : "tw.log.flip";
      return { text: t(key, { name, design: design(event.design) }), summary: false };
    }
    case "turned_over":
      return { text: t(view.mode === "coop" ? "tw.log.turned_over_coop" : "tw.log.turned_over", { design: design(event.design) }), summary: false };
    case "set_won": {
      const who = logWho(ctx, view, event.by_seats, event.owner);
      let text = t(`tw.log.${event.kind}`, { who, from: ownerName(view, ctx, event.from_owner), design: design(event.design) });
      if (points != null) text += ` ${t("tw.log.points", { total: points, n: event.kind === "triple" ? 2 : 1 })}`;
      return { text, summary: true };
    }
    case "mistake": {
      const who = logWho(ctx, view, event.seats, event.owner);
      const lost = event.lost_set_id != null;
      const secs = lockoutSeconds(view);
      const key = secs ? (lost ? "tw.log.mistake_lost" : "tw.log.mistake") : (lost ? "tw.log.mistake_lost_nolock" : "tw.log.mistake_nolock");
      return { text: t(key, { who, s: secs }), summary: false };
    }
    case "touch":
      return { text: t("tw.log.touch", { name: ctx.seatName(event.seat), design: design(event.cards[0].design) }), summary: false };
    case "turn":
      if (event.last_call_deadline == null) return null;
      return { text: t("tw.log.last_call", { s: Math.round((config.last_call_ms ?? 10000) / 1000) }), summary: false };
    case "game_over":
      return { text: endLine(event, ctx, view), summary: true };
    case "race_judged":
      return raceLogLine(event, ctx);
    default:
      return null;
  }
}

function endLine(event, ctx, view) {
  const parts = [t("tw.log.end", { reason: t(`tw.reason.${event.reason}`) })];
  const winners = event.winners || [];
  if (view.mode === "coop") {
    parts.push(t("tw.coop_result", { n: view.points ?? view.result?.points ?? 0 }));
    return parts.join(" ");
  }
  if (winners.length) parts.push(t(winners.length === 1 ? "tw.log.winner" : "tw.log.winners", { names: winners.map((s) => ctx.seatName(s)).join(t("list_sep")) }));
  const rows = (event.standings || []).map((row) => t("tw.log.standing", {
    name: row.team != null ? teamName(row.team) : ctx.seatName(row.seat), sets: count("tw.sets_n", row.sets) }));
  if (rows.length) parts.push(rows.join(t("list_sep")));
  return parts.join(" ");
}

// -- result ---------------------------------------------------------------------------------------

// Why first is first (§5, D18): the target reached, or more sets, then more cards in sets, then fewer mistakes.
function whyText(result, ctx, standings) {
  const label = (row) => (row.team != null ? `${teamName(row.team)} (${namesOf(ctx, row.seats)})` : ctx.seatName(row.seat));
  const top = standings.filter((row) => row.rank === 1);
  if (result.points != null || !top.length) return null;
  const w = top[0];
  if (result.reason === "target") return t("tw.why.target", { name: label(w), n: w.sets, target: ctx.view?.target_sets ?? w.sets });
  if (top.length > 1) return t("tw.why.shared", { names: top.map(label).join(t("list_sep")), n: w.sets, c: w.cards_in_sets, m: w.mistakes });
  const next = standings.find((row) => row.rank > 1);
  if (!next) return null;
  const params = { name: label(w), next: label(next) };
  if (w.sets !== next.sets) return t("tw.why.sets", { ...params, a: w.sets, b: next.sets });
  if (w.cards_in_sets !== next.cards_in_sets) return t("tw.why.cards", { ...params, n: w.sets, a: w.cards_in_sets, b: next.cards_in_sets });
  return t("tw.why.mistakes", { ...params, n: w.sets, c: w.cards_in_sets, a: w.mistakes, b: next.mistakes });
}

export function resultDetails(result, ctx) {
  const rows = [];
  const why = whyText(result, ctx, result.standings || []);
  // A team's win is led by its mark, as on the table.
  const top = (result.standings || []).filter((row) => row.rank === 1);
  const mark = why && top.length === 1 && top[0].team != null ? [teamSymbol(top[0].team, {}, TEAM_COLOURS[top[0].team]), " "] : [];
  if (why) rows.push(h("p", { class: "tw-why", id: "result-why" }, ...mark, why));
  // A target win says so in the sentence above; other endings say what ended the game.
  if (result.reason && !(why && result.reason === "target")) rows.push(h("p", { class: "tw-reason" }, t(`tw.reason.${result.reason}`)));
  if (result.points != null) {
    rows.push(h("p", { class: "big tw-coop-points" }, t("tw.coop_result", { n: result.points })));
  }
  const standings = result.standings || [];
  const team = standings.some((row) => row.team != null);
  if (team && result.winners?.length) {
    const winner = standings.find((row) => row.rank === 1 && row.seats?.some((seat) => result.winners.includes(seat)));
    if (!why && winner && standings.filter((row) => row.rank === 1).length === 1) {
      rows.push(h("p", { class: "tw-team-win" }, teamTag(winner.team), " ", t("tw.team_wins", { team: teamName(winner.team), names: namesOf(ctx, winner.seats) })));
    }
  }
  if (result.points == null && standings.length) {
    rows.push(h("table", { class: "tw-standings", id: "tw-standings" },
      h("thead", {}, h("tr", {}, h("th", {}, t("tw.rank")), h("th", {}, t(team ? "tw.team" : "tw.player")),
        h("th", {}, t("tw.col.sets")), h("th", {}, t("tw.col.cards")), h("th", {}, t("tw.col.mistakes")))),
      h("tbody", {}, standings.map((row) => h("tr", { class: row.rank === 1 ? "first" : "", dataset: { rank: row.rank } },
        h("td", {}, num(row.rank)),
        h("td", {}, team ? `${teamName(row.team)} · ${namesOf(ctx, row.seats)}` : ctx.seatName(row.seat)),
        h("td", {}, num(row.sets)), h("td", {}, num(row.cards_in_sets)), h("td", {}, num(row.mistakes)))))));
  }
  return h("div", { class: "tw-result" }, rows);
}
