// After a game: who won and why first, then play again (the host starts it, others ask), the replay,
// the check of the shuffle, the leaderboard, each person's page and the lobby.
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import { replayLink } from "../replay.js";
import { verifyLink } from "../verify.js";
import { leaderboardLink } from "../leaderboard.js";
import { displayName } from "./seats.js";
import { avatar } from "./avatar.js";
import { playAgainButton } from "./play-again.js";

function headline(result, room, seatName) {
  const everyone = room.seats.length;
  if (result.winners.length === 1) return t("winner", { name: seatName(result.winners[0]) });
  if (result.winners.length === everyone && everyone > 1) return t("draw");
  if (result.winners.length > 1) return t("winners", { names: result.winners.map(seatName).join(t("list_sep")) });
  return t("game_over");
}

function rematchButton(ctl) {
  const { room, code, me } = ctl;
  if (room.status === "finished" && ctl.isHost) {
    return h("button", { class: "primary", id: "rematch", onclick: () => ctl.call("POST", `/api/rooms/${code}/rematch`) }, t("rematch"));
  }
  if (room.status !== "finished" || ctl.mySeat === null) return null;
  const done = me && (room.rematch_requests || []).includes(me.id);
  return h("button", { class: "primary", id: "rematch-request", disabled: done,
    onclick: () => ctl.call("POST", `/api/rooms/${code}/rematch-requests`) }, done ? t("rematch_asked") : t("rematch_ask"));
}

// `details`: the game's own account of the result (its renderer's resultDetails), or null.
export function resultPanel(ctl, result, details) {
  const { room } = ctl;
  const buttons = [rematchButton(ctl), playAgainButton(ctl)];
  const asked = room.rematch_requests || [];
  const finished = room.status === "finished";
  if (finished && room.game_id != null) buttons.push(replayLink(room.game_id, ctl.mySeat), verifyLink(room.game_id));
  if (finished) buttons.push(leaderboardLink(room.game, "result-leaderboard"));
  // Each person's page (their games and ratings); bots have none.
  const people = finished ? room.seats.filter((seat) => seat.player).map((seat) =>
    h("a", { href: `/p/${seat.player.id}`, class: "link result-player" }, avatar(seat.player, 20), " ", displayName(room, seat.player))) : [];
  buttons.push(h("a", { href: "/", class: "button", id: "to-lobby" }, t("back_to_lobby")));
  const askers = room.seats.filter((s) => s.player && asked.includes(s.player.id) && ctl.isHost).map((s) => displayName(room, s.player));
  return h("section", { class: "card result", id: "result" },
    h("h2", { class: "big", id: "result-headline" }, h("span", { class: "sr-only" }, `${t("result")}: `), headline(result, room, ctl.seatName)),
    details,
    people.length ? h("p", { class: "result-players", id: "result-players" }, people.flatMap((link, i) => (i ? [t("list_sep"), link] : [link]))) : null,
    askers.length ? h("p", { class: "muted", id: "rematch-askers" }, t("rematch_wanted", { names: askers.join(t("list_sep")) })) : null,
    h("div", { class: "controls center" }, buttons));
}
