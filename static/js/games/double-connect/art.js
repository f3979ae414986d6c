// Double Connect: the 57 symbols (§2.2) as our own SVG pictograms, each drawn in a 100×100 box
// centred on (0, 0). No emoji font is needed. `symbolArt(id)` returns a fresh <g>.
import { s } from "../../dom.js";

// Symbol names in id order, as in the engine's components.py.
export const SYMBOL_NAMES = [
  "anchor", "apple", "ball", "balloon", "bell", "bicycle", "bird", "bomb", "cactus", "candle",
  "car", "carrot", "cat", "cheese", "clock", "cloud", "clover", "crown", "diamond", "dog",
  "dolphin", "dragon", "drop", "eye", "fire", "fish", "flower", "ghost", "glasses", "guitar",
  "hammer", "hat", "heart", "horse", "ice_cream", "key", "ladybug", "leaf", "lightbulb", "lightning",
  "lock", "moon", "pencil", "question", "rocket", "scissors", "skull", "snowflake", "snowman", "spider",
  "star", "sun", "target", "tree", "turtle", "umbrella", "zebra",
];

// The same names in Persian, for the titles and the screen reader.
export const SYMBOL_NAMES_FA = {
  anchor: "لنگر", apple: "سیب", ball: "توپ", balloon: "بادکنک", bell: "زنگ", bicycle: "دوچرخه", bird: "پرنده",
  bomb: "بمب", cactus: "کاکتوس", candle: "شمع", car: "ماشین", carrot: "هویج", cat: "گربه", cheese: "پنیر",
  clock: "ساعت", cloud: "ابر", clover: "شبدر", crown: "تاج", diamond: "الماس", dog: "سگ", dolphin: "دلفین",
  dragon: "اژدها", drop: "قطره", eye: "چشم", fire: "آتش", fish: "ماهی", flower: "گل", ghost: "روح",
  glasses: "عینک", guitar: "گیتار", hammer: "چکش", hat: "کلاه", heart: "قلب", horse: "اسب", ice_cream: "بستنی",
  key: "کلید", ladybug: "کفشدوزک", leaf: "برگ", lightbulb: "لامپ", lightning: "صاعقه", lock: "قفل", moon: "ماه",
  pencil: "مداد", question: "علامت سؤال", rocket: "موشک", scissors: "قیچی", skull: "جمجمه", snowflake: "دانه‌ی برف",
  snowman: "آدم‌برفی", spider: "عنکبوت", star: "ستاره", sun: "خورشید", target: "سیبل", tree: "درخت",
  turtle: "لاک‌پشت", umbrella: "چتر", zebra: "گورخر",
};

