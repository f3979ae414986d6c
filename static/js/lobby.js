// The lobby: your name, the game catalogue (each card: picture, blurb, players, length, how to play, options,
// create a room or play against bots in one tap, the tutorial offered to a newcomer), and the open public rooms.
import { api, catalogue, clientSeed, ensurePlayer, identity, newIdentity } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, num, t } from "./i18n/index.js";
import { gameTitle } from "./games/index.js";
import { optionsForm } from "./options-form.js";
import "./leaderboard.js";  // its strings: each card links to its game's leaderboard
import { yourTurnLine } from "./my-games-badge.js";
import { fittingLevel, goTo, startBotGame } from "./bot-game.js";
import { tutorialOffer } from "./learn/offer.js";
import { syncProgress } from "./learn/progress.js";

export function showLobby(root) {
  let games = [];
  let rooms = [];
  const forms = new Map();
  const roomsEl = h("div", { id: "public-rooms" });
  const turnLine = yourTurnLine();  // "your turn in N games", while some wait for you

  async function load() {
    [games, rooms] = await Promise.all([catalogue(), api("GET", "/api/rooms"), syncProgress()]);
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

  // Saving renames this browser's identity in place (its seats and host roles stay); a new identity is
  // only ever made on purpose, after a confirmation.
  function nameForm() {
    const me = identity();
    const input = h("input", { id: "name", name: "name", maxlength: 40, value: me?.name || "", placeholder: t("your_name"), autocomplete: "nickname" });
    const fresh = me ? h("button", { type: "button", id: "new-identity", class: "link", onclick: async () => {
      if (!confirm(t("confirm_new_identity"))) return;
      try { await newIdentity(input.value.trim() || me.name); toast(t("new_identity_made")); } catch (err) { toast(errorText(err), "error"); }
    } }, t("new_identity")) : null;
    return h("form", { class: "card name-form", onsubmit: async (e) => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) { toast(t("name_needed"), "error"); return; }
      try { await ensurePlayer(name); toast(t("hello_name", { name })); } catch (err) { toast(errorText(err), "error"); }
    } }, h("label", { for: "name" }, t("your_name")), input, h("button", { type: "submit", id: "save-name" }, t("save_name")), fresh,
    // A phone's header has no room for the Friends link (friends-link.js): it is here too.
    me ? h("a", { href: "/friends", class: "link", id: "lobby-friends" }, t("friends_link")) : null);
  }

  function playersText(game) {
    const [low, high] = [game.fewest_players, game.most_players];
    return low === high ? t("players_exact", { n: low }) : t("players_range", { min: low, max: high });
  }

  function gameCard(game) {
    const slug = game.slug;
    const priv = h("input", { type: "checkbox", checked: true, id: `private-${slug}` });
    const watch = h("input", { type: "checkbox", id: `watch-${slug}` });
    // A redraw (a language switch) keeps what was chosen.
    const form = optionsForm(game, forms.get(slug)?.config() ?? null);
    forms.set(slug, form);
    const options = form.element;
    const config = form.config;
    const picture = new URL(`../img/games/${slug}.svg`, import.meta.url).href;
    // Who may come in and whether the host sits are room choices: they fold away with the options.
    const choices = [h("label", { class: "check" }, priv, t("private_room")), h("label", { class: "check" }, watch, t("just_watch"))];
    return h("article", { class: "card game", dataset: { game: slug } },
      h("div", { class: "game-top" },
        h("img", { class: "game-picture", src: picture, alt: "", width: 72, height: 54 }),
        h("div", {},
          h("h3", {}, gameTitle(slug, game.title)),
          h("p", { class: "muted facts" }, h("span", { class: "players" }, playersText(game)), " · ", h("span", {}, t(`length.${slug}`))))),
      h("p", { class: "blurb" }, t(`blurb.${slug}`), " ", h("a", { href: `/how/${slug}`, class: "link how-link", dataset: { action: "how" } }, t("how_to_play")),
        " · ", h("a", { href: `/leaderboard/${slug}`, class: "link board-link", dataset: { action: "leaderboard" } }, t("board.link"))),
      tutorialOffer(slug, game.tutorial_minutes, { id: `learn-offer-${slug}`, onDecline: redraw }),
      options ? (options.append(...choices), options) : h("div", {}, choices),
      h("div", { class: "card-actions" },
        h("button", { class: "primary", dataset: { action: "create" }, onclick: () => create(game, { private: priv.checked, config: config(), watch: watch.checked }) }, t("create_room")),
        h("button", { dataset: { action: "bots" }, onclick: () => create(game, { private: true, config: config(), bots: true }) }, t("play_bots"))));
  }

  // A room, with its host seated unless they only watch; "play against bots" also fills the other seats and starts.
  async function create(game, { private: isPrivate, config, watch = false, bots = false }) {
    const name = document.getElementById("name").value.trim();
    if (!name) { toast(t("name_needed"), "error"); document.getElementById("name").focus(); return; }
    try {
      if (bots) {
        const level = await fittingLevel(game.slug, game.bot_levels);
        goTo((await startBotGame(game.slug, { name, config, level })).url);
        return;
      }
      await ensurePlayer(name);
      const room = await api("POST", "/api/rooms", { game: game.slug, private: isPrivate, config });
      if (!watch) await api("POST", `/api/rooms/${room.code}/join`, { client_seed: clientSeed() });
      goTo(room.url);
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
      turnLine.element,
      nameForm(),
      h("h2", {}, t("games")),
      h("div", { class: "grid" }, games.map(gameCard)),
      h("h2", {}, t("public_rooms")),
      roomsEl);
    drawRooms();
  }

  load().catch((err) => toast(errorText(err), "error"));
  const timer = setInterval(() => refreshRooms().catch(() => {}), 5000);
  return { redraw, dispose: () => { clearInterval(timer); turnLine.dispose(); } };
}
