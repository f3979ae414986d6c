// How to play Jekyll vs. Hyde (rules: /work/shared/rules/jekyll-vs-hyde.md), in plain words, with
// figures drawn by the table's own renderer so the cards and the track look as they do in play.
import { s } from "../dom.js";
import { cardShapes, trackArt } from "../games/jekyll-vs-hyde/index.js";

// Card ids (§2.1): purple 0–6, red 7–13, green 14–20 (value id mod 7 + 1), potions 21–24 ("2+" … "5+").
const PURPLE_7 = 6, RED_3 = 9, RED_5 = 11, GREEN_2 = 15, POTION_3 = 22, POTION_5 = 24;
const PURPLE_4 = 3, RED_4 = 10, GREEN_4 = 17;

// A row of cards, 60×84 each; `ring` marks the card at that index as the winner.
function cardRow(ids, { ring = null, width = 260 } = {}) {
  const gap = 10;
  // The first card stands where reading starts: on the right in Persian.
  const rtl = document.documentElement.dir === "rtl";
  const at = (i) => (rtl ? ids.length - 1 - i : i);
  const cards = ids.map((id, i) => s("g", { transform: `translate(${6 + at(i) * (60 + gap)} 6)` },
    i === ring ? s("rect", { x: -4, y: -4, width: 68, height: 92, rx: 10, fill: "none", stroke: "#b45309", "stroke-width": 4 }) : null,
    cardShapes(id)));
  const total = 12 + ids.length * 60 + (ids.length - 1) * gap;
  return s("svg", { viewBox: `0 0 ${total} 96`, width, dir: "ltr" }, cards);
}

function track(marker, from = null) {
  const svg = trackArt(marker, { from });
  svg.setAttribute("width", 340);
  return svg;
}

