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

export async function renderer(slug) {
  if (!loaded.has(slug)) loaded.set(slug, import(`./${slug}.js`));
  return loaded.get(slug);
}
