// The lobby: your name, the game catalogue with a create-room form, and the open public rooms.
import { api, ensurePlayer, identity } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, num, t } from "./i18n/index.js";
import { gameTitle } from "./games/index.js";

export function showLobby(root) {
  let games = [];
  let rooms = [];
  const roomsEl = h("div", { id: "public-rooms" });

  async function load() {
    [games, rooms] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/rooms")]);
    redraw();
  }

  // Only the list of rooms refreshes on its own, so nothing being typed or chosen is wiped.
  async function refreshRooms() {
    rooms = await api("GET", "/api/rooms");
    drawRooms();
  }

  function drawRooms() {
    roomsEl.replaceChildren(rooms.length ? h("ul", { class: "rooms" }, rooms.map(roomRow)) : h("p", { class: "muted" }, t("no_public_rooms")));
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

  // One field per config key the engine describes; values start at the game's defaults.
  function optionsForm(game) {
    const fields = Object.entries(game.config_options).map(([key, option]) => {
      const id = `cfg-${game.slug}-${key}`;
      const current = game.default_config[key];
      let input;
      if (option.choices) {
        input = h("select", { id, dataset: { key } }, option.choices.map((value, i) =>
          h("option", { value: i, selected: value === current }, configLabel(key, value))));
        input.valueOf = () => option.choices[Number(input.value)];
      } else {
        input = h("input", { id, type: "number", min: option.min, max: option.max, value: current, dataset: { key } });
        input.valueOf = () => Number(input.value);
      }
      return h("label", { class: "option", for: id }, h("span", {}, t(`cfg.${key}`)), input);
    });
    const presets = Object.keys(game.presets || {});
    if (presets.length) {
      const picker = h("select", { id: `preset-${game.slug}`, onchange: () => applyPreset(fields, game, picker.value) },
        h("option", { value: "" }, t("cfg.preset.none")), presets.map((name) => h("option", { value: name }, t(`cfg.preset.${name}`))));
      fields.unshift(h("label", { class: "option" }, h("span", {}, t("cfg.preset")), picker));
    }
    return fields.length ? h("details", { class: "options" }, h("summary", {}, t("config")), fields) : null;
  }

  // A preset (a rules file's named set of values) fills the form's fields.
  function applyPreset(fields, game, name) {
    for (const [key, value] of Object.entries(game.presets[name] || {})) {
      const input = fields.map((f) => f.querySelector(`[data-key="${key}"]`)).find(Boolean);
      const option = game.config_options[key];
      if (!input) continue;
      input.value = option?.choices ? String(option.choices.indexOf(value)) : value;
    }
  }

  function configLabel(key, value) {
    for (const name of [`cfg.${key}.${value}`, `cfg.value.${value}`]) {
      if (t(name) !== name) return t(name);
    }
    return num(value);
  }

  function gameCard(game) {
    const priv = h("input", { type: "checkbox", checked: true, id: `private-${game.slug}` });
    const options = optionsForm(game);
    const config = () => Object.fromEntries([...(options?.querySelectorAll("[data-key]") || [])].map((el) => [el.dataset.key, el.valueOf()]));
    return h("article", { class: "card game", dataset: { game: game.slug } },
      h("h3", {}, gameTitle(game.slug, game.title)),
      h("p", { class: "muted" }, t("players_range", { min: game.min_players, max: game.max_players })),
      options,
      h("label", { class: "check" }, priv, t("private_room")),
      h("button", { class: "primary", dataset: { action: "create" }, onclick: () => create(game.slug, priv.checked, config()) }, t("create_room")));
  }

  async function create(slug, isPrivate, config) {
    const name = document.getElementById("name").value.trim();
    if (!name) { toast(t("name_needed"), "error"); return; }
    try {
      await ensurePlayer(name);
      window.dispatchEvent(new Event("dorhami:identity"));
      const room = await api("POST", "/api/rooms", { game: slug, private: isPrivate, config });
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
      roomsEl);
    drawRooms();
  }

  load().catch((err) => toast(errorText(err), "error"));
  const timer = setInterval(() => refreshRooms().catch(() => {}), 5000);
  return { redraw, dispose: () => clearInterval(timer) };
}
