// A room at /t/{code}: before the game its link, seats and host controls; during it a slim line, the
// table and the move log; after it the result first, then the final table.
import { api, catalogue, clientSeed, ensurePlayer, identity } from "./api.js";
import { announce, h, keepFocus, partCache, sync, toast } from "./dom.js";
import { currentLang, errorText, num, t } from "./i18n/index.js";
import { RoomSocket } from "./socket.js";
import { ReactionClock } from "./reaction.js";
import { gameTitle, renderer } from "./games/index.js";
import { clearTurnAlert, turnAlert } from "./alerts.js";
import { settings } from "./settings.js";
import { optionsSummary } from "./options-form.js";
import { PRESENCE_MARK, displayName, seatList } from "./seats.js";
import { replayLink } from "./replay.js";
import { verifyLink } from "./verify.js";
import { rescuePanel } from "./rescue.js";
import { mountChat } from "./chat.js";
import { leaderboardLink } from "./leaderboard.js";

// [4, 6, 8] as "4, 6 or 8" (Persian: "۴، ۶ یا ۸").
function listOf(counts) {
  const words = counts.map((n) => num(n));
  const comma = currentLang() === "fa" ? "، " : ", ";
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(comma)} ${t("list_or")} ${words.at(-1)}`;
}

const BOT_LEVELS = ["easy", "normal", "hard"];

export function showRoom(root, code) {
  let room = null;
  let state = null;
  let status = "connecting";
  let game = null;       // the renderer module of this room's game
  let listing = null;    // the game's catalogue entry (its options, for the summary in plain words)
  let socket = null;
  let journal = [];      // [{version, events}] of this game, as this seat received them
  let botLevel = "normal";
  let logOpen = null;    // the move log's switch; null: closed during play, open once the game is over
  let ping = null;       // this player's ping in ms, once measured on this connection
  const gameEl = h("section", { class: "table", id: "table" });
  // Race actions carry the version on screen and the reaction to it (the server's lag compensation).
  const reaction = new ReactionClock();
  for (const type of ["pointerdown", "keydown"]) gameEl.addEventListener(type, (event) => reaction.pressed(event), true);
  const pingEl = h("span", { class: "ping", id: "ping", hidden: true });
  const chat = mountChat({ code, send: (message) => socket?.send(message) ?? false, call });

  function connect() {
    socket?.close();
    socket = new RoomSocket(code, identity()?.token, onMessage, (s) => {
      status = s;
      if (s === "connected" && document.hidden) onVisibility();
      redraw();
    }, (ms) => { ping = ms; showPing(); });
  }

  async function onMessage(message) {
    chat.receive(message);
    if (message.type === "room") {
      room = message.room;
      if (!game) [game, listing] = await Promise.all([renderer(room.game), catalogue().then((all) => all.find((g) => g.slug === room.game))]);
    } else if (message.type === "history") {
      journal = message.entries.map(({ version, events }) => ({ game: message.game_id, version, events }));
    } else if (message.type === "state") {
      record(message);
      state = message;
    } else if (message.type === "error" && message.client_seq == null) {
      toast(errorText(message), "error");
    }
    redraw();
  }

  // The move log grows from the events each state message carries (a rematch starts a new one).
  function record(message) {
    journal = journal.filter((change) => change.game === message.game_id);
    const last = journal.at(-1)?.version ?? -1;
    if (message.version > last && message.events?.length) {
      journal.push({ game: message.game_id, version: message.version, events: message.events });
    }
  }

  async function call(method, path, body) {
    try { return await api(method, path, body); } catch (err) { toast(errorText(err), "error"); return null; }
  }

  async function join() {
    const input = document.getElementById("room-name");
    if (!identity()) {
      if (!input?.value.trim()) { toast(t("name_needed"), "error"); return; }
      await ensurePlayer(input.value.trim());
    }
    if (await call("POST", `/api/rooms/${code}/join`, { client_seed: clientSeed() })) connect();
  }

  async function leaveDuringGame() {
    if (!confirm(t("confirm_hand_to_bot"))) return;
    if (await call("POST", `/api/rooms/${code}/leave`)) toast(t("handed_to_bot"));
  }

  async function act(action) {
    const race = game?.raceActions?.includes(action.type);
    const reply = await socket.act(race ? reaction.stamp(action, state?.game_id) : action);
    // A renderer that shows its own feedback for refusals says so, and gets no second message.
    if (reply.type === "error" && !game?.showsErrors) toast(errorText(reply), "error");
    return reply;
  }

  const isHost = () => { const me = identity(); return !!me && room.host.id === me.id; };

  function mySeat() {
    const me = identity();
    return room?.seats.find((s) => s.player && me && s.player.id === me.id)?.seat ?? null;
  }

  function seatName(seat) {
    const entry = room?.seats.find((s) => s.seat === seat);
    if (!entry) return t("seat_n", { n: seat + 1 });
    return entry.player ? displayName(room, entry.player) : `${t("bot")} ${num(seat + 1)}`;
  }

  function context() {
    return { view: state.view, legal: state.legal_actions, seat: state.seat, result: state.result, events: state.events,
      version: state.version, room, act, seatName, serverNow: () => socket.serverNow(), announce, settings: settings() };
  }

  // -- parts of the page ----------------------------------------------------------------------

  function head() {
    const playing = room.status !== "waiting";
    // During play the line stays one short row; how to play moves below the table.
    const links = playing ? [] : [howToLink()];
    if (room.spectators) links.push(h("span", { class: "muted", id: "spectators" }, t("spectators_n", { n: room.spectators })));
    return h("section", { class: `room-head${playing ? " slim" : ""}` },
      h("h1", {}, gameTitle(room.game, room.title)),
      h("span", { class: `badge ${room.status}`, id: "room-status", dataset: { status: room.status } }, t(`status_${room.status}`)),
      h("span", { class: "room-links" }, links), pingEl);
  }

  function howToLink() {
    return h("a", { href: `/how/${room.game}`, target: "_blank", rel: "noopener", class: "link", id: "how-to" }, t("how_to_play"));
  }

  // The player's ping, small at the end of the room's line: refreshed in place, never a live region.
  function showPing() {
    const known = ping != null && status === "connected";
    pingEl.hidden = !known;
    if (!known) return;
    pingEl.dataset.ms = ping;
    pingEl.textContent = t("ping_ms", { n: ping });
    pingEl.title = t("ping_help");
  }

  // A bot plays for someone gone longer than the room's grace: a robot mark and words, not a colour.
  const STAND_IN_MARK = "⚙";

  // Below the table, every seat with its presence in a mark and a word (never colour alone).
  function peopleList() {
    const items = room.seats.map((s) => {
      const presence = s.player ? room.presence?.[s.seat] : null;
      const data = { seat: s.seat, presence: presence || "bot", ...(s.stand_in ? { standIn: "yes" } : {}) };
      return h("li", { dataset: data },
        h("b", {}, seatName(s.seat)), " ",
        presence ? `${PRESENCE_MARK[presence]} ${t(`presence.${presence}`)}` : t("bot"),
        s.stand_in ? ` · ${STAND_IN_MARK} ${t("stand_in")}` : null);
    });
    return h("ul", { class: "people", id: "people", "aria-label": t("seats") }, items);
  }

  // Only people who are not at the table are named: a connected table says nothing.
  function presenceLine() {
    const missing = room.seats.filter((s) => s.player && room.presence?.[s.seat] && room.presence[s.seat] !== "connected");
    if (room.status !== "playing" || !missing.length) return null;
    return h("p", { class: "presence-line", id: "presence" }, missing.map((s) => h("span", { dataset: { presence: room.presence[s.seat] } },
      `${PRESENCE_MARK[room.presence[s.seat]]} ${t(`presence_line.${s.stand_in ? "stand_in" : room.presence[s.seat]}`, { name: displayName(room, s.player) })}`)));
  }

  function shareBox() {
    const url = `${location.origin}/t/${code}`;
    const input = h("input", { readonly: true, value: url, id: "share-url", dir: "ltr", "aria-label": t("share_link") });
    return h("div", { class: "share" }, h("label", { for: "share-url" }, t("share_link")), h("div", { class: "row" }, input,
      h("button", { type: "button", id: "copy-link", onclick: async () => {
        try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.("copy"); }
        toast(t("copied"));
      } }, t("copy"))));
  }

  function optionsLine() {
    const lines = listing ? optionsSummary(listing, room.config) : [];
    return lines.length ? h("p", { class: "muted options-line", id: "room-options" }, lines.join(t("list_sep"))) : null;
  }

  function waitingControls() {
    const me = identity();
    const seated = mySeat() !== null;
    const free = room.max_seats - room.seats.length;
    const parts = [];
    if (!seated && free > 0) {
      // Keep what was typed: this part is rebuilt whenever anyone joins.
      const typed = document.getElementById("room-name")?.value || "";
      if (!me) parts.push(h("input", { id: "room-name", maxlength: 40, placeholder: t("your_name"), "aria-label": t("your_name"), value: typed }));
      parts.push(h("button", { class: "primary", id: "join", onclick: join }, t("join")));
    }
    if (!seated && free === 0) parts.push(h("p", { class: "muted", id: "full-note" }, t("room_full_watch")));
    if (isHost() && free > 0) {
      const level = h("select", { id: "bot-level", "aria-label": t("bot_level"), onchange: (e) => { botLevel = e.target.value; } },
        BOT_LEVELS.map((l) => h("option", { value: l, selected: l === botLevel }, t(`bot_level.${l}`))));
      parts.push(h("span", { class: "bot-picker" }, level,
        h("button", { id: "add-bot", onclick: () => call("POST", `/api/rooms/${code}/bots`, { level: botLevel }) }, t("add_bot"))));
    }
    const counts = room.player_counts || [];
    const startable = counts.includes(room.seats.length);
    if (isHost()) parts.push(h("button", { class: "primary", id: "start", disabled: !startable, onclick: () => call("POST", `/api/rooms/${code}/start`) }, t("start")));
    if (seated) parts.push(h("button", { id: "leave", onclick: () => call("POST", `/api/rooms/${code}/leave`) }, t("leave")));
    if (!isHost()) parts.push(h("p", { class: "muted" }, t("waiting_for_host")));
    if (room.seats.length < room.min_players) parts.push(h("p", { class: "muted" }, t("need_players", { n: room.min_players })));
    else if (!startable) {
      // A mode that skips counts (Double Connect's teams: 4, 6 or 8): say which ones.
      parts.push(h("p", { class: "muted", id: "need-counts" }, t("need_counts", { list: listOf(counts) })));
    }
    return h("div", { class: "controls" }, parts);
  }

  function headline(result) {
    const everyone = room.seats.length;
    if (result.winners.length === 1) return t("winner", { name: seatName(result.winners[0]) });
    if (result.winners.length === everyone && everyone > 1) return t("draw");
    if (result.winners.length > 1) return t("winners", { names: result.winners.map(seatName).join(t("list_sep")) });
    return t("game_over");
  }

  // After a game: who won and why first, then play again (the host starts it, others ask) and the lobby.
  function resultPanel() {
    const result = state?.result;
    if (!result || !room) return null;
    const me = identity();
    const seated = mySeat() !== null;
    const buttons = [];
    const asked = room.rematch_requests || [];
    if (room.status === "finished" && isHost()) {
      buttons.push(h("button", { class: "primary", id: "rematch", onclick: () => call("POST", `/api/rooms/${code}/rematch`) }, t("rematch")));
    } else if (room.status === "finished" && seated) {
      const done = me && asked.includes(me.id);
      buttons.push(h("button", { class: "primary", id: "rematch-request", disabled: done,
        onclick: () => call("POST", `/api/rooms/${code}/rematch-requests`) }, done ? t("rematch_asked") : t("rematch_ask")));
    }
    if (room.status === "finished" && room.game_id != null) buttons.push(replayLink(room.game_id, mySeat()), verifyLink(room.game_id));
    if (room.status === "finished") buttons.push(leaderboardLink(room.game, "result-leaderboard"));
    // Each person's page (their games and ratings); bots have none.
    const people = room.status === "finished" ? room.seats.filter((seat) => seat.player).map((seat) =>
      h("a", { href: `/p/${seat.player.id}`, class: "link result-player" }, displayName(room, seat.player))) : [];
    buttons.push(h("a", { href: "/", class: "button", id: "to-lobby" }, t("back_to_lobby")));
    const askers = room.seats.filter((s) => s.player && asked.includes(s.player.id) && isHost()).map((s) => displayName(room, s.player));
    return h("section", { class: "card result", id: "result" },
      h("h2", { class: "big", id: "result-headline" }, h("span", { class: "sr-only" }, `${t("result")}: `), headline(result)),
      game?.resultDetails ? game.resultDetails(result, context()) : null,
      people.length ? h("p", { class: "result-players", id: "result-players" }, people.flatMap((link, i) => (i ? [t("list_sep"), link] : [link]))) : null,
      askers.length ? h("p", { class: "muted", id: "rematch-askers" }, t("rematch_wanted", { names: askers.join(t("list_sep")) })) : null,
      h("div", { class: "controls center" }, buttons));
  }

  // Each change's lines are made once per language: real-time tables redraw many times a second.
  const madeLines = new WeakMap();
  function logLines() {
    if (!state || !game?.logLines) return [];
    const ctx = context();
    const lang = currentLang();
    return journal.flatMap((change) => {
      const made = madeLines.get(change);
      if (made?.lang === lang) return made.lines;
      let lines = [];
      try { lines = game.logLines(change.events, ctx) || []; } catch (err) { console.error(err); }
      madeLines.set(change, { lang, lines });
      return lines;
    });
  }

  // Below the table one short row (the move log's switch, how to play, hand my seat to a bot), so a
  // race table keeps the screen; the log opens under it, and is open by itself once the game is over.
  const part = partCache();
  function belowTable() {
    const lines = logLines();
    const open = logOpen ?? room.status === "finished";
    // Rebuilt only when something in it changed, so a log being scrolled keeps its place.
    const key = JSON.stringify([lines.length, open, room.status, mySeat(), room.presence, room.seats, room.commitment]);
    return part("below", key, () => buildBelowTable(lines, open));
  }

  function buildBelowTable(lines, open) {
    const handOver = room.status === "playing" && mySeat() !== null
      ? h("button", { type: "button", class: "small", id: "hand-to-bot", onclick: leaveDuringGame }, t("hand_to_bot")) : null;
    const toggle = h("button", { type: "button", class: "small", id: "log-toggle", "aria-expanded": String(open), "aria-controls": "log",
      onclick: () => { logOpen = !open; redraw(); } }, t("history_n", { n: lines.length }));
    // The deal's fingerprint, to note now and compare at /verify/{id} once the game is over.
    const fingerprint = room.commitment ? h("p", { class: "muted commitment", id: "commitment" }, `${t("verify.fingerprint")} `,
      h("code", { dir: "ltr", title: room.commitment }, room.commitment)) : null;
    const panel = h("section", { class: "card log", id: "log", hidden: !open, "aria-label": t("history") }, peopleList(), fingerprint,
      lines.length ? h("ol", { class: "log-lines", id: "log-lines", reversed: true, tabindex: 0, "data-scrolls": "" },
        [...lines].reverse().map((line) => h("li", { class: line.summary ? "summary" : "" }, line.text)))
        : h("p", { class: "muted" }, t("history_empty")));
    return h("div", {}, h("p", { class: "table-menu" }, toggle, howToLink(), handOver), panel);
  }

  function alertTurn() {
    const title = `${gameTitle(room.game, room.title)} · ${t("brand")}`;
    if (!state || state.result || state.seat == null || !game) { clearTurnAlert(title); return; }
    const count = game.pending ? game.pending(context()) : (state.legal_actions.length ? 1 : 0);
    turnAlert(count, title);
  }

  // The page keeps one element per part and only refills the parts; the game's element is never
  // moved, so a tap on it is not lost to a redraw.
  const parts = { result: h("div"), banner: h("div"), head: h("div"), lobby: h("div"), controls: h("div"), log: h("div") };
  const skeleton = [parts.result, parts.banner, parts.head, parts.lobby, parts.controls, gameEl, parts.log, chat.el];

  function redraw() {
    if (status === "not_found" || status === "too_many_tabs" || status === "signed_out") {
      const again = status === "too_many_tabs" ? h("button", { type: "button", onclick: () => location.reload() }, t("reload")) : null;
      root.replaceChildren(h("section", { class: "card", role: "alert" }, h("p", {}, t(status)),
        h("div", { class: "button-row" }, again, h("a", { href: "/", class: "button" }, t("back_to_lobby")))));
      return;
    }
    if (!room) { root.replaceChildren(h("p", { class: "muted" }, t("connecting"))); return; }
    if (root.firstChild !== parts.result) root.replaceChildren(...skeleton);
    keepFocus(() => {
      const result = resultPanel();
      parts.result.replaceChildren(...(result ? [result] : []));
      const ctl = { room, me: identity(), isHost: isHost(), call, code, mySeat: mySeat() };
      parts.banner.replaceChildren(...[status === "connected" ? null : h("p", { class: "banner", id: "conn" }, t(status)), presenceLine(),
        rescuePanel(ctl)].filter(Boolean));
      parts.head.replaceChildren(head());
      const waiting = room.status === "waiting";
      parts.lobby.replaceChildren(...(waiting ? [optionsLine(), shareBox(), h("h2", {}, t("seats")), seatList(ctl)].filter(Boolean) : []));
      parts.controls.replaceChildren(...(waiting ? [waitingControls()] : (mySeat() === null ? [h("p", { class: "muted watching" }, t("watching"))] : [])));
      sync(parts.log, waiting || !state ? [] : [belowTable()]);
    });
    showPing();
    gameEl.hidden = !state;
    if (state && game) {
      game.render(gameEl, context());
      reaction.drawn(state.game_id, state.version);
    }
    alertTurn();
  }

  // Every element with data-deadline shows the seconds left until that server time.
  const ticker = setInterval(() => {
    for (const el of root.querySelectorAll("[data-deadline]")) {
      const left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - socket.serverNow()) / 1000));
      el.textContent = left >= 60 ? t("minutes_left", { m: Math.floor(left / 60), s: (left % 60 < 10 ? num(0) : "") + num(left % 60) })
        : t("seconds_left", { s: left });
      el.classList.toggle("urgent", left <= 10);
    }
  }, 250);

  // The server marks a player "away" while their page is hidden.
  const onVisibility = () => socket?.send({ type: "visibility", hidden: document.hidden });
  document.addEventListener("visibilitychange", onVisibility);

  connect();
  return { redraw, dispose: () => {
    clearInterval(ticker); socket?.close(); document.removeEventListener("visibilitychange", onVisibility);
    clearTurnAlert(t("brand"));
  } };
}
