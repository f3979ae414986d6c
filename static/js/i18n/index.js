// Two languages; each game renderer adds its own strings with `extend`.
import en from "./en.js";
import fa from "./fa.js";

const tables = { en: { ...en }, fa: { ...fa } };
const KEY = "dorhami.lang";
const browserLang = (navigator.language || "en").toLowerCase().startsWith("fa") ? "fa" : "en";
let lang = localStorage.getItem(KEY) || browserLang;
const listeners = new Set();

export function extend(strings) {
  for (const code of Object.keys(tables)) Object.assign(tables[code], strings[code] || {});
}

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

export function t(key, params = {}) {
  const text = tables[lang][key] ?? tables.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (typeof params[name] === "number" ? num(params[name]) : params[name] ?? ""));
}

// A server error: our own sentence for a known code, else the server's.
export function errorText(err) {
  const own = tables[lang][`err.${err.code}`];
  if (own) return own;
  // The server's sentences are English; the Persian UI names the code instead of mixing languages.
  return lang === "en" ? err.message || t("error_generic") : `${t("error_generic")} (${err.code})`;
}
