// A small chart of one rating over its rated games, drawn as SVG with DOM calls (no library, no
// inline styles: the CSP refuses them). Games run along the reading direction: left to right in
// English, right to left in Persian. The chart has a title for screen readers and a text twin.
import { s, h } from "./dom.js";
import { currentLang, num, t } from "./i18n/index.js";


const W = 320, H = 120, PAD = 28;

// One decimal, in the page's digits.
export function fixed(x) { return num(Math.round(x * 10) / 10); }

// The rating (μ − 3σ) large, then μ ± σ isolated from the text around it (a Latin μ in a Persian line).
export function ratingText(rating) {
  return [h("b", {}, fixed(rating.ordinal)), " ",
    h("bdi", { class: "muted uncertainty" }, t("rating.uncertainty", { mu: fixed(rating.mu), sigma: fixed(rating.sigma) }))];
}

export function ratingChart(slug, title, points) {
  const values = points.map((p) => p.ordinal);
  const low = Math.min(...values, 0), high = Math.max(...values, 1);
  const rtl = currentLang() === "fa";
  const x = (i) => {
    const along = points.length < 2 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (points.length - 1);
    return rtl ? W - PAD - along : PAD + along;
  };
  const y = (v) => H - PAD / 2 - ((v - low) * (H - PAD)) / (high - low);
  const id = `chart-title-${slug}`;
  const label = t("rating.chart_title", { game: title });
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.ordinal).toFixed(1)}`).join(" ");
  const axisX = rtl ? W - PAD : PAD;
  const svg = s("svg", { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": id,
    dataset: { game: slug, points: String(points.length) } },
    s("title", { id }, label),
    s("line", { class: "chart-axis", x1: PAD, x2: W - PAD, y1: y(0), y2: y(0) }),
    s("line", { class: "chart-axis", x1: axisX, x2: axisX, y1: PAD / 2, y2: H - PAD / 2 }),
    s("text", { class: "chart-label", x: rtl ? W - 4 : 4, y: y(high) + 4, "text-anchor": rtl ? "end" : "start" }, fixed(high)),
    s("text", { class: "chart-label", x: rtl ? W - 4 : 4, y: y(low) + 4, "text-anchor": rtl ? "end" : "start" }, fixed(low)),
    points.length > 1 ? s("polyline", { class: "chart-line", points: line }) : null,
    points.map((p, i) => s("circle", { class: "chart-dot", cx: x(i), cy: y(p.ordinal), r: 3 })));
  const summary = t("rating.chart_summary", { n: points.length, first: fixed(values[0]), last: fixed(values.at(-1)),
    best: fixed(Math.max(...values)) });
  const table = h("details", { class: "chart-data" }, h("summary", {}, t("rating.chart_table")),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rating.game_n")), h("th", { scope: "col" }, t("rating.ordinal")))),
      h("tbody", {}, points.map((p, i) => h("tr", {}, h("td", {}, num(i + 1)), h("td", {}, fixed(p.ordinal)))))));
  return h("figure", { class: "rating-figure" }, svg, h("figcaption", { class: "muted" }, summary), table);
}
