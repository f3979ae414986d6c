// The Friends page at /friends (docs/FRIENDS.md): friends with where they are, requests both ways,
// the people you played with (add, block) and whom you blocked (unblock). Opened from a room as
// /friends?room=<code>, each friend gets "invite to this room". Also the page of one invitation,
// /invitations/<id>: who invites you to what, and join with one tap.
import { api, identity } from "./api.js";
import { h, s, toast } from "./dom.js";
import { errorText, num, plural, t } from "./i18n/index.js";
import { gameTitle } from "./games/index.js";
import { avatar } from "./room/avatar.js";
import { icon } from "./friends-words.js";
import { momentText } from "./when.js";

const TABS = ["friends", "requests", "people", "blocked"];
const ROOM_CODE = /^[A-Za-z0-9_-]{1,32}$/;

function presence(friend) {
  const parts = [];
  parts.push(h("span", { class: "presence" }, icon(h, s, friend.online ? "online" : "away"), t(friend.online ? "friends.online" : "friends.away")));
  const room = friend.room;
  if (room) {
    const game = gameTitle(room.game);
    parts.push(h("span", { class: "presence" }, icon(h, s, "playing"),
      t(room.status === "playing" ? "friends.playing" : "friends.waiting_in", { game })));
    if (room.their_turn) parts.push(h("span", { class: "presence presence-turn" }, icon(h, s, "turn"), t("friends.their_turn")));
  }
  return h("span", { class: "presence-line" }, parts);
}

function person(p, extra, ...buttons) {
  return h("li", { class: "card friend-row", dataset: { player: p.id } },
    h("span", { class: "friend-who" }, avatar(p, 32), h("span", { class: "friend-text" },
      h("a", { href: `/p/${p.id}`, class: "link friend-name" }, h("bdi", {}, p.name)), extra)),
    h("span", { class: "friend-actions" }, buttons));
}

// Tabs as the WAI pattern has them: arrows move between tabs (mirrored right to left), Tab goes
// into the panel. `incoming`: the requests waiting, counted on their tab.
function tabBar(current, incoming, pick) {
  return h("div", { class: "tabs", role: "tablist", "aria-label": t("friends.tabs") }, TABS.map((name, i) =>
    h("button", { type: "button", role: "tab", id: `tab-${name}`, "aria-selected": String(current === name), "aria-controls": "friends-panel",
      tabindex: current === name ? 0 : -1, onclick: () => pick(name, false),
      onkeydown: (e) => {
        const step = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: TABS.length - 1 - i }[e.key];
        if (step === undefined) return;
        e.preventDefault();
        const dir = document.documentElement.dir === "rtl" && (e.key === "ArrowRight" || e.key === "ArrowLeft") ? -step : step;
        pick(TABS[(i + dir + TABS.length) % TABS.length], true);
      } },
    t(`friends.tab_${name}`), name === "requests" && incoming ? h("span", { class: "turn-count" }, num(incoming)) : null)));
}

