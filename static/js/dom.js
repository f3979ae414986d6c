import { currentLang } from "./i18n/index.js";

// A tiny element builder: h("button", {class: "x", onclick}, "text", child).
export function h(tag, attrs = {}, ...children) {
  const el = tag === "svg" || attrs.svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false || key === "svg") continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    // Through the style object: the pages' CSP refuses style attributes, not CSSOM.
    else if (key === "style") el.style.cssText = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// SVG children need the SVG namespace too.
export function s(tag, attrs = {}, ...children) { return h(tag, { ...attrs, svg: true }, ...children); }

let toastTimer;
export function toast(text, kind = "info") {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 3200);
}

// Parts of a table rebuilt only when what they show changes: real-time games redraw many times a
// second, and a rebuilt element would lose a tap in progress (or restart an animation).
// `part(name, key, build)` returns the element built for `name` while `key` (and the language)
// stay the same; `part.get(name)` is the element last built.
export function partCache() {
  const cache = new Map();
  const part = (name, key, build) => {
    const full = `${currentLang()}|${key}`;
    const hit = cache.get(name);
    if (hit && hit.key === full) return hit.el;
    const el = build();
    cache.set(name, { key: full, el });
    return el;
  };
  part.get = (name) => cache.get(name)?.el;
  return part;
}

// Make `children` (nulls dropped) the children of `parent`, in order, moving no node that is
// already in place: a moved node restarts its CSS transitions and loses a tap in progress.
export function sync(parent, children) {
  const list = children.filter(Boolean);
  const keep = new Set(list);
  for (const node of [...parent.childNodes]) if (!keep.has(node)) node.remove();
  list.forEach((el, i) => {
    const here = parent.childNodes[i];
    if (here !== el) parent.insertBefore(el, here || null);
  });
}

// One short sentence for screen readers, through the page's one small polite status region.
export function announce(text) {
  const el = document.getElementById("status");
  if (!el || !text) return;
  el.textContent = "";
  // A fresh text node after a tick is read even when the sentence repeats.
  setTimeout(() => { el.textContent = text; }, 30);
}
