// The settings dialog's "The app" (install) and "Notifications" sections, imported when the dialog opens
// (the lobby's first visit carries none of it). Notifications: this device on or off (Web Push), the
// player's devices, one switch per notice kind, quiet hours, time zone and calendar, each change saved
// at once with PATCH /api/players/me/settings; what the browser cannot do is said in words.
import { identity } from "./api.js";
import { h } from "./dom.js";
import { currentLang, errorText, register, t } from "./i18n/index.js";
import { canInstall, install, installed, onInstallChange } from "./pwa.js";
import { updateSettings } from "./settings.js";
import * as push from "./push-client.js";
import enNotify from "./i18n/en/notify.js";
import faNotify from "./i18n/fa/notify.js";

register("notify", { en: enNotify, fa: faNotify });

const KINDS = ["turn", "reminder", "invitation", "rematch", "rescue"];
const CALENDARS = ["persian", "gregorian"];
const QUIET_DEFAULT = { start: "22:00", end: "08:00" };
// The server's defaults (fa, Tehran, Solar Hijri): an English player who never chose gets their browser's zone.
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function appSection() {
  const button = h("button", { type: "button", id: "install-app", "aria-describedby": "install-app-help",
    onclick: () => install() }, t("app.install"));
  const section = h("section", { id: "app-install", class: "settings-part", "aria-labelledby": "app-install-title" },
    h("h3", { id: "app-install-title" }, t("app.title")), button,
    h("p", { id: "install-app-help", class: "muted" }, t("app.install.help")));
  const show = () => { section.hidden = !canInstall() || installed(); };
  const stop = onInstallChange(() => (section.isConnected ? show() : stop()));
  show();
  return section;
}

function dateText(ms, prefs) {
  const locale = currentLang() === "fa" ? "fa-IR" : "en-GB";
  // Intl names the Gregorian calendar "gregory"; the server's names are the settings' words.
  const calendar = prefs?.calendar === "gregorian" ? "gregory" : "persian";
  const options = { dateStyle: "long", calendar, timeZone: prefs?.time_zone || undefined };
  try { return new Intl.DateTimeFormat(locale, options).format(ms); } catch { return new Date(ms).toLocaleDateString(); }
}

function check(id, label, attrs = {}) {
  const box = h("input", { type: "checkbox", id, ...attrs });
  return [box, h("div", { class: "setting" }, box, h("label", { for: id }, label))];
}

function field(id, label, control) {
  return h("div", { class: "setting field" }, h("label", { for: id }, label), control);
}

export function notifySection() {
  const section = h("section", { id: "notify", class: "settings-part", "aria-labelledby": "notify-title" },
    h("h3", { id: "notify-title" }, t("notify.title")));
  if (!identity()?.token) {
    section.append(h("p", { id: "notify-signed-out", class: "muted" }, t("notify.signed_out")));
    return section;
  }
  const status = h("p", { id: "notify-status", role: "status", "aria-live": "polite" });
  const say = (text, kind = "info") => { status.textContent = text; status.dataset.kind = kind; };
  const ui = { section, say, prefs: null };
  section.append(deviceSwitch(ui), status, devicesList(ui), preferences(ui));
  loadPreferences(ui);
  return section;
}

function deviceSwitch(ui) {
  const [box, row] = check("notify-device", t("notify.device"), { "aria-describedby": "notify-device-help" });
  const help = h("small", { id: "notify-device-help", class: "muted" });
  row.append(help);
  const describe = () => {
    const blocker = push.pushBlocker();
    box.checked = !!push.savedDevice() && !blocker;
    help.textContent = blocker && !box.checked ? t(`notify.why.${blocker}`) : box.checked ? t("notify.device.on") : t("notify.device.help");
  };
  box.addEventListener("change", async () => {
    // The old in-page notice while the tab is hidden (room/alerts.js) retires: a push would say it twice.
    updateSettings({ notify: false });
    box.disabled = true;
    ui.say(t("notify.working"));
    try {
      if (box.checked) await switchOn(ui);
      else await push.turnOff();
      ui.say("");
    } catch (err) {
      ui.say(err instanceof push.PushUnavailable ? t(`notify.why.${err.reason}`) : errorText(err), "error");
    }
    box.disabled = false;
    describe();
    ui.refreshDevices?.();
  });
  ui.describeDevice = describe;
  describe();
  return row;
}

async function switchOn(ui) {
  await push.turnOn();
  // The notices speak the language this page speaks now, in the player's zone.
  const changes = { lang: currentLang() };
  const prefs = ui.prefs;
  if (prefs && currentLang() === "en" && prefs.time_zone === "Asia/Tehran" && prefs.calendar === "persian" && browserZone() !== "Asia/Tehran") {
    Object.assign(changes, { time_zone: browserZone(), calendar: "gregorian" });
  }
  ui.prefs = await push.saveSettings(changes);
  ui.fill?.(ui.prefs);
}

function devicesList(ui) {
  const list = h("ul", { id: "notify-devices", class: "devices" });
  const box = h("div", { class: "devices-box" }, h("h4", {}, t("notify.devices")), list);
  ui.refreshDevices = async () => {
    let devices;
    try { devices = await push.devices(); } catch (err) { ui.say(errorText(err), "error"); return; }
    const mine = push.savedDevice()?.id;
    list.replaceChildren(...(devices.length ? devices.map((device) => deviceRow(ui, device, device.id === mine))
      : [h("li", { class: "muted" }, t("notify.devices.none"))]));
  };
  ui.refreshDevices();
  return box;
}