export function showFriends(root) {
  const params = new URLSearchParams(location.search);
  const inviteTo = ROOM_CODE.test(params.get("room") || "") ? params.get("room") : null;
  let tab = TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : "friends";
  let data = null;
  let error = null;
  const invited = new Set();

  async function load() {
    if (!identity()?.token) { redraw(); return; }
    try {
      const [mine, people, blocks] = await Promise.all([api("GET", "/api/players/me/friends"),
        api("GET", "/api/players/me/people"), api("GET", "/api/players/me/blocks")]);
      data = { ...mine, people: people.people, blocked: blocks.blocked };
      error = null;
    } catch (err) { error = err; }
    redraw();
  }

  async function act(method, path, body, said) {
    try {
      await api(method, path, body);
      if (said) toast(said);
    } catch (err) { toast(errorText(err), "error"); }
    await load();
  }

  const button = (label, aria, onclick, cls = "small") => h("button", { type: "button", class: cls, "aria-label": aria, onclick }, label);

  function friendsList() {
    if (!data.friends.length) return h("p", { class: "muted", id: "friends-empty" }, t("friends.none"));
    return h("ul", { class: "friend-list", id: "friends-list" }, data.friends.map((f) => {
      const buttons = [];
      if (inviteTo) {
        const done = invited.has(f.id);
        buttons.push(h("button", { type: "button", class: "primary small", disabled: done, "aria-label": t("friends.invite_of", { name: f.name }),
          onclick: async () => {
            try { await api("POST", `/api/rooms/${inviteTo}/invitations`, { player_id: f.id }); invited.add(f.id); toast(t("friends.invited")); } catch (err) { toast(errorText(err), "error"); }
            redraw();
          } }, done ? t("friends.invited") : t("friends.invite")));
      }
      if (f.room?.code) buttons.push(h("a", { href: `/t/${f.room.code}`, class: "button small" }, t("friends.open_room")));
      buttons.push(button(t("friends.remove"), t("friends.remove_of", { name: f.name }), () => act("DELETE", `/api/players/me/friends/${f.id}`)));
      return person(f, presence(f), buttons);
    }));
  }

  function requestsList() {
    if (!data.incoming.length && !data.outgoing.length) return h("p", { class: "muted", id: "requests-empty" }, t("friends.no_requests"));
    return [
      data.incoming.length ? h("h2", {}, t("friends.incoming")) : null,
      data.incoming.length ? h("ul", { class: "friend-list", id: "incoming-list" }, data.incoming.map((r) => person(r, null,
        button(t("friends.accept"), t("friends.accept_of", { name: r.name }), () => act("POST", `/api/players/me/friends/${r.id}/accept`, undefined, t("friends.now_friends", { name: r.name })), "primary small"),
        button(t("friends.decline"), t("friends.decline_of", { name: r.name }), () => act("DELETE", `/api/players/me/friends/${r.id}`))))) : null,
      data.outgoing.length ? h("h2", {}, t("friends.outgoing")) : null,
      data.outgoing.length ? h("ul", { class: "friend-list", id: "outgoing-list" }, data.outgoing.map((r) => person(r, null,
        button(t("friends.cancel"), t("friends.cancel_of", { name: r.name }), () => act("DELETE", `/api/players/me/friends/${r.id}`))))) : null,
    ];
  }

  function peopleList() {
    if (!data.people.length) return h("p", { class: "muted", id: "people-empty" }, t("friends.no_people"));
    return h("ul", { class: "friend-list", id: "people-list" }, data.people.map((p) => {
      const line = h("span", { class: "muted" }, plural("friends.games_together", p.games, { when: momentText(p.last_played_ms) }));
      const buttons = [];
      if (p.blocked) buttons.push(button(t("friends.unblock"), t("friends.unblock_of", { name: p.name }), () => act("DELETE", `/api/players/me/blocks/${p.id}`)));
      else {
        if (p.friend === "none" || p.friend === "incoming") {
          buttons.push(button(t("friends.add"), t("friends.add_of", { name: p.name }),
            () => act("POST", "/api/players/me/friends", { player_id: p.id }, t(p.friend === "incoming" ? "friends.now_friends" : "friends.request_sent", { name: p.name })), "primary small"));
        } else buttons.push(h("span", { class: "muted friend-state" }, t(p.friend === "friends" ? "friends.is_friend" : "friends.asked")));
        buttons.push(button(t("friends.block"), t("friends.block_of", { name: p.name }), () => {
          if (window.confirm(t("friends.block_confirm", { name: p.name }))) act("POST", `/api/players/me/blocks/${p.id}`);
        }));
      }
      return person(p, line, buttons);
    }));
  }

  function blockedList() {
    if (!data.blocked.length) return h("p", { class: "muted", id: "blocked-empty" }, t("friends.no_blocked"));
    return h("ul", { class: "friend-list", id: "blocked-list" }, data.blocked.map((b) => person(b, null,
      button(t("friends.unblock"), t("friends.unblock_of", { name: b.name }), () => act("DELETE", `/api/players/me/blocks/${b.id}`)))));
  }

  const pick = (name, focus) => {
    tab = name;
    history.replaceState(null, "", `${location.pathname}${location.search}#${name}`);
    redraw();
    if (focus) document.getElementById(`tab-${name}`)?.focus();
  };

  function redraw() {
    document.title = `${t("friends.title")} · ${t("brand")}`;
    const head = [h("h1", {}, t("friends.title")), h("p", { class: "muted" }, t("friends.about"))];
    if (!identity()?.token) { root.replaceChildren(h("article", { id: "friends" }, head, h("p", { class: "card" }, t("friends.signed_out")))); return; }
    if (!data) {
      root.replaceChildren(h("article", { id: "friends" }, head, error ? h("p", { class: "card", id: "friends-error" }, errorText(error)) : h("p", { class: "muted" }, t("connecting"))));
      return;
    }
    const panel = { friends: friendsList, requests: requestsList, people: peopleList, blocked: blockedList }[tab]();
    const back = inviteTo ? h("p", { class: "card invite-to", id: "invite-to" }, t("friends.inviting_to"), " ",
      h("a", { href: `/t/${inviteTo}`, class: "button small", id: "back-to-room" }, t("friends.back"))) : null;
    root.replaceChildren(h("article", { id: "friends", class: "friends" }, head, back, tabBar(tab, data.incoming.length, pick),
      h("section", { role: "tabpanel", id: "friends-panel", "aria-labelledby": `tab-${tab}`, tabindex: 0 }, panel)));
  }

  load();
  return { redraw };
}

