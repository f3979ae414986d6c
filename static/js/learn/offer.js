// The offer of a game's tutorial to someone new to it: on the lobby's game card, in a room before the
// start, on the how-to page. Small on purpose: the lobby carries it, the tutorial itself loads on demand.
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import { gameTitle } from "../games/index.js";
import { declineOffer, wantsOffer } from "./progress.js";

export const tutorialUrl = (slug) => `/learn/${slug}`;

// From a table in play (its menu, the how-to sheet over it) the tutorial opens in a new tab: the game
// and its socket stay where they are.
export function tutorialLink(slug, { id, newTab = false, className = "link" } = {}) {
  return h("a", { href: tutorialUrl(slug), class: `${className} learn-link`, id, target: newTab ? "_blank" : null,
    rel: newTab ? "noopener" : null }, t("learn_link"));
}

// A line with the link and "No thanks" while the player has neither finished nor declined it; after
// that, only a quiet link (the tutorial stays one tap away). Null for a game without a tutorial.
export function tutorialOffer(slug, minutes, { id, onDecline } = {}) {
  if (!minutes) return null;
  if (!wantsOffer(slug)) {
    return h("p", { class: "learn-offer quiet", id, dataset: { game: slug } },
      h("a", { href: tutorialUrl(slug), class: "link learn-link" }, t("learn_link")));
  }
  const decline = () => { declineOffer(slug); onDecline?.(); };
  // One row: the card below it keeps its buttons in view on a phone.
  return h("p", { class: "learn-offer", id, dataset: { game: slug } },
    h("a", { href: tutorialUrl(slug), class: "button learn-link", "aria-label": t("learn_offer", { game: gameTitle(slug), n: minutes }) },
      t("learn_offer_short", { n: minutes })), " ",
    h("button", { type: "button", class: "link learn-decline", onclick: decline }, t("learn_dismiss")));
}
