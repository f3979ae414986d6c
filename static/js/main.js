// The page: header (name, settings, language), the status region, and the screens: the lobby at /,
// a room at /t/{code}, how to play a game at /how/{slug}, a finished game's replay at /replay/{id} and its check at /verify/{id},
// a player's history at /p/{id} and a title's leaderboard at /leaderboard/{slug}.
import { applyDocumentLang, currentLang, onLangChange, setLang, t } from "./i18n/index.js";
import { identity } from "./api.js";
import { h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showRoom } from "./room.js";
import { showHowTo } from "./howto.js";
import { showReplay } from "./replay.js";
import { showVerify } from "./verify.js";
import { showPlayer } from "./player-page.js";
import { showLeaderboard } from "./leaderboard.js";
import { applySettings } from "./settings.js";
import { openSettings } from "./settings-panel.js";

const app = document.getElementById("app");
let screen = null;

// The one small polite region screen readers hear (never the whole app, never a ticking timer).
document.body.append(h("div", { id: "status", class: "sr-only", role: "status", "aria-live": "polite" }));
const settingsButton = h("button", { class: "lang", id: "settings", type: "button", onclick: openSettings });
document.getElementById("lang").before(settingsButton);

function header() {
  document.querySelector("[data-i18n=brand]").textContent = t("brand");
  document.title = t("brand");  // a screen with its own title sets it when it draws
  const button = document.getElementById("lang");
  button.textContent = currentLang() === "fa" ? "English" : "فارسی";
  button.setAttribute("aria-label", t("switch_language"));
  settingsButton.textContent = t("settings");
  const me = identity();
  const who = document.getElementById("who");
  who.textContent = me ? t("hello_name", { name: me.name }) : "";
  who.title = who.textContent;
}

function route() {
  screen?.dispose?.();
  const room = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  const how = location.pathname.match(/^\/how\/([a-z-]+)$/);
  const replay = location.pathname.match(/^\/replay\/(\d+)$/);
  const verify = location.pathname.match(/^\/verify\/(\d+)$/);
  const player = location.pathname.match(/^\/p\/([0-9a-f]{32})$/);
  const board = location.pathname.match(/^\/leaderboard\/([a-z-]+)$/);
  screen = room ? showRoom(app, room[1]) : how ? showHowTo(app, how[1]) : replay ? showReplay(app, replay[1])
    : verify ? showVerify(app, verify[1]) : player ? showPlayer(app, player[1]) : board ? showLeaderboard(app, board[1])
    : showLobby(app);
  header();
}

window.addEventListener("popstate", route);
document.getElementById("lang").addEventListener("click", () => setLang(currentLang() === "fa" ? "en" : "fa"));
onLangChange(() => { header(); screen?.redraw?.(); });
window.addEventListener("dorhami:identity", header);
applyDocumentLang();
applySettings();
route();
