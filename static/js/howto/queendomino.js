// How to play Queendomino (rules: /work/shared/rules/queendomino.md), in plain words, with figures
// drawn by the table's own renderer so the pictures match what players see.
import { h } from "../dom.js";
import { currentLang } from "../i18n/index.js";
import { boardPicture, buildingSvg, dominoSvg, TILES } from "../games/queendomino/index.js";

// A board as the view sends it: 5 rows of cells, the castle in the middle.
function board(placed = {}) {
  return Array.from({ length: 5 }, (_, r) => Array.from({ length: 5 }, (_, c) => placed[`${r},${c}`] ?? (r === 2 && c === 2 ? "castle" : null)));
}

const half = (tile, side) => ({ ...TILES[tile][side], tile });

// A kingdom a few rounds in: a forest of four cells with two crowns (8 points), a mountain with a crown,
// a red building on its plot and a yellow one.
const MIDGAME = {
  "2,1": half(2, 0), "1,1": half(2, 1), "1,0": half(37, 0), "0,0": half(37, 1),
  "3,0": half(48, 0), "2,0": half(48, 1), "1,2": half(27, 0), "0,2": half(27, 1),
  "1,3": { building: "red-01", colour: "red" }, "0,1": { building: "yellow-01", colour: "yellow" },
};

function figure(...children) {
  return h("div", { class: "qd-figure", style: "display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:center" }, ...children);
}

function sized(svg, width) {
  svg.setAttribute("width", width);
  return svg;
}

// A figure's words for screen readers, in the page's language.
const say = (words) => words[currentLang()] ?? words.en;