export function showInvitation(root, id) {
  let found = null;
  let error = null;

  async function load() {
    try { found = await api("GET", `/api/invitations/${encodeURIComponent(id)}`); } catch (err) { error = err; }
    redraw();
  }

  async function join() {
    try {
      const { code } = await api("POST", `/api/invitations/${encodeURIComponent(id)}/accept`);
      location.href = `/t/${code}`;
    } catch (err) { toast(errorText(err), "error"); load(); }
  }

  async function decline() {
    try { await api("DELETE", `/api/invitations/${encodeURIComponent(id)}`); toast(t("invite.declined")); } catch (err) { toast(errorText(err), "error"); }
    load();
  }

  function redraw() {
    document.title = `${t("invite.title")} · ${t("brand")}`;
    const head = h("h1", {}, t("invite.title"));
    if (!identity()?.token) { root.replaceChildren(h("article", { id: "invitation" }, head, h("p", { class: "card" }, t("friends.signed_out")))); return; }
    if (!found) {
      root.replaceChildren(h("article", { id: "invitation" }, head,
        error ? h("p", { class: "card", id: "invitation-error" }, errorText(error)) : h("p", { class: "muted" }, t("connecting"))));
      return;
    }
    const game = gameTitle(found.game);
    const open = found.status === "pending";
    root.replaceChildren(h("article", { id: "invitation", class: "card invitation" }, head,
      h("p", { class: "invitation-text" }, avatar(found.inviter, 40), " ", t("invite.text", { name: found.inviter.name, game })),
      found.private ? h("p", { class: "muted" }, t("invite.private")) : null,
      open ? h("p", { class: "muted" }, t("invite.expires", { when: momentText(found.expires_ms) })) : h("p", { id: "invitation-closed" }, t(`invite.closed_${found.status}`)),
      open ? h("div", { class: "controls" },
        h("button", { type: "button", class: "primary", id: "invitation-join", onclick: join }, t("invite.join")),
        h("button", { type: "button", id: "invitation-decline", onclick: decline }, t("invite.decline"))) : h("a", { href: "/", class: "button" }, t("back_to_lobby"))));
  }

  load();
  return { redraw };
}
