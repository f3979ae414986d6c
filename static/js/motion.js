// Motion: what changes place between two renders travels there (FLIP with the Web Animations API).
// A renderer measures before it changes the DOM (`captureRects`) and plays after (`play`). Nothing
// waits on an animation: the new DOM is final and tappable at once, a flying copy takes no pointer
// events, and the player's reduced-motion choice (the system's or the settings') turns it all off.

export const MOTION_MS = 260; // the ceiling is 300 ms
const EASE = "cubic-bezier(.2, .7, .3, 1)";
const reduce = matchMedia("(prefers-reduced-motion: reduce)");
const running = new Set(); // {animations, ghost} this module started and has not seen end

export function motionOff() {
  return reduce.matches || document.documentElement.dataset.motion === "reduced";
}

// Ends every flight at once: a state that arrives mid-flight measures the places as they are,
// never a copy in the air or a card still faded out.
function settle() {
  for (const entry of running) { entry.ghost?.remove(); for (const a of entry.animations) a.finish(); }
  running.clear();
}

function track(animations, ghost = null) {
  const entry = { animations, ghost };
  running.add(entry);
  animations[0].finished.then(() => { ghost?.remove(); running.delete(entry); }, () => {});
}

// A renderer may drop a flying copy with the rest of a part it rebuilds: the flight then ends at
// once (before the next paint), so the card it lands on is never left faded out.
const watched = new WeakSet();
function watch(layer) {
  if (watched.has(layer)) return;
  watched.add(layer);
  new MutationObserver(() => {
    for (const entry of running) {
      if (entry.ghost && !entry.ghost.isConnected) { for (const a of entry.animations) a.finish(); running.delete(entry); }
    }
  }).observe(layer, { childList: true });
}

function rectOf(el) {
  const r = el?.getBoundingClientRect();
  return r && r.width > 0 && r.height > 0 ? r : null;
}

function unionRect(els) {
  const rects = els.map(rectOf).filter(Boolean);
  if (!rects.length) return null;
  const left = Math.min(...rects.map((r) => r.left)), top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.right)), bottom = Math.max(...rects.map((r) => r.bottom));
  return new DOMRect(left, top, right - left, bottom - top);
}

// A box of `size` centred on `rect`, scaled: a card that comes from (or goes to) a player's row
// starts (or ends) card-sized on that row, not stretched to it.
function centredOn(rect, size, scale = 0.6) {
  const w = size.width * scale, h = size.height * scale;
  return new DOMRect(rect.left + (rect.width - w) / 2, rect.top + (rect.height - h) / 2, w, h);
}

// The transform that draws a box laid out at `at` over the box `to` (origin: its top-left corner).
function mapping(at, to) {
  const sx = to.width / at.width, sy = to.height / at.height;
  return `translate(${to.left - at.left}px, ${to.top - at.top}px) scale(${sx}, ${sy})`;
}

// A flight starts and ends across the screen's width: a card scrolled out of sight sideways (in a
// strip of sets) is simply there, and a copy never sticks out of the page's side.
function onScreen(...rects) {
  const width = document.documentElement.clientWidth;
  return rects.every((r) => r.left >= -1 && r.right <= width + 1);
}

function near(a, b) {
  return Math.abs(a.left - b.left) < 1 && Math.abs(a.top - b.top) < 1 && Math.abs(a.width - b.width) < 1 && Math.abs(a.height - b.height) < 1;
}

// A copy that only shows: no id, no data, no role, not a button, out of the focus order and the
// accessibility tree, never the target of a tap.
function ghostOf(el) {
  if (isPart(el)) return strip(drawingOf(el));
  if (el.localName !== "button") return strip(el.cloneNode(true));
  const copy = document.createElement("div");
  copy.className = el.className;
  copy.style.cssText = el.style.cssText;
  for (const child of el.childNodes) copy.append(child.cloneNode(true));
  return strip(copy);
}

// A part of a drawing (a card on the tower, a cell of a board) flies as a drawing of its own.
const isPart = (el) => el instanceof SVGElement && !(el instanceof SVGSVGElement);

function drawingOf(el) {
  const box = el.getBBox();
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
  svg.setAttribute("preserveAspectRatio", "none");
  const copy = el.cloneNode(true);
  copy.removeAttribute("transform"); // getBBox is in the part's own space, without its placement
  svg.append(copy);
  return svg;
}

function strip(copy) {
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    for (const { name } of [...node.attributes]) {
      if (/^(id|tabindex|role|aria-.*|data-.*)$/.test(name)) node.removeAttribute(name);
    }
  }
  copy.classList.add("motion-ghost");
  copy.setAttribute("aria-hidden", "true");
  copy.inert = true;
  return copy;
}

// Flies a copy of `sample` (laid out at `at`) from the box `from` to the box `to` over `layer`;
// `hide` are the elements it lands on, kept out of sight while it flies.
function fly(layer, sample, at, from, to, { hide = [], fade = false } = {}) {
  const ghost = ghostOf(sample);
  const style = ghost.style;
  style.position = "fixed";
  style.left = `${at.left}px`;
  style.top = `${at.top}px`;
  style.width = `${at.width}px`;
  style.height = `${at.height}px`;
  style.margin = "0";
  style.transformOrigin = "0 0";
  style.pointerEvents = "none";
  style.zIndex = "30";
  layer.append(ghost);
  watch(layer);
  const frames = [{ transform: mapping(at, from), opacity: 1 }, { transform: mapping(at, to), opacity: fade ? 0.2 : 1 }];
  const timing = { duration: MOTION_MS, easing: EASE };
  const animations = [ghost.animate(frames, timing)];
  for (const el of hide) animations.push(el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: MOTION_MS }));
  track(animations, ghost);
}

