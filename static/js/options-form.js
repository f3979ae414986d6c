// A game's room options in human units: the lobby card's form (presets first, durations in seconds
// or minutes, the UI's digits, only the options the chosen mode uses, each explained in one line)
// and the room page's summary of a chosen config. Built from `GET /api/games`: `default_config`,
// `config_options` (per key {choices} or {min, max}, with "unit" on durations and "when" on keys
// that matter only in some modes) and `presets`.
import { h } from "./dom.js";
import { num, plural, register, t } from "./i18n/index.js";
import enOptions from "./i18n/en/options.js";
import faOptions from "./i18n/fa/options.js";

// The strings of room options (i18n/<lang>/options.js). `cfg.<key>`: the label (no unit: the form
// shows the unit beside the field); `cfg.<key>.help`: one line on what it does; `cfg.<key>.<value>`:
// one value's name; `cfg.<key>.n` / `.n.one`: a number choice ("{n} cards" / "1 card");
// `cfg.value.<value>`: a value's name for any key. A game whose key means something else than another
// game's same key says so under `cfg.<slug>.<key>...` first.
register("options", { en: enOptions, fa: faOptions });

const MS_PER = { ms: 1, s: 1000, min: 60000 };
const PERSIAN_ZERO = 0x06F0;
const ARABIC_ZERO = 0x0660;
const DIGITS = /[\u06F0-\u06F9\u0660-\u0669]/g; // Persian and Arabic-Indic digits
const DECIMAL_MARK = /[٫.\/]/; // the Persian mark, the ASCII point, and the slash Persian keyboards often use for it
let formCount = 0;

// -- reading the engine's description ---------------------------------------------------------

const same = (a, b) => a === b;

// The keys in the rules table's order (default_config), those the form may set.
function optionKeys(game) {
  return Object.keys(game.default_config).filter((key) => key in game.config_options);
}

// Whether `key` matters under `config`: every gate of its "when" holds, a gate that is itself out
// of play counting as its default (so Double Connect's start_slots shows in solo).
function inPlay(game, config, key, depth = 0) {
  const when = game.config_options[key]?.when || {};
  return depth < 8 && Object.entries(when).every(([gate, values]) => {
    const value = inPlay(game, config, gate, depth + 1) ? config[gate] : game.default_config[gate];
    return values.some((allowed) => same(allowed, value));
  });
}

// The keys some other key's "when" reads: the switches the summary always names (the mode...).
function gateKeys(game) {
  return new Set(Object.values(game.config_options).flatMap((option) => Object.keys(option.when || {})));
}

// The config a form sends: keys out of play carry their defaults.
function effectiveConfig(game, values) {
  const full = { ...game.default_config, ...values };
  const sent = (key) => (inPlay(game, full, key) ? full[key] : game.default_config[key]);
  return Object.fromEntries(optionKeys(game).map((key) => [key, sent(key)]));
}

// -- words --------------------------------------------------------------------------------------

// The string key for a key's phrase: the game's own (`cfg.<slug>.<key>…`) before the shared one.
function phraseKey(game, key, suffix = "") {
  return [`cfg.${game.slug}.${key}${suffix}`, `cfg.${key}${suffix}`].find((name) => t(name) !== name) || null;
}

function labelOf(game, key) {
  const name = phraseKey(game, key);
  return name ? t(name) : key;
}

// "{n} seconds", or its `.one` form for one where the language has it ("1 second").
function count(name, n) {
  return plural(name, n);
}

// A duration in words: "45 seconds", "5 minutes", "1 minute 30 seconds".
function durationText(ms) {
  const seconds = ms / 1000;
  if (seconds >= 60 && seconds % 60 === 0) return count("cfg.minutes", seconds / 60);
  if (seconds > 60 && Number.isInteger(seconds)) {
    const [m, s] = [count("cfg.minutes", Math.floor(seconds / 60)), count("cfg.seconds", seconds % 60)];
    return t("cfg.minutes_seconds", { m, s });
  }
  return count("cfg.seconds", seconds);
}

// One value of one key in words: its own name, a duration, a counted noun, a shared name, a number.
function valueName(game, key, value) {
  const own = phraseKey(game, key, `.${value}`);
  if (own) return t(own);
  const option = game.config_options[key] || {};
  if (typeof value === "number" && option.unit) return durationText(value * MS_PER[option.unit]);
  const noun = typeof value === "number" && phraseKey(game, key, ".n");
  if (noun) return count(noun, value);
  if (t(`cfg.value.${value}`) !== `cfg.value.${value}`) return t(`cfg.value.${value}`);
  return num(value);
}

