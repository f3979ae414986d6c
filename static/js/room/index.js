// A room at /t/{code}: before the game its link, seats and host controls; during it a slim line, the
// table and the move log; after it the result first, then the final table. This module holds the
// room's state and its socket, and refills the parts (each its own module) after every message.
import { api, catalogue, identity } from "../api.js";
import { announce, h, sync, toast } from "../dom.js";
import { keepFocus } from "../focus.js";
import { errorText, num, register, t, useGameErrors } from "../i18n/index.js";
import enRoom from "../i18n/en/room.js";
import faRoom from "../i18n/fa/room.js";
import { RoomSocket } from "../socket.js";
import { ReactionClock } from "../reaction.js";
import { tickDeadlines } from "./deadlines.js";
import { gameTitle, renderer } from "../games/index.js";
import { settings } from "../settings.js";
import { clearTurnAlert, roomTurnAlert } from "./alerts.js";
import { hear } from "./cues.js";
import { displayName } from "./seats.js";
import { rescuePanel } from "./rescue.js";
import { mountChat } from "./chat.js";
import { pingBadge, roomHead } from "./head.js";
import { paintTurnTimers, presenceBadges, presenceLine } from "./presence.js";
import { mountBubbles } from "./bubbles.js";
import { hidingBlocked } from "./blocked.js";
import { waitingControls, waitingRoom } from "./waiting.js";
import { resultPanel } from "./result.js";
import { moveLog } from "./log.js";
// The result's links import these; named here too, the browser asks for them with this module's
// parts instead of one round trip later (a module's imports are only seen once it has arrived).
import "../replay.js";
import "../verify.js";
import "../i18n/en/replay.js";
import "../i18n/fa/replay.js";
import "../i18n/en/verify.js";
import "../i18n/fa/verify.js";

// The room screen's strings, its chat's and its rescue panel's included.
register("room", { en: enRoom, fa: faRoom });

// Whole-page states in which there is no room to show, only a sentence and a way out.
const DEAD_ENDS = new Set(["not_found", "too_many_tabs", "signed_out"]);

// What the connection banner says: the browser offline, or a link lost and being tried again.
const connectionWords = (status) => ({ offline: "conn_offline", reconnecting: "conn_lost", connected: "conn_back" })[status] ?? status;

// Losing the link and getting it back are news for a screen reader too (once each, not per retry).
function announceConnection(before, after) {
  if ((after === "connected") !== (before === "connected") && before !== "connecting") announce(t(connectionWords(after)));
}

function connectionBanner(status) {
  return h("p", { class: "banner conn-banner", id: "conn", dataset: { status } }, t(connectionWords(status)));
}

function deadEnd(status) {
  const again = status === "too_many_tabs" ? h("button", { type: "button", onclick: () => location.reload() }, t("reload")) : null;
  return h("section", { class: "card", role: "alert" }, h("p", {}, t(status)),
    h("div", { class: "button-row" }, again, h("a", { href: "/", class: "button" }, t("back_to_lobby"))));
}

// The move log grows from the events each state message carries (a rematch starts a new one).
function recorded(journal, message) {
  const kept = journal.filter((change) => change.game === message.game_id);
  const last = kept.at(-1)?.version ?? -1;
  if (message.version > last && message.events?.length) {
    kept.push({ game: message.game_id, version: message.version, events: message.events });
  }
  return kept;
}

async function call(method, path, body) {
  try { return await api(method, path, body); } catch (err) { toast(errorText(err), "error"); return null; }
}

async function handToBot(code) {
  if (!confirm(t("confirm_hand_to_bot"))) return;
  if (await call("POST", `/api/rooms/${code}/leave`)) toast(t("handed_to_bot"));
}

function seatOf(room, me) {
  return room?.seats.find((s) => s.player && me && s.player.id === me.id)?.seat ?? null;
}

function nameOfSeat(room, seat) {
  const entry = room?.seats.find((s) => s.seat === seat);
  if (!entry) return t("seat_n", { n: seat + 1 });
  return entry.player ? displayName(room, entry.player) : `${t("bot")} ${num(seat + 1)}`;
}

