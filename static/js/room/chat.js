// The room's chat (docs/CHAT.md): short lines and a row of reactions over the room socket. Every line
// is shown as text (text nodes only, never markup), so `<b>` or `<script>` in a line is just letters.
// Collapsed on a phone, so it never hides the game; open by itself on a wide screen.
import { identity } from "../api.js";
import { h, s } from "../dom.js";
import { num, onLangChange, t } from "../i18n/index.js";
import { avatar } from "./avatar.js";

export const TEXT_MAX = 280;          // as hub/chat.py TEXT_MAX
const FLOAT_MS = 1600;                // how long a reaction floats over the chat's head
const WIDE = "(min-width: 900px)";

// The reactions of hub/chat.py REACTIONS, each its own line drawing (24×24, stroked in the text
// colour): no emoji font is needed, and each has a word in both languages.
const p = (d) => ["path", { d }];
const c = (cx, cy, r) => ["circle", { cx, cy, r }];
const FACE = c(12, 12, 9.5);
const ICONS = {
  clap: [["rect", { x: 4.5, y: 8, width: 6, height: 12.5, rx: 3, transform: "rotate(-18 7.5 14)" }],
    ["rect", { x: 13.5, y: 8, width: 6, height: 12.5, rx: 3, transform: "rotate(18 16.5 14)" }], p("M12 2.2v3M7.6 3.4l1.3 2.3M16.4 3.4l-1.3 2.3")],
  laugh: [FACE, p("M7.5 9.5q1.2-1.6 2.4 0M14.1 9.5q1.2-1.6 2.4 0"), p("M7.2 13h9.6a4.8 4.8 0 0 1-9.6 0z")],
  wow: [FACE, c(8.8, 9.5, 1), c(15.2, 9.5, 1), c(12, 15.3, 2.3)],
  sad: [FACE, c(8.8, 9.8, 1), c(15.2, 9.8, 1), p("M8 16.5q4-3.6 8 0")],
  fire: [p("M12 2.5c.6 3.4 5.5 5.6 5.5 11a5.5 5.5 0 0 1-11 0c0-2.6 1.3-4.3 2.6-5.6.3 1.7 1 2.8 2.1 3.3-.5-3.3.1-6.1.8-8.7z"),
    p("M12 21c-1.7 0-2.8-1.2-2.8-2.8 0-1.7 1.5-2.7 2.2-4.2 1.5 1.2 3.4 2.4 3.4 4.2 0 1.6-1.1 2.8-2.8 2.8z")],
  thumbs_up: [p("M7 10.5v10H3.5v-10z"), p("M7 10.5l3.8-7.3a1.9 1.9 0 0 1 2.7 1.9l-.6 4.4h5.6a1.9 1.9 0 0 1 1.9 2.3l-1.5 7a2 2 0 0 1-2 1.7H7")],
};
export const REACTIONS = Object.keys(ICONS);


export function reactionIcon(name) {
  const parts = (ICONS[name] || []).map(([tag, attrs]) => s(tag, attrs));
  return s("svg", { class: "reaction-icon", viewBox: "0 0 24 24", width: 24, height: 24, "aria-hidden": "true", focusable: "false" }, parts);
}

// The line to write, with its count of characters left; what was typed survives a rebuild.
function chatForm(send) {
  const typed = document.getElementById("chat-input")?.value || "";
  const input = h("input", { id: "chat-input", type: "text", maxlength: TEXT_MAX, autocomplete: "off", dir: "auto", value: typed,
    placeholder: t("chat.placeholder"), "aria-label": t("chat.input"), "aria-describedby": "chat-count" });
  const count = h("span", { class: "chat-count muted", id: "chat-count" });
  const showCount = () => {
    count.textContent = `${num(input.value.length)}/${num(TEXT_MAX)}`;
    count.title = t("chat.count", { n: input.value.length, max: TEXT_MAX });
  };
  input.addEventListener("input", showCount);
  showCount();
  return h("form", { class: "chat-form", id: "chat-form", onsubmit: (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (!send({ type: "chat", text })) { count.textContent = t("chat.offline"); return; }
    input.value = "";
    showCount();
  } }, input, count, h("button", { type: "submit", class: "primary", id: "chat-send" }, t("chat.send")));
}

function reactionRow(send) {
  return h("div", { class: "reactions", role: "group", id: "reactions", "aria-label": t("chat.reactions") },
    REACTIONS.map((name) => h("button", { type: "button", class: "reaction", dataset: { reaction: name },
      "aria-label": t(`reaction.${name}`), title: t(`reaction.${name}`), onclick: () => send({ type: "react", reaction: name }) },
    reactionIcon(name))));
}

