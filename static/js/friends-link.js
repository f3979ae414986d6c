// The header's link to the Friends page while signed in (an icon; its name is read out and shown as a
// tooltip), and, once the page has drawn, the in-app notice of a friend's invitation (loaded only then).
import { identity } from "./api.js";
import { h, s } from "./dom.js";
import { t } from "./i18n/index.js";

const PEOPLE = "M8 11a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7zm8 0a3 3 0 1 0 0-6a3 3 0 1 0 0 6zM1.5 20c0-4 3-6.5 6.5-6.5S14.5 16 14.5 20zm13.5 0c0-2.2-.7-4-2-5.3c1-.6 2-.9 3-.9c3 0 6 2 6 6.2z";
const label = h("span", { class: "friends-link-text" });
const link = h("a", { href: "/friends", id: "friends-link", class: "friends-link", hidden: true },
  s("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true", focusable: "false" }, s("path", { d: PEOPLE, fill: "currentColor" })), label);
let watching = false;

export function paintFriendsLink() {
  const signedIn = Boolean(identity()?.token);
  link.hidden = !signedIn;
  label.textContent = t("friends_link");
  link.title = t("friends_link");
  if (location.pathname === "/friends") link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
  if (signedIn && !watching) {
    watching = true;
    // After the screen: the lobby or a table draws first, the notice is a small extra.
    setTimeout(() => import("./invitation-notice.js").then((m) => m.watchInvitations()).catch(() => { watching = false; }), 800);
  }
}

export function mountFriendsLink(before) {
  before.before(link);
  paintFriendsLink();
  window.addEventListener("dorhami:identity", paintFriendsLink);
}
