// A title's leaderboard at /leaderboard/{slug}: its rated players best first (by μ − 3σ), a page at
// a time; provisional players (too few rated games) are not listed.
import { api } from "./api.js";
import { h } from "./dom.js";
import { avatar } from "./room/avatar.js";
import { errorText, num, t } from "./i18n/index.js";
import { gameTitle } from "./games/index.js";
import { fixed } from "./rating-chart.js";

const PAGE = 25;
const SLUGS = ["camel-up-cards", "double-connect", "jekyll-vs-hyde", "queendomino", "twin-it"];

export function leaderboardLink(slug, id) {
  return h("a", { href: `/leaderboard/${slug}`, class: "button", id, "aria-label": t("board.link_of", { game: gameTitle(slug) }) },
    t("board.link"));
}

export function showLeaderboard(root, slug) {
  const offset = Math.max(0, parseInt(new URLSearchParams(location.search).get("offset") || "0", 10) || 0);
  let board = null;
  let error = null;

  async function load() {
    try { board = await api("GET", `/api/leaderboards/${slug}?offset=${offset}&limit=${PAGE}`); } catch (err) { error = err; }
    redraw();
  }

  function row(p) {
    return h("tr", { dataset: { player: p.id } }, h("td", {}, num(p.position)),
      h("td", { class: "board-name" }, avatar(p, 20), " ", h("a", { href: `/p/${p.id}`, class: "link" }, p.name)),
      h("td", {}, fixed(p.rating.ordinal)), h("td", {}, num(p.games)));
  }

  function pager() {
    const links = [];
    if (offset > 0) links.push(h("a", { href: `?offset=${Math.max(0, offset - PAGE)}`, class: "button", id: "board-previous", rel: "prev" }, t("board.previous")));
    if (board.next_offset != null) links.push(h("a", { href: `?offset=${board.next_offset}`, class: "button", id: "board-next", rel: "next" }, t("board.next")));
    return links.length ? h("nav", { class: "controls", "aria-label": t("board.showing", { from: offset + 1, to: offset + board.players.length, total: board.total }) }, links) : null;
  }

  function redraw() {
    const title = t("board.title", { game: gameTitle(slug) });
    document.title = `${title} · ${t("brand")}`;
    const back = h("a", { href: "/", class: "button", id: "board-back" }, t("back_to_lobby"));
    if (error || !board) {
      root.replaceChildren(error ? h("article", { class: "community", id: "leaderboard" }, h("h1", {}, title),
        h("p", { class: "card", id: "board-error" }, errorText(error)), back) : h("p", { class: "muted" }, t("connecting")));
      return;
    }
    const others = h("nav", { class: "board-others", "aria-label": t("board.others") },
      h("ul", {}, SLUGS.filter((other) => other !== slug).map((other) =>
        h("li", {}, h("a", { href: `/leaderboard/${other}`, class: "link" }, gameTitle(other))))));
    const table = board.players.length ? h("table", { class: "board", id: "board-table" },
      h("caption", { class: "muted" }, t("board.showing", { from: offset + 1, to: offset + board.players.length, total: board.total })),
      h("thead", {}, h("tr", {}, ["board.position", "board.player", "board.rating", "board.games"].map((key) =>
        h("th", { scope: "col" }, t(key))))),
      h("tbody", {}, board.players.map(row))) : h("p", { class: "muted", id: "board-empty" }, t("board.empty"));
    root.replaceChildren(h("article", { class: "community", id: "leaderboard", dataset: { game: slug } },
      h("h1", {}, title), h("p", { class: "muted" }, t("board.about", { n: board.min_games })),
      h("section", { class: "card" }, table, pager()), others, h("p", { class: "controls" }, back)));
  }

  load();
  return { redraw };
}