// mountChat({code, send, call}) → {el, receive(message)}: `send` puts a message on the room socket
// (true if it went), `call` is the room's REST helper; `receive` takes every socket message.
export function mountChat({ code, send, call }) {
  let room = null;
  let lines = [];           // the chat's recent lines, oldest first, by id
  let unread = 0;
  let open = window.matchMedia?.(WIDE).matches ?? true;
  let built = null;         // the key of what the controls show, so they are rebuilt only on change

  const toggle = h("button", { type: "button", class: "chat-toggle small", id: "chat-toggle", "aria-expanded": String(open),
    "aria-controls": "chat-body", onclick: () => { open = !open; if (open) unread = 0; drawHead(); } });
  const floats = h("div", { class: "reaction-floats", "aria-hidden": "true" });
  const list = h("ol", { class: "chat-lines", id: "chat-lines", tabindex: 0, "data-scrolls": "" });
  const empty = h("p", { class: "muted chat-empty", id: "chat-empty" });
  const controls = h("div", { class: "chat-controls" });
  const body = h("div", { class: "chat-body", id: "chat-body" }, list, empty, controls);
  const el = h("section", { class: "card chat", id: "chat" }, h("div", { class: "chat-head" }, toggle, floats), body);

  const me = () => identity()?.id ?? null;
  const isHost = () => !!room && me() === room.host.id;
  const seated = () => !!room && room.seats.some((seat) => seat.player && seat.player.id === me());
  const muted = (id) => (room?.muted || []).includes(id);

  function drawHead() {
    el.setAttribute("aria-label", t("chat.title"));
    toggle.setAttribute("aria-expanded", String(open));
    // Parentheses, not a middle dot: in Persian a dot beside a digit reads as a zero (۰).
    toggle.textContent = unread && !open ? `${t("chat.title")} (${t("chat.new_n", { n: unread })})` : t("chat.title");
    body.hidden = !open;
    el.classList.toggle("open", open);
  }

  function lineEl(line) {
    const mine = line.player.id === me();
    const data = { id: line.id, kind: line.kind, ...(mine ? { mine: "yes" } : {}), ...(muted(line.player.id) ? { muted: "yes" } : {}) };
    const mark = muted(line.player.id) ? h("span", { class: "chat-muted-mark" }, ` (${t("chat.muted_mark")})`) : null;
    const who = h("span", { class: "chat-who" }, avatar(line.player, 20), h("b", { class: "chat-name" }, h("bdi", {}, line.player.name)), mark, ":");
    const what = line.kind === "reaction"
      ? h("span", { class: "chat-reaction", title: t(`reaction.${line.body}`) }, reactionIcon(line.body), h("span", { class: "sr-only" }, t(`reaction.${line.body}`)))
      : h("span", { class: "chat-text", dir: "auto" }, line.body);
    const moderate = isHost() && line.player.id !== room.host.id ? muteButton(line.player) : null;
    return h("li", { dataset: data }, who, what, moderate);
  }

  function muteButton(player) {
    const on = muted(player.id);
    return h("button", { type: "button", class: "small chat-mute", dataset: { player: player.id },
      "aria-label": t(on ? "chat.unmute" : "chat.mute", { name: player.name }), "aria-pressed": String(on),
      onclick: () => (on ? call("DELETE", `/api/rooms/${code}/mutes/${encodeURIComponent(player.id)}`)
        : call("POST", `/api/rooms/${code}/mutes`, { player_id: player.id })) }, t(on ? "chat.unmute_short" : "chat.mute_short"));
  }

  function drawLines() {
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...lines.map(lineEl));
    list.hidden = !lines.length;
    empty.hidden = !!lines.length;
    empty.textContent = t("chat.empty");
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  // What this person may do: write (a seat, the host, or a spectator the host lets in), or read and why.
  function drawControls() {
    const writer = seated() || isHost() || (room?.spectator_chat && me() !== null);
    const blocked = !room ? "" : muted(me()) ? "chat.you_muted" : writer ? "" : room.spectator_chat ? "chat.need_name" : "chat.readonly";
    const key = JSON.stringify([!!room, blocked, isHost(), room?.spectator_chat, document.documentElement.lang]);
    if (key === built) return;
    built = key;
    const parts = [];
    if (blocked) parts.push(h("p", { class: "muted chat-readonly", id: "chat-readonly" }, t(blocked)));
    else if (room) parts.push(chatForm(send), reactionRow(send));
    if (isHost()) {
      parts.push(h("label", { class: "chat-setting", for: "chat-spectators" },
        h("input", { type: "checkbox", id: "chat-spectators", checked: !!room.spectator_chat,
          onchange: (e) => call("POST", `/api/rooms/${code}/chat/settings`, { spectators: e.target.checked }) }),
        " ", t("chat.spectators")));
    }
    controls.replaceChildren(...parts);
  }

  // A reaction just sent floats a moment over the chat's head, with its sender's name.
  function float(line) {
    const item = h("span", { class: "reaction-float" }, reactionIcon(line.body), h("span", { class: "reaction-float-name", dir: "auto" }, line.player.name));
    floats.append(item);
    setTimeout(() => item.remove(), FLOAT_MS);
  }

  function draw() { drawHead(); drawLines(); drawControls(); }

  function receive(message) {
    if (message.type === "room") {
      const before = JSON.stringify([room?.muted, room?.host?.id]);
      room = message.room;
      if (JSON.stringify([room.muted, room.host.id]) !== before) drawLines();
      drawControls();
    } else if (message.type === "chat_history") {
      lines = message.messages;
      drawLines();
    } else if (message.type === "chat") {
      const line = message.message;
      if (lines.some((known) => known.id === line.id)) return;
      lines = [...lines, line].slice(-50);
      if (!open && line.kind === "text") unread += 1;
      if (line.kind === "reaction") float(line);
      drawHead();
      drawLines();
    }
  }

  draw();
  onLangChange(() => { if (el.isConnected) { built = null; draw(); } });
  return { el, receive, redraw: () => { built = null; draw(); } };
}
