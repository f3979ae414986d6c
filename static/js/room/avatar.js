// A person's avatar: a colour and a drawn symbol, both derived from the player's id alone, so every
// screen and every page (waiting room, table, chat, result, player page, leaderboard) draws the same
// one. A symbol rather than the name's first letter: namesakes ("Sara" and "Sara #3f2c") and names
// sharing an initial still differ, a shape is read the same in RTL and LTR and in either script, and
// a drawn path needs no emoji font. The shape is a second cue beside the colour, never colour alone.
// Bots get a robot, coloured by their seat. Kept tiny: the lobby's pages import it too.
import { h, s } from "../dom.js";

// White glyphs on each of these have a contrast of at least 4.5:1 (tests/client/test_avatar.py).
export const AVATAR_COLOURS = ["#b91c1c", "#c2410c", "#a15c07", "#4d7c0f", "#15803d", "#0f766e",
  "#0e7490", "#1d4ed8", "#4338ca", "#7e22ce", "#a21caf", "#be185d"];

// 24×24 paths, white on the colour; the ring and the robot cut their holes with the even-odd rule.
export const AVATAR_GLYPHS = {
  circle: "M12 5.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 1 1 0-13z",
  square: "M6.5 6.5h11v11h-11z",
  triangle: "M12 4.5l7.5 13.5h-15z",
  diamond: "M12 4l7 8-7 8-7-8z",
  star: "M12 3.8l2.5 5.2 5.6.7-4.1 3.9 1.1 5.6-5.1-2.8-5.1 2.8 1.1-5.6-4.1-3.9 5.6-.7z",
  heart: "M12 19.5s-7.5-4.6-7.5-9.8a4 4 0 0 1 7.5-2 4 4 0 0 1 7.5 2c0 5.2-7.5 9.8-7.5 9.8z",
  hexagon: "M12 4.2l6.8 3.9v7.8L12 19.8l-6.8-3.9V8.1z",
  plus: "M9.8 5h4.4v4.8H19v4.4h-4.8V19H9.8v-4.8H5V9.8h4.8z",
  drop: "M12 3.8c3.4 4.3 6 7.4 6 10.4a6 6 0 0 1-12 0c0-3 2.6-6.1 6-10.4z",
  bolt: "M13.5 3L6 13.5h5L9.8 21 18 10.5h-5z",
  ring: "M12 5a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm0 3.8a3.2 3.2 0 1 0 0 6.4 3.2 3.2 0 1 0 0-6.4z",
  leaf: "M5.5 18.5C5.5 10.5 10.5 5.5 18.5 5.5c0 8-5 13-13 13z",
};
const SHAPES = Object.keys(AVATAR_GLYPHS);
const ROBOT = "M11 2.8h2v3.4h-2zM6.2 6.8h11.6a1.2 1.2 0 0 1 1.2 1.2v9.4a1.2 1.2 0 0 1-1.2 1.2H6.2A1.2 1.2 0 0 1 5 17.4V8a1.2 1.2 0 0 1 1.2-1.2z"
  + "M9.2 9.8a1.6 1.6 0 1 0 0 3.2 1.6 1.6 0 1 0 0-3.2zm5.6 0a1.6 1.6 0 1 0 0 3.2 1.6 1.6 0 1 0 0-3.2zM8.8 15h6.4v1.4H8.8z";

// FNV-1a: the same number for the same id in every browser.
function hash(text) {
  let n = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) n = Math.imul(n ^ text.charCodeAt(i), 0x01000193);
  return n >>> 0;
}

// The look of `who` ({id} a person, {bot, seat} a bot): {colour, glyph}.
export function avatarLook(who) {
  // A bot by its seat, with a stride of 5 (coprime to 12): neighbouring seats get far-apart hues.
  if (!who?.id) return { colour: AVATAR_COLOURS[((who?.seat ?? 0) * 5) % AVATAR_COLOURS.length], glyph: "robot" };
  const n = hash(String(who.id));
  return { colour: AVATAR_COLOURS[n % AVATAR_COLOURS.length], glyph: SHAPES[(n >>> 8) % SHAPES.length] };
}

// avatar(player | {bot, seat}, size px) → a decorative element; the name beside it says who.
export function avatar(who, size = 24) {
  const { colour, glyph } = avatarLook(who);
  const path = glyph === "robot" ? ROBOT : AVATAR_GLYPHS[glyph];
  return h("span", { class: "avatar", "aria-hidden": "true", dataset: { avatar: `${glyph}:${colour}` },
    style: `--avatar-bg:${colour};--avatar-size:${size}px` },
  s("svg", { viewBox: "0 0 24 24", focusable: "false" }, s("path", { d: path, "fill-rule": "evenodd" })));
}
