// Twin It's UI state, kept between redraws of one game (only this module assigns it).
import { partCache } from "../../dom.js";
import { render } from "./table.js";

// -- small UI state, kept between redraws of one game -----------------------------------------

export const FLASH_MS = 2600;
export const FEED_MS = 5000;

export let ui = freshUi(null);
// The latest (root, ctx): a reply or a timer may arrive after newer state was drawn, and must
// never redraw an older view.
export let latest = null;

function freshUi(key) {
  return {
    key, picks: [], flash: null, feed: [], seenVersion: null, turnMode: false, wasMyTurn: false, lostRaceAt: 0,
    memo: partCache(), nodes: new Map(), wrap: null, wake: null,
  };
}

// One element per key for the whole game: created once, then repainted in place.
export function node(key, create) {
  let el = ui.nodes.get(key);
  if (!el) { el = create(); ui.nodes.set(key, el); }
  return el;
}

export function redraw() {
  if (latest && latest.root.isConnected) render(latest.root, latest.ctx);
}

// Only this module assigns its state (other modules read `ui` and `latest` as live bindings).
export function resetUi(key) { ui = freshUi(key); }
export function setLatest(root, ctx) { latest = { root, ctx }; }
