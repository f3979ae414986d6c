// "Your identity" in the settings dialog: protect this guest with a recovery code shown once, or
// restore a protected one in this browser. The code travels only in request bodies, never a URL.
import { api, identity, saveIdentity } from "./api.js";
import { h } from "./dom.js";
import { errorText, extend, t } from "./i18n/index.js";

extend({
  en: {
    "identity.title": "Your identity",
    "identity.none": "You have no identity in this browser yet: type a name in the lobby, or restore one below.",
    "identity.protected": "A recovery code protects {name}.",
    "identity.unprotected": "Only this browser knows {name}. Keep a recovery code to play as {name} on another device.",
    "identity.make": "Get a recovery code",
    "identity.replace": "Replace the recovery code",
    "identity.replace_note": "A new code also signs out every other browser playing as you; they can restore with the new code.",
    "identity.others_one": "1 other browser also plays as you.",
    "identity.others_many": "{n} other browsers also play as you.",
    "identity.sign_out_others": "Sign out the other browsers",
    "identity.signed_out_others": "The other browsers are signed out.",
    "identity.shown_once": "Write this code down or keep it somewhere safe: it is shown only now. Anyone with it can play as you.",
    "identity.copy": "Copy the code",
    "identity.copied": "Code copied",
    "identity.restore_label": "Recovery code from another browser",
    "identity.restore": "Restore",
    "identity.restored": "Welcome back, {name}. This browser now plays as you.",
    "err.invalid_recovery_code": "That recovery code belongs to no player. Check it and try again.",
  },
  fa: {
    "identity.title": "هویت شما",
    "identity.none": "هنوز در این مرورگر هویتی ندارید: در صفحهٔ اصلی نامی بنویسید یا در پایین هویتی را بازیابی کنید.",
    "identity.protected": "یک کد بازیابی از {name} محافظت می‌کند.",
    "identity.unprotected": "فقط این مرورگر {name} را می‌شناسد. با یک کد بازیابی می‌توانید در دستگاه دیگری هم {name} باشید.",
    "identity.make": "گرفتن کد بازیابی",
    "identity.replace": "عوض کردن کد بازیابی",
    "identity.replace_note": "کد تازه همه‌ی مرورگرهای دیگری را هم که به نام شما بازی می‌کنند بیرون می‌کند؛ آن‌ها می‌توانند با کد تازه بازیابی کنند.",
    "identity.others_one": "۱ مرورگر دیگر هم به نام شما بازی می‌کند.",
    "identity.others_many": "{n} مرورگر دیگر هم به نام شما بازی می‌کنند.",
    "identity.sign_out_others": "بیرون کردن مرورگرهای دیگر",
    "identity.signed_out_others": "مرورگرهای دیگر بیرون شدند.",
    "identity.shown_once": "این کد را یادداشت کنید یا جای امنی نگه دارید: فقط همین حالا نشان داده می‌شود. هر کس آن را داشته باشد می‌تواند به جای شما بازی کند.",
    "identity.copy": "کپی کد",
    "identity.copied": "کد کپی شد",
    "identity.restore_label": "کد بازیابی از مرورگر دیگر",
    "identity.restore": "بازیابی",
    "identity.restored": "خوش برگشتید، {name}. این مرورگر حالا به نام شما بازی می‌کند.",
    "err.invalid_recovery_code": "این کد بازیابی مال هیچ بازیکنی نیست. آن را بررسی کنید و دوباره امتحان کنید.",
  },
});

export function identityPanel() {
  const status = h("p", { id: "identity-status" });
  const result = h("div", { id: "identity-result", "aria-live": "polite" });
  const makeButton = h("button", { type: "button", id: "identity-make", onclick: makeCode }, t("identity.make"));
  const note = h("p", { id: "identity-replace-note", class: "muted", hidden: true }, t("identity.replace_note"));
  const others = h("div", { id: "identity-others", "aria-live": "polite" });
  const section = h("section", { id: "identity", "aria-labelledby": "identity-title" },
    h("h3", { id: "identity-title" }, t("identity.title")), status, makeButton, note, result, others, restoreForm());

  async function describe() {
    const me = identity();
    makeButton.hidden = !me?.token;
    if (!me?.token) { status.textContent = t("identity.none"); return; }
    status.textContent = t("identity.unprotected", { name: me.name });
    makeButton.textContent = t("identity.make");
    try {
      const info = await api("GET", "/api/players/me");
      note.hidden = !info.protected;
      if (info.protected) {
        status.textContent = t("identity.protected", { name: info.name });
        makeButton.textContent = t("identity.replace");
      }
      await describeOthers();
    } catch { /* offline: the line above still holds */ }
  }

  // The other sessions of this identity (browsers a recovery code restored it in), and a way to end them.
  async function describeOthers() {
    const { sessions } = await api("GET", "/api/players/me/sessions");
    const rest = sessions.filter((s) => !s.current);
    if (!rest.length) { others.replaceChildren(); return; }
    const line = rest.length === 1 ? t("identity.others_one") : t("identity.others_many", { n: rest.length });
    const end = h("button", { type: "button", id: "identity-sign-out-others", onclick: async () => {
      end.disabled = true;
      try {
        for (const session of rest) await api("DELETE", `/api/players/me/sessions/${session.id}`);
        others.replaceChildren(h("p", {}, t("identity.signed_out_others")));
      } catch (err) {
        others.replaceChildren(h("p", { role: "alert" }, errorText(err)));
      }
    } }, t("identity.sign_out_others"));
    others.replaceChildren(h("p", {}, line), end);
  }

  async function makeCode() {
    makeButton.disabled = true;
    try {
      const { code } = await api("POST", "/api/players/me/recovery");
      const shown = h("output", { id: "identity-code", class: "recovery-code", dir: "ltr" }, code);
      const copy = h("button", { type: "button", id: "identity-copy", onclick: async () => {
        try { await navigator.clipboard.writeText(code); copy.textContent = t("identity.copied"); } catch { /* select it by hand */ }
      } }, t("identity.copy"));
      result.replaceChildren(h("p", { class: "warning" }, t("identity.shown_once")), shown, copy);
      copy.focus();  // at once, with the code: the status line below is refreshed from the server after
      await describe();
    } catch (err) {
      result.replaceChildren(h("p", { role: "alert" }, errorText(err)));
    } finally {
      makeButton.disabled = false;
    }
  }

  function restoreForm() {
    const input = h("input", { id: "identity-code-input", type: "text", autocomplete: "off", spellcheck: "false",
      autocapitalize: "characters", maxlength: 64, dir: "ltr", required: true });
    const answer = h("p", { id: "identity-restore-answer", "aria-live": "polite" });
    const form = h("form", { id: "identity-restore", onsubmit: async (event) => {
      event.preventDefault();
      try {
        const player = await api("POST", "/api/players/restore", { code: input.value });
        saveIdentity({ id: player.id, name: player.name, token: player.token });
        input.value = "";
        answer.textContent = t("identity.restored", { name: player.name });
        result.replaceChildren();
        await describe();
      } catch (err) {
        answer.textContent = errorText(err);
      }
    } },
    h("label", { for: "identity-code-input" }, t("identity.restore_label")), input,
    h("button", { type: "submit", id: "identity-restore-button" }, t("identity.restore")), answer);
    return form;
  }

  describe();
  return section;
}
