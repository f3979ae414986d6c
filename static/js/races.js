// Fair slaps in words: a contested race (the server's `race_judged` event) for the player who lost
// it and for the move log. Contenders come in judged order, the winner first; each one's
// `reaction_ms` is the reaction the server credited.
import { t } from "./i18n/index.js";

// The race among `events` that `seat` took part in and lost, or null.
export function lostRace(events, seat) {
  if (seat == null || !Array.isArray(events)) return null;
  return events.find((event) => event?.type === "race_judged" && event.winner !== seat
    && Array.isArray(event.contenders) && event.contenders.some((c) => c.seat === seat)) ?? null;
}

// The loser's line: "You reacted in 412 ms; Sara in 371 ms" (it replaces the plain "too late").
export function lostRaceText(event, ctx) {
  const reaction = (seat) => event.contenders.find((c) => c.seat === seat)?.reaction_ms ?? "";
  return t("race.lost", { mine: reaction(ctx.seat), name: ctx.seatName(event.winner), theirs: reaction(event.winner) });
}

// The move log's line: "Race: Sara won in 371 ms; you 412 ms" (null for an event without contenders).
export function raceLogLine(event, ctx) {
  if (!Array.isArray(event.contenders) || !event.contenders.length) return null;
  const [first, ...rest] = event.contenders;
  const you = (seat) => seat === ctx.seat;
  const won = you(first.seat) ? t("race.log_you", { ms: first.reaction_ms })
    : t("race.log", { name: ctx.seatName(first.seat), ms: first.reaction_ms });
  if (!rest.length) return { text: won, summary: false };
  const others = rest.map((c) => t("race.contender", { name: you(c.seat) ? t("you") : ctx.seatName(c.seat), ms: c.reaction_ms }));
  return { text: t("race.others", { first: won, rest: others.join(t("list_sep")) }), summary: false };
}
