// A finished game replayed at /replay/{game_id}: what one seat (or a spectator) saw, version by
// version, drawn by the game's own renderer, with the move log up to that point beside it.
// Stepping: buttons, a slider, the arrow keys (in reading order, so reversed in Persian), Home/End
// and Space to play or pause.
import { api } from "./api.js";
import { announce, h } from "./dom.js";
import { currentLang, errorText, num, register, t } from "./i18n/index.js";
import enReplay from "./i18n/en/replay.js";
import faReplay from "./i18n/fa/replay.js";
import { gameTitle, renderer } from "./games/index.js";
import { settings } from "./settings.js";

register("replay", { en: enReplay, fa: faReplay });

const PLAY_STEP_MS = 900;

// Every page of a replay's frames, as one answer.
async function fetchReplay(gameId, seat) {
  let after = -1;
  let frames = [];
  let page;
  do {
    const query = new URLSearchParams({ after: String(after) });
    if (seat !== null) query.set("seat", String(seat));
    page = await api("GET", `/api/games/${gameId}/replay?${query}`);
    frames = frames.concat(page.frames);
    after = page.next_after;
  } while (after !== null);
  return { ...page, frames };
}

function errorCard(error, gameId, back) {
  return h("section", { class: "card", id: "replay-error" }, h("h1", {}, t("replay.title")),
    h("p", {}, error.code === "not_finished" ? t("replay.not_finished")
      : error.code === "not_your_seat" ? t("replay.not_your_seat") : errorText(error)),
    error.code === "not_your_seat" ? h("a", { href: `/replay/${gameId}`, class: "button", id: "replay-as-spectator" },
      t("replay.watch_as_spectator")) : null, back);
}

// What a renderer gets for frame `at`: the seat's view then, nothing to act on, the frame's clock.
function frameContext(replay, at, { gameId, seat, seatName, redraw }) {
  const frame = replay.frames[at];
  const last = at === replay.frames.length - 1;
  return {
    view: frame.view, legal: [], seat, events: frame.events, version: frame.version,
    result: last ? replay.result : null,
    // Keyed by the replay, so a renderer's memory of the live table is never mixed in.
    room: { code: `replay-${gameId}-${seat ?? "s"}`, game_id: gameId, config: frame.view.config || {}, status: "finished" },
    act: async () => ({ type: "error", code: "replay", message: t("replay.read_only") }),
    seatName, serverNow: () => frame.server_ms, announce: () => {}, settings: settings(), rerender: redraw,
  };
}

// The frame a key steps to (the arrows in reading order), "play" for Space, null for any other key.
function keyStep(event, at, lastIndex) {
  const rtl = currentLang() === "fa";
  const forward = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
  if (forward) return at + forward;
  if (event.key === "Home") return 0;
  if (event.key === "End") return lastIndex;
  return event.key === " " && event.target.tagName !== "BUTTON" ? "play" : null;
}

// Whose eyes to watch with: a seat's only for whoever held it (the server refuses the others), the
// spectator's for everyone.
function seatChoice(seats, seat, seatName, pick) {
  const options = [h("option", { value: "", selected: seat === null }, t("replay.spectator"))];
  for (const s of seats) options.push(h("option", { value: String(s), selected: seat === s }, seatName(s)));
  const picker = h("select", { id: "replay-seat", onchange: (event) => pick(event.target.value === "" ? null : Number(event.target.value)) }, options);
  return h("label", { class: "replay-seat" }, `${t("replay.as")} `, picker);
}

// The stepping buttons, the slider and the position, for frame `at` of `lastIndex + 1`.
function replayControls({ at, lastIndex, playing, go, togglePlay, position }) {
  const button = (id, label, text, onclick, disabled) => h("button", { type: "button", id, "aria-label": label, title: label, onclick, disabled }, text);
  // Reading order: the "back" marks point to where the reading starts (right in Persian).
  const rtl = currentLang() === "fa";
  const play = playing ? t("replay.pause") : t("replay.play");
  return h("div", { class: "controls replay-controls", role: "group", "aria-label": t("replay.controls") },
    button("replay-first", t("replay.first"), rtl ? "»" : "«", () => go(0), at === 0),
    button("replay-prev", t("replay.prev"), rtl ? "›" : "‹", () => go(at - 1), at === 0),
    button("replay-play", play, play, togglePlay, false),
    button("replay-next", t("replay.next"), rtl ? "‹" : "›", () => go(at + 1), at === lastIndex),
    button("replay-last", t("replay.last"), rtl ? "«" : "»", () => go(lastIndex), at === lastIndex),
    h("input", { type: "range", id: "replay-slider", min: 0, max: lastIndex, value: at, "aria-label": t("replay.slider"),
      "aria-valuetext": position, oninput: (event) => go(Number(event.target.value)) }),
    h("span", { id: "replay-position", class: "muted" }, position));
}

