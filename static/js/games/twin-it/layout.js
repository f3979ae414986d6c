// Twin It on a phone's screen: the table fills it, the centre scales; and the keys and timers that redraw it.
import { clearPicks } from "./play.js";
import { FEED_MS, redraw, ui } from "./state.js";

// -- fitting the phone screen ---------------------------------------------------------------------

const FILL_MIN = 380;   // below this height (a phone on its side) the table just scrolls
const CENTRE_GAP = 6;

// During play the table fills the screen below the room's own lines; the centre takes what is
// left and scales its cards to show them all, down to a tappable size, then scrolls.
export function fitScreen(wrap, playing) {
  let fill = 0;
  if (playing) {
    const box = wrap.getBoundingClientRect();
    // One pixel spare: fractional boxes round up in the page's height.
    fill = Math.floor(innerHeight - (box.top + scrollY) - pageBelow(box.bottom)) - 1;
    if (fill < FILL_MIN) fill = 0;
  }
  wrap.classList.toggle("fill", fill > 0);
  if (fill > 0) wrap.style.setProperty("--tw-fill", `${fill}px`);
  else wrap.style.removeProperty("--tw-fill");
}

// How much of the page lies below the table (padding, the move log, anything the room adds): it
// has to fit on the screen too. Absolute and fixed boxes take no room.
function pageBelow(tableBottom) {
  let bottom = tableBottom;
  for (const el of document.body.children) {
    const style = getComputedStyle(el);
    if (style.position === "absolute" || style.position === "fixed" || style.display === "none") continue;
    bottom = Math.max(bottom, el.getBoundingClientRect().bottom + parseFloat(style.marginBlockEnd || 0));
  }
  return Math.max(0, bottom - tableBottom);
}

export function fitCentre(wrap) {
  const centre = ui.nodes.get("centre");
  if (!centre || !centre.isConnected) return;
  const wide = matchMedia("(min-width: 900px)").matches;
  const [small, large] = wide ? [56, 100] : [48, 76];
  const style = getComputedStyle(centre);
  const width = centre.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
  // Outside play (the final table) the centre takes its natural height with small cards.
  const height = wrap.classList.contains("fill")
    ? centre.clientHeight - parseFloat(style.paddingBlockStart) - parseFloat(style.paddingBlockEnd) : 0;
  const cells = centre.firstChild.childElementCount;
  let size = small;
  for (let s = large; s >= small; s -= 2) {
    const cols = Math.max(1, Math.floor((width + CENTRE_GAP) / (s + CENTRE_GAP)));
    if (Math.ceil(cells / cols) * (s + CENTRE_GAP) - CENTRE_GAP <= height) { size = s; break; }
  }
  centre.style.setProperty("--tw-cc", `${size}px`);
}

let listening = false;
export function listenForResize() {
  if (listening) return;
  listening = true;
  addEventListener("resize", redraw);
  document.fonts?.ready.then(redraw);
}

// -- keyboard focus -------------------------------------------------------------------------------

export function onKey(event) {
  if (event.key === "Escape" && (ui.picks.length || ui.turnMode)) { event.preventDefault(); clearPicks(); }
}

// Re-render when a lockout, a banner or a feed line runs out, since no state message may arrive then.
export function scheduleWake(ctx) {
  clearTimeout(ui.wake);
  const view = ctx.view;
  const now = Date.now();
  const waits = [];
  if (ui.flash && ui.flash.until > now) waits.push(ui.flash.until - now);
  if (ui.feed[0] && now - ui.feed[0].at < FEED_MS) waits.push(ui.feed[0].at + FEED_MS - now);
  const until = ctx.seat != null ? view.locked_until?.[ctx.seat] || 0 : 0;
  if (until > ctx.serverNow()) waits.push(until - ctx.serverNow() + 30);
  for (const other of view.locked_until || []) if (other > ctx.serverNow()) waits.push(other - ctx.serverNow() + 30);
  if (view.cap_deadline && view.phase === "PLAYING") {
    const toTwoMin = view.cap_deadline - 120000 - ctx.serverNow();
    if (toTwoMin > 0) waits.push(toTwoMin + 30);
  }
  if (waits.length) ui.wake = setTimeout(redraw, Math.max(50, Math.min(...waits)));
}
