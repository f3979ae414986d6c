// The renderer of each game, loaded when a room of that game opens.
import { currentLang } from "../i18n/index.js";

const TITLES = {
  "double-connect": { en: "Double Connect", fa: "دابل کانکت" },
  "twin-it": { en: "Twin It!", fa: "توین ایت" },
  "camel-up-cards": { en: "Camel Up Cards", fa: "کمل آپ کارتی" },
  "jekyll-vs-hyde": { en: "Jekyll vs. Hyde", fa: "جکیل و هاید" },
  queendomino: { en: "Queendomino", fa: "کویین‌دومینو" },
};

export function gameTitle(slug, fallback) {
  return TITLES[slug]?.[currentLang()] || fallback || slug;
}

const loaded = new Map();

// A game's styles live beside its renderer and load with it, so the lobby carries none of them.
function styles(slug) {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(`../../css/games/${slug}.css`, import.meta.url).href;
    link.onload = link.onerror = resolve;
    document.head.append(link);
  });
}

// A game is a folder: its index.js registers the game's strings and re-exports the parts. A module's
// imports are only seen once it has arrived, so the parts, the string tables and the shared helpers
// (races.js, focus.js, motion.js) are asked for together with index.js, each fetched once: a folder
// costs no round trip more than one file did.
const PARTS = ["table", "log", "art"];
const MORE_PARTS = { "double-connect": ["cards"], "twin-it": ["state", "play", "layout"] };

function files(slug) {
  return [...PARTS, ...(MORE_PARTS[slug] || [])].map((part) => `./${slug}/${part}.js`)
    .concat(`../i18n/en/${slug}.js`, `../i18n/fa/${slug}.js`, "../races.js", "../focus.js", "../motion.js");
}

export async function renderer(slug) {
  if (!loaded.has(slug)) {
    loaded.set(slug, Promise.all([import(`./${slug}/index.js`), styles(slug), ...files(slug).map((file) => import(file))])
      .then(([module]) => module));
  }
  return loaded.get(slug);
}
