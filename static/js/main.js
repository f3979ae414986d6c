// The page: header, language switch, and the two screens (lobby at /, a room at /t/{code}).
import { applyDocumentLang, currentLang, onLangChange, setLang, t } from "./i18n/index.js";
import { identity } from "./api.js";
import { showLobby } from "./lobby.js";
import { showRoom } from "./room.js";

const app = document.getElementById("app");
let screen = null;

function header() {
  document.querySelector("[data-i18n=brand]").textContent = t("brand");
  document.title = t("brand");
  const button = document.getElementById("lang");
  button.textContent = currentLang() === "fa" ? "English" : "فارسی";
  const me = identity();
  document.getElementById("who").textContent = me ? t("hello_name", { name: me.name }) : "";
}

function route() {
  screen?.dispose?.();
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  screen = match ? showRoom(app, match[1]) : showLobby(app);
}

window.addEventListener("popstate", route);
document.getElementById("lang").addEventListener("click", () => setLang(currentLang() === "fa" ? "en" : "fa"));
onLangChange(() => { header(); screen?.redraw?.(); });
window.addEventListener("dorhami:identity", header);
applyDocumentLang();
header();
route();
