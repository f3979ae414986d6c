// The settings dialog: sound, vibration, reduced motion, high contrast with patterns, notifications,
// and keeping your identity with a recovery code.
import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { settings, updateSettings } from "./settings.js";
import { askNotificationPermission } from "./room/alerts.js";
import { identityPanel } from "./identity-panel.js";

const SWITCHES = ["sound", "vibrate", "reducedMotion", "contrast", "notify"];

function toggle(key) {
  const id = `setting-${key}`;
  const box = h("input", { type: "checkbox", id, checked: settings()[key], "aria-describedby": `${id}-help`,
    onchange: async () => {
      // A notification needs the browser's permission, asked only now, when the player turns it on.
      if (key === "notify" && box.checked && !(await askNotificationPermission())) box.checked = false;
      updateSettings({ [key]: box.checked });
    } });
  return h("div", { class: "setting" }, box, h("label", { for: id }, t(`setting.${key}`)),
    h("small", { id: `${id}-help`, class: "muted" }, t(`setting.${key}.help`)));
}

export function openSettings() {
  document.getElementById("settings-dialog")?.remove();
  const dialog = h("dialog", { id: "settings-dialog", class: "card", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, t("settings")),
    SWITCHES.map(toggle),
    identityPanel(),
    h("form", { method: "dialog" }, h("button", { class: "primary", id: "settings-close" }, t("close"))));
  dialog.addEventListener("close", () => { dialog.remove(); document.getElementById("settings")?.focus(); });
  document.body.append(dialog);
  dialog.showModal();
}