function deviceRow(ui, device, mine) {
  const words = t("notify.device_row", { service: device.service, date: dateText(device.created_ms, ui.prefs) });
  const remove = h("button", { type: "button", "aria-label": t("notify.remove_named", { service: device.service }),
    onclick: async () => {
      remove.disabled = true;
      try { await push.removeDevice(device.id); } catch (err) { ui.say(errorText(err), "error"); }
      ui.describeDevice?.();
      await ui.refreshDevices();
    } }, t("notify.remove"));
  return h("li", { dataset: { device: device.id } },
    h("span", {}, words, mine ? ` · ${t("notify.this_device")}` : ""), remove);
}

// The player's notice settings: every control off until the server's values arrive.
function preferences(ui) {
  const kinds = KINDS.map((kind) => check(`notice-${kind}`, t(`notify.kind.${kind}`), { dataset: { kind } }));
  const [quiet, quietRow] = check("notify-quiet", t("notify.quiet"), { "aria-describedby": "notify-quiet-help" });
  quietRow.append(h("small", { id: "notify-quiet-help", class: "muted" }, t("notify.quiet.help")));
  const from = h("input", { type: "time", id: "notify-quiet-from", step: 60 });
  const to = h("input", { type: "time", id: "notify-quiet-to", step: 60 });
  const zone = h("select", { id: "notify-zone" });
  const calendar = h("select", { id: "notify-calendar" });
  const controls = [...kinds.map(([box]) => box), quiet, from, to, zone, calendar];
  ui.controls = controls;
  ui.fill = (prefs) => {
    for (const [box] of kinds) box.checked = prefs.notices?.[box.dataset.kind] !== false;
    quiet.checked = !!prefs.quiet_hours;
    from.value = prefs.quiet_hours?.start ?? QUIET_DEFAULT.start;
    to.value = prefs.quiet_hours?.end ?? QUIET_DEFAULT.end;
    from.disabled = to.disabled = quietTimes.hidden = !quiet.checked;
    zoneOptions(zone, prefs.time_zone);
    calendarOptions(calendar, prefs);
  };
  const quietTimes = h("div", { class: "quiet-times" }, field("notify-quiet-from", t("notify.quiet.from"), from),
    field("notify-quiet-to", t("notify.quiet.to"), to));
  const save = (changes) => savePreferences(ui, changes);
  for (const [box] of kinds) box.addEventListener("change", () => save({ notices: { ...ui.prefs.notices, [box.dataset.kind]: box.checked } }));
  const quietHours = () => (quiet.checked ? { start: from.value, end: to.value } : null);
  quiet.addEventListener("change", () => save({ quiet_hours: quietHours() }));
  for (const input of [from, to]) input.addEventListener("change", () => from.value && to.value && save({ quiet_hours: quietHours() }));
  zone.addEventListener("change", () => save({ time_zone: zone.value }));
  calendar.addEventListener("change", () => save({ calendar: calendar.value }));
  for (const control of controls) control.disabled = true;
  return h("div", { id: "notify-preferences" },
    h("fieldset", { class: "kinds" }, h("legend", {}, t("notify.kinds")), kinds.map(([, row]) => row)),
    quietRow,
    quietTimes,
    field("notify-zone", t("notify.time_zone"), zone),
    field("notify-calendar", t("notify.calendar"), calendar));
}

function zoneOptions(select, current) {
  if (select.options.length) { select.value = current; return; }
  const zones = Intl.supportedValuesOf?.("timeZone") ?? [];
  const all = zones.includes(current) ? zones : [current, ...zones];
  select.append(...all.map((name) => h("option", { value: name }, name.replace(/_/g, " "))));
  select.value = current;
}

// Each calendar named with today's date in it, so the choice shows what it changes.
function calendarOptions(select, prefs) {
  select.replaceChildren(...CALENDARS.map((calendar) => h("option", { value: calendar },
    t("notify.calendar.example", { name: t(`notify.calendar.${calendar}`), date: dateText(Date.now(), { ...prefs, calendar }) }))));
  select.value = prefs.calendar;
}

async function loadPreferences(ui) {
  try {
    ui.prefs = await push.readSettings();
  } catch (err) {
    ui.say(t("notify.load_failed", { error: errorText(err) }), "error");
    ui.section.append(h("button", { type: "button", id: "notify-retry", onclick: (event) => {
      event.currentTarget.remove();
      ui.say("");
      loadPreferences(ui);
    } }, t("notify.retry")));
    return;
  }
  ui.fill(ui.prefs);
  for (const control of ui.controls) if (!control.id.startsWith("notify-quiet-")) control.disabled = false;
  ui.refreshDevices?.();  // the dates in the player's calendar
}

async function savePreferences(ui, changes) {
  try {
    ui.prefs = await push.saveSettings(changes);
    ui.say(t("notify.saved"));
  } catch (err) {
    ui.say(errorText(err), "error");
  }
  ui.fill(ui.prefs);  // what the server holds, also after a refusal
}