const INK = "#1f1d1a";
// Shorthands for the drawings below: [tag, attrs, ...children].
const line = (d, stroke, width = 6, extra = {}) => ["path", { d, fill: "none", stroke, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round", ...extra }];
const fill = (d, color, extra = {}) => ["path", { d, fill: color, ...extra }];
const circle = (cx, cy, r, color, extra = {}) => ["circle", { cx, cy, r, fill: color, ...extra }];
const ring = (cx, cy, r, stroke, width = 6) => ["circle", { cx, cy, r, fill: "none", stroke, "stroke-width": width }];
const ellipse = (cx, cy, rx, ry, color, extra = {}) => ["ellipse", { cx, cy, rx, ry, fill: color, ...extra }];
const rect = (x, y, width, height, color, extra = {}) => ["rect", { x, y, width, height, fill: color, ...extra }];
const poly = (points, color, extra = {}) => ["polygon", { points, fill: color, ...extra }];
const group = (transform, ...children) => ["g", { transform }, ...children];
const outlined = { stroke: INK, "stroke-width": 3, "stroke-linejoin": "round" };

function starPoints(points, outer, inner, turn = -90) {
  const out = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? inner : outer;
    const a = ((turn + (i * 180) / points) * Math.PI) / 180;
    out.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(" ");
}

const spokes = (count, make) => Array.from({ length: count }, (_, i) => group(`rotate(${(i * 360) / count})`, ...make(i)));

const ART = {
  anchor: [
    ring(0, -34, 8, "#1d4e89", 7),
    line("M0 -26 V40", "#1d4e89", 8),
    line("M-18 -12 H18", "#1d4e89", 8),
    line("M-34 12 Q-30 40 0 40 Q30 40 34 12", "#1d4e89", 8),
    poly("-42,18 -34,4 -24,18", "#1d4e89"), poly("42,18 34,4 24,18", "#1d4e89"),
  ],
  apple: [
    fill("M0 -20 C-20 -34 -44 -24 -42 2 C-40 30 -20 46 0 38 C20 46 40 30 42 2 C44 -24 20 -34 0 -20Z", "#d62828"),
    line("M0 -20 Q1 -34 7 -44", "#6b3e26", 5),
    ellipse(18, -34, 12, 6, "#2a9d3f", { transform: "rotate(-30 18 -34)" }),
    ellipse(-20, -8, 5, 10, "#ffffff", { opacity: 0.45, transform: "rotate(25 -20 -8)" }),
  ],
  ball: [
    circle(0, 0, 42, "#ffffff", { stroke: INK, "stroke-width": 4 }),
    poly(starPoints(5, 14, 14, -90).split(" ").filter((_, i) => i % 2 === 0).join(" "), INK),
    ...spokes(5, () => [line("M0 -14 V-30", INK, 4), poly("-8,-40 8,-40 11,-31 -11,-31", INK)]),
  ],
  balloon: [
    ellipse(0, -12, 28, 33, "#ff4d8d"),
    poly("-6,24 6,24 0,18", "#c9184a"),
    line("M0 24 Q-8 32 0 38 Q8 44 2 48", "#555555", 3),
    ellipse(-10, -24, 6, 11, "#ffffff", { opacity: 0.5, transform: "rotate(20 -10 -24)" }),
  ],
  bell: [
    circle(0, -38, 6, "#b07d00"),
    fill("M-30 22 C-30 -8 -24 -34 0 -35 C24 -34 30 -8 30 22 L40 30 L-40 30 Z", "#f4b400", outlined),
    circle(0, 36, 8, "#b07d00"),
    line("M-14 -20 Q-18 0 -18 14", "#ffffff", 4, { opacity: 0.6 }),
  ],
  bicycle: [
    ring(-26, 14, 18, "#0f766e", 6), ring(26, 14, 18, "#0f766e", 6),
    line("M-26 14 L-8 -12 L20 -12 L26 14 M-8 -12 L2 14 L-26 14 M2 14 L20 -12", "#e76f51", 5),
    line("M20 -12 L16 -26 L28 -28", INK, 5),
    line("M-16 -18 H0", INK, 6),
  ],
  bird: [
    poly("-28,2 -48,-12 -44,16", "#1e6fa8"),
    ellipse(-4, 6, 30, 20, "#4ea8de"),
    circle(22, -14, 15, "#4ea8de"),
    poly("35,-18 50,-12 35,-7", "#f59e0b"),
    fill("M-22 0 Q0 -12 12 8 Q-6 18 -22 0Z", "#1e6fa8"),
    circle(25, -17, 3.5, INK),
  ],
  bomb: [
    circle(-4, 10, 32, "#2b2d42"),
    rect(-2, -30, 16, 12, "#555b6e", { transform: "rotate(35 6 -24)" }),
    line("M12 -28 Q20 -42 32 -38", "#8d6e63", 4),
    poly(starPoints(6, 11, 5), "#ff7b00", { transform: "translate(34 -38)" }),
    ellipse(-16, -2, 6, 10, "#ffffff", { opacity: 0.35, transform: "rotate(35 -16 -2)" }),
  ],
  cactus: [
    line("M-10 8 H-24 Q-30 8 -30 0 V-18", "#2d6a4f", 12),
    line("M10 -4 H24 Q30 -4 30 -12 V-28", "#2d6a4f", 12),
    rect(-11, -44, 22, 80, "#40916c", { rx: 11 }),
    line("M0 -34 V28", "#2d6a4f", 2),
    rect(-24, 34, 48, 12, "#bc6c25", { rx: 3 }),
  ],
  candle: [
    ellipse(0, 40, 28, 6, "#adb5bd"),
    rect(-12, -14, 24, 54, "#f1e3c8", outlined),
    line("M0 -14 V-22", INK, 3),
    fill("M0 -46 C10 -34 12 -26 0 -20 C-12 -26 -10 -34 0 -46Z", "#ff8800"),
    fill("M0 -38 C5 -31 6 -27 0 -24 C-6 -27 -5 -31 0 -38Z", "#ffe066"),
  ],
  car: [
    fill("M-46 16 L-46 -2 Q-44 -8 -36 -8 L-24 -8 L-12 -26 L16 -26 L28 -8 L40 -6 Q48 -4 48 4 L48 16 Z", "#e63946"),
    poly("-8,-21 2,-21 2,-9 -17,-9", "#bde0fe"), poly("7,-21 14,-21 23,-9 7,-9", "#bde0fe"),
    circle(-24, 18, 11, INK), circle(26, 18, 11, INK), circle(-24, 18, 4, "#cccccc"), circle(26, 18, 4, "#cccccc"),
  ],
  carrot: [
    line("M18 -18 Q14 -36 6 -44 M18 -18 Q26 -36 38 -40 M18 -18 Q34 -28 46 -22", "#38b000", 6),
    fill("M-36 42 L-8 -8 Q4 -24 20 -14 Q30 -2 16 8 Z", "#f77f00"),
    line("M-14 10 L-4 14 M-22 24 L-12 28 M-4 -4 L6 0", "#c75000", 3),
  ],
  cat: [
    poly("-30,-10 -28,-44 -6,-26", "#f4a261"), poly("30,-10 28,-44 6,-26", "#f4a261"),
    poly("-26,-16 -25,-36 -12,-26", "#ffc8dd"), poly("26,-16 25,-36 12,-26", "#ffc8dd"),
    ellipse(0, 6, 34, 30, "#f4a261"),
    ellipse(-13, 0, 4, 7, INK), ellipse(13, 0, 4, 7, INK),
    poly("-5,12 5,12 0,18", "#e5383b"),
    line("M0 18 Q-6 26 -12 22 M0 18 Q6 26 12 22", INK, 2.5),
    line("M-14 14 L-42 8 M-14 18 L-42 22 M14 14 L42 8 M14 18 L42 22", INK, 2),
  ],
  cheese: [
    poly("-44,0 26,-26 44,-4 44,28 -44,28", "#ffd23f", outlined),
    line("M-44 0 L44 -4", "#c99700", 3),
    circle(-18, 14, 7, "#e0a800"), circle(12, 6, 5, "#e0a800"), circle(28, 18, 6, "#e0a800"), circle(-34, 22, 3, "#e0a800"),
  ],
  clock: [
    circle(0, 0, 40, "#ffffff", { stroke: "#3a86ff", "stroke-width": 8 }),
    ...spokes(12, (i) => [line("M0 -31 V-27", INK, i % 3 ? 2 : 4)]),
    line("M0 0 V-22", INK, 5), line("M0 0 H16", INK, 5),
    circle(0, 0, 4, "#e63946"),
  ],
  cloud: [
    circle(-20, 8, 18, "#8ecae6"), circle(2, -6, 24, "#8ecae6"), circle(24, 8, 18, "#8ecae6"),
    rect(-20, 6, 44, 20, "#8ecae6"),
    circle(-4, -10, 10, "#ffffff", { opacity: 0.4 }),
  ],
  clover: [
    line("M6 8 Q20 30 14 46", "#1b5e20", 5),
    circle(0, -17, 16, "#2e7d32"), circle(17, 0, 16, "#2e7d32"), circle(0, 17, 16, "#2e7d32"), circle(-17, 0, 16, "#2e7d32"),
    circle(0, 0, 6, "#66bb6a"),
  ],
  crown: [
    fill("M-40 22 L-42 -18 L-20 2 L0 -32 L20 2 L42 -18 L40 22 Z", "#ffbe0b", outlined),
    rect(-40, 22, 80, 12, "#f59f00", outlined),
    circle(-42, -20, 5, "#ffbe0b"), circle(0, -34, 5, "#ffbe0b"), circle(42, -20, 5, "#ffbe0b"),
    circle(-20, 28, 4, "#e63946"), circle(0, 28, 4, "#3a86ff"), circle(20, 28, 4, "#e63946"),
  ],
  diamond: [
    poly("-40,-12 -22,-32 22,-32 40,-12 0,40", "#4cc9f0", outlined),
    line("M-40 -12 H40 M-22 -32 L-10 -12 L0 40 M22 -32 L10 -12 L0 40 M-10 -12 L0 -32 L10 -12", "#0077b6", 2.5),
  ],
  dog: [
    ellipse(0, 4, 30, 32, "#c68b59"),
    ellipse(-30, -2, 11, 24, "#7f4f24", { transform: "rotate(18 -30 -2)" }),
    ellipse(30, -2, 11, 24, "#7f4f24", { transform: "rotate(-18 30 -2)" }),
    ellipse(0, 20, 16, 12, "#f1dca7"),
    circle(-11, -6, 4.5, INK), circle(11, -6, 4.5, INK),
    ellipse(0, 12, 7, 5, INK),
    fill("M-5 24 Q0 36 5 24Z", "#e5383b"),
  ],
  dolphin: [
    fill("M-40 26 C-38 -8 -2 -34 32 -16 L46 -14 L36 -4 C20 -12 -12 -4 -28 30 Z", "#5e81ac"),
    poly("-4,-24 4,-42 14,-22", "#4c6a91"),
    poly("-30,22 -48,16 -40,40", "#4c6a91"),
    fill("M-10 -4 Q0 8 -8 18 Q-16 6 -10 -4Z", "#4c6a91"),
    circle(22, -16, 3, INK),
  ],
  dragon: [
    fill("M-6 -6 L-30 -40 L-24 -14 L-44 -22 L-20 4 Z", "#ff7f50"),
    fill("M-36 40 C-40 14 -22 0 0 -4 L10 -28 L20 -18 L40 -14 L44 -4 L28 0 L18 -2 C6 12 14 30 -4 40 Z", "#2a9d3f"),
    poly("-12,0 -8,-10 -4,-2", "#1b5e20"), poly("-24,10 -22,0 -16,6", "#1b5e20"), poly("-32,22 -32,12 -26,18", "#1b5e20"),
    circle(22, -12, 3.5, "#ffd60a"), circle(40, -9, 1.8, INK),
  ],
  drop: [
    fill("M0 -46 C14 -24 32 -4 32 14 A32 32 0 0 1 -32 14 C-32 -4 -14 -24 0 -46Z", "#1e88e5"),
    fill("M-18 12 Q-18 0 -10 -10", "none", { stroke: "#ffffff", "stroke-width": 5, "stroke-linecap": "round", opacity: 0.6 }),
  ],
  eye: [
    fill("M-46 0 Q0 -42 46 0 Q0 42 -46 0Z", "#ffffff", { stroke: INK, "stroke-width": 4 }),
    circle(0, 0, 17, "#2a9d8f"), circle(0, 0, 8, INK), circle(5, -5, 3.5, "#ffffff"),
  ],
  fire: [
    fill("M0 46 C-30 46 -38 20 -28 0 C-22 -12 -20 -24 -14 -42 C-4 -24 4 -22 10 -32 C22 -12 38 6 30 26 C26 40 14 46 0 46Z", "#ff4800"),
    fill("M0 44 C-14 44 -18 32 -12 20 C-8 12 -6 6 -4 -4 C4 8 8 8 10 2 C16 12 20 22 16 32 C12 40 6 44 0 44Z", "#ffd000"),
  ],
  fish: [
    poly("26,0 46,-18 44,18", "#f15bb5"),
    fill("M-44 0 C-30 -26 10 -28 30 0 C10 28 -30 26 -44 0Z", "#f15bb5"),
    fill("M-6 -18 Q6 -30 14 -16Z", "#c51c8a"),
    line("M-14 -14 Q-8 0 -14 14", "#c51c8a", 3),
    circle(-28, -4, 4, INK),
  ],
  flower: [
    line("M0 10 Q4 30 0 48", "#2a9d3f", 5),
    ...spokes(8, () => [ellipse(0, -24, 10, 18, "#ffd60a", { stroke: "#e09f00", "stroke-width": 2 })]),
    circle(0, 0, 13, "#8b5e34"),
  ],
  ghost: [
    fill("M-28 40 L-28 -10 A28 28 0 0 1 28 -10 L28 40 L18 30 L8 40 L-2 30 L-12 40 L-20 30 Z", "#f8f9fa", { stroke: "#6c757d", "stroke-width": 3, "stroke-linejoin": "round" }),
    ellipse(-10, -10, 5, 8, INK), ellipse(10, -10, 5, 8, INK),
    ellipse(0, 10, 6, 8, INK),
  ],
  glasses: [
    ring(-21, 4, 17, "#3d348b", 6), ring(21, 4, 17, "#3d348b", 6),
    circle(-21, 4, 14, "#bde0fe", { opacity: 0.6 }), circle(21, 4, 14, "#bde0fe", { opacity: 0.6 }),
    line("M-5 2 Q0 -6 5 2", "#3d348b", 5),
    line("M-38 0 L-46 -14 M38 0 L46 -14", "#3d348b", 5),
  ],
  guitar: [
    group("rotate(35)",
      rect(-4, -48, 8, 40, "#6b3e26"),
      rect(-8, -54, 16, 10, "#3e2417", { rx: 3 }),
      circle(0, 22, 22, "#e07a2f"), circle(0, -2, 16, "#e07a2f"),
      circle(0, 8, 7, "#3e2417"),
      rect(-8, 28, 16, 4, "#3e2417"),
      line("M-2 -44 V30 M2 -44 V30", "#f1e3c8", 1)),
  ],
  hammer: [
    group("rotate(-35)",
      rect(-5, -18, 10, 64, "#a0522d", { rx: 4 }),
      fill("M-30 -36 H24 Q34 -36 34 -28 V-18 H-30 Q-36 -27 -30 -36Z", "#6c757d", outlined)),
  ],
  hat: [
    ellipse(0, 20, 44, 10, "#22223b"),
    rect(-24, -40, 48, 60, "#22223b", { rx: 4 }),
    rect(-24, 2, 48, 10, "#d62828"),
    ellipse(0, -40, 24, 5, "#4a4e69"),
  ],
  heart: [
    fill("M0 40 C-40 12 -48 -12 -36 -28 C-24 -42 -6 -36 0 -22 C6 -36 24 -42 36 -28 C48 -12 40 12 0 40Z", "#ff3366"),
    ellipse(-22, -20, 6, 9, "#ffffff", { opacity: 0.45, transform: "rotate(-35 -22 -20)" }),
  ],
  horse: [
    fill("M-18 46 L-16 10 C-30 0 -34 -16 -24 -32 L-22 -46 L-12 -36 C4 -38 22 -28 38 -6 C44 4 38 14 28 12 C20 10 14 4 8 4 L10 46 Z", "#8d5524"),
    fill("M-24 -32 C-34 -18 -32 0 -20 16 L-16 10 C-28 -4 -26 -20 -18 -34 Z", "#3e2417"),
    circle(6, -18, 3.5, INK), circle(34, 4, 2.5, INK),
  ],
  ice_cream: [
    poly("-20,0 20,0 0,48", "#e9c46a", outlined),
    line("M-12 8 L6 30 M0 8 L10 20 M12 8 L-6 30 M0 8 L-10 20", "#b8860b", 2),
    circle(0, -12, 19, "#ff8fab"),
    circle(0, -32, 14, "#95d5b2"),
    circle(6, -46, 5, "#d62828"),
  ],
  key: [
    circle(-26, 0, 18, "#8338ec"), circle(-26, 0, 7, "#ffffff"),
    rect(-10, -5, 52, 10, "#8338ec"),
    rect(22, 5, 7, 12, "#8338ec"), rect(34, 5, 7, 16, "#8338ec"),
  ],
  ladybug: [
    line("M-8 -30 Q-14 -42 -22 -44 M8 -30 Q14 -42 22 -44", INK, 3),
    circle(0, -24, 13, INK),
    circle(0, 6, 32, "#e5383b"),
    line("M0 -26 V38", INK, 3),
    circle(-14, -6, 6, INK), circle(14, -6, 6, INK), circle(-18, 16, 6, INK), circle(18, 16, 6, INK), circle(-6, 28, 4, INK), circle(6, 28, 4, INK),
  ],
  leaf: [
    poly("0,-46 8,-30 18,-36 16,-16 32,-24 30,-10 44,-6 30,6 34,16 14,14 8,26 2,24 2,44 -2,44 -2,24 -8,26 -14,14 -34,16 -30,6 -44,-6 -30,-10 -32,-24 -16,-16 -18,-36 -8,-30", "#e85d04"),
    line("M0 40 V-30 M0 10 L24 -12 M0 10 L-24 -12", "#9d0208", 2.5),
  ],
  lightbulb: [
    fill("M-12 14 C-12 4 -26 -4 -26 -18 A26 26 0 0 1 26 -18 C26 -4 12 4 12 14 Z", "#ffe066", outlined),
    line("M-7 12 L-5 -12 L0 -4 L5 -12 L7 12", "#f08c00", 2.5),
    rect(-13, 14, 26, 20, "#adb5bd", { rx: 3 }),
    line("M-13 21 H13 M-13 28 H13", "#6c757d", 2),
    rect(-6, 34, 12, 6, "#495057", { rx: 2 }),
  ],
  lightning: [
    poly("12,-46 -26,6 -2,6 -14,46 28,-8 4,-8", "#ffd60a", outlined),
  ],
  lock: [
    fill("M-20 -4 V-20 A20 20 0 0 1 20 -20 V-4", "none", { stroke: "#6c757d", "stroke-width": 8 }),
    rect(-30, -6, 60, 48, "#f4a261", { rx: 7, ...outlined }),
    circle(0, 12, 6, INK), rect(-3, 12, 6, 16, INK),
  ],
  moon: [
    fill("M1.9 -40 A40 40 0 1 0 34.9 19.5 A34 34 0 1 1 1.9 -40Z", "#ffd166", outlined),
    circle(-18, 4, 4, "#e9b949"), circle(-8, 22, 3, "#e9b949"),
  ],
  pencil: [
    group("rotate(45)",
      rect(-9, -30, 18, 52, "#ffbe0b", outlined),
      line("M-3 -30 V22 M3 -30 V22", "#f59f00", 2),
      poly("-9,22 9,22 0,44", "#f1dca7", outlined),
      poly("-3,37 3,37 0,44", INK),
      rect(-9, -38, 18, 8, "#adb5bd"),
      rect(-9, -48, 18, 10, "#ff8fab", { rx: 3 })),
  ],
  question: [
    line("M-17 -18 C-17 -38 18 -42 19 -20 C20 -4 1 -2 0 14 L0 18", "#7209b7", 11),
    circle(0, 36, 7, "#7209b7"),
  ],
  rocket: [
    fill("M-14 16 L-28 30 L-28 12 L-14 0 Z", "#e63946"), fill("M14 16 L28 30 L28 12 L14 0 Z", "#e63946"),
    fill("M0 48 C-8 38 -10 30 -8 24 H8 C10 30 8 38 0 48Z", "#ff9e00"),
    fill("M0 -46 C16 -32 18 -8 14 24 H-14 C-18 -8 -16 -32 0 -46Z", "#e9ecef", outlined),
    circle(0, -10, 8, "#4cc9f0", outlined),
    fill("M0 -46 C8 -40 12 -32 13 -26 H-13 C-12 -32 -8 -40 0 -46Z", "#e63946"),
  ],
  scissors: [
    line("M-10 16 L16 -44", "#6c757d", 7), line("M10 16 L-16 -44", "#8d99ae", 7),
    ring(-16, 28, 12, "#e63946", 7), ring(16, 28, 12, "#e63946", 7),
    circle(0, -6, 4, INK),
  ],
  skull: [
    fill("M-34 -6 A34 34 0 0 1 34 -6 C34 10 26 16 20 20 V34 H-20 V20 C-26 16 -34 10 -34 -6Z", "#f1e3c8", outlined),
    ellipse(-14, -4, 9, 10, INK), ellipse(14, -4, 9, 10, INK),
    poly("0,8 -5,18 5,18", INK),
    line("M-10 24 V34 M0 24 V34 M10 24 V34", INK, 2.5),
  ],
  snowflake: [
    ...spokes(6, () => [line("M0 0 V-42 M-10 -32 L0 -22 L10 -32 M-8 -44 L0 -38 L8 -44", "#48cae4", 5)]),
    circle(0, 0, 6, "#0096c7"),
  ],
  snowman: [
    circle(0, 22, 24, "#ffffff", { stroke: "#8ecae6", "stroke-width": 3 }),
    circle(0, -14, 17, "#ffffff", { stroke: "#8ecae6", "stroke-width": 3 }),
    rect(-14, -44, 28, 16, "#22223b"), rect(-20, -30, 40, 5, "#22223b"),
    circle(-6, -17, 2.5, INK), circle(6, -17, 2.5, INK),
    poly("0,-12 14,-9 0,-7", "#f77f00"),
    circle(0, 14, 3, INK), circle(0, 26, 3, INK),
    line("M-12 -2 Q0 6 12 -2", "#e63946", 5),
  ],
  spider: [
    line("M-8 0 L-26 -16 L-36 -6 M-8 4 L-30 -2 L-42 10 M-8 8 L-28 14 L-36 30 M-8 12 L-20 26 L-24 42", INK, 4),
    line("M8 0 L26 -16 L36 -6 M8 4 L30 -2 L42 10 M8 8 L28 14 L36 30 M8 12 L20 26 L24 42", INK, 4),
    circle(0, 16, 15, "#3c096c"), circle(0, -8, 11, "#3c096c"),
    circle(-4, -10, 2.5, "#ff0054"), circle(4, -10, 2.5, "#ff0054"),
  ],
  star: [
    poly(starPoints(5, 46, 19), "#ffd000", outlined),
  ],
  sun: [
    ...spokes(12, () => [poly("-6,-28 6,-28 0,-46", "#ff9e00")]),
    circle(0, 0, 26, "#ffb703"),
    circle(-8, -6, 3, "#b35c00"), circle(8, -6, 3, "#b35c00"),
    line("M-10 8 Q0 16 10 8", "#b35c00", 3),
  ],
  target: [
    circle(0, 0, 42, "#e63946"), circle(0, 0, 32, "#ffffff"), circle(0, 0, 22, "#e63946"), circle(0, 0, 12, "#ffffff"), circle(0, 0, 5, "#e63946"),
  ],
  tree: [
    rect(-7, 6, 14, 40, "#7f4f24"),
    circle(0, -22, 22, "#2b9348"), circle(-20, -4, 18, "#2b9348"), circle(20, -4, 18, "#2b9348"), circle(0, 4, 16, "#55a630"),
  ],
  turtle: [
    ellipse(-22, 20, 7, 9, "#74c69d"), ellipse(22, 20, 7, 9, "#74c69d"),
    circle(38, 6, 11, "#74c69d"), circle(42, 3, 2, INK),
    poly("-40,10 -48,16 -38,16", "#74c69d"),
    fill("M-38 14 A38 38 0 0 1 38 14 Z", "#2d6a4f"),
    poly("-10,-12 10,-12 16,2 0,12 -16,2", "#52b788"),
    line("M-28 12 L-16 2 M28 12 L16 2 M-10 -12 L-16 -20 M10 -12 L16 -20", "#52b788", 3),
  ],
  umbrella: [
    line("M0 0 V32 Q0 42 -10 42 Q-18 42 -18 34", "#495057", 5),
    fill("M-46 2 A46 44 0 0 1 46 2 Q34 -8 23 2 Q12 -8 0 2 Q-12 -8 -23 2 Q-34 -8 -46 2Z", "#5a189a"),
    fill("M0 -42 Q-14 -20 -23 2 Q-12 -8 0 2 Q12 -8 23 2 Q14 -20 0 -42Z", "#9d4edd"),
    circle(0, -43, 3, "#495057"),
  ],
  zebra: [
    poly("-18,-30 -26,-48 -8,-38", "#ffffff", outlined), poly("18,-30 26,-48 8,-38", "#ffffff", outlined),
    fill("M-8 -40 L-4 -48 L0 -42 L4 -48 L8 -40Z", INK),
    fill("M-20 -30 Q0 -44 20 -30 L16 18 L-16 18 Z", "#ffffff", outlined),
    line("M-19 -18 L-8 -16 M19 -18 L8 -16 M-18 -6 L-6 -2 M18 -6 L6 -2 M-17 6 L-7 10 M17 6 L7 10 M-4 -36 L0 -26 L4 -36", INK, 4),
    ellipse(0, 28, 18, 16, "#495057"),
    circle(-7, 30, 3, INK), circle(7, 30, 3, INK),
    circle(-12, -10, 3, INK), circle(12, -10, 3, INK),
  ],
};

function build([tag, attrs, ...children]) {
  return s(tag, attrs, children.map(build));
}

const templates = new Map();

// A fresh <g> drawing symbol `id` in the box (-50, -50)–(50, 50).
export function symbolArt(id) {
  if (!templates.has(id)) {
    const name = SYMBOL_NAMES[id];
    templates.set(id, s("g", { class: `dc-art dc-art-${name}` }, (ART[name] || []).map(build)));
  }
  return templates.get(id).cloneNode(true);
}