export function showRoom(root, code) {
  let room = null;
  let state = null;
  let status = "connecting";
  let game = null;       // the renderer module of this room's game
  let listing = null;    // the game's catalogue entry (its options, for the summary in plain words)
  let socket = null;
  let journal = [];      // [{game, version, events}] of this game, as this seat received them
  let ping = null;       // this player's ping in ms, once measured on this connection
  const local = {};      // what a part keeps while the page is open (the host's bot level)
  const gameEl = h("section", { class: "table", id: "table" });
  // Race actions carry the version on screen and the reaction to it (the server's lag compensation).
  const reaction = new ReactionClock();
  for (const type of ["pointerdown", "keydown"]) gameEl.addEventListener(type, (event) => reaction.pressed(event), true);
  const pingEl = pingBadge();
  const belowTable = moveLog();
  const [chat, bubbles] = hidingBlocked(mountChat({ code, send: (message) => socket?.send(message) ?? false, call }),
    mountBubbles({ me: () => identity()?.id ?? null }));  // the chat lines of people you blocked are not shown

  function connect() {
    socket?.close();
    socket = new RoomSocket(code, identity()?.token, onMessage, (s) => {
      announceConnection(status, s);
      status = s;
      if (s === "connected" && document.hidden) onVisibility();
      redraw();
    }, (ms) => { ping = ms; pingEl.show(status === "connected" ? ping : null); });
  }

  async function onMessage(message) {
    hear(message, state, room);  // the sound of a change, judged against the state still on screen
    for (const part of [chat, bubbles, presenceBadges]) part.receive(message);
    if (message.type === "room") {
      room = message.room;
      useGameErrors(room.game);
      if (!game) [game, listing] = await Promise.all([renderer(room.game), catalogue().then((all) => all.find((g) => g.slug === room.game))]);
    } else if (message.type === "history") {
      journal = message.entries.map(({ version, events }) => ({ game: message.game_id, version, events }));
    } else if (message.type === "state") {
      journal = recorded(journal, message);
      state = message;
    } else if (message.type === "error" && message.client_seq == null) {
      toast(errorText(message), "error");
    }
    redraw();
  }

  const leaveDuringGame = () => handToBot(code);

  async function act(action) {
    if (!socket.live) toast(t("act_waits_for_connection"));  // it waits, and goes out once on the next socket
    const race = game?.raceActions?.includes(action.type);
    const reply = await socket.act(race ? reaction.stamp(action, state?.game_id) : action);
    // A renderer that shows its own feedback for refusals says so, and gets no second message.
    if (reply.type === "error" && !game?.showsErrors) toast(errorText(reply), "error");
    return reply;
  }

  const mySeat = () => seatOf(room, identity());
  const seatName = (seat) => nameOfSeat(room, seat);

  function context() {
    return { view: state.view, legal: state.legal_actions, seat: state.seat, result: state.result, events: state.events,
      version: state.version, room, act, seatName, serverNow: () => socket.serverNow(), announce, settings: settings() };
  }

  // What every part may read and do: the room now, who this browser is, and the room's calls.
  function controls() {
    const me = identity();
    return { room, me, isHost: !!me && room.host.id === me.id, call, code, mySeat: mySeat(), seatName, local,
      leaveDuringGame, redraw, reconnect: connect, game, listing };
  }

  // The page keeps one element per part and only refills the parts; the game's element is never
  // moved, so a tap on it is not lost to a redraw.
  const parts = { result: h("div"), banner: h("div"), head: h("div"), lobby: h("div"), controls: h("div"), log: h("div") };
  const skeleton = [parts.result, parts.banner, parts.head, parts.lobby, parts.controls, gameEl, parts.log, chat.el, bubbles.el];

  function refillParts(ctl) {
    const result = state?.result ? resultPanel(ctl, state.result, game?.resultDetails ? game.resultDetails(state.result, context()) : null) : null;
    parts.result.replaceChildren(...(result ? [result] : []));
    parts.banner.replaceChildren(...[status === "connected" ? null : connectionBanner(status), presenceLine(room),
      rescuePanel(ctl)].filter(Boolean));
    parts.head.replaceChildren(roomHead(room, pingEl));
    const waiting = room.status === "waiting";
    parts.lobby.replaceChildren(...(waiting ? waitingRoom(ctl, listing) : []));
    parts.controls.replaceChildren(...(waiting ? [waitingControls(ctl)] : (ctl.mySeat === null ? [h("p", { class: "muted watching" }, t("watching"))] : [])));
    sync(parts.log, waiting || !state ? [] : [belowTable(ctl, journal, game, context())]);
  }

  function redraw() {
    if (DEAD_ENDS.has(status)) { root.replaceChildren(deadEnd(status)); return; }
    if (!room) { root.replaceChildren(h("p", { class: "muted" }, t("connecting"))); return; }
    if (root.firstChild !== parts.result) root.replaceChildren(...skeleton);
    gameEl.hidden = !state;
    // The table first: the result's account reads what the renderer learnt from this change (JvH's rounds).
    if (state && game) {
      game.render(gameEl, context());
      reaction.drawn(state.game_id, state.version);
      if (game.turnDeadline) paintTurnTimers(gameEl, (seat) => game.turnDeadline(state.view, seat));
      gameEl.dataset.version = state.version; tickDeadlines(gameEl, () => socket.serverNow(), status === "connected");
    }
    keepFocus(() => refillParts(controls()), root);
    pingEl.show(status === "connected" ? ping : null);  // no stale figure while the link is down
    roomTurnAlert(`${gameTitle(room.game, room.title)} · ${t("brand")}`, state, game, state ? context() : null);
  }

  const ticker = setInterval(() => tickDeadlines(root, () => socket.serverNow(), status === "connected"), 250);

  // The server marks a player "away" while their page is hidden.
  const onVisibility = () => socket?.send({ type: "visibility", hidden: document.hidden });
  document.addEventListener("visibilitychange", onVisibility);

  connect();
  return { redraw, dispose: () => {
    clearInterval(ticker); bubbles.dispose(); socket?.close(); document.removeEventListener("visibilitychange", onVisibility);
    clearTurnAlert(t("brand"));
    useGameErrors(null);
  } };
}
