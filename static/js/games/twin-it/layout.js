// Twin It on a phone's screen: the table fills it, the centre scales; and the keys and timers that redraw it.
import { clearPicks } from "./play.js";
import { FEED_MS, redraw, ui } from "./state.js";

// -- fitting the phone screen ---------------------------------------------------------------------

const FILL_MIN = 380;   // below this height (a phone on its side) the table just scrolls
const TAP = 44;         // a centre card never shrinks below a thumb's tap target

// During play the table fills the screen below the room's own lines; the centre takes what is
// left and scales its cards to show them all, down to a tappable size, then scrolls.
// Measuring needs a laid-out page, so it happens only when a size changes: a ResizeObserver calls
// back after the browser's own layout and before the paint, and reads everything before it writes.
// A race table redraws many times a second; a layout forced inside each redraw made long tasks on a
// phone. Between two measures a redraw sizes the centre's cards from the last one, in plain numbers.
const fit = { wrap: null, centre: null, observer: null, playing: null, crowded: null, version: null, box: null, cells: -1, frame: 0 };

export function fitScreen(wrap, playing, version) {
  const centre = ui.nodes.get("centre") ?? null;
  const crowded = wrap.classList.contains("crowded");
  fit.observer ??= new ResizeObserver(measure);
  if (fit.wrap !== wrap || fit.centre !== centre) watch(wrap, centre);
  // A new state measures again too, in the next frame's own layout (a box that only moved, or a
  // margin that changed, resizes nothing the observer watches); the CSS packs a crowded centre tighter.
  if (fit.playing !== playing || fit.crowded !== crowded || fit.version !== version) {
    Object.assign(fit, { playing, crowded, version });
    remeasure();
  }
}

// The parts whose sizes place the table: everything beside the table and its ancestors, above or
// below it (not the ancestors themselves, which the table's own height sizes), and the centre.
function watch(wrap, centre) {
  fit.observer.disconnect();
  Object.assign(fit, { wrap, centre, box: null, cells: -1 });
  for (let el = wrap; el && el !== document.body; el = el.parentElement) {
    for (const other of el.parentElement?.children ?? []) if (other !== el) fit.observer.observe(other);
  }
  if (centre) fit.observer.observe(centre);
}

function remeasure() {
  if (fit.frame) return;
  fit.frame = requestAnimationFrame(() => { fit.frame = 0; measure(); });
}

function measure() {
  const { wrap, centre } = fit;
  if (!wrap?.isConnected) return;
  let fill = 0;
  if (fit.playing) {
    const box = wrap.getBoundingClientRect();
    // One pixel spare: fractional boxes round up in the page's height.
    fill = Math.floor(innerHeight - (box.top + scrollY) - pageBelow(box.bottom)) - 1;
    if (fill < FILL_MIN) fill = 0;
  }
  if (centre?.isConnected) {
    const style = getComputedStyle(centre);
    fit.box = {
      width: centre.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd),
      height: centre.clientHeight - parseFloat(style.paddingBlockStart) - parseFloat(style.paddingBlockEnd),
      gap: parseFloat(getComputedStyle(centre.firstChild).columnGap) || 0,
      wide: matchMedia("(min-width: 900px)").matches,
    };
  }
  // Then the writes. A new fill resizes the centre, which calls back again before the paint.
  wrap.classList.toggle("fill", fill > 0);
  const value = fill > 0 ? `${fill}px` : "";
  if (wrap.style.getPropertyValue("--tw-fill") !== value) {
    if (value) wrap.style.setProperty("--tw-fill", value);
    else wrap.style.removeProperty("--tw-fill");
  }
  fit.cells = -1;
  fitCentre(wrap);
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

// The centre's card size from the last measure and the number of cells: no layout is read here.
export function fitCentre(wrap) {
  const centre = fit.centre;
  if (!centre || !fit.box) return;
  const cells = centre.firstChild.childElementCount;
  if (cells === fit.cells) return;
  fit.cells = cells;
  const { width, gap, wide } = fit.box;
  // A crowded table packs its cards smaller: on a phone 40 of them in 8 columns of 44 px (the CSS
  // narrows the gaps to match).
  const crowded = wrap.classList.contains("crowded");
  const [small, large] = wide ? [crowded ? 48 : 56, 100] : [crowded ? TAP : 48, 76];
  // Outside play (the final table) the centre takes its natural height with small cards.
  const height = wrap.classList.contains("fill") ? fit.box.height : 0;
  let size = small;
  for (let s = large; s >= small; s -= 2) {
    const cols = Math.max(1, Math.floor((width + gap) / (s + gap)));
    if (Math.ceil(cells / cols) * (s + gap) - gap <= height) { size = s; break; }
  }
  const value = `${size}px`;
  if (centre.style.getPropertyValue("--tw-cc") !== value) centre.style.setProperty("--tw-cc", value);
}

let listening = false;
export function listenForResize() {
  if (listening) return;
  listening = true;
  // A new viewport height resizes nothing the observer watches.
  addEventListener("resize", remeasure);
  document.fonts?.ready.then(remeasure);
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
