// A room at /t/{code}: the invitation link, seats, host controls, then the live game and its result.
import { api, ensurePlayer, identity } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, num, t } from "./i18n/index.js";
import { RoomSocket } from "./socket.js";
import { gameTitle, renderer } from "./games/index.js";

export function showRoom(root, code) {
  let room = null;
  let state = null;
  let status = "connecting";
  let game = null;       // the renderer module of this room's game
  let socket = null;
  const gameEl = h("section", { class: "table", id: "table" });

  function connect() {
    socket?.close();
    socket = new RoomSocket(code, identity()?.token, onMessage, (s) => { status = s; redraw(); });
  }

  async function onMessage(message) {
    if (message.type === "room") {
      room = message.room;
      if (!game) game = await renderer(room.game);
    } else if (message.type === "state") {
      state = message;
    } else if (message.type === "error" && message.client_seq == null) {
      toast(errorText(message), "error");
    }
    redraw();
  }

  async function call(method, path, body) {
    try { return await api(method, path, body); } catch (err) { toast(errorText(err), "error"); return null; }
  }

  async function join() {
    const input = document.getElementById("room-name");
    if (!identity()) {
      if (!input?.value.trim()) { toast(t("name_needed"), "error"); return; }
      await ensurePlayer(input.value.trim());
      window.dispatchEvent(new Event("dorhami:identity"));
    }
    if (await call("POST", `/api/rooms/${code}/join`)) connect();
  }

  async function act(action) {
    const reply = await socket.act(action);
    // A renderer that shows its own feedback for refusals says so, and gets no second message.
    if (reply.type === "error" && !game?.showsErrors) toast(errorText(reply), "error");
    return reply;
  }

  function mySeat() {
    const me = identity();
    return room?.seats.find((s) => s.player && me && s.player.id === me.id)?.seat ?? null;
  }

  function seatName(seat) {
    const entry = room?.seats.find((s) => s.seat === seat);
    if (!entry) return t("seat_n", { n: seat + 1 });
    return entry.player ? entry.player.name : `${t("bot")} ${num(seat + 1)}`;
  }

  function shareBox() {
    const url = `${location.origin}/t/${code}`;
    const input = h("input", { readonly: true, value: url, id: "share-url", dir: "ltr" });
    return h("div", { class: "share" }, h("label", { for: "share-url" }, t("share_link")), h("div", { class: "row" }, input,
      h("button", { type: "button", id: "copy-link", onclick: async () => {
        try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.("copy"); }
        toast(t("copied"));
      } }, t("copy"))));
  }

  function seatList() {
    const me = identity();
    const seats = [];
    for (let i = 0; i < room.max_seats; i++) {
      const entry = room.seats.find((s) => s.seat === i);
      const who = entry ? (entry.player ? entry.player.name : `${t("bot")} (${entry.bot})`) : t("empty_seat");
      const tags = [];
      if (entry?.player && me && entry.player.id === me.id) tags.push(t("you"));
      if (entry?.player && entry.player.id === room.host.id) tags.push(t("host"));
      if (entry?.bot) tags.push(t("bot"));
      const mine = entry?.player && me && entry.player.id === me.id;
      seats.push(h("li", { class: `seat${entry ? " taken" : ""}${mine ? " mine" : ""}`, dataset: { seat: i } },
        h("span", { class: "seat-no" }, num(i + 1)), h("span", { class: "seat-name" }, who),
        tags.length ? h("span", { class: "tags" }, tags.join(" · ")) : null));
    }
    return h("ul", { class: "seats" }, seats);
  }

  function controls() {
    const me = identity();
    const isHost = me && room.host.id === me.id;
    const seated = mySeat() !== null;
    const free = room.max_seats - room.seats.length;
    const buttons = [];
    if (room.status === "waiting") {
      if (!seated && free > 0) {
        // Keep what was typed: this part is rebuilt whenever anyone joins.
        const typed = document.getElementById("room-name")?.value || "";
        if (!me) buttons.push(h("input", { id: "room-name", maxlength: 40, placeholder: t("your_name"), value: typed }));
        buttons.push(h("button", { class: "primary", id: "join", onclick: join }, t("join")));
      }
      if (isHost && free > 0) buttons.push(h("button", { id: "add-bot", onclick: () => call("POST", `/api/rooms/${code}/bots`, { level: "normal" }) }, t("add_bot")));
      if (isHost) buttons.push(h("button", { class: "primary", id: "start", disabled: room.seats.length < room.min_players, onclick: () => call("POST", `/api/rooms/${code}/start`) }, t("start")));
      if (seated) buttons.push(h("button", { id: "leave", onclick: () => call("POST", `/api/rooms/${code}/leave`) }, t("leave")));
      if (!isHost) buttons.push(h("p", { class: "muted" }, t("waiting_for_host")));
      if (room.seats.length < room.min_players) buttons.push(h("p", { class: "muted" }, t("need_players", { n: room.min_players })));
    }
    if (room.status === "finished" && isHost) buttons.push(h("button", { class: "primary", id: "rematch", onclick: () => call("POST", `/api/rooms/${code}/rematch`) }, t("rematch")));
    if (room.status !== "waiting" && !seated) buttons.push(h("p", { class: "muted" }, t("watching")));
    return h("div", { class: "controls" }, buttons);
  }

  function resultPanel() {
    const result = state?.result;
    if (!result) return null;
    const everyone = room.seats.length;
    let text = t("game_over");
    if (result.winners.length === 1) text = t("winner", { name: seatName(result.winners[0]) });
    else if (result.winners.length === everyone && everyone > 1) text = t("draw");
    else if (result.winners.length > 1) text = t("winners", { names: result.winners.map(seatName).join(t("list_sep")) });
    return h("section", { class: "card result", id: "result" }, h("h2", {}, t("result")), h("p", { class: "big" }, text),
      game?.resultDetails ? game.resultDetails(result, context()) : null);
  }

  function context() {
    return { view: state.view, legal: state.legal_actions, seat: state.seat, result: state.result, events: state.events,
      version: state.version, room, act, seatName, serverNow: () => socket.serverNow() };
  }

  // The page keeps one element per part and only refills the parts; the game's element is never
  // moved, so a tap on it is not lost to a redraw.
  const parts = { banner: h("div"), head: h("div"), lobby: h("div"), controls: h("div"), result: h("div") };
  const skeleton = [parts.banner, parts.head, parts.lobby, parts.controls, gameEl, parts.result];

  function redraw() {
    if (status === "not_found") {
      root.replaceChildren(h("section", { class: "card" }, h("p", {}, t("not_found")), h("a", { href: "/", class: "button" }, t("back_to_lobby"))));
      return;
    }
    if (!room) { root.replaceChildren(h("p", { class: "muted" }, t("connecting"))); return; }
    if (root.firstChild !== parts.banner) root.replaceChildren(...skeleton);
    parts.banner.replaceChildren(...(status === "connected" ? [] : [h("p", { class: "banner", id: "conn" }, t(status))]));
    parts.head.replaceChildren(h("section", { class: "room-head" },
      h("h1", {}, gameTitle(room.game, room.title)),
      h("span", { class: `badge ${room.status}`, id: "room-status", dataset: { status: room.status } }, t(`status_${room.status}`))));
    parts.lobby.replaceChildren(...(room.status === "waiting" ? [shareBox(), h("h2", {}, t("seats")), seatList()] : []));
    parts.controls.replaceChildren(controls());
    gameEl.hidden = !state;
    if (state && game) game.render(gameEl, context());
    const result = resultPanel();
    parts.result.replaceChildren(...(result ? [result] : []));
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

  connect();
  return { redraw, dispose: () => { clearInterval(ticker); socket?.close(); } };
}
