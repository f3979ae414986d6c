// The waiting room: the room's options in words, its link to share, and the controls before the game
// (take a seat, add a bot, start, leave). `ctl` is the room's control object (see index.js).
import { clientSeed, ensurePlayer, identity } from "../api.js";
import { tutorialOffer } from "../learn/offer.js";
import { h, toast } from "../dom.js";
import { listText, num, t } from "../i18n/index.js";
import { optionsSummary } from "../options-form.js";
import { gameTitle } from "../games/index.js";
import { seatList } from "./seats.js";
import "../friends-words.js";

const BOT_LEVELS = ["easy", "normal", "hard"];

export function waitingRoom(ctl, listing) {
  const learn = tutorialOffer(ctl.room.game, listing?.tutorial_minutes, { id: "learn-offer-room", onDecline: ctl.redraw });
  return [learn, optionsLine(ctl.room, listing), shareBox(ctl), h("h2", {}, t("seats")), seatList(ctl)].filter(Boolean);
}

// The link goes out through the phone's own share sheet where there is one (the message in the
// player's language, the game named), else to the clipboard; a friend sitting beside you scans the QR.
function shareBox(ctl) {
  const { code, room } = ctl;
  const url = `${location.origin}/t/${code}`;
  const input = h("input", { readonly: true, value: url, id: "share-url", dir: "ltr", "aria-label": t("share_link") });
  const copy = async () => {
    try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.("copy"); }
    toast(t("copied"));
  };
  const share = async () => {
    const title = gameTitle(room.game, room.title);
    try { await navigator.share({ title, text: t("share_text", { game: title }), url }); } catch (err) {
      if (err?.name !== "AbortError") await copy();  // the player closing the sheet is not a failure
    }
  };
  const buttons = [navigator.share ? h("button", { type: "button", class: "primary", id: "share-link", onclick: share }, t("share")) : null,
    h("button", { type: "button", id: "copy-link", onclick: copy }, t("copy"))];
  return h("div", { class: "share" }, h("label", { for: "share-url" }, t("share_link")), h("div", { class: "row" }, input, ...buttons),
    qrCode(code));
}

// The picture is fetched only when asked for: most links travel by message, not by camera.
function qrCode(code) {
  const box = h("details", { class: "qr", id: "qr" }, h("summary", {}, t("qr_show")));
  box.addEventListener("toggle", () => {
    if (!box.open || box.querySelector("img")) return;
    box.append(h("img", { src: `/api/rooms/${encodeURIComponent(code)}/qr.svg`, alt: t("qr_alt"), width: 220, height: 220 }),
      h("p", { class: "muted" }, t("qr_help")));
  });
  return box;
}

function optionsLine(room, listing) {
  const lines = listing ? optionsSummary(listing, room.config) : [];
  return lines.length ? h("p", { class: "muted options-line", id: "room-options" }, lines.join(t("list_sep"))) : null;
}

// Take a seat; a visitor without a name gives one first.
async function join(ctl) {
  const input = document.getElementById("room-name");
  if (!identity()) {
    if (!input?.value.trim()) { toast(t("name_needed"), "error"); return; }
    await ensurePlayer(input.value.trim());
  }
  if (await ctl.call("POST", `/api/rooms/${ctl.code}/join`, { client_seed: clientSeed() })) ctl.reconnect();
}

// The level is the host's choice for this room (`ctl.local` lives as long as the room's page); each says
// how strong it is on the game's rating scale, where the bench has measured it.
function botPicker(ctl) {
  const local = ctl.local;
  local.botLevel ??= "normal";
  const levels = ctl.listing?.bot_levels?.length ? ctl.listing.bot_levels : BOT_LEVELS.map((level) => ({ level, rating: null }));
  const words = ({ level, rating }) => (rating == null ? t(`bot_level.${level}`)
    : t("bot_level_rated", { level: t(`bot_level.${level}`), n: num(Math.round(rating)) }));
  const level = h("select", { id: "bot-level", "aria-label": t("bot_level"), onchange: (e) => { local.botLevel = e.target.value; } },
    levels.map((l) => h("option", { value: l.level, selected: l.level === local.botLevel }, words(l))));
  return h("span", { class: "bot-picker" }, level,
    h("button", { id: "add-bot", onclick: () => ctl.call("POST", `/api/rooms/${ctl.code}/bots`, { level: local.botLevel }) }, t("add_bot")));
}

export function waitingControls(ctl) {
  const { room, code } = ctl;
  const seated = ctl.mySeat !== null;
  const free = room.max_seats - room.seats.length;
  const parts = [];
  if (!seated && free > 0) {
    // Keep what was typed: this part is rebuilt whenever anyone joins.
    const typed = document.getElementById("room-name")?.value || "";
    if (!ctl.me) parts.push(h("input", { id: "room-name", maxlength: 40, placeholder: t("your_name"), "aria-label": t("your_name"), value: typed }));
    parts.push(h("button", { class: "primary", id: "join", onclick: () => join(ctl) }, t("join")));
  }
  if (!seated && free === 0) parts.push(h("p", { class: "muted", id: "full-note" }, t("room_full_watch")));
  if (ctl.isHost && free > 0) parts.push(botPicker(ctl));
  const counts = room.player_counts || [];
  const startable = counts.includes(room.seats.length);
  if (ctl.isHost) parts.push(h("button", { class: "primary", id: "start", disabled: !startable, onclick: () => ctl.call("POST", `/api/rooms/${code}/start`) }, t("start")));
  if (seated) parts.push(h("button", { id: "leave", onclick: () => ctl.call("POST", `/api/rooms/${code}/leave`) }, t("leave")));
  // A friend gets an invitation (a notice, and a push) that never shows this room's code.
  if ((seated || ctl.isHost) && free > 0) parts.push(h("a", { href: `/friends?room=${encodeURIComponent(code)}`, class: "button", id: "invite-friends" }, t("invite.friends_button")));
  if (!ctl.isHost) parts.push(h("p", { class: "muted" }, t("waiting_for_host")));
  if (room.seats.length < room.min_players) parts.push(h("p", { class: "muted" }, t("need_players", { n: room.min_players })));
  else if (!startable) {
    // A mode that skips counts (Double Connect's teams: 4, 6 or 8): say which ones.
    parts.push(h("p", { class: "muted", id: "need-counts" }, t("need_counts", { list: listText(counts, "disjunction") })));
  }
  return h("div", { class: "controls" }, parts);
}