function presetLabel(name) {
  return t(`cfg.preset.${name}`) === `cfg.preset.${name}` ? name : t(`cfg.preset.${name}`);
}

// -- typed numbers ------------------------------------------------------------------------------

// A number typed with Persian, Arabic-Indic or ASCII digits (and a decimal mark), else NaN.
function parseNumber(text) {
  const ascii = String(text).replace(/[\s\u066C\u200C\u200F\u200E]/g, "")
    .replace(DIGITS, (d) => String(d.charCodeAt(0) - (d.charCodeAt(0) >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_ZERO)))
    .replace(DECIMAL_MARK, ".");
  return /^(\d+\.?\d*|\.\d+)$/.test(ascii) ? Number(ascii) : NaN;
}

// Durations are typed in minutes when even the shortest allowed one is a minute, else in seconds.
function shownUnit(option) {
  if (!option.unit) return null;
  return option.min * MS_PER[option.unit] >= MS_PER.min ? "min" : "s";
}

// -- fields -------------------------------------------------------------------------------------

// A text field for a range (a phone shows digits in the UI's script; type="number" would not).
// `get()` is the engine's value: the typed number times the unit, rounded and kept in range.
function rangeField(key, option, id, describedBy) {
  const unit = shownUnit(option);
  const scale = unit ? MS_PER[unit] / MS_PER[option.unit] : 1; // engine units per typed unit
  const input = h("input", {
    id, type: "text", inputmode: scale > 1 ? "decimal" : "numeric", autocomplete: "off", size: 5,
    dataset: { key, scale }, "aria-describedby": describedBy,
  });
  let value = null;
  let shownText = "";
  const typed = () => {
    const number = parseNumber(input.value);
    return Number.isNaN(number) ? null : Math.round(number * scale);
  };
  const inRange = (v) => v !== null && v >= option.min && v <= option.max;
  const set = (v) => { value = v; input.value = shownText = num(v / scale); input.removeAttribute("aria-invalid"); };
  const get = () => {
    if (input.value === shownText) return value;
    const v = typed();
    return v === null ? value : Math.min(option.max, Math.max(option.min, v));
  };
  input.addEventListener("input", () => input.setAttribute("aria-invalid", String(!inRange(typed()))));
  input.addEventListener("change", () => set(get())); // show what will be sent, in the UI's digits
  const range = t("cfg.range", { min: num(option.min / scale), max: num(option.max / scale) });
  return { control: input, unit, get, set, range: unit ? `${range} ${t(`cfg.unit.${unit}`)}` : range };
}

function choiceField(game, key, option, id, describedBy) {
  const select = h("select", { id, dataset: { key }, "aria-describedby": describedBy },
    option.choices.map((value, i) => h("option", { value: String(i) }, valueName(game, key, value))));
  return {
    control: select, unit: null, range: null,
    get: () => option.choices[Number(select.value)],
    set: (v) => { select.value = String(Math.max(0, option.choices.findIndex((c) => same(c, v)))); },
  };
}

// One labelled field with its one-line explanation (and unit) tied to the control.
function field(game, key, prefix) {
  const option = game.config_options[key];
  const id = `${prefix}-${key}`;
  const helpId = `${id}-help`;
  const unitId = `${id}-unit`;
  const describedBy = shownUnit(option) && !option.choices ? `${unitId} ${helpId}` : helpId;
  const built = option.choices ? choiceField(game, key, option, id, describedBy)
    : rangeField(key, option, id, describedBy);
  const help = phraseKey(game, key, ".help");
  const helpText = [help && t(help), built.range && `(${built.range})`].filter(Boolean).join(" ");
  // A select sits straight in the row (the lobby's `.option select` rule sizes it); a typed number
  // keeps its unit word beside it.
  const control = built.unit
    ? h("span", { class: "option-input" }, built.control,
      h("span", { class: "option-unit", id: unitId }, t(`cfg.unit.${built.unit}`)))
    : built.control;
  const element = h("div", { class: "option-field", dataset: { option: key } },
    h("div", { class: "option" }, h("label", { for: id }, labelOf(game, key)), control),
    h("small", { id: helpId, class: "muted" }, helpText));
  return { key, element, get: built.get, set: built.set };
}

