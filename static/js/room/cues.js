// Which sound a change at the table makes, decided in one place from what the room already receives:
// the events of each new state message (one table per game below), the refusal of this player's own
// action, a chat line from someone else, and the game's end. History replayed on joining and states
// no newer than the one shown make no sound; the turn chime is alerts.js's (it knows what waits for you).
// Camel Up Cards plays its reveal back over a few seconds; its cues sound when the change arrives.
import { identity } from "../api.js";
import { play } from "./sound.js";

// cue(mine, others, who): the cue when this seat is among `who(event)` (the seats that did it), the
// cue when only others are; an event without seats (who → null) takes `others`. null: no sound.
const seats = (field) => (event) => (event[field] == null ? [] : [].concat(event[field]));
const cue = (mine, others = mine, who = seats("seat")) => ({ mine, others, who });

// The losers of a contested race (hub/claims.py race_judged) heard "too late" for their claim.
const losers = (event) => (event.contenders || []).map((c) => c.seat).filter((seat) => seat !== event.winner);
const RACE = { race_judged: cue("late", null, losers) };

export const GAMES = {
  "twin-it": {
    ...RACE,
    flipped: cue("flip", "flip", () => null),
    turned_over: cue("flip", "flip", () => null),
    set_won: cue("won", "won_other", seats("by_seats")),
    mistake: cue("mistake", null, seats("seats")),
  },
  "double-connect": {
    ...RACE,
    claim_accepted: cue("place"),
    claim_wrong: cue("mistake", null),
    hand_emptied: cue("won", "won_other"),
  },
  "jekyll-vs-hyde": {
    card_played: cue("place"),
    trick_won: cue("won", "won_other"),
    trick_stolen: cue("won", "won_other", seats("to")),
  },
  queendomino: {
    tile_chosen: cue("place"),
    tile_placed: cue("place"),
    tile_discarded: cue("place"),
    building_bought: cue("place"),
    king_bonus: cue("won", "won_other"),
  },
  "camel-up-cards": {
    // A card played by the clock is no one's move; a reveal turns every committed card face up.
    card_committed: cue("place", "place", (event) => (event.auto ? [] : [event.seat])),
    trick_revealed: cue("flip", "flip", () => null),
    payout: cue("won", null, (event) => (event.amount > 0 ? [event.seat] : [])),
  },
};

// The refusals that mean "someone was quicker" (Twin It's stale claim, Double Connect's used-up
// target, a version overtaken); the server's own trouble is no move of the player's and stays silent.
const LATE = new Set(["stale", "stale_version", "too_late", "target_not_active"]);
const SILENT = new Set(["try_again", "table_elsewhere", "storage_unavailable", "internal_error", "rate_limited", "too_slow", "invalid_message"]);
const REFUSED = { late: cue("late", null), other: cue("mistake", null) };
const ENDED = cue("end");
const CHAT = cue(null, "chat");

// Most telling first: a change plays at most two cues, the rest would only blur them.
const PRIORITY = ["end", "mistake", "late", "won", "won_other", "place", "flip", "chat"];
const MOST = 2;

function pick(rule, event, seat) {
  const who = rule.who(event);
  if (who == null) return rule.others;
  if (seat != null && who.includes(seat)) return rule.mine;
  return who.length ? rule.others : null;
}

// The cues of a state message `message` arriving while `shown` is on screen, for `slug`'s table.
export function stateCues(message, shown, slug) {
  if (!shown || message.game_id !== shown.game_id || message.version <= shown.version) return [];
  const table = GAMES[slug] || {};
  const found = (message.events || []).map((event) => (event && table[event.type] ? pick(table[event.type], event, message.seat) : null));
  if (message.result && !shown.result) found.push(ENDED.mine);
  return found;
}

function chatCue(message, room) {
  const player = message.message?.player;
  const me = identity()?.id ?? null;
  if (!player || player.id === me || (room?.muted || []).includes(player.id)) return null;
  return CHAT.others;
}

function refusalCue(message) {
  if (SILENT.has(message.code)) return null;
  return (LATE.has(message.code) ? REFUSED.late : REFUSED.other).mine;
}

// Everything the room socket brings, as it arrives (before the room takes it in): `shown` is the
// state on screen, `room` the room, whose `game` names the table's game.
export function hear(message, shown, room) {
  let found = [];
  if (message.type === "state") found = stateCues(message, shown, room?.game);
  else if (message.type === "chat") found = [chatCue(message, room)];
  // An error with a client_seq answers this player's own action (other errors are the room's).
  else if (message.type === "error" && message.client_seq != null) found = [refusalCue(message)];
  const ranked = [...new Set(found.filter(Boolean))].sort((a, b) => PRIORITY.indexOf(a) - PRIORITY.indexOf(b));
  for (const name of ranked.slice(0, MOST)) play(name);
}
