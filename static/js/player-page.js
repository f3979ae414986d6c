// A player's page at /p/{id}: games and wins per title, each rating with its uncertainty and a
// small chart of it over time, and the last games, each with its replay; on your own page, your tutorials.
import { api, identity } from "./api.js";
import { h } from "./dom.js";
import { avatar } from "./room/avatar.js";
import { currentLang, errorText, register, num, t } from "./i18n/index.js";
import { gameTitle } from "./games/index.js";
import { leaderboardLink } from "./leaderboard.js";
import { fixed, ratingChart, ratingText } from "./rating-chart.js";
import enPlayer from "./i18n/en/player.js";
import faPlayer from "./i18n/fa/player.js";

register("player", { en: enPlayer, fa: faPlayer });

function signed(x) {
  const text = fixed(Math.abs(x));
  return x >= 0 ? `+${text}` : `−${text}`;
}

export function showPlayer(root, playerId) {
  let player = null;
  let error = null;

  let tutorials = null;  // on your own page: every tutorial with how far you got

  async function load() {
    try { player = await api("GET", `/api/players/${playerId}`); } catch (err) { error = err; }
    redraw();
    if (identity()?.id === playerId) {
      try {
        const [all, mine] = await Promise.all([api("GET", "/api/tutorials"), api("GET", "/api/players/me/tutorials")]);
        tutorials = all.map((entry) => ({ ...entry, mine: mine.find((row) => row.game === entry.game) || null }));
      } catch (err) { console.error(err); }
      redraw();
    }
  }

  // Your tutorials: learnt, or how far you got, each one tap from playing it. A player's own business:
  // the page shows it to them alone (the API answers only for "me").
  function tutorialsCard() {
    const row = (entry) => {
      const mine = entry.mine;
      const where = mine?.done ? `✓ ${t("profile.tutorial_done")}` : mine ? t("profile.tutorial_at", { n: mine.step + 1, total: entry.steps }) : "";
      return h("li", { class: "tutorial-row", dataset: { game: entry.game, done: String(!!mine?.done) } },
        h("b", {}, gameTitle(entry.game)), where ? h("span", { class: "muted" }, ` · ${where}`) : null, " ",
        h("a", { href: `/learn/${entry.game}`, class: "link", "aria-label": `${t("profile.tutorial_open")}: ${gameTitle(entry.game)}` },
          t("profile.tutorial_open")));
    };
    return h("section", { class: "card", id: "profile-tutorials" }, h("h2", {}, t("profile.tutorials")),
      h("p", { class: "muted" }, t("profile.tutorials_only_you")), h("ul", { class: "tutorial-rows" }, tutorials.map(row)));
  }

  function titleCard(entry) {
    const rating = entry.rating;
    const points = player.history[entry.game] || [];
    return h("section", { class: "card profile-title", dataset: { game: entry.game } },
      h("h3", {}, gameTitle(entry.game, entry.title)),
      h("p", { class: "muted" }, t("profile.played_won", { played: entry.played, won: entry.won })),
      rating ? h("p", { class: "big rating" }, ratingText(rating)) : h("p", { class: "muted" }, t("rating.none")),
      rating?.provisional ? h("p", { class: "badge provisional" }, t("rating.provisional", { n: rating.games, need: player.min_games })) : null,
      points.length ? ratingChart(entry.game, gameTitle(entry.game, entry.title), points) : null,
      h("p", { class: "controls" }, leaderboardLink(entry.game, `board-${entry.game}`)));
  }

  function recentGame(game) {
    const when = new Date(game.ended_ms).toLocaleDateString(currentLang() === "fa" ? "fa-IR" : "en-GB");
    const change = game.rating_change != null ? t("profile.change", { change: signed(game.rating_change) }) : t("profile.unrated");
    return h("li", { class: "recent-game", dataset: { game: String(game.game_id), rated: String(game.rated) } },
      h("span", { class: "recent-what" }, h("b", {}, gameTitle(game.game, game.title)), " · ",
        t("profile.place", { rank: game.rank, players: game.players }), " · ", change, " · ", h("span", { class: "muted" }, when)),
      h("a", { href: game.replay_url, class: "button", "aria-label": t("profile.replay_of", { id: num(game.game_id) }) }, t("profile.replay")));
  }

  function redraw() {
    const back = h("a", { href: "/", class: "button", id: "profile-back" }, t("back_to_lobby"));
    if (error || !player) {
      document.title = t("brand");
      root.replaceChildren(error ? h("article", { class: "community", id: "profile" },
        h("p", { class: "card", id: "profile-error" }, errorText(error)), back) : h("p", { class: "muted" }, t("connecting")));
      return;
    }
    // Isolated: a Persian name in the English heading ("Sara's games") keeps its own direction.
    const heading = t("profile.title", { name: `\u2068${player.name}\u2069` });
    document.title = `${heading} · ${t("brand")}`;
    root.replaceChildren(h("article", { class: "community", id: "profile", dataset: { player: player.id } },
      h("h1", {}, avatar(player, 32), " ", heading),
      h("h2", {}, t("profile.titles")),
      player.titles.length ? h("p", { class: "muted", id: "rating-about" }, t("profile.rating_about")) : null,
      player.titles.length ? h("div", { class: "profile-titles" }, player.titles.map(titleCard))
        : h("p", { class: "muted", id: "profile-empty" }, t("profile.no_games")),
      player.recent.length ? h("section", { class: "card", id: "profile-recent" }, h("h2", {}, t("profile.recent")),
        h("ul", { class: "recent-games" }, player.recent.map(recentGame))) : null,
      tutorials ? tutorialsCard() : null,
      h("p", { class: "controls" }, back)));
  }

  load();
  return { redraw };
}