// The move log up to the frame shown, its latest lines marked.
function logSection(lines) {
  return h("section", { class: "card log", id: "replay-log", "aria-label": t("history") },
    lines.length ? h("ol", { class: "log-lines", reversed: true, tabindex: 0 },
      [...lines].reverse().map((line) => h("li", { class: `${line.summary ? "summary" : ""}${line.current ? " current" : ""}` },
        line.current ? h("span", { class: "sr-only" }, `${t("replay.latest")}: `) : null, line.current ? "▸ " : "", line.text)))
      : h("p", { class: "muted" }, t("history_empty")));
}

export function showReplay(root, gameId) {
  const wanted = new URLSearchParams(location.search).get("seat");
  let seat = wanted === null || wanted === "" ? null : Number(wanted);
  let replay = null;    // the API's answer, all its pages' frames together
  let game = null;      // the game's renderer module
  let at = 0;           // the frame shown
  let timer = null;     // set while playing
  let error = null;
  const madeLines = new Map();  // frame index -> {lang, lines}: each frame's log lines are made once
  const board = h("section", { class: "table replay-board", id: "replay-board" });

  async function load() {
    stop();
    error = null;
    try {
      replay = await fetchReplay(gameId, seat);
      madeLines.clear();
      game = await renderer(replay.game);
      at = Math.min(at, replay.frames.length - 1);
    } catch (err) {
      error = err;
    }
    redraw();
  }

  function seatName(s) {
    const name = replay?.names?.[s];
    return name || `${t("bot")} ${num(s + 1)}`;
  }

  const context = () => frameContext(replay, at, { gameId, seat, seatName, redraw });

  function go(index) {
    if (!replay) return;
    at = Math.max(0, Math.min(replay.frames.length - 1, index));
    if (at === replay.frames.length - 1) stop();
    redraw();
    announce(position());
  }

  function stop() {
    clearInterval(timer);
    timer = null;
  }

  function togglePlay() {
    if (timer) { stop(); redraw(); return; }
    if (at === replay.frames.length - 1) at = 0;
    timer = setInterval(() => go(at + 1), PLAY_STEP_MS);
    redraw();
  }

  function position() {
    return t("replay.position", { n: at, total: replay.frames.length - 1 });
  }

  function onKey(event) {
    if (!replay || event.target.closest?.("select, input[type=text]")) return;
    const to = keyStep(event, at, replay.frames.length - 1);
    if (to === null) return;
    if (to === "play") togglePlay(); else go(to);
    event.preventDefault();
  }

  function seatPicker() {
    return seatChoice(replay.viewable_seats || [], seat, seatName, (chosen) => {
      seat = chosen;
      history.replaceState(null, "", `/replay/${gameId}${seat === null ? "" : `?seat=${seat}`}`);
      load();
    });
  }

  function controls() {
    return replayControls({ at, lastIndex: replay.frames.length - 1, playing: !!timer, go, togglePlay, position: position() });
  }

  function linesOf(i, ctx) {
    const lang = currentLang();
    const kept = madeLines.get(i);
    if (kept?.lang === lang) return kept.lines;
    let lines = [];
    try { lines = game.logLines ? game.logLines(replay.frames[i].events, { ...ctx, view: replay.frames[i].view }) || [] : []; } catch (err) { console.error(err); }
    madeLines.set(i, { lang, lines });
    return lines;
  }

  function logPanel() {
    const ctx = context();
    const lines = [];
    for (let i = 1; i <= at; i++) lines.push(...linesOf(i, ctx).map((line) => ({ ...line, current: i === at })));
    return logSection(lines);
  }

  function redraw() {
    const back = h("a", { href: "/", class: "button", id: "replay-back" }, t("back_to_lobby"));
    if (error) {
      root.replaceChildren(errorCard(error, gameId, back));
      return;
    }
    if (!replay || !game) { root.replaceChildren(h("p", { class: "muted" }, t("connecting"))); return; }
    const title = gameTitle(replay.game);
    document.title = `${t("replay.title")} · ${title} · ${t("brand")}`;
    root.replaceChildren(h("article", { class: `replay ${replay.game}`, id: "replay", dataset: { version: replay.frames[at].version, seat: replay.seat ?? "spectator" } },
      h("section", { class: "room-head slim" }, h("h1", {}, `${t("replay.title")}: ${title}`), seatPicker()),
      controls(), board, logPanel(), h("p", { class: "controls" }, back)));
    try { game.render(board, context()); } catch (err) { console.error(err); }
  }

  document.addEventListener("keydown", onKey);
  load();
  return { redraw, dispose: () => { stop(); document.removeEventListener("keydown", onKey); } };
}

// The link a finished room's result shows: the replay from this player's own seat.
export function replayLink(gameId, seat) {
  return h("a", { href: `/replay/${gameId}${seat == null ? "" : `?seat=${seat}`}`, class: "button", id: "replay-link" }, t("replay.watch"));
}
