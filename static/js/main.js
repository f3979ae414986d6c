// The page: header (name, settings, language), the status region, and the screens: the lobby at /,
// a room at /t/{code}, how to play a game at /how/{slug}, its tutorial at /learn/{slug}, a finished game's replay at /replay/{id} and its check at /verify/{id},
// a player's history at /p/{id}, a title's leaderboard at /leaderboard/{slug}, and your games at /games.
import { applyDocumentLang, currentLang, onLangChange, setLang, t } from "./i18n/index.js";
import { api, identity } from "./api.js";
import { h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { applySettings } from "./settings.js";
import { openSettings } from "./settings-panel.js";
import { mountMyGamesLink, repaintMyGamesLink } from "./my-games-badge.js";
import { mountFriendsLink, paintFriendsLink } from "./friends-link.js";
import { tellPrefs } from "./when.js";
import "./pwa.js";  // the service worker and the install offer

const app = document.getElementById("app");
let screen = null;

// The one small polite region screen readers hear (never the whole app, never a ticking timer).
document.body.append(h("div", { id: "status", class: "sr-only", role: "status", "aria-live": "polite" }));
const settingsButton = h("button", { class: "lang", id: "settings", type: "button", onclick: openSettings });
document.getElementById("lang").before(settingsButton);
mountMyGamesLink(settingsButton);
mountFriendsLink(document.getElementById("my-games") || settingsButton);

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
  repaintMyGamesLink();
  paintFriendsLink();
}

// Every screen but the lobby is loaded when first visited: a phone opening the lobby on a slow
// network downloads none of the room, its chat and sockets, the replay or the player pages.
const SCREENS = [
  [/^\/t\/([A-Za-z0-9_-]+)$/, () => import("./room/index.js"), "showRoom"],
  [/^\/how\/([a-z-]+)$/, () => import("./howto.js"), "showHowTo"],
  [/^\/learn\/([a-z-]+)$/, () => import("./learn/index.js"), "showTutorial"],
  [/^\/replay\/(\d+)$/, () => import("./replay.js"), "showReplay"],
  [/^\/verify\/(\d+)$/, () => import("./verify.js"), "showVerify"],
  [/^\/p\/([0-9a-f]{32})$/, () => import("./player-page.js"), "showPlayer"],
  [/^\/leaderboard\/([a-z-]+)$/, () => import("./leaderboard.js"), "showLeaderboard"],
  [/^\/games()$/, () => import("./my-games.js"), "showMyGames"],
  [/^\/friends()$/, () => import("./friends.js"), "showFriends"],
  [/^\/invitations\/([A-Za-z0-9_-]{1,64})$/, () => import("./friends.js"), "showInvitation"],
];
let routed = 0;  // the latest navigation: a screen whose module arrives after another one is dropped

async function route() {
  screen?.dispose?.();
  screen = null;
  const turn = ++routed;
  const found = SCREENS.map(([pattern, load, name]) => [location.pathname.match(pattern), load, name])
    .find(([match]) => match);
  if (!found) {
    screen = showLobby(app);
    header();
    return;
  }
  const [match, load, name] = found;
  app.replaceChildren(h("p", { class: "muted" }, t("connecting")));
  const module = await load();
  if (turn !== routed) return;
  screen = module[name](app, match[1]);
  header();
}

// A sheet over a screen (how to play over a table) takes back its own history entry; the screen stays.
window.addEventListener("popstate", () => { if (!document.documentElement.dataset.historySheet) route(); });
document.getElementById("lang").addEventListener("click", () => setLang(currentLang() === "fa" ? "en" : "fa"));
onLangChange(() => { header(); screen?.redraw?.(); });
// The language picked here is the one the player's notifications speak (best effort: the page works without it).
onLangChange((code) => { if (identity()?.token) api("PATCH", "/api/players/me/settings", { lang: code }).catch(() => {}); });
window.addEventListener("dorhami:identity", header);
applyDocumentLang();
applySettings();
route();
tellPrefs();
