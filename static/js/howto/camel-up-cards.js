// How to play Camel Up Cards (rules: /work/shared/rules/camel-up-cards.md), in plain words, with
// figures drawn by the table's own renderer: the same camels (each with its sign) and the same cards.
import { s } from "../dom.js";
import { num, t } from "../i18n/index.js";
import { camelArt, cardPicture } from "../games/camel-up-cards/index.js";

const TILE = 46;

// A short track: `stacks[i]` lists the camels on space i + 1, bottom first; the last space is the finish.
function miniTrack(stacks, width = 300) {
  const rtl = document.documentElement.dir === "rtl";
  const length = stacks.length;
  const x = (space) => 4 + (rtl ? length - space : space - 1) * TILE;
  const parts = [];
  stacks.forEach((stack, i) => {
    const space = i + 1;
    const finish = space === length;
    parts.push(s("rect", { x: x(space) + 1, y: 92, width: TILE - 2, height: 24, rx: 5, fill: finish ? "#2b2118" : "#fbf3e0", stroke: "#b99b62" }),
      s("text", { x: x(space) + TILE / 2, y: 109, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: finish ? "#fff" : "#6b5b3e" }, num(space)));
    stack.forEach((camel, height) => parts.push(
      s("g", { transform: `translate(${x(space) + (TILE - 40) / 2} ${63 - height * 15})` }, camelArt(camel, { flip: rtl }))));
  });
  // Only as tall as the highest stack needs.
  const top = 60 - (Math.max(1, ...stacks.map((stack) => stack.length)) - 1) * 15;
  return s("svg", { viewBox: `0 ${top} ${length * TILE + 8} ${120 - top}`, width },
    s("rect", { x: 0, y: 86, width: length * TILE + 8, height: 34, rx: 8, fill: "#e3cc9c" }), parts);
}

// Cards side by side, 52×72 each, in the order given (resolution order in the figures).
function cardRow(ids, width) {
  const rtl = document.documentElement.dir === "rtl";
  const step = 64;
  const cards = ids.map((id, i) => s("g", { transform: `translate(${4 + (rtl ? ids.length - 1 - i : i) * step} 4)` }, cardPicture(id)));
  return s("svg", { viewBox: `0 0 ${ids.length * step} 80`, width }, cards);
}

// A winner and a loser column of one camel: what each slot pays (winner slots if it comes 1st).
function columns() {
  const slot = (x, value, color) => [s("circle", { cx: x, cy: 24, r: 13, fill: "none", stroke: color, "stroke-width": 2.5, "stroke-dasharray": "4 2" }),
    s("text", { x, y: 29, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: color }, num(value))];
  const label = (x, key) => s("text", { x, y: 8, "text-anchor": "middle", "font-size": 11, fill: "#4f4a43" }, t(key));
  return s("svg", { viewBox: "0 -8 260 52", width: 260, dir: "ltr" },
    label(96, "cu.winner_col"), label(208, "cu.loser_col"),
    s("g", { transform: "translate(0 5)" }, camelArt("yellow")),
    slot(64, 5, "#a27811"), slot(96, 3, "#a27811"), slot(128, 2, "#a27811"),
    slot(176, 3, "#475569"), slot(208, 2, "#475569"), slot(240, 1, "#475569"));
}