// The preset picker: "Standard" (the defaults), the game's presets, and "Custom" once a field differs.
function presetField(game, prefix, onPick) {
  const names = Object.keys(game.presets || {});
  const id = `preset-${game.slug}`;
  const helpId = `${prefix}-preset-help`;
  const custom = h("option", { value: "custom", disabled: true, hidden: true }, t("cfg.preset.custom"));
  const select = h("select", { id, "aria-describedby": helpId, onchange: () => onPick(select.value) },
    h("option", { value: "" }, t("cfg.preset.none")),
    names.map((name) => h("option", { value: name }, presetLabel(name))), custom);
  const element = h("div", { class: "option-field preset" },
    h("div", { class: "option" }, h("label", { for: id }, t("cfg.preset")), select),
    h("small", { id: helpId, class: "muted" }, t("cfg.preset.help")));
  // Show which preset the fields now match, or "Custom".
  const show = (config) => {
    const match = ["", ...names].find((name) => sameConfig(game, config, presetConfig(game, name)));
    custom.hidden = match !== undefined;
    select.value = match ?? "custom";
  };
  return { element, show };
}

function presetConfig(game, name) {
  return effectiveConfig(game, name ? game.presets[name] : {});
}

function sameConfig(game, a, b) {
  return optionKeys(game).every((key) => same(a[key], b[key]));
}

// -- the exports --------------------------------------------------------------------------------

// The options form of one game: `element` (a closed <details>, or null when the game has no
// options), `config()` (the full config to create the room with, in the engine's units) and
// `applyPreset(name)`. It starts at the defaults, or at `start` (e.g. the config of the form it
// replaces after a language switch).
export function optionsForm(game, start = null) {
  const keys = optionKeys(game);
  if (!keys.length) return { element: null, config: () => ({}), applyPreset: () => {} };
  const prefix = `cfg-${game.slug}-${++formCount}`;
  const fields = keys.map((key) => field(game, key, prefix));
  const values = () => Object.fromEntries(fields.map((f) => [f.key, f.get()]));
  const config = () => effectiveConfig(game, values());

  // Only the options of the chosen mode are shown; the rest keep (and send) their defaults.
  function refresh() {
    const current = { ...game.default_config, ...values() };
    for (const f of fields) f.element.hidden = !inPlay(game, current, f.key);
    presets?.show(config());
  }
  function fill(chosen) {
    for (const f of fields) f.set(chosen[f.key]);
    refresh();
  }
  // A preset is the defaults with its own values on top (rules: "all other keys keep their defaults").
  function applyPreset(name) {
    fill(presetConfig(game, game.presets?.[name] ? name : ""));
  }

  const presets = Object.keys(game.presets || {}).length ? presetField(game, prefix, applyPreset) : null;
  const element = h("details", { class: "options", dataset: { optionsFor: game.slug } },
    h("summary", {}, t("config")), presets?.element, fields.map((f) => f.element));
  element.addEventListener("change", refresh);
  // While a number is typed (selects report on "change", the preset picker first of all).
  element.addEventListener("input", (event) => { if (event.target.tagName === "INPUT") presets?.show(config()); });
  fill(effectiveConfig(game, start || {}));
  return { element, config, applyPreset };
}

// The presets `config` follows exactly, by name (e.g. ["classic"]); [] for the defaults or a custom set.
export function applyPresetNames(game, config) {
  const full = effectiveConfig(game, config || {});
  return Object.keys(game.presets || {}).filter((name) => sameConfig(game, full, presetConfig(game, name)));
}

// Short plain-language lines for the room page, in the current language: the preset, the mode-like
// switches, and every option in play that differs from the default ("Mode: Teams", "Turn clock: 30 seconds").
export function optionsSummary(game, config) {
  const full = { ...game.default_config, ...(config || {}) };
  const gates = gateKeys(game);
  // The pace gates the rules' clocks, but a live room is the norm: it is named only when it is daily.
  gates.delete("pace");
  const line = (label, value) => t("cfg.summary_line", { label, value });
  const lines = applyPresetNames(game, full).map((name) => line(t("cfg.preset"), presetLabel(name)));
  for (const key of optionKeys(game)) {
    if (!inPlay(game, full, key)) continue;
    if (gates.has(key) || !same(full[key], game.default_config[key])) {
      lines.push(line(labelOf(game, key), valueName(game, key, full[key])));
    }
  }
  return lines;
}
