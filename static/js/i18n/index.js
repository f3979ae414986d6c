// Two languages. The strings are tables per language and namespace, `i18n/<lang>/<namespace>.js`,
// each `export default` and strict JSON (docs/client.md): the lobby's `app` and every error text
// (`err`) load here; a screen, a panel or a game registers its own namespace where it is imported.
// A key belongs to one namespace: a second namespace that brings it is refused, never merged over it.
import enApp from "./en/app.js";
import faApp from "./fa/app.js";
import enErr from "./en/err.js";
import faErr from "./fa/err.js";

const tables = { en: {}, fa: {} };
const owners = new Map();  // key -> the namespace that brought it
const KEY = "dorhami.lang";
const browserLang = (navigator.language || "en").toLowerCase().startsWith("fa") ? "fa" : "en";
let lang = localStorage.getItem(KEY) || browserLang;
let errorGame = null;  // the game whose own wording of an error wins (`err.<code>@<slug>`)
const listeners = new Set();

export function register(namespace, strings) {
  for (const code of Object.keys(tables)) {
    for (const [key, text] of Object.entries(strings[code] || {})) {
      const owner = owners.get(key) ?? namespace;
      if (owner !== namespace) { console.error(`i18n: "${key}" of ${namespace} is already ${owner}'s`); continue; }
      owners.set(key, namespace);
      tables[code][key] = text;
    }
  }
}

register("app", { en: enApp, fa: faApp });
register("err", { en: enErr, fa: faErr });

export function currentLang() { return lang; }

export function setLang(code) {
  lang = code;
  localStorage.setItem(KEY, code);
  applyDocumentLang();
  for (const fn of listeners) fn(code);
}

export function onLangChange(fn) { listeners.add(fn); }

export function applyDocumentLang() {
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === "fa" ? "rtl" : "ltr";
}

const formatter = { fa: new Intl.NumberFormat("fa-IR", { useGrouping: false }), en: new Intl.NumberFormat("en-US", { useGrouping: false }) };

// Numbers in the current language: Persian digits in the Persian UI.
export function num(n) { return typeof n === "number" ? formatter[lang].format(n) : String(n ?? ""); }

// A list joined with "or" or "and": "4, 6 or 8", "۴، ۶ یا ۸"; numbers in the UI's digits. English
// through Intl.ListFormat (British, as all our English: no comma before "or"); Persian keeps our
// own words, since CLDR's Persian pattern adds a comma before «یا» and «و».
export function listText(items, type = "conjunction") {
  const words = items.map((item) => (typeof item === "number" ? num(item) : String(item)));
  if (lang === "en") return new Intl.ListFormat("en-GB", { type }).format(words);
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(t("list_sep"))} ${t(type === "disjunction" ? "list_or" : "list_and")} ${words.at(-1)}`;
}

// `key` for `n` things, through the language's plural rules (Intl.PluralRules): `key.one` ("1 card")
// where the table has that form, else `key` ("{n} cards"; Persian needs one form only).
const pluralRules = { fa: new Intl.PluralRules("fa-IR"), en: new Intl.PluralRules("en-US") };
export function plural(key, n, params = {}) {
  const form = `${key}.${pluralRules[lang].select(n)}`;
  return t(tables[lang][form] == null ? key : form, { n, ...params });
}

// Seconds left on a timer in words: "2 d 3 h" from a day up, "5 h 20 min" from an hour, "1:05" from a minute, else "42 s"; the room's ticker and every
// game's first paint say it the same way, so the first tick changes nothing.
export function timeLeft(left) {
  // A daily game's turn is hours or days: said in its two largest units, not as thousands of minutes.
  if (left >= 86400) return t("days_left", { d: Math.floor(left / 86400), h: Math.floor((left % 86400) / 3600) });
  if (left >= 3600) return t("hours_left", { h: Math.floor(left / 3600), m: Math.floor((left % 3600) / 60) });
  return left >= 60 ? t("minutes_left", { m: Math.floor(left / 60), s: (left % 60 < 10 ? num(0) : "") + num(left % 60) })
    : t("seconds_left", { s: left });
}

export function t(key, params = {}) {
  const text = tables[lang][key] ?? tables.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (typeof params[name] === "number" ? num(params[name]) : params[name] ?? ""));
}

// A room of game `slug` is open (null: none): that game's own wording of an error code comes first.
export function useGameErrors(slug) { errorGame = slug; }

// A server error: our own sentence for a known code, else the server's.
export function errorText(err) {
  const own = (errorGame && tables[lang][`err.${err.code}@${errorGame}`]) || tables[lang][`err.${err.code}`];
  if (own) return own;
  // The server's sentences are English; the Persian UI names the code instead of mixing languages.
  return lang === "en" ? err.message || t("error_generic") : `${t("error_generic")} (${err.code})`;
}