// Card ids (§2) in the trick figure: 40 = Mirage (priority 1), 42 = Lost Camel (2), 12 = Move green (3),
// 8 = Move blue (4) — already in the order they resolve.
export const sections = [
  {
    id: "goal",
    title: { en: "Goal", fa: "هدف" },
    body: {
      en: [
        "Five camels — red, blue, green, yellow and purple, each also wearing its own sign — race along a 10-space track. The camels belong to nobody: you earn coins by betting on which camel wins a race and which comes last.",
        "A game is 3 races. After the last one the player with the most coins wins. Equal coins go to whoever reached that total first.",
      ],
      fa: [
        "پنج شتر — قرمز، آبی، سبز، زرد و بنفش، که هر کدام نشان خودش را هم دارد — در مسیری ده‌خانه‌ای مسابقه می‌دهند. شترها مال هیچ‌کس نیستند: با شرط بستن روی شتری که اول می‌شود و شتری که آخر می‌شود سکه به دست می‌آورید.",
        "هر بازی ۳ مسابقه است. پس از آخرین مسابقه، بازیکنی که بیشترین سکه را دارد برنده است. در سکه‌ی برابر، کسی می‌برد که زودتر به آن مقدار رسیده است.",
      ],
    },
    figure: () => miniTrack([[], ["red"], [], ["blue", "green"], ["yellow", "purple"], []]),
  },
  {
    id: "setup",
    title: { en: "Setup", fa: "چیدمان" },
    body: {
      en: [
        "2 to 6 players, 3 coins each. All camels start stacked on space 1: red at the bottom, then blue, green, yellow and purple on top. On a shared space the lower camel is ahead, so red starts in the lead.",
        "There are 50 round cards: 25 Move cards (5 per camel), 10 Winner bets, 5 Loser bets, 2 Mirages, 4 Lost Camels and 4 Tailwinds. Each card shows a priority from 1 to 5. Everyone gets 5 cards.",
      ],
      fa: [
        "۲ تا ۶ بازیکن، هر کدام ۳ سکه. همه‌ی شترها روی هم در خانه‌ی ۱ شروع می‌کنند: قرمز زیر، بعد آبی، سبز، زرد و بنفش روی همه. در یک خانه شتر پایینی جلوتر است، پس قرمز از اول جلوتر است.",
        "۵۰ کارت دور هست: ۲۵ کارت حرکت (از هر شتر ۵ تا)، ۱۰ شرط برنده، ۵ شرط بازنده، ۲ سراب، ۴ شتر گمشده و ۴ باد موافق. روی هر کارت یک اولویت از ۱ تا ۵ هست. هر بازیکن ۵ کارت می‌گیرد.",
      ],
    },
    figure: () => miniTrack([["red", "blue", "green", "yellow", "purple"], [], [], [], []], 240),
  },
  {
    id: "turn",
    title: { en: "A trick", fa: "یک دست" },
    body: {
      en: [
        "Everyone secretly chooses one card at the same time (a bet, Lost Camel or Tailwind also names a camel). Then all cards are shown and carried out in priority order, 1 first; equal priorities go round the table from the lead player, and the lead moves one seat every trick.",
        "Move: roll that camel's die (1, 1, 2, 2, 3 or 3) and move it forward, carrying the camels on top of it; it lands on top of any camels already there, behind them. Winner or loser bet: put your token in the next free slot of that camel's column (a full column means the bet fizzles). You may bet only once per camel in a race.",
        "Mirage reverses the order of the cards still waiting. Lost Camel sends the camel back 1 space, Tailwind moves it 1 space forward. Afterwards everyone draws back up to 5 cards.",
      ],
      fa: [
        "همه هم‌زمان و پنهانی یک کارت انتخاب می‌کنند (شرط، شتر گمشده و باد موافق یک شتر را هم نام می‌برند). بعد همه‌ی کارت‌ها رو می‌شوند و به ترتیب اولویت اجرا می‌شوند، اول ۱؛ اولویت‌های برابر از شروع‌کننده دور میز می‌چرخند، و شروع‌کننده هر دست یک صندلی جابه‌جا می‌شود.",
        "حرکت: تاس همان شتر ریخته می‌شود (۱، ۱، ۲، ۲، ۳ یا ۳) و شتر جلو می‌رود و شترهای روی خودش را هم می‌برد؛ روی شترهایی که آن‌جا هستند می‌نشیند، یعنی پشت سرشان. شرط برنده یا بازنده: ژتون شما در جایگاه خالی بعدی ستون آن شتر می‌نشیند (اگر ستون پر باشد، شرط از دست می‌رود). در هر مسابقه روی هر شتر فقط یک بار می‌توانید شرط ببندید.",
        "سراب ترتیب کارت‌های باقی‌مانده را برعکس می‌کند. شتر گمشده شتر را یک خانه عقب می‌برد و باد موافق یک خانه جلو. بعد همه دوباره تا ۵ کارت برمی‌دارند.",
      ],
    },
    figure: () => cardRow([40, 42, 12, 8], 270),
  },
  {
    id: "scoring",
    title: { en: "End of a race and scoring", fa: "پایان مسابقه و امتیاز" },
    body: {
      en: [
        "A race ends the moment a camel reaches the finish; cards still waiting in that trick do nothing. Then the bets are paid, in the order they were placed.",
        "A winner token pays 5, 3 or 2 coins (slots 1, 2, 3) if its camel came 1st; 2, 1 or 0 if it came 2nd; 1, 0 or 0 if 3rd. A loser token pays 3, 2 or 1 if its camel came last. All camels then go back to the start for the next race; coins are kept.",
        "After the last race the most coins wins. With equal coins, the player who reached that total first — in an earlier race, or by an earlier bet in the same race's payouts — ranks higher. If even that is equal (nobody's coins ever changed), the place is shared.",
      ],
      fa: [
        "مسابقه همان لحظه‌ای تمام می‌شود که یک شتر به خط پایان برسد؛ کارت‌هایی که در آن دست هنوز منتظرند کاری نمی‌کنند. بعد شرط‌ها به ترتیب ثبت‌شدن پرداخت می‌شوند.",
        "ژتون برنده اگر شترش اول شود ۵، ۳ یا ۲ سکه می‌دهد (جایگاه ۱، ۲، ۳)؛ اگر دوم شود ۲، ۱ یا ۰؛ اگر سوم شود ۱، ۰ یا ۰. ژتون بازنده اگر شترش آخر شود ۳، ۲ یا ۱ سکه می‌دهد. بعد همه‌ی شترها برای مسابقه‌ی بعد به خانه‌ی شروع برمی‌گردند؛ سکه‌ها می‌مانند.",
        "پس از آخرین مسابقه، بیشترین سکه برنده است. در سکه‌ی برابر، بازیکنی بالاتر است که زودتر به آن مقدار رسیده — در مسابقه‌ای زودتر، یا با شرطی زودتر در پرداخت‌های همان مسابقه. اگر این هم برابر باشد (سکه‌های هیچ‌کدام تغییر نکرده)، رتبه مشترک است.",
      ],
    },
    figure: columns,
  },
  {
    id: "variants",
    title: { en: "Options", fa: "گزینه‌ها" },
    body: {
      en: [
        "Races: 1 to 5 (3 by default). Track length: 6 to 16 spaces. Who leads on a shared space: the lower camel (this game's rule) or the upper camel (as in Camel Up). Carrying: whether a moving camel takes the camels on top of it along. Start order: the fixed colour order, or shuffled every race. Wrong-bet penalty: lose 1 coin for each wrong bet.",
        "Choice timer: 15 to 120 seconds (30 by default). If your time runs out, your lowest card is played for you; a bet or special card played that way does nothing. A safety limit of tricks per race ends a race that never finishes.",
        "The Classic preset: the upper camel leads, random start order and the wrong-bet penalty.",
      ],
      fa: [
        "تعداد مسابقه: ۱ تا ۵ (پیش‌فرض ۳). طول مسیر: ۶ تا ۱۶ خانه. جلوتر در یک خانه: شتر پایینی (قاعده‌ی این بازی) یا شتر بالایی (مثل کمل آپ). سوار شدن: این‌که شتر در حال حرکت شترهای روی خودش را هم ببرد یا نه. ترتیب شروع: ترتیب ثابت رنگ‌ها، یا بُر خوردن در هر مسابقه. جریمه‌ی شرط اشتباه: برای هر شرط اشتباه ۱ سکه از دست می‌دهید.",
        "زمان انتخاب: ۱۵ تا ۱۲۰ ثانیه (پیش‌فرض ۳۰). اگر وقتتان تمام شود، کم‌شماره‌ترین کارتتان به جایتان بازی می‌شود؛ شرط یا کارت ویژه‌ای که این‌طور بازی شود اثری ندارد. یک سقف ایمنی برای تعداد دست‌های هر مسابقه، مسابقه‌ای را که تمام نمی‌شود پایان می‌دهد.",
        "پیش‌تنظیم کلاسیک: شتر بالایی جلوتر است، ترتیب شروع تصادفی است و جریمه‌ی شرط اشتباه فعال است.",
      ],
    },
  },
];
