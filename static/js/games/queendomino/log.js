// Queendomino in words: the move log's lines, and the result's account (the room shows them).
import { h } from "../../dom.js";
import { num, t } from "../../i18n/index.js";
import { cardColour, cardValue, halvesLabel, icon, pawnColour } from "./art.js";
import { breakdownList } from "./table.js";

// -- the move log (the room's History panel) --------------------------------------------------------

const joinList = (items) => items.join(t("list_sep"));
// A colour inside a sentence ("a red building"): lower case where the language has case.
const colourWord = (colour) => t(`qd.colour.${colour}`).toLocaleLowerCase();
const numbers = (tiles) => namesList(tiles.map((n) => num(n)));

// "A", "A and B", "A, B and C".
function namesList(names) {
  if (names.length < 2) return names.join("");
  return `${joinList(names.slice(0, -1))}${t("qd.and")}${names[names.length - 1]}`;
}

// The round a king bonus closes, from its own batch (the History panel replays old batches with
// today's view): the batch either opens the next round or ends the game after the last one.
function closedRound(events, ctx) {
  const next = events.find((e) => e?.type === "round_started");
  if (next) return next.round - 1;
  return events.some((e) => e?.type === "game_ended") ? ctx.view?.rounds : ctx.view?.round;
}

function eventLine(event, events, ctx) {
  const name = event.seat != null ? ctx.seatName(event.seat) : "";
  switch (event.type) {
    case "round_started": return { text: t("qd.log.round", { r: event.round, tiles: numbers(event.display) }) };
    case "tile_chosen": return { text: t("qd.log.chosen", { name, n: event.tile, halves: halvesLabel(event.tile) }) };
    case "tile_placed": return { text: t(event.gold_gained ? "qd.log.placed_gold" : "qd.log.placed", { name, n: event.tile, g: event.gold_gained }) };
    case "tile_discarded": return { text: t("qd.log.discarded", { name, n: event.tile, p: event.penalty }) };
    case "building_bought": {
      const building = t("qd.building", { colour: colourWord(cardColour(event.card)) });
      const params = { name, building, v: cardValue(event.card), price: event.price, p: event.points };
      return { text: t(event.points ? "qd.log.bought_points" : "qd.log.bought", params) };
    }
    case "turn_timed_out": return { text: t("qd.log.timeout", { name }) };
    case "neutral_discarded": return event.tiles?.length ? { text: t("qd.log.neutral", { tiles: numbers(event.tiles) }) } : null;
    case "king_bonus": {
      const counts = joinList(event.counts.map((n, seat) => t("qd.count", { name: ctx.seatName(seat), n })));
      const params = { r: closedRound(events, ctx), colour: colourWord(ctx.view.king_colour), counts, name };
      return { text: t(event.seat != null ? "qd.log.king_won" : "qd.log.king_tie", params), summary: true };
    }
    case "game_ended": return { text: t("qd.log.ended", { why: winSentence(event.result, ctx) }), summary: true };
    default: return null;
  }
}

/** Plain sentences for one change's events, as this seat saw them; unknown or odd events give none. */
export function logLines(events, ctx) {
  const lines = [];
  for (const event of events || []) {
    try {
      const line = eventLine(event, events, ctx);
      if (line?.text) lines.push({ text: line.text, summary: Boolean(line.summary) });
    } catch {
      // A malformed event must never break the table or the History panel: it simply gets no line.
    }
  }
  return lines;
}

// -- the result --------------------------------------------------------------------------------------

const scoreOf = (result, seat) => result.scores?.[seat] ?? result.breakdown?.[seat]?.total ?? 0;
const goldOf = (result, seat) => result.gold?.[seat] ?? result.breakdown?.[seat]?.gold ?? 0;

// Who won and why, in one sentence (§5: score, then gold left, then a shared win).
function winSentence(result, ctx) {
  const ranking = result?.ranking || [];
  const winners = result?.winners || [];
  if (!ranking.length || !winners.length) return "";
  const best = scoreOf(result, ranking[0]);
  const top = ranking.filter((seat) => scoreOf(result, seat) === best);
  const names = (list) => namesList(list.map((seat) => ctx.seatName(seat)));
  if (winners.length > 1) return t("qd.res.shared", { names: names(winners), score: best, gold: goldOf(result, winners[0]) });
  if (top.length > 1) return t("qd.res.win_gold", { names: names(top), score: best, name: ctx.seatName(winners[0]), gold: goldOf(result, winners[0]) });
  const next = ranking[1];
  if (next == null) return t("qd.res.win", { name: ctx.seatName(winners[0]), score: best, lead: 0, next: "" });
  return t("qd.res.win", { name: ctx.seatName(winners[0]), score: best, lead: best - scoreOf(result, next), next: ctx.seatName(next) });
}

// Ties below the top: say whether gold decided or the place is shared.
function lowerTies(result, ctx) {
  const ranking = result.ranking || [];
  const groups = new Map();
  for (const seat of ranking) groups.set(scoreOf(result, seat), [...(groups.get(scoreOf(result, seat)) || []), seat]);
  return [...groups.entries()].filter(([score, group]) => group.length > 1 && score !== scoreOf(result, ranking[0])).map(([score, group]) => {
    const shared = new Set(group.map((seat) => result.ranks?.[seat])).size === 1;
    const names = namesList(group.map((seat) => ctx.seatName(seat)));
    return h("p", { class: "qd-tie", dataset: { tie: shared ? "shared" : "gold" } }, t(shared ? "qd.res.tie_shared" : "qd.res.tie_gold", { names, score }));
  });
}

function resultRow(result, ctx, seat) {
  const parts = result.breakdown?.[seat] || {};
  const rank = result.ranks?.[seat];
  return h("tr", { class: rank === 1 ? "winner" : "", dataset: { seat, rank, score: scoreOf(result, seat), gold: goldOf(result, seat) } },
    h("td", { class: "qd-res-rank" }, rank === 1 ? icon("crown") : null, num(rank)),
    h("td", {}, h("span", { class: "qd-res-name" }, icon("pawn", pawnColour(seat)), ctx.seatName(seat), seat === ctx.seat ? ` (${t("qd.you")})` : ""),
      breakdownList({ tile: 0, red: 0, yellow: 0, blue: 0, king: 0, penalty: 0, total: 0, ...parts })),
    h("td", { class: "qd-res-score" }, num(scoreOf(result, seat))),
    h("td", {}, num(goldOf(result, seat))));
}

function kingNote(result, ctx) {
  const colour = ctx.view?.king_colour;
  if (!colour) return null;
  const list = joinList((result.ranking || []).map((seat) => t("qd.count", { name: ctx.seatName(seat), n: result.breakdown?.[seat]?.king ?? 0 })));
  return h("p", { class: "qd-king-note", id: "qd-king-note" }, icon("king", colour), " ",
    t("qd.res.king", { colour: colourWord(colour) }), " ", t("qd.res.king_points", { list }));
}

export function resultDetails(result, ctx) {
  return h("div", { class: "qd-result" },
    h("p", { class: "qd-why", id: "qd-why" }, winSentence(result, ctx)),
    h("table", { class: "qd-results", id: "qd-results" },
      h("thead", {}, h("tr", {}, [t("qd.res.rank"), t("qd.res.player"), t("qd.res.score"), t("qd.res.gold")].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, (result.ranking || []).map((seat) => resultRow(result, ctx, seat)))),
    lowerTies(result, ctx), kingNote(result, ctx),
    h("p", { class: "muted qd-rule-note" }, t("qd.res.rule")));
}
