// Jekyll vs. Hyde in words: the move log's lines, and the result's account (the room shows them).
import { h } from "../../dom.js";
import { num, t } from "../../i18n/index.js";
import { card, cardName, cardsText } from "./art.js";
import { roleLabel, roleName, roundSummaryText, summaries } from "./table.js";

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

// Single game: one row per round played (from this session's events), else the two roles. A page
// opened late has seen only some rounds: a table with rounds missing would hide the deciding one.
function gameTable(result, ctx) {
  const rounds = summaries.filter((r) => r.game === 1);
  const roles = ctx.view.roles;
  const complete = rounds.length === result.rounds_played && rounds.every((r, i) => r.round === i + 1);
  if (!complete) {
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
