// How to play Twin It! (rules: /work/shared/rules/twin-it.md), in plain words, with small pictures
// drawn from the table's own designs, so a near-twin in a picture is a near-twin at the table.
import { s } from "../dom.js";
import { currentLang } from "../i18n/index.js";
import { backAt, cardAt, TEAM_COLOURS, teamSymbol } from "../games/twin-it/index.js";

const ACCENT = "#6d28d9";
const say = (words) => words[currentLang()] ?? words.en;

// One picture: a viewBox of `width` × `height`, a label for screen readers, no page styles needed.
function picture(width, height, label, ...parts) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": say(label),
    style: `display:block;width:100%;max-width:${width * 1.6}px;height:auto;margin:auto` }, ...parts);
}

// The ring a tapped card gets at the table (dashed: a card that just arrived).
function ring(x, y, width, height = width, dashed = false) {
  return s("rect", { x: x - 4, y: y - 4, width: width + 8, height: height + 8, rx: 10, fill: "none", stroke: ACCENT, "stroke-width": 3,
    "stroke-dasharray": dashed ? "7 5" : null });
}

// Cards of one set, overlapping as they lie at the table.
function setAt(design, size, x, y, step = size * 0.42) {
  return [0, 1, 2].flatMap((i) => [cardAt(design, x + i * step, y, size),
    s("rect", { x: x + i * step, y, width: size, height: size, rx: size * 0.08, fill: "none", stroke: "#2b2118", "stroke-opacity": 0.45, "stroke-width": 1.5 })]);
}

// A straight arrow from (x1, y) to (x2, y), drawn in reading direction of the picture.
function arrow(x1, x2, y) {
  const tip = x2 > x1 ? -7 : 7;
  return s("path", { d: `M${x1} ${y}H${x2}M${x2 + tip} ${y - 6}L${x2} ${y}L${x2 + tip} ${y + 6}`, fill: "none", stroke: "#6b665e",
    "stroke-width": 3, "stroke-linecap": "round", "stroke-linejoin": "round" });
}

function pile(x, y, size, top) {
  return [backAt(x + 10, y + 10, size), backAt(x + 5, y + 5, size), cardAt(top, x, y, size)];
}

// Two cards of design 7 ringed, and between them design 37: the same picture with its colours swapped.
function pairFigure() {
  return picture(230, 80, { en: "Two identical cards, both tapped, with a near-twin between them that is not a match",
    fa: "دو کارت یکسان که هر دو زده شده‌اند و میانشان کارتی بسیار شبیه که جفتشان نیست" },
  ring(10, 10, 60), cardAt(7, 10, 10, 60), cardAt(37, 85, 10, 60), ring(160, 10, 60), cardAt(7, 160, 10, 60));
}

// A pile whose top shows one side of a card; the same card's other side, hidden until it is flipped.
function pileFigure() {
  return picture(230, 90, { en: "A face-down pile whose top card shows a design; flipped, that card shows its other design",
    fa: "دسته‌ای که کارت رویی‌اش طرحی نشان می‌دهد؛ همین کارت وقتی رو شود طرح دیگرش را نشان می‌دهد" },
  ...pile(10, 8, 60, 12), arrow(92, 140, 40), cardAt(55, 152, 10, 60));
}

// A flip: the pile's top card goes to the centre on its other side (dashed ring); under it was
// the pile's new top.
function flipFigure() {
  return picture(300, 100, { en: "A flip: the top card lands in the centre beside an older card, showing its other side, and the pile shows a new top",
    fa: "رو کردن: کارت رویی با طرف دیگرش کنار کارتی قدیمی‌تر در وسط می‌افتد و دسته کارت رویی تازه‌ای نشان می‌دهد" },
  s("rect", { x: 150, y: 4, width: 146, height: 92, rx: 12, fill: "#efe8dc" }),
  ...pile(12, 14, 60, 3), arrow(92, 148, 44),
  cardAt(64, 160, 18, 60), ring(228, 18, 60, 60, true), cardAt(88, 228, 18, 60));
}

