// The one focus keeper. A redraw may rebuild the control a keyboard player is on; the page then
// puts the focus back where they were, so Tab order and screen readers keep their place.
//
// `savedFocus(scope, how)` before a redraw notes the focused control inside `scope` (null when the
// focus is elsewhere): its key (the `data-<attr>` of it or its closest ancestor, else its id) and
// its place in a list (`how.list`, a selector in `scope`; or the `[data-focus-group]` around it).
// `restoreFocus(scope, place, how)` after it does nothing while the focus is still inside `scope`
// (its node survived); else it focuses the first usable of: the control with the same key, the one
// at the same place in the list (a played card hands the focus to its neighbour), then each of
// `how.fallbacks` (selectors or elements). `how.next`, a control a renderer asks for after an action
// (an element or selector), goes first and works even when nothing in `scope` had the focus.
const usable = (el) => !!el && el.isConnected && !el.disabled && !el.closest("[hidden]");

function listOf(scope, how, group) {
  if (how.list) return [...scope.querySelectorAll(how.list)];
  const box = group != null && scope.querySelector(`[data-focus-group="${CSS.escape(group)}"]`);
  return box ? [...box.querySelectorAll(`[data-${how.attr || "focus"}]`)] : [];
}

export function savedFocus(scope, how = {}) {
  const el = document.activeElement;
  if (!el || el === document.body || !scope?.contains(el)) return null;
  const attr = how.attr || "focus";
  const keyed = el.closest(`[data-${attr}]`);
  const key = keyed && scope.contains(keyed) ? keyed.getAttribute(`data-${attr}`) : el.id || null;
  const group = el.closest("[data-focus-group]")?.dataset.focusGroup ?? null;
  return { key, group, index: listOf(scope, how, group).indexOf(el) };
}

function find(scope, selector) {
  return typeof selector === "string" ? scope.querySelector(selector) : selector;
}

export function restoreFocus(scope, place, how = {}) {
  if (!how.next && (!place || scope.contains(document.activeElement))) return;
  const next = how.next && find(scope, how.next);
  const attr = how.attr || "focus";
  const candidates = [next];
  if (place?.key) {
    candidates.push(scope.querySelector(`[data-${attr}="${CSS.escape(place.key)}"]`) || document.getElementById(place.key));
  }
  if (place && how.neighbour !== false) {
    const list = listOf(scope, how, place.group);
    candidates.push(list[Math.min(Math.max(place.index, 0), list.length - 1)]);
  }
  candidates.push(...(how.fallbacks || []).map((f) => find(scope, f)));
  candidates.find(usable)?.focus({ preventScroll: true });
}

// Run `refill` (which rebuilds part of `scope`) between the two.
export function keepFocus(refill, scope = document.body, how = {}) {
  const place = savedFocus(scope, how);
  refill();
  restoreFocus(scope, place, how);
}
