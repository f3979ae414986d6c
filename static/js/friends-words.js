// The words of friends, invitations and "play again" (i18n/<lang>/friends.js), registered once by
// whichever of their modules loads first.
import { register } from "./i18n/index.js";
import enFriends from "./i18n/en/friends.js";
import faFriends from "./i18n/fa/friends.js";

register("friends", { en: enFriends, fa: faFriends });

// The presence icons: each a different shape, so that no state is told by colour alone.
const PATHS = {
  online: "M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16z",                     // a filled disc
  away: "M12 5a7 7 0 1 0 0 14a7 7 0 1 0 0-14zm0 3a4 4 0 1 1 0 8a4 4 0 1 1 0-8z",  // a ring
  playing: "M7 4l13 8l-13 8z",                                          // a play triangle
  turn: "M6 3h12v3l-4 6l4 6v3H6v-3l4-6l-4-6z",                           // an hourglass
};

export function icon(h, s, name, cls = "presence-icon") {
  return s("svg", { viewBox: "0 0 24 24", width: 18, height: 18, class: `${cls} icon-${name}`, "aria-hidden": "true", focusable: "false" },
    s("path", { d: PATHS[name], "fill-rule": "evenodd" }));
}
