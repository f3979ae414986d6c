// The settings dialog: sound (on or muted) and its volume, vibration, reduced motion, high contrast
// with patterns, installing the app, notifications (js/notify-settings.js, loaded when the dialog opens),
// and keeping your identity with a recovery code.
import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { settings, updateSettings } from "./settings.js";
import { identityPanel } from "./identity-panel.js";

// Notifications are the Notifications section's (Web Push to this device, js/notify-settings.js), which
// replaced the switch for a page notification while the tab is hidden.
const SWITCHES = ["sound", "vibrate", "reducedMotion", "contrast"];

// The volume in words as well as digits: "Quiet (30%)".
function volumeWords(volume) {
  const level = volume === 0 ? "silent" : volume <= 30 ? "quiet" : volume <= 70 ? "medium" : "loud";
  return t("setting.volume.words", { level: t(`setting.volume.${level}`), n: volume });
}

// A sample at the level just chosen. The synth is fetched only then: the lobby's first visit carries none of it.
const preview = () => import("./room/sound.js").then((sound) => sound.preview());

// The slider sets every sound's volume; letting go of it plays a sample.
function volumeSlider() {
  const id = "setting-volume";
  const words = h("output", { id: `${id}-words`, for: id, class: "muted" });
  const show = () => {
    words.textContent = volumeWords(Number(slider.value));
    slider.setAttribute("aria-valuetext", words.textContent);
  };
  const slider = h("input", { type: "range", id, min: 0, max: 100, step: 10, value: settings().volume,
    oninput: () => { show(); updateSettings({ volume: Number(slider.value) }); },
    onchange: preview });
  show();
  return h("div", { class: "setting volume" }, h("label", { for: id }, t("setting.volume")), slider, words);
}

function toggle(key) {
  const id = `setting-${key}`;
  const box = h("input", { type: "checkbox", id, checked: settings()[key], "aria-describedby": `${id}-help`,
    onchange: () => {
      updateSettings({ [key]: box.checked });
      if (key === "sound" && box.checked) preview();
    } });
  return h("div", { class: "setting" }, box, h("label", { for: id }, t(`setting.${key}`)),
    h("small", { id: `${id}-help`, class: "muted" }, t(`setting.${key}.help`)));
}

// A part drawn by js/notify-settings.js, fetched only now that the dialog is open.
function laterPart(id, name) {
  const slot = h("div", { id });
  import("./notify-settings.js").then((module) => { if (slot.isConnected) slot.replaceChildren(module[name]()); })
    .catch(() => { /* offline before the part arrived: the other settings still work */ });
  return slot;
}

export function openSettings() {
  document.getElementById("settings-dialog")?.remove();
  const dialog = h("dialog", { id: "settings-dialog", class: "card", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, t("settings")),
    SWITCHES.map((key) => (key === "sound" ? [toggle(key), volumeSlider()] : toggle(key))),
    laterPart("app-install-slot", "appSection"),
    laterPart("notify-slot", "notifySection"),
    identityPanel(),
    h("form", { method: "dialog" }, h("button", { class: "primary", id: "settings-close" }, t("close"))));
  dialog.addEventListener("close", () => { dialog.remove(); document.getElementById("settings")?.focus(); });
  document.body.append(dialog);
  dialog.showModal();
}
