// Times as a player reads them: in their calendar (Solar Hijri or Gregorian) and time zone, as chosen in
// the notification settings (GET /api/players/me/settings), else Persian: Solar Hijri in Tehran, English:
// Gregorian in the browser's zone. Durations ("5 h 20 min left", "2 days ago") in the UI's language.
import { api, identity } from "./api.js";
import { currentLang, t } from "./i18n/index.js";

let prefs = null;  // the signed-in player's {lang, time_zone, calendar}, once read
let asked = null;
const TOLD = "dorhami.prefs-told";  // sessionStorage: the language last told to the server

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
// The server's defaults are Persian ones (Solar Hijri, Tehran): an English page away from Tehran that
// finds them untouched reads them as never chosen.
const untouched = (p) => p.calendar === "persian" && p.time_zone === "Asia/Tehran";

// Read the player's choice once per page; a page that draws before it arrives uses the defaults.
export function loadTimePrefs() {
  if (!identity()?.token) return Promise.resolve(null);
  asked ??= api("GET", "/api/players/me/settings").then((p) => { prefs = p; return p; }).catch(() => null);
  return asked;
}

// Once per visit: the server learns the language this page speaks (and, for English away from Tehran
// with the defaults untouched, the browser's zone and calendar), so a notice reaches the player in them.
export async function tellPrefs() {
  if (!identity()?.token || sessionStorage.getItem(TOLD) === currentLang()) return;
  const p = await loadTimePrefs();
  if (!p) return;
  const changes = p.lang === currentLang() ? {} : { lang: currentLang() };
  if (currentLang() === "en" && untouched(p) && browserZone() !== "Asia/Tehran") {
    Object.assign(changes, { time_zone: browserZone(), calendar: "gregorian" });
  }
  try {
    if (Object.keys(changes).length) prefs = await api("PATCH", "/api/players/me/settings", changes);
    sessionStorage.setItem(TOLD, currentLang());
  } catch { /* the next visit tells it */ }
}

function choice() {
  const fa = currentLang() === "fa";
  const own = prefs && !(currentLang() === "en" && untouched(prefs) && browserZone() !== "Asia/Tehran");
  return {
    calendar: own ? prefs.calendar : (fa ? "persian" : "gregorian"),
    timeZone: own ? prefs.time_zone : (fa ? "Asia/Tehran" : browserZone()),
  };
}

// "Sat 14 Azar, 18:30" / "شنبه ۱۴ آذر، ۱۸:۳۰"; a moment more than half a year away names its year too.
const HALF_YEAR_MS = 183 * 24 * 3600 * 1000;
export function momentText(ms) {
  const { calendar, timeZone } = choice();
  const locale = currentLang() === "fa" ? "fa-IR" : "en-GB";
  try {
    return new Intl.DateTimeFormat(locale, {
      calendar: calendar === "persian" ? "persian" : "gregory", timeZone,
      weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
      year: Math.abs(ms - Date.now()) > HALF_YEAR_MS ? "numeric" : undefined,
    }).format(new Date(ms));
  } catch {
    return new Date(ms).toLocaleString(locale);  // a zone this browser does not know
  }
}

// A span of time in its two largest units: "2 days 3 h", "5 h 20 min", "12 min", "less than a minute".
export function spanText(ms) {
  const minutes = Math.max(0, Math.floor(ms / 60000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days) return hours ? t("span.days_hours", { d: days, h: hours }) : t("span.days", { d: days });
  if (hours) return mins ? t("span.hours_minutes", { h: hours, m: mins }) : t("span.hours", { h: hours });
  return mins ? t("span.minutes", { m: mins }) : t("span.under_minute");
}

