// Twin It designs (rules §2.2): 119 generated designs, drawn as SVG from their public parameters.
// `designParams` is an exact port of components.design_params; each design is built once as a
// <symbol> in a hidden sprite, and every card is a small <svg><use/></svg> pointing at it.
import { s } from "../../dom.js";

export const SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon"];
export const LAYOUTS = ["grid", "ring", "sunflower", "concentric", "wave"];
export const PALETTE = [
  ["red", "#d62828"], ["orange", "#f77f00"], ["yellow", "#fcbf49"], ["lime", "#a7c957"],
  ["green", "#2a9d3f"], ["teal", "#2a9d8f"], ["cyan", "#48cae4"], ["blue", "#1d4ed8"],
  ["indigo", "#4338ca"], ["purple", "#7b2cbf"], ["magenta", "#c0369d"], ["pink", "#f4a6c0"],
];
export const DESIGN_COUNT = 119;

// m(d) of §2.1: 0–41 three faces, 42–108 two, 109–118 one (decoys).
export function multiplicity(design) {
  return design < 42 ? 3 : design < 109 ? 2 : 1;
}

// components.design_params, with the palette indices kept too (for names in labels).
export function designParams(design) {
  const family = design % 30;
  const variant = Math.floor(design / 30);
  const b = (5 * family) % 12;
  let background = b, primary = (b + 4) % 12, secondary = (b + 8) % 12;
  let count = 5 + 2 * (family % 3);
  if (variant === 1) [primary, secondary] = [secondary, primary];
  else if (variant === 2) count += 1;
  else if (variant === 3) background = (b + 1) % 12;
  return {
    shape: SHAPES[family % 6],
    layout: LAYOUTS[Math.floor(family / 6)],
    background: PALETTE[background][1],
    primary: PALETTE[primary][1],
    secondary: PALETTE[secondary][1],
    count,
    colors: { background: PALETTE[background][0], primary: PALETTE[primary][0], secondary: PALETTE[secondary][0] },
  };
}

const DEG = Math.PI / 180;
const r2 = (x) => Math.round(x * 100) / 100;

// Centre (x, y) and box size s of motif i of k in a layout (§2.2).
export function motifPlacement(layout, i, k) {
  switch (layout) {
    case "grid": {
      const cols = Math.ceil(Math.sqrt(k));
      const rows = Math.ceil(k / cols);
      const w = 90 / cols, hh = 90 / rows;
      return { x: 5 + w * (i % cols) + w / 2, y: 5 + hh * Math.floor(i / cols) + hh / 2, s: 0.8 * Math.min(w, hh) };
    }
    case "ring": {
      const a = (-90 + (360 * i) / k) * DEG;
      return { x: 50 + 32 * Math.cos(a), y: 50 + 32 * Math.sin(a), s: 18 };
    }
    case "sunflower": {
      const a = 137.5 * i * DEG;
      const r = 40 * Math.sqrt((i + 0.5) / k);
      return { x: 50 + r * Math.cos(a), y: 50 + r * Math.sin(a), s: 14 };
    }
    case "concentric":
      return { x: 50, y: 50, s: (90 * (k - i)) / k };
    case "wave":
      return { x: 10 + (80 * i) / (k - 1), y: 50 + 25 * Math.sin((2 * Math.PI * i) / (k - 1)), s: 14 };
    default:
      throw new Error(`unknown layout ${layout}`);
  }
}

function polygon(cx, cy, points) {
  return points.map(([x, y]) => `${r2(cx + x)},${r2(cy + y)}`).join(" ");
}

function around(n, radius, startDeg, radiusOf = () => radius) {
  const pts = [];
  for (let j = 0; j < n; j++) {
    const a = (startDeg + (360 * j) / n) * DEG;
    const r = radiusOf(j);
    pts.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return pts;
}

// One motif: a shape fitting a box of size `size` centred at (x, y) (§2.2).
export function motif(shape, x, y, size, fill) {
  const half = size / 2;
  switch (shape) {
    case "circle": return s("circle", { cx: r2(x), cy: r2(y), r: r2(half), fill });
    case "square": return s("rect", { x: r2(x - half), y: r2(y - half), width: r2(size), height: r2(size), fill });
    case "triangle": return s("polygon", { points: polygon(x, y, around(3, half, -90)), fill });
    case "diamond": return s("polygon", { points: polygon(x, y, [[0, -half], [half, 0], [0, half], [-half, 0]]), fill });
    case "star": return s("polygon", { points: polygon(x, y, around(10, half, -90, (j) => (j % 2 ? 0.2 * size : half))), fill });
    case "hexagon": return s("polygon", { points: polygon(x, y, around(6, half, 0)), fill });
    default: throw new Error(`unknown shape ${shape}`);
  }
}

// The drawing of one design: the background rect, then motifs 0..k-1 in order.
export function designShapes(design) {
  const p = designParams(design);
  const parts = [s("rect", { x: 0, y: 0, width: 100, height: 100, rx: 8, fill: p.background })];
  for (let i = 0; i < p.count; i++) {
    const at = motifPlacement(p.layout, i, p.count);
    parts.push(motif(p.shape, at.x, at.y, at.s, i % 2 === 0 ? p.primary : p.secondary));
  }
  return parts;
}

let sprite = null;
const built = new Set();

function symbolId(design) { return `tw-design-${design}`; }

// The sprite lives in <body>, outside any element a renderer replaces.
function ensureSymbol(design) {
  if (!sprite || !sprite.isConnected) {
    sprite = document.getElementById("tw-sprite") || s("svg", { id: "tw-sprite", "aria-hidden": "true", width: 0, height: 0,
      style: "position:absolute;width:0;height:0;overflow:hidden" }, s("defs"));
    if (!sprite.isConnected) document.body.append(sprite);
    built.clear();
    for (const sym of sprite.querySelectorAll("symbol")) built.add(sym.id);
  }
  const id = symbolId(design);
  if (!built.has(id)) {
    sprite.firstChild.append(s("symbol", { id, viewBox: "0 0 100 100" }, designShapes(design)));
    built.add(id);
  }
  return id;
}

// A card picture: an <svg> using the design's symbol (viewBox 0 0 100 100).
export function designSvg(design, attrs = {}) {
  const id = ensureSymbol(design);
  return s("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false", ...attrs },
    s("use", { href: `#${id}` }));
}

// A card's back: the face that is hidden (pile bodies, the coop stock).
export function backSvg(attrs = {}) {
  return s("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false", ...attrs },
    s("rect", { x: 0, y: 0, width: 100, height: 100, rx: 8, fill: "#2b2118" }),
    s("rect", { x: 8, y: 8, width: 84, height: 84, rx: 5, fill: "none", stroke: "#f6f2ea", "stroke-width": 3, opacity: 0.5 }),
    s("circle", { cx: 50, cy: 50, r: 18, fill: "none", stroke: "#fcbf49", "stroke-width": 6 }),
    s("circle", { cx: 50, cy: 50, r: 6, fill: "#fcbf49" }));
}

// A card drawn inline (no sprite) at (x, y) in a larger picture: the how-to figures and the lobby
// card use the same shapes as the table.
export function cardAt(design, x, y, size) {
  return s("svg", { x, y, width: size, height: size, viewBox: "0 0 100 100" }, designShapes(design));
}

// A card's back drawn inline at (x, y).
export function backAt(x, y, size) {
  return backSvg({ x, y, width: size, height: size });
}