export const sections = [
  {
    id: "goal",
    title: { en: "Goal", fa: "هدف" },
    body: {
      en: [
        "A trick-taking game for two, and the two sides want different things. One player is Dr. Jekyll, the other Mr. Hyde. A game has at most three rounds of ten tricks.",
        "After each round the marker on the identity track moves toward Hyde's end by the difference between the two players' tricks — whoever won more. If it reaches the last space, Hyde wins at once. If it has not after round 3, Jekyll wins. So Hyde wants lopsided rounds, and Jekyll wants the tricks shared evenly.",
      ],
      fa: [
        "یک بازی دست‌بُردنی دونفره که دو طرفش چیزهای متفاوتی می‌خواهند. یک بازیکن دکتر جکیل است و دیگری آقای هاید. هر بازی حداکثر سه دور ده‌دستی دارد.",
        "پس از هر دور، نشانگر روی مسیر هویت به اندازه‌ی تفاوت دست‌های دو بازیکن به سمت انتهای هاید می‌رود — فرقی نمی‌کند کدام بیشتر برده باشد. اگر به آخرین خانه برسد، هاید همان لحظه برنده است. اگر پس از دور سوم نرسیده باشد، جکیل برنده است. پس هاید دورهای یک‌طرفه می‌خواهد و جکیل دست‌های برابر.",
      ],
    },
    figure: () => track(6),
  },
  {
    id: "setup",
    title: { en: "Setup", fa: "چیدمان" },
    body: {
      en: [
        "There are 25 cards: seven each of Pride (purple, a crown), Wrath (red, a flame) and Greed (green, a gem), numbered 1 to 7, and four potions marked 2+, 3+, 4+ and 5+. A potion n+ is worth a little more than n: 3+ beats a 3 and loses to a 4.",
        "Every round all cards are shuffled; each player gets 10 and 5 are set aside unseen. Then both players secretly give each other as many cards as the round's number (1, 2, then 3). Whoever was dealt two or more potions must give at least one of them.",
      ],
      fa: [
        "۲۵ کارت هست: از هر رنگ هفت کارت با شماره‌ی ۱ تا ۷ — غرور (بنفش، با تاج)، خشم (قرمز، با شعله) و طمع (سبز، با گوهر) — و چهار معجون با نشان ۲+، ۳+، ۴+ و ۵+. معجون n+ کمی بیشتر از n می‌ارزد: ۳+ کارت ۳ را می‌برد و به ۴ می‌بازد.",
        "هر دور همه‌ی کارت‌ها بُر می‌خورند؛ هر بازیکن ۱۰ کارت می‌گیرد و ۵ کارت ناپیدا کنار می‌رود. سپس دو بازیکن پنهانی به تعداد شماره‌ی دور (۱، بعد ۲، بعد ۳) به هم کارت می‌دهند. هر که دو معجون یا بیشتر گرفته باشد باید دست‌کم یکی از آن‌ها را بدهد.",
      ],
    },
    figure: () => cardRow([PURPLE_7, RED_5, GREEN_2, POTION_3, POTION_5], { width: 300 }),
  },
  {
    id: "turn",
    title: { en: "A trick", fa: "یک دست" },
    body: {
      en: [
        "Jekyll leads the first trick of round 1; in rounds 2 and 3 Jekyll leads while the marker is on Jekyll's side (spaces 0–4), otherwise Hyde. After that the winner of a trick leads the next one.",
        "The leader plays any card; a potion lead names a colour. The other player must follow: after a coloured card, play that colour or a potion if you hold the colour; after a potion naming a colour, play that colour if you hold it (a potion is not allowed then). If you cannot follow, play any card.",
        "Same colour: the higher number wins. Different colours: the colour ranked higher wins. The ranking builds itself as the round goes: the first colour played is lowest, and when a second colour appears the third one takes the top. With a potion in the trick the higher number wins and the ranking does not matter — in the picture the 3+ potion beats the red 3.",
      ],
      fa: [
        "دست اول دور ۱ را جکیل شروع می‌کند؛ در دورهای ۲ و ۳ تا وقتی نشانگر در سمت جکیل است (خانه‌های ۰ تا ۴) جکیل شروع می‌کند و وگرنه هاید. از آن به بعد برنده‌ی هر دست، دست بعد را شروع می‌کند.",
        "شروع‌کننده هر کارتی را بازی می‌کند؛ اگر معجون بازی کند، یک رنگ نام می‌برد. بازیکن دیگر باید پیروی کند: بعد از یک کارت رنگی، اگر آن رنگ را دارید، همان رنگ یا یک معجون بازی کنید؛ بعد از معجونی که رنگی را نام برده، اگر آن رنگ را دارید باید همان رنگ را بازی کنید (معجون مجاز نیست). اگر نمی‌توانید پیروی کنید، هر کارتی را بازی کنید.",
        "رنگ یکسان: شماره‌ی بالاتر می‌برد. رنگ‌های متفاوت: رنگی که رتبه‌ی بالاتری دارد می‌برد. رتبه‌بندی در طول دور ساخته می‌شود: اولین رنگی که بازی شود پایین‌ترین است و وقتی رنگ دوم بیاید، رنگ سوم بالاترین جا را می‌گیرد. اگر معجونی در دست باشد، شماره‌ی بالاتر می‌برد و رتبه‌بندی مهم نیست — در تصویر، معجون ۳+ کارت قرمز ۳ را می‌برد.",
      ],
    },
    figure: () => cardRow([RED_3, POTION_3], { ring: 1, width: 130 }),
  },
  {
    id: "scoring",
    title: { en: "End of a round and scoring", fa: "پایان دور و امتیاز" },
    body: {
      en: [
        "After ten tricks, count them: the marker moves toward Hyde's end by the difference. A 7–3 round moves it 4 spaces, as in the picture (from 2 to 6); a 5–5 round does not move it at all. The marker never moves back.",
        "If the marker reaches space 10, Hyde wins immediately. If it is still short after round 3, Jekyll wins. There are no draws in a single game.",
        "In a return match you play two games with the roles swapped. Each player's score is how far the marker got in the game they played Hyde (10 if it reached the end). The higher score wins; if both reached the end, the one who got there in fewer rounds wins; otherwise it is a draw.",
      ],
      fa: [
        "پس از ده دست، دست‌ها را بشمارید: نشانگر به اندازه‌ی تفاوت آن‌ها به سمت انتهای هاید می‌رود. دور ۷ به ۳ آن را ۴ خانه جلو می‌برد، مثل تصویر (از ۲ به ۶)؛ دور ۵ به ۵ آن را اصلاً تکان نمی‌دهد. نشانگر هرگز عقب نمی‌رود.",
        "اگر نشانگر به خانه‌ی ۱۰ برسد، هاید فوراً برنده است. اگر پس از دور سوم هنوز نرسیده باشد، جکیل برنده است. در بازی تکی مساوی وجود ندارد.",
        "در بازی برگشت، دو بازی با نقش‌های جابه‌جا بازی می‌کنید. امتیاز هر بازیکن این است که در بازی‌ای که هاید بوده، نشانگر تا کجا رفته (اگر به انتها برسد ۱۰). امتیاز بیشتر می‌برد؛ اگر هر دو به انتها رسیده باشند، کسی که در دورهای کمتری رسیده می‌برد؛ وگرنه مساوی است.",
      ],
    },
    figure: () => track(6, 2),
  },
  {
    id: "variants",
    title: { en: "Options", fa: "گزینه‌ها" },
    body: {
      en: [
        "Game: a single game, or a return match of two games with the roles swapped. Who is Jekyll: chosen at random, or the first or second seat.",
        "Greed: each player gives 1 card (or 2) when Greed strikes. Trick history: when on, every finished trick of the round stays visible.",
        "Timers: on by default — 60 seconds for an exchange, 40 to play a card, 30 for a Greed gift. When time runs out, the lowest card is chosen for you (a potion lead then names Pride). Timers can also be switched off.",
      ],
      fa: [
        "بازی: یک بازی تکی، یا بازی برگشت با دو بازی و نقش‌های جابه‌جا. جکیل کیست: به‌تصادف، یا صندلی اول یا دوم.",
        "طمع: وقتی طمع فعال شود هر بازیکن ۱ کارت (یا ۲ کارت) می‌دهد. تاریخچه‌ی دست‌ها: اگر روشن باشد، همه‌ی دست‌های تمام‌شده‌ی دور پیدا می‌مانند.",
        "زمان‌سنج‌ها: به‌طور پیش‌فرض روشن‌اند — ۶۰ ثانیه برای مبادله، ۴۰ ثانیه برای بازی یک کارت و ۳۰ ثانیه برای هدیه‌ی طمع. اگر وقت تمام شود، کم‌شماره‌ترین کارت به جای شما انتخاب می‌شود (معجونِ شروع‌کننده آن‌وقت غرور را نام می‌برد). می‌شود زمان‌سنج‌ها را خاموش هم کرد.",
      ],
    },
  },
  {
    id: "effects",
    title: { en: "Potion effects", fa: "اثر معجون‌ها" },
    body: {
      en: [
        "When exactly one potion is in a trick, the colour of the other card decides what happens after the trick (the potion's named colour does not count):",
        "Pride (purple): the winner also takes the loser's most recent trick. Wrath (red): the colour ranking is cleared and builds itself again from the next cards. Greed (green): both players secretly give each other a card (two, if the Greed option says so) before the next trick.",
      ],
      fa: [
        "وقتی دقیقاً یک معجون در دست باشد، رنگ کارت دیگر تعیین می‌کند پس از آن دست چه می‌شود (رنگی که معجون نام برده حساب نیست):",
        "غرور (بنفش): برنده آخرین دستِ بُرده‌ی بازنده را هم برمی‌دارد. خشم (قرمز): رتبه‌بندی رنگ‌ها پاک می‌شود و از کارت‌های بعدی دوباره ساخته می‌شود. طمع (سبز): پیش از دست بعد، دو بازیکن پنهانی به هم یک کارت می‌دهند (اگر گزینه‌ی طمع بگوید، دو کارت).",
      ],
    },
    figure: () => cardRow([PURPLE_4, RED_4, GREEN_4], { width: 200 }),
  },
];
