// "My games" at /games: every table you sit at, your move first (the soonest deadline first), then the
// games waiting for others, those waiting for players, and those finished this week. Each row says
// the game, who you play with, its pace, whose move it is and until when (in your calendar and time
// zone), and the last move; the whole row opens the table.
import { api, identity } from "./api.js";
import { h } from "./dom.js";
import { errorText, listText, num, t } from "./i18n/index.js";
import { gameTitle } from "./games/index.js";
import { refreshMyGames } from "./my-games-badge.js";
import { loadTimePrefs, momentText, spanText } from "./when.js";

const REFRESH_MS = 30_000;
const SECTIONS = [
  ["turn", "mine.your_turn"], ["playing", "mine.their_turn"], ["waiting", "mine.waiting"], ["finished", "mine.finished"],
];

function sectionOf(game) {
  if (game.your_turn) return "turn";
  return game.status === "playing" ? "playing" : game.status;
}

function nameOf(seat, mine) {
  if (seat.seat === mine) return t("mine.you");
  return seat.name ?? t("mine.bot");
}

function row(game, now) {
  const others = game.seats.filter((s) => s.seat !== game.seat).map((s) => nameOf(s, game.seat));
  const pace = game.pace === "daily" ? t("mine.daily", { turn: t(`mine.turn.${game.turn_hours}`) }) : t("mine.live");
  const lines = [h("span", { class: "mine-with" }, others.length ? t("mine.with", { names: listText(others) }) : t("mine.alone"))];
  if (game.status === "playing" && !game.your_turn && game.to_move.length) {
    const names = game.to_move.map((seat) => nameOf(game.seats.find((s) => s.seat === seat) || { seat }, game.seat));
    lines.push(h("span", {}, t("mine.to_move", { names: listText(names) })));
  }
  if (game.status === "playing" && game.deadline_ms) {
    const left = game.deadline_ms - now;
    lines.push(h("span", { class: "mine-left" }, left > 0
      ? t("mine.left", { left: spanText(left), when: momentText(game.deadline_ms) }) : t("mine.overdue")));
  }
  const last = game.status === "finished" && game.ended_ms ? t("mine.ended", { ago: spanText(now - game.ended_ms) })
    : game.last_move?.ms && game.last_move.type !== "start" ? t("mine.last_move", { ago: spanText(now - game.last_move.ms) })
      : game.started_ms ? t("mine.started", { ago: spanText(now - game.started_ms) }) : null;
  if (last) lines.push(h("span", { class: "muted" }, last));
  return h("li", { dataset: { code: game.code, section: sectionOf(game) } },
    h("a", { href: `/t/${game.code}`, class: `card mine-row${game.your_turn ? " mine-turn" : ""}` },
      h("span", { class: "mine-head" }, h("strong", {}, gameTitle(game.game)), h("span", { class: "badge" }, pace)),
      ...lines));
}

export function showMyGames(root) {
  let data = null;
  let error = null;

  async function load() {
    if (!identity()?.token) { data = { games: [], your_turn: 0 }; redraw(); return; }
    try {
      [data] = await Promise.all([api("GET", "/api/players/me/games"), loadTimePrefs()]);
      error = null;
    } catch (err) { error = err; }
    redraw();
    refreshMyGames();
  }

  function redraw() {
    document.title = `${t("mine.title")} · ${t("brand")}`;
    const heading = h("h1", {}, t("mine.title"));
    if (error) {
      root.replaceChildren(heading, h("p", { role: "alert" }, t("mine.load_failed", { error: errorText(error) })),
        h("button", { type: "button", onclick: load }, t("mine.retry")));
      return;
    }
    if (!data) { root.replaceChildren(heading, h("p", { class: "muted" }, t("connecting"))); return; }
    if (!data.games.length) {
      root.replaceChildren(heading, h("p", {}, t("mine.none")), h("a", { href: "/", class: "button" }, t("mine.find")));
      return;
    }
    const now = Date.now();
    const sections = SECTIONS.map(([key, title]) => {
      const games = data.games.filter((game) => sectionOf(game) === key);
      if (!games.length) return null;
      const id = `mine-${key}`;
      return h("section", { class: "mine-section", "aria-labelledby": id },
        h("h2", { id }, `${t(title)} (${num(games.length)})`),
        h("ul", { class: "mine-list" }, games.map((game) => row(game, now))));
    });
    root.replaceChildren(heading, ...sections.filter(Boolean));
  }

  load();
  const timer = setInterval(() => { if (document.visibilityState === "visible") load(); }, REFRESH_MS);
  return { redraw, dispose: () => clearInterval(timer) };
}
