// How to play Double Connect, in plain words (from /work/shared/rules/double-connect.md), with
// small pictures drawn by the table's own renderer.
import { pairDrawing, towerDrawing } from "../games/double-connect/index.js";

// The pictures carry no page styles of their own: give each a width here.
function sized(svg, maxWidth) {
  // Through the style object, not a style attribute: the page's CSP allows no inline styles.
  Object.assign(svg.style, { display: "block", width: "100%", maxWidth: `${maxWidth}px`, height: "auto", margin: "auto" });
  return svg;
}

// A tower made up for the pictures (any two cards share a symbol, so every pile is possible).
function tower(arms, capacity = 4) {
  const start = 20;
  const tw = { start_card: start, start_capacity: capacity, free_slots: capacity - arms.length, arms };
  const tops = arms.map((arm) => arm.cards.at(-1));
  return { tw, targets: arms.length < capacity ? [start, ...tops] : tops };
}

function towerFigure(arms, maxWidth) {
  const { tw, targets } = tower(arms);
  return sized(towerDrawing(tw, { targets }), maxWidth);
}

export const sections = [
  {
    id: "goal",
    title: { en: "Goal", fa: "هدف بازی" },
    body: {
      en: [
        "Get rid of your cards before everyone else. Every card shows 8 symbols, and any two cards share exactly one symbol.",
        "You get rid of a card by putting it on the tower: find the symbol your card shares with an open card of the tower. When the game ends, the player with the fewest cards wins.",
      ],
      fa: [
        "زودتر از همه کارت‌هایتان را تمام کنید. روی هر کارت ۸ نماد هست و هر دو کارتی دقیقاً یک نماد مشترک دارند.",
        "هر کارت را با گذاشتن روی برج از دست می‌دهید: نمادی را پیدا کنید که کارت شما با یکی از کارت‌های باز برج مشترک دارد. در پایان، کسی که کمترین کارت را دارد برنده است.",
      ],
    },
    figure: () => towerFigure([{ index: 0, team: null, cards: [3, 30] }, { index: 1, team: null, cards: [12] }], 300),
  },
  {
    id: "setup",
    title: { en: "Setup", fa: "چیدمان" },
    body: {
      en: [
        "Each player gets a small hand, face up: 7 cards with 2 players, 6 with 3, 5 with 4 or 5, and 4 with 6 to 8 players. One start card lies in the middle. All other cards make a face-down penalty pile.",
        "After a short countdown every card is revealed at the same moment. There are no turns: everyone plays at once, as fast as they can.",
      ],
      fa: [
        "هر بازیکن چند کارت رو به بالا می‌گیرد: در بازی دونفره ۷ کارت، سه‌نفره ۶ کارت، چهار و پنج‌نفره ۵ کارت و شش تا هشت‌نفره ۴ کارت. یک کارت شروع وسط میز است و بقیه‌ی کارت‌ها توده‌ی جریمه‌ی پشت‌ورو را می‌سازند.",
        "بعد از یک شمارش معکوس کوتاه، همه‌ی کارت‌ها با هم رو می‌شوند. نوبتی در کار نیست: همه هم‌زمان و هر چه سریع‌تر بازی می‌کنند.",
      ],
    },
    figure: () => towerFigure([], 200),
  },
  {
    id: "turn",
    title: { en: "Playing a card", fa: "گذاشتن کارت" },
    body: {
      en: [
        "Choose one of your cards, then a target: the start card or the top card of an arm (targets have a ring around them). Then tap the symbol the two cards share.",
        "Right: your card goes on the target and becomes a new target itself. Wrong: you take a penalty card from the pile and are locked out for a second (for five seconds when the pile is empty).",
        "Too slow: if someone covers your target first, your claim does not count, and there is no penalty. Choose another target.",
        "The start card holds 4 cards, one on each corner. Once it is fully covered, only the tops of the arms are targets.",
        "With a keyboard: Tab moves between the tower, the symbols and your hand; the arrow keys move inside each of them; Enter or Space chooses.",
      ],
      fa: [
        "یکی از کارت‌هایتان را انتخاب کنید، بعد یک هدف: کارت شروع یا کارت بالای یکی از شاخه‌ها (دور هدف‌ها حلقه هست). بعد روی نمادی بزنید که دو کارت مشترک دارند.",
        "درست بود: کارت شما روی هدف می‌رود و خودش هدف تازه‌ای می‌شود. اشتباه بود: یک کارت جریمه از توده برمی‌دارید و یک ثانیه محروم می‌شوید (اگر توده خالی باشد، پنج ثانیه).",
        "دیر رسیدید: اگر کسی زودتر هدف شما را بپوشاند، ادعای شما حساب نمی‌شود و جریمه‌ای هم ندارد. هدف دیگری انتخاب کنید.",
        "روی کارت شروع ۴ کارت جا می‌شود، یکی روی هر گوشه. وقتی کاملاً پوشیده شد، فقط کارت‌های بالای شاخه‌ها هدف‌اند.",
        "با صفحه‌کلید: Tab بین برج، نمادها و دست شما جابه‌جا می‌شود، کلیدهای جهت داخل هر کدام حرکت می‌کنند و Enter یا فاصله انتخاب می‌کند.",
      ],
    },
    figure: () => sized(pairDrawing(7, 20), 320),
  },
  {
    id: "scoring",
    title: { en: "End and scoring", fa: "پایان و امتیاز" },
    body: {
      en: [
        "When a player puts down their last card, everyone else gets a final chance of 10 seconds. Then the game ends. It also ends after 5 minutes, whatever happens.",
        "The fewest cards in hand wins. An empty hand scores 0 and wins; if several hands are empty, the one emptied first ranks higher. Among equal hands, fewer wrong claims ranks higher.",
      ],
      fa: [
        "وقتی بازیکنی آخرین کارتش را بگذارد، بقیه ۱۰ ثانیه فرصت آخر دارند. بعد بازی تمام می‌شود. بازی در هر حال بعد از ۵ دقیقه تمام می‌شود.",
        "کمترین کارت در دست برنده است. دست خالی یعنی امتیاز صفر و برد؛ اگر دست چند نفر خالی شده باشد، کسی که زودتر تمام کرده بالاتر است. بین دست‌های برابر، کسی که اشتباه کمتری کرده بالاتر است.",
      ],
    },
  },
  {
    id: "variants",
    title: { en: "Variants", fa: "حالت‌های دیگر" },
    body: {
      en: [
        "Teams (4, 6 or 8 players): teams of 2 to 4 players, seated alternately. A team's score is the sum of its members' cards, and the lower total wins. Each team's arms of the tower carry its colour and its shape.",
        "Targets in teams: with “Open”, everyone may play on every target. With “Own team only”, you may play only on the start card and on your own team's arms, and each team may start a fixed number of arms (start corners per team).",
        "Start corners: 1 to 8 (with 1 the tower is a single stack, like Dobble's “The Well”). Hand size: automatic, or 1 to 10 cards each.",
        "Timers: the countdown, the final chance (0 means the first player out ends the game at once), both lockouts and the time limit can all be changed.",
      ],
      fa: [
        "تیمی (۴، ۶ یا ۸ بازیکن): تیم‌های ۲ تا ۴ نفره که یکی‌درمیان می‌نشینند. امتیاز هر تیم جمع کارت‌های اعضای آن است و تیمی که جمع کمتری دارد برنده است. شاخه‌های هر تیم روی برج رنگ و شکل همان تیم را دارند.",
        "هدف‌ها در بازی تیمی: در حالت «آزاد» همه روی همه‌ی هدف‌ها بازی می‌کنند. در حالت «فقط تیم خودی» فقط روی کارت شروع و شاخه‌های تیم خودتان بازی می‌کنید، و هر تیم تعداد مشخصی شاخه می‌تواند شروع کند (گوشه‌های شروع هر تیم).",
        "گوشه‌های کارت شروع: ۱ تا ۸ (با ۱، برج یک ستون است، مثل بازی «چاه» در دابل). تعداد کارت دست: خودکار یا ۱ تا ۱۰ کارت.",
        "زمان‌ها: شمارش معکوس، فرصت آخر (صفر یعنی اولین کسی که کارتش تمام شود بازی را تمام می‌کند)، هر دو محرومیت و سقف زمان بازی را می‌شود تغییر داد.",
      ],
    },
    figure: () => towerFigure([
      { index: 0, team: 0, cards: [5, 40] }, { index: 1, team: 1, cards: [17] },
      { index: 2, team: 0, cards: [33] }, { index: 3, team: 1, cards: [48, 9] },
    ], 300),
  },
];
