// What a game's renderer gets in a tutorial: the context a table would give it, at the frame's own time.
import { announce } from "../dom.js";
import { num, t } from "../i18n/index.js";
import { identity } from "../api.js";
import { settings } from "../settings.js";

// The seats' names: the player's own (a name, not "you": the games' lines say "<name> made a mistake"
// of every seat), the scripted opponents' from the script.
export function seatNamer(script) {
  const others = [...Array(script.players).keys()].filter((s) => s !== script.seat);
  return (seat) => {
    if (seat === script.seat) return identity()?.name || t("learn.guest");
    const key = script.names[others.indexOf(seat)];
    return key ? t(`learn.name.${key}`) : `${t("bot")} ${num(seat + 1)}`;
  };
}

export function tableContext(slug, script, frame, { act, rerender }) {
  const nameOf = seatNamer(script);
  const seats = [...Array(script.players).keys()].map((seat) => ({ seat, player: { id: `learn-${seat}`, name: nameOf(seat) }, presence: "online" }));
  return {
    view: frame.view, legal: frame.legal_actions, seat: frame.seat, result: frame.result, events: frame.events, version: frame.version,
    room: { code: `learn-${slug}`, game_id: `learn-${slug}`, game: slug, config: frame.view.config || {}, status: frame.result ? "finished" : "playing", seats, host: { id: "" } },
    act, seatName: nameOf, serverNow: () => frame.now_ms, announce, settings: settings(), rerender,
  };
}
