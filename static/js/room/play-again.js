// "Play again with these people" on a finished room you played in: a new room like this one, which you
// host, with an invitation to everyone else who played (POST /api/rooms/{code}/play-again).
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { errorText, t } from "../i18n/index.js";
import "../friends-words.js";

export function playAgainButton(ctl) {
  const { room, code } = ctl;
  const others = room.seats.filter((seat) => seat.player && seat.player.id !== ctl.me?.id);
  if (room.status !== "finished" || ctl.mySeat === null || !others.length) return null;
  const button = h("button", { type: "button", id: "play-again", title: t("play_again.about"), onclick: async () => {
    button.disabled = true;
    try {
      const made = await api("POST", `/api/rooms/${code}/play-again`);
      location.href = `/t/${made.code}`;
    } catch (err) { toast(errorText(err), "error"); button.disabled = false; }
  } }, t("play_again.button"));
  return button;
}