// A steal: a won pair plus a third copy becomes a triple.
function stealFigure() {
  const pair = setAt(15, 50, 10, 20, 24).slice(0, 4);
  return picture(290, 90, { en: "A steal: someone's won pair and a third copy of its design make a triple",
    fa: "دزدیدن: جفتِ بُرده‌ی کسی و نسخه‌ی سومِ همان طرح با هم سه‌تایی می‌شوند" },
  ring(10, 20, 74, 50), ...pair, s("text", { x: 100, y: 55, "font-size": 28, fill: "#6b665e" }, "+"),
  ring(124, 20, 50), cardAt(15, 124, 20, 50), arrow(186, 214, 45), ...setAt(15, 44, 222, 23, 14));
}

// The two teams' symbols, and a forbidden card with its ban sign.
function variantsFigure() {
  const team = (t, x) => teamSymbol(t, { x, y: 16, width: 48, height: 48 }, TEAM_COLOURS[t]);
  return picture(230, 80, { en: "Team 1's triangle, team 2's circle, and a forbidden card crossed out",
    fa: "مثلثِ تیم ۱، دایره‌ی تیم ۲ و یک کارت ممنوع که رویش خط خورده" },
  team(0, 10), team(1, 70), cardAt(45, 150, 10, 60),
  s("circle", { cx: 180, cy: 40, r: 27, fill: "none", stroke: "#b42318", "stroke-width": 6 }),
  s("line", { x1: 161, y1: 59, x2: 199, y2: 21, stroke: "#b42318", "stroke-width": 6 }));
}

