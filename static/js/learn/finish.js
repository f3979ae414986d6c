// A tutorial's end: what the player has learnt, and one tap to a first game against an easy bot.
import { identity } from "../api.js";
import { h, toast } from "../dom.js";
import { errorText, t } from "../i18n/index.js";
import { gameTitle } from "../games/index.js";
import { goTo, startBotGame } from "../bot-game.js";
import { syncProgress } from "./progress.js";

async function firstGame(slug, button) {
  button.disabled = true;
  try {
    const room = await startBotGame(slug, { name: identity()?.name || t("learn.guest"), level: "easy" });
    syncProgress();  // a newcomer has a name now: what they learnt is kept for them
    goTo(room.url);
  } catch (err) {
    button.disabled = false;
    toast(errorText(err), "error");
  }
}

export function doneCard(slug, restart) {
  const play = h("button", { type: "button", class: "primary", id: "learn-play-bot", onclick: (event) => firstGame(slug, event.currentTarget) },
    t("learn.play_easy_bot"));
  return h("section", { class: "card learn-done", id: "learn-done" },
    h("h2", { id: "learn-done-title", tabindex: "-1" }, t("learn.done_title", { game: gameTitle(slug) })),
    h("p", {}, t("learn.done_body")),
    h("div", { class: "button-row" }, play,
      h("a", { href: `/how/${slug}`, class: "button", id: "learn-rules" }, t("learn.how_to")),
      h("button", { type: "button", id: "learn-restart-end", onclick: restart }, t("learn.restart")),
      h("a", { href: "/", class: "button", id: "learn-lobby" }, t("learn.back_lobby"))));
}
