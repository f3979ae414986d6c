// The lobby: your name, the game catalogue with a create-room form, and the open public rooms.
import { api, ensurePlayer, identity } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, num, t } from "./i18n/index.js";
import { gameTitle } from "./games/index.js";

export function showLobby(root) {
  let games = [];
  let rooms = [];

  async function load() {
    [games, rooms] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/rooms")]);
    redraw();
  }

  function nameForm() {
    const me = identity();
    const input = h("input", { id: "name", name: "name", maxlength: 40, value: me?.name || "", placeholder: t("your_name"), autocomplete: "nickname" });
    return h("form", { class: "card name-form", onsubmit: async (e) => {
      e.preventDefault();
      try { await ensurePlayer(input.value.trim()); window.dispatchEvent(new Event("dorhami:identity")); toast(t("hello_name", { name: input.value.trim() })); }
      catch (err) { toast(errorText(err), "error"); }
    } }, h("label", { for: "name" }, t("your_name")), input, h("button", { type: "submit" }, t("save_name")));
  }

  function gameCard(game) {
    const priv = h("input", { type: "checkbox", checked: true, id: `private-${game.slug}` });
    return h("article", { class: "card game", dataset: { game: game.slug } },
      h("h3", {}, gameTitle(game.slug, game.title)),
      h("p", { class: "muted" }, t("players_range", { min: game.min_players, max: game.max_players })),
      h("label", { class: "check" }, priv, t("private_room")),
      h("button", { class: "primary", dataset: { action: "create" }, onclick: () => create(game.slug, priv.checked) }, t("create_room")));
  }

  async function create(slug, isPrivate) {
    const name = document.getElementById("name").value.trim();
    if (!name) { toast(t("name_needed"), "error"); return; }
    try {
      await ensurePlayer(name);
      window.dispatchEvent(new Event("dorhami:identity"));
      const room = await api("POST", "/api/rooms", { game: slug, private: isPrivate, config: {} });
      history.pushState({}, "", room.url);
      window.dispatchEvent(new PopStateEvent("popstate"));
    } catch (err) { toast(errorText(err), "error"); }
  }

  function roomRow(room) {
    const taken = room.seats.length;
    return h("li", { class: "room-row" },
      h("span", {}, gameTitle(room.game, room.title)),
      h("span", { class: "muted" }, `${num(taken)} / ${num(room.max_seats)}`),
      h("a", { href: room.url, class: "button" }, t("open")));
  }

  function redraw() {
    root.replaceChildren(
      h("section", { class: "hero" }, h("h1", {}, t("brand")), h("p", {}, t("tagline"))),
      nameForm(),
      h("h2", {}, t("games")),
      h("div", { class: "grid" }, games.map(gameCard)),
      h("h2", {}, t("public_rooms")),
      rooms.length ? h("ul", { class: "rooms" }, rooms.map(roomRow)) : h("p", { class: "muted" }, t("no_public_rooms")));
  }

  load().catch((err) => toast(errorText(err), "error"));
  const timer = setInterval(() => load().catch(() => {}), 5000);
  return { redraw, dispose: () => clearInterval(timer) };
}