export const sections = [
  {
    id: "goal",
    title: { en: "Goal", fa: "هدف" },
    body: {
      en: [
        "Be the quickest to spot twins. Every card shows a colourful design on each side; when two visible cards show exactly the same design, tap them both to win the pair.",
        "In the competitive game the first player to win 10 sets wins (5 with the classic preset). Many designs have a near-twin that differs in one detail only — the two colours swapped, one shape more, or a neighbouring background colour — so look closely.",
      ],
      fa: [
        "زودتر از همه دوقلوها را پیدا کنید. روی هر طرفِ هر کارت یک طرح رنگارنگ هست؛ هر وقت دو کارتِ پیدا دقیقاً یک طرح داشتند، روی هر دو بزنید تا جفت را ببرید.",
        "در بازی رقابتی اولین کسی که ۱۰ مجموعه ببرد برنده است (در حالت کلاسیک ۵ مجموعه). خیلی از طرح‌ها شبیهی دارند که فقط در یک چیز فرق دارد — جای دو رنگ عوض شده، یک شکل بیشتر دارد یا رنگ زمینه‌اش کمی فرق دارد — پس خوب نگاه کنید.",
      ],
    },
    figure: pairFigure,
  },
  {
    id: "setup",
    title: { en: "Setup", fa: "چیدمان" },
    body: {
      en: [
        "The deck has 135 double-sided cards with 119 designs. Most designs appear twice, some three times, and ten only once: those are traps with no twin.",
        "The cards are shuffled and dealt into one face-down pile per player. The design on top of every pile is visible and counts: any pile top, your own included, can be one card of a pair. A short countdown lets every screen catch up, then a random player flips first.",
      ],
      fa: [
        "بازی ۱۳۵ کارتِ دورو با ۱۱۹ طرح دارد. بیشتر طرح‌ها دو بار آمده‌اند، بعضی سه بار و ده طرح فقط یک بار: این‌ها تله‌اند و جفت ندارند.",
        "کارت‌ها بُر می‌خورند و برای هر بازیکن یک دسته‌ی برگشته درست می‌شود. طرحِ روی کارتِ بالای هر دسته دیده می‌شود و به حساب می‌آید: کارت رویی هر دسته، حتی دسته‌ی خودتان، می‌تواند یکی از دو کارتِ جفت باشد. یک شمارش کوتاه صبر می‌کند تا صفحه‌ی همه آماده شود؛ بعد یک بازیکنِ تصادفی اول کارت رو می‌کند.",
      ],
    },
    figure: pileFigure,
  },
  {
    id: "turn",
    title: { en: "A turn", fa: "یک نوبت" },
    body: {
      en: [
        "On your turn press Flip: your top card turns over into the centre, showing its other side, and the card under it becomes your new top, so every flip shows two new designs. You have 10 seconds, then the game flips for you. Turns go round the table.",
        "Claims need no turn. At any moment anyone may tap two cards with the same design: centre cards, pile tops or forbidden cards. The pair goes to whoever's claim reaches the server first, and that player flips next. A pile that gave a card shows a new top, so one pair can uncover the next.",
        "If a pair is won while a third copy of its design is already showing, that third card is turned over.",
        "With a keyboard: Tab moves between the cards and buttons, Enter or Space taps, and Escape clears what you picked.",
      ],
      fa: [
        "در نوبتتان «رو کن» را بزنید: کارت بالای دسته‌تان برمی‌گردد و با طرفِ دیگرش وسط می‌افتد، و کارت زیرش کارت رویی تازه‌ی شما می‌شود؛ پس هر رو کردن دو طرح تازه نشان می‌دهد. ۱۰ ثانیه وقت دارید، وگرنه بازی خودش کارت را رو می‌کند. نوبت دور میز می‌چرخد.",
        "ادعا نوبت نمی‌خواهد. هر لحظه هر کسی می‌تواند روی دو کارت با طرح یکسان بزند: کارت‌های وسط، کارت رویی دسته‌ها یا کارت‌های ممنوع. جفت به کسی می‌رسد که ادعایش زودتر به سرور برسد، و نوبت رو کردن با اوست. دسته‌ای که کارتش برده شد کارت رویی تازه‌ای نشان می‌دهد؛ پس یک جفت می‌تواند جفت بعدی را رو کند.",
        "اگر جفتی برده شود و نسخه‌ی سومِ همان طرح از قبل پیدا باشد، آن کارت سوم برگردانده می‌شود.",
        "با صفحه‌کلید: Tab میان کارت‌ها و دکمه‌ها جابه‌جا می‌شود، Enter یا Space می‌زند و Escape انتخابتان را پاک می‌کند.",
      ],
    },
    figure: flipFigure,
  },
  {
    id: "scoring",
    title: { en: "Sets, steals and mistakes", fa: "مجموعه، دزدیدن و اشتباه" },
    body: {
      en: [
        "Every pair or triple you win is one set. Your sets lie face up in front of you, where everyone can see them.",
        "Steal: tap someone's won pair, then a third card with the same design, and the triple is yours; its owner loses that set. Doing it with your own pair protects it from thieves. A triple can no longer be stolen.",
        "A wrong claim is a mistake: your most recently won set goes back under your pile, and you cannot claim for 3 seconds. A claim that arrives after the cards changed is only too late, with no penalty.",
        "The game ends as soon as someone reaches the target. If the piles run out, a 10-second last call follows; then the most sets win, then the most cards in sets, then the fewest mistakes. A game lasts 20 minutes at most.",
      ],
      fa: [
        "هر جفت یا سه‌تایی که می‌برید یک «مجموعه» است. مجموعه‌هایتان رو به بالا جلوی شما می‌ماند و همه آن‌ها را می‌بینند.",
        "دزدیدن: روی جفتِ بُرده‌ی کسی بزنید و بعد روی کارت سومی با همان طرح؛ سه‌تایی مال شما می‌شود و صاحبش آن مجموعه را از دست می‌دهد. اگر همین کار را با جفت خودتان بکنید، دیگر دزدیده نمی‌شود. سه‌تایی را نمی‌شود دزدید.",
        "ادعای غلط «اشتباه» است: آخرین مجموعه‌ای که برده‌اید به زیر دسته‌تان برمی‌گردد و ۳ ثانیه نمی‌توانید ادعا کنید. ادعایی که بعد از عوض شدن کارت‌ها برسد فقط دیر رسیده و جریمه ندارد.",
        "بازی همین که کسی به هدف برسد تمام می‌شود. اگر کارت دسته‌ها تمام شود، ۱۰ ثانیه فرصت آخر هست؛ بعد هر کس مجموعه‌ی بیشتری دارد برنده است، سپس کسی که کارت بیشتری در مجموعه‌هایش دارد، سپس کسی که اشتباه کمتری کرده. هر بازی حداکثر ۲۰ دقیقه طول می‌کشد.",
      ],
    },
    figure: stealFigure,
  },
  {
    id: "variants",
    title: { en: "Modes and forbidden patterns", fa: "حالت‌ها و طرح‌های ممنوع" },
    body: {
      en: [
        "Competitive (2–6 players): everyone for themselves, as above. The classic preset plays to 5 sets instead of 10.",
        "Teams (4–6 players): two teams in alternating seats, team 1 with a triangle and team 2 with a circle. A claim needs two teammates: you tap one card (or a won pair) and a teammate taps its twin within 3 seconds. A team's sets count together, and the first team to 5 sets wins. A wrong pair is a team mistake that locks both players.",
        "Cooperative (1–6 players): no turns and no own piles, only one shared stock. Anyone may flip a card from the stock, or turn a centre card over (press Turn over, then tap the card), at any time. Tap two identical cards and press Claim, or tap three and they are sent at once. Together you have 60 seconds: a pair scores 1 point and a triple 2. A mistake only locks you for a moment.",
        "Forbidden patterns (competitive, in the game after one with a single winner): the previous winner starts with three cards of different designs set aside. They must not win a set of those designs — that counts as a mistake — but the others may, and taking such a card frees its design.",
      ],
      fa: [
        "رقابتی (۲ تا ۶ نفر): هر کس برای خودش، همان‌طور که گفتیم. حالت کلاسیک به‌جای ۱۰ مجموعه تا ۵ مجموعه بازی می‌شود.",
        "تیمی (۴ تا ۶ نفر): دو تیم که یکی در میان نشسته‌اند؛ نشانِ تیم ۱ مثلث است و نشانِ تیم ۲ دایره. هر ادعا دو هم‌تیمی می‌خواهد: شما روی یک کارت (یا یک جفت بُرده) می‌زنید و هم‌تیمی‌تان ظرف ۳ ثانیه جفتش را می‌زند. مجموعه‌های هر تیم با هم شمرده می‌شوند و اولین تیمی که ۵ مجموعه ببرد برنده است. جفتِ غلط اشتباهِ تیم است و هر دو نفر را قفل می‌کند.",
        "همکاری (۱ تا ۶ نفر): نه نوبتی هست و نه دسته‌ی شخصی؛ فقط یک دسته‌ی مرکزیِ مشترک. هر کس هر وقت بخواهد می‌تواند از دسته‌ی مرکزی کارت رو کند یا یک کارتِ وسط را برگرداند («برگرداندن» را بزنید و بعد روی کارت). روی دو کارت یکسان بزنید و «ادعا» را بزنید، یا روی سه کارت یکسان تا خودش فرستاده شود. همه با هم ۶۰ ثانیه وقت دارید: هر جفت ۱ امتیاز و هر سه‌تایی ۲ امتیاز. اشتباه فقط چند لحظه قفلتان می‌کند.",
        "طرح‌های ممنوع (رقابتی، در بازیِ بعد از بازی‌ای که یک برنده داشت): برنده‌ی قبلی با سه کارت با طرح‌های متفاوت شروع می‌کند که کنار گذاشته شده‌اند. او نباید مجموعه‌ای از این طرح‌ها ببرد — این اشتباه حساب می‌شود — ولی بقیه می‌توانند، و برداشتنِ چنین کارتی طرحش را آزاد می‌کند.",
      ],
    },
    figure: variantsFigure,
  },
  {
    id: "timers",
    title: { en: "Clocks", fa: "زمان‌ها" },
    body: {
      en: [
        "The room's host can change the clocks: the time to flip (3–30 s), the lockout after a mistake (0–10 s), the last call (3–30 s), the longest game (5–60 min), the countdown before play (0–10 s), a teammate's time for the second tap (1–10 s) and the length of a cooperative game (10 s to 5 min).",
      ],
      fa: [
        "میزبانِ اتاق می‌تواند زمان‌ها را عوض کند: مهلت رو کردن (۳ تا ۳۰ ثانیه)، قفلِ پس از اشتباه (۰ تا ۱۰ ثانیه)، فرصت آخر (۳ تا ۳۰ ثانیه)، بیشترین طول بازی (۵ تا ۶۰ دقیقه)، شمارش پیش از شروع (۰ تا ۱۰ ثانیه)، مهلتِ هم‌تیمی برای زدنِ کارت دوم (۱ تا ۱۰ ثانیه) و طول بازی همکاری (۱۰ ثانیه تا ۵ دقیقه).",
      ],
    },
  },
];
