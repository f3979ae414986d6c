// The in-app notice of a friend's invitation, on every page while signed in: a small banner at the
// foot of the screen, "Sara invites you to Jekyll vs Hyde", with one-tap Join. Loaded after the page
// has drawn (main.js); asks for invitations at load, when the page comes back into view, and every
// minute while in view. "Not now" hides one until the next visit; the push notice opens its page.
import { api, identity } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, onLangChange, t } from "./i18n/index.js";
import { gameTitle } from "./games/index.js";
import "./friends-words.js";

const EVERY_MS = 60_000;
const LATER = "dorhami.invitations-later";  // sessionStorage: ids put off until the next visit
let shown = [];
const box = h("aside", { class: "invite-notice", id: "invite-notice", "aria-label": "", hidden: true });

function later() {
  try { return new Set(JSON.parse(sessionStorage.getItem(LATER)) || []); } catch { return new Set(); }
}

async function join(invitation) {
  try {
    const { code } = await api("POST", `/api/invitations/${encodeURIComponent(invitation.id)}/accept`);
    location.href = `/t/${code}`;
  } catch (err) { toast(errorText(err), "error"); refresh(); }
}

function putOff(invitation) {
  sessionStorage.setItem(LATER, JSON.stringify([...later(), invitation.id]));
  paint();
}

function paint() {
  const skip = later();
  const here = location.pathname.startsWith("/invitations/") ? decodeURIComponent(location.pathname.slice(13)) : null;
  const first = shown.find((i) => !skip.has(i.id) && i.id !== here);
  box.setAttribute("aria-label", t("invite.region"));
  if (!first) { box.hidden = true; box.replaceChildren(); return; }
  const game = gameTitle(first.game);
  const wasHidden = box.hidden;
  box.replaceChildren(
    h("a", { href: `/invitations/${encodeURIComponent(first.id)}`, class: "invite-text", id: "invite-notice-text" }, t("invite.notice", { name: first.inviter.name, game })),
    h("span", { class: "invite-buttons" },
      h("button", { type: "button", class: "primary", id: "invite-notice-join", "aria-label": t("invite.join_of", { name: first.inviter.name, game }), onclick: () => join(first) }, t("invite.join")),
      h("button", { type: "button", class: "small", id: "invite-notice-later", onclick: () => putOff(first) }, t("invite.later"))));
  box.hidden = false;
  // Heard once when it appears (the page's polite status region), not again at every refresh.
  if (wasHidden) { const status = document.getElementById("status"); if (status) status.textContent = t("invite.notice", { name: first.inviter.name, game }); }
}

export async function refresh() {
  if (!identity()?.token) { shown = []; paint(); return; }
  try { shown = (await api("GET", "/api/players/me/invitations")).invitations; } catch { /* offline: keep what shows */ }
  paint();
}

export function watchInvitations() {
  if (!box.isConnected) document.body.append(box);
  refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, EVERY_MS);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") refresh(); });
  window.addEventListener("dorhami:identity", refresh);
  onLangChange(paint);
}