// The same node, moved: it slides from its old box (nothing to copy).
function slide(el, first, last) {
  const frames = [{ transform: mapping(last, first), transformOrigin: "0 0" }, { transform: "none", transformOrigin: "0 0" }];
  track([el.animate(frames, { duration: MOTION_MS, easing: EASE })]);
}

const isHtml = (el) => el instanceof HTMLElement;

// One moved element: the same HTML node slides; else a copy flies (of the card as it left, when it
// left as an HTML card and lands as a part of a drawing, else of the card as it lands).
function travel(layer, el, last, first, old, fromOther) {
  if (old === el && isHtml(el) && !fromOther) slide(el, first, last);
  else if (!isHtml(el) && old && isHtml(old)) fly(layer, old, first, first, last, { hide: [el] });
  else fly(layer, el, last, first, last, { hide: [el] });
}

function keyOfDefault(el) { return el.dataset.key ?? el.dataset.card ?? null; }

/**
 * Measures the elements under `container` that match `selector`, keyed by `keyOf` (data-key, else
 * data-card). Returns `play(options)` to call once the renderer has updated the DOM:
 * - an element whose key was there before travels from its old box;
 * - a new one travels from `from(el, key)` (an element, or an array of them) when that gives one;
 * - one that is gone travels to `to(key, oldEl)` and fades there, when that gives an element;
 * - with `reflow: false`, a node that stayed (only the layout moved it) keeps still.
 * `send(key, target)` flies the old element of `key` to `target` (elements: their union) by hand.
 * Copies fly inside `layer` (default: the container), so the game's styles still apply to them.
 * The flights start in the next animation frame, before it is painted: the new places are measured
 * in the layout that frame needs anyway, not in a second one forced inside the renderer's task.
 */
export function captureRects(container, selector, { keyOf = keyOfDefault, layer = container } = {}) {
  if (!container?.isConnected || motionOff()) return { play() {}, send() {} };
  let frame = queued.get(container);
  if (frame) frame.jobs = []; // a second state before the next paint: still from the places last painted
  else {
    settle();
    frame = { before: measure(container, selector, keyOf), jobs: [] };
    queued.set(container, frame);
    requestAnimationFrame(() => { queued.delete(container); for (const job of frame.jobs) job(); });
  }
  const { before } = frame;
  return {
    play: (options = {}) => frame.jobs.push(() => play(container, selector, keyOf, layer, before, options)),
    send: (key, target) => frame.jobs.push(() => send(layer, before.get(key), target)),
  };
}

const queued = new Map(); // container → {before, jobs} measured, waiting for the next frame

function measure(container, selector, keyOf) {
  const before = new Map();
  for (const el of container.querySelectorAll(selector)) {
    const key = keyOf(el);
    const rect = key == null || before.has(key) ? null : rectOf(el);
    if (rect) before.set(key, { el, rect });
  }
  return before;
}

function send(layer, old, target) {
  const targets = [target].flat().filter(Boolean);
  const box = unionRect(targets);
  if (!old || !box || isPart(old.el) || !layer.isConnected) return;
  const to = fitted(old.rect, box);
  if (onScreen(old.rect, to)) fly(layer, old.el, old.rect, old.rect, to, { hide: targets });
}

// The largest box of `shape`'s proportions centred in `box`: a copy lands unstretched (a domino laid
// upright lands across its two cells, and the cells show its true orientation as it fades in).
function fitted(shape, box) {
  const scale = Math.min(box.width / shape.width, box.height / shape.height);
  return centredOn(box, shape, scale);
}

function play(container, selector, keyOf, layer, before, { from = null, to = null, reflow = true } = {}) {
  if (!container.isConnected) return;
  // Measure everything first, then start the animations: one layout, not one per element.
  const moves = [];
  const seen = new Set();
  for (const el of container.querySelectorAll(selector)) {
    const key = keyOf(el);
    if (key == null || seen.has(key)) continue;
    seen.add(key);
    const old = before.get(key);
    const last = rectOf(el);
    if (!last) continue;
    if (old && (old.el === el && !reflow || near(old.rect, last))) continue;
    if (old) { moves.push([el, last, old.rect, old.el, false]); continue; }
    const source = from && unionRect([from(el, key)].flat().filter(Boolean));
    if (source) moves.push([el, last, centredOn(source, last), null, true]);
  }
  const leaving = [];
  for (const [key, old] of to ? before : []) {
    if (seen.has(key) || isPart(old.el)) continue; // a detached part has no box of its own
    const dest = unionRect([to(key, old.el)].flat().filter(Boolean));
    if (dest) leaving.push([old, centredOn(dest, old.rect)]);
  }
  for (const [el, last, first, old, fromOther] of moves) {
    if (onScreen(first, last)) travel(layer, el, last, first, old, fromOther);
  }
  for (const [old, end] of leaving) {
    if (onScreen(old.rect, end)) fly(layer, old.el, old.rect, old.rect, end, { fade: true });
  }
}