export const sections = [
  {
    id: "goal",
    title: { en: "Goal", fa: "هدف" },
    body: {
      en: [
        "Build the richest little kingdom on your own 5×5 board around your castle. Every round you take one domino tile, lay it on your board and may buy one building with gold.",
        "After the last round the highest score wins. If scores are equal, the player with more gold left wins; with equal gold too, the win is shared.",
      ],
      fa: [
        "روی تخته‌ی ۵×۵ خودتان، دور قلعه، ثروتمندترین سرزمین کوچک را بسازید. هر دور یک کاشی دومینو برمی‌دارید، آن را روی تخته‌تان می‌گذارید و می‌توانید با طلا یک ساختمان بخرید.",
        "پس از دور آخر، بیشترین امتیاز برنده است. اگر امتیازها برابر باشد، هر که طلای بیشتری برایش مانده برنده است؛ اگر طلا هم برابر باشد، برد مشترک است.",
      ],
    },
    figure: () => figure(sized(boardPicture(board(MIDGAME), { label: say({ en: "A kingdom after a few rounds", fa: "سرزمینی پس از چند دور" }) }), 220)),
  },
  {
    id: "setup",
    title: { en: "Setup", fa: "چیدمان" },
    body: {
      en: [
        "Each player has a board with the castle in the centre and 7 gold. The other 24 cells are printed in six colours. A red, yellow or blue cell is a plot: only a building of that colour may stand there, but a tile may cover any cell.",
        "There are 48 dominoes, numbered 1 to 48; higher numbers are stronger, and many halves carry a crown or a gold coin. Each round shows the number of players plus two tiles, lowest first. A random king colour is drawn for the whole game, and the first turn order is random.",
      ],
      fa: [
        "هر بازیکن یک تخته دارد که قلعه در وسط آن است، و ۷ طلا. ۲۴ خانه‌ی دیگر به شش رنگ چاپ شده‌اند. خانه‌ی قرمز، زرد یا آبی «زمین» است: فقط ساختمانی به همان رنگ می‌تواند روی آن باشد، ولی کاشی روی هر خانه‌ای می‌نشیند.",
        "۴۸ کاشی دومینو با شماره‌ی ۱ تا ۴۸ هست؛ شماره‌ی بالاتر قوی‌تر است و خیلی از نیمه‌ها تاج یا سکه‌ی طلا دارند. هر دور به تعداد بازیکنان به‌اضافه‌ی دو کاشی در ویترین می‌آید، از کم به زیاد. یک رنگ شاه برای کل بازی به‌تصادف انتخاب می‌شود و ترتیب نوبت دور اول هم تصادفی است.",
      ],
    },
    figure: () => figure(...[4, 17, 30, 44].map((n) => sized(dominoSvg(n), 110))),
  },
  {
    id: "turn",
    title: { en: "Your turn", fa: "نوبت شما" },
    body: {
      en: [
        "1. Choose a tile from the display. Next round, whoever took the lowest number chooses first, so a strong tile costs you a later pick.",
        "2. Place it at once on two neighbouring empty cells; at least one half must touch your castle or a tile you placed before. Tap the cell for one half, then a green cell beside it for the other (\"Swap halves\" turns the tile round). Each gold coin on the tile pays 1 gold for every building of that half's colour already on your board. A tile that fits nowhere is set aside and costs 5 points at the end.",
        "3. You may buy one building: pay the price of the top card of the red, yellow or blue pile and put it on an empty plot of its colour. Or end your turn without building.",
        "When everyone has played, the tiles nobody took leave the game, and the king bonus is given (see Scoring).",
      ],
      fa: [
        "۱. یک کاشی از ویترین بردارید. دور بعد، هر که کمترین شماره را برداشته اول انتخاب می‌کند؛ پس کاشی قوی یعنی نوبت دیرتر.",
        "۲. همان موقع آن را روی دو خانه‌ی خالیِ کنار هم بگذارید؛ دست‌کم یک نیمه باید به قلعه یا کاشی‌ای که قبلاً گذاشته‌اید بچسبد. روی خانه‌ی یک نیمه بزنید، بعد روی خانه‌ی سبزِ کنارش برای نیمه‌ی دیگر («جابه‌جایی دو نیمه» کاشی را برمی‌گرداند). هر سکه‌ی طلای روی کاشی، به ازای هر ساختمانِ هم‌رنگِ آن نیمه که از قبل روی تخته‌تان هست، ۱ طلا می‌دهد. کاشی‌ای که هیچ جا جا نشود کنار می‌رود و در پایان ۵ امتیاز کم می‌کند.",
        "۳. می‌توانید یک ساختمان بخرید: قیمت کارت رویی دسته‌ی قرمز، زرد یا آبی را بپردازید و آن را روی یک زمین خالی به همان رنگ بگذارید. یا نوبت را بدون ساخت تمام کنید.",
        "وقتی همه بازی کردند، کاشی‌هایی که کسی برنداشته از بازی بیرون می‌روند و امتیاز شاه داده می‌شود (بخش امتیازها را ببینید).",
      ],
    },
    figure: () => figure(sized(boardPicture(board({ "1,2": half(44, 0), "1,3": half(44, 1) }),
      { fresh: [44], label: say({ en: "A first tile placed beside the castle", fa: "نخستین کاشی کنار قلعه" }) }), 200)),
  },
  {
    id: "scoring",
    title: { en: "Scoring", fa: "امتیازها" },
    body: {
      en: [
        "Tiles: each territory (connected cells of one terrain) scores its number of cells times the crowns in it. A territory without a crown scores nothing. Buildings split territories.",
        "The \"squares\" of a colour are your tile halves of that colour plus your buildings of that colour. Red building: scores at once, its value times your red squares (counting itself). Yellow building: at the end, its value times your yellow squares. Blue building: at the end, its value times the number of your blue buildings.",
        "King bonus: at the end of every round, the one player with the most squares of the king colour gains 1 point. If two or more share the most, nobody gains it that round.",
        "Each tile set aside because it fitted nowhere costs 5 points. Gold left over scores nothing, but it breaks ties.",
      ],
      fa: [
        "کاشی‌ها: هر قلمرو (خانه‌های به‌هم‌پیوسته‌ی یک نوع زمین) به اندازه‌ی تعداد خانه‌هایش × تعداد تاج‌هایش امتیاز دارد. قلمرو بی‌تاج امتیازی ندارد. ساختمان‌ها قلمرو را می‌بُرند.",
        "«مربع‌های» یک رنگ یعنی نیمه‌کاشی‌های شما به آن رنگ به‌اضافه‌ی ساختمان‌های شما به آن رنگ. ساختمان قرمز: همان لحظه امتیاز می‌دهد، ارزشش × مربع‌های قرمز شما (با خودش). ساختمان زرد: در پایان، ارزشش × مربع‌های زرد شما. ساختمان آبی: در پایان، ارزشش × تعداد ساختمان‌های آبی شما.",
        "امتیاز شاه: در پایان هر دور، تنها بازیکنی که بیشترین مربع به رنگ شاه را دارد ۱ امتیاز می‌گیرد. اگر دو نفر یا بیشتر در بیشترین تعداد مساوی باشند، آن دور امتیاز به کسی نمی‌رسد.",
        "هر کاشی‌ای که جا نشد و کنار رفت ۵ امتیاز کم می‌کند. طلای باقی‌مانده امتیاز ندارد، ولی تساوی را می‌شکند.",
      ],
    },
    figure: () => figure(sized(buildingSvg("red", 2), 64), sized(buildingSvg("yellow", 1), 64), sized(buildingSvg("blue", 2), 64), sized(dominoSvg(46), 120)),
  },
  {
    id: "variants",
    title: { en: "Variants", fa: "گونه‌ها" },
    body: {
      en: [
        "Extra tiles on display: 2 (the default), 1 (one tile is left over each round) or 0 (as many tiles as players, so the last player has no choice).",
        "Rounds: 4 to 8 (default 8). Starting gold: 0 to 20 (default 7).",
        "Crown scoring off: territories score nothing; only buildings, the king bonus and penalties count.",
        "Terrains must match: a new tile must touch the castle, or touch a tile of the same terrain with the matching half (the published Kingdomino rule).",
        "Penalty for an unplaceable tile: 0 to 10 points (default 5; 0 is the published rule). King colour: random, or a colour you fix.",
      ],
      fa: [
        "کاشی‌های اضافه‌ی ویترین: ۲ (پیش‌فرض)، ۱ (هر دور یک کاشی اضافه می‌ماند) یا ۰ (به تعداد بازیکنان، پس نفر آخر حق انتخاب ندارد).",
        "تعداد دورها: ۴ تا ۸ (پیش‌فرض ۸). طلای آغازین: ۰ تا ۲۰ (پیش‌فرض ۷).",
        "بدون امتیاز تاج: قلمروها امتیازی ندارند؛ فقط ساختمان‌ها، امتیاز شاه و جریمه‌ها حساب می‌شوند.",
        "زمین‌ها باید جور باشند: کاشی تازه باید به قلعه بچسبد، یا نیمه‌اش به کاشی‌ای از همان نوع زمین (قاعده‌ی کینگ‌دومینوی اصلی).",
        "جریمه‌ی کاشی بی‌جا: ۰ تا ۱۰ امتیاز (پیش‌فرض ۵؛ ۰ قاعده‌ی اصلی است). رنگ شاه: تصادفی، یا رنگی که خودتان تعیین می‌کنید.",
      ],
    },
  },
  {
    id: "timers",
    title: { en: "Turn clock", fa: "زمان نوبت" },
    body: {
      en: [
        "Each turn has one clock, 90 seconds by default (the host may set 20 to 600, or turn it off). When it runs out, the game finishes your turn for you: it takes the lowest-numbered tile left, places it on the first cell that fits and buys nothing. There is no other penalty.",
      ],
      fa: [
        "هر نوبت یک ساعت دارد، به‌طور پیش‌فرض ۹۰ ثانیه (میزبان می‌تواند آن را ۲۰ تا ۶۰۰ ثانیه کند یا خاموشش کند). وقتی وقت تمام شود، بازی نوبت شما را خودش تمام می‌کند: کم‌شماره‌ترین کاشی مانده را برمی‌دارد، در اولین جای ممکن می‌گذارد و چیزی نمی‌خرد. جریمه‌ی دیگری ندارد.",
      ],
    },
  },
];
