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

export async function renderer(slug) {
  if (!loaded.has(slug)) loaded.set(slug, Promise.all([import(`./${slug}/index.js`), styles(slug)]).then(([module]) => module));
  return loaded.get(slug);
}
