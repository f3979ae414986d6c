// "Your identity" in the settings dialog: protect this guest with a recovery code shown once, or
// restore a protected one in this browser. The code travels only in request bodies, never a URL.
import { api, identity, saveIdentity } from "./api.js";
import { h } from "./dom.js";
import { errorText, plural, t } from "./i18n/index.js";

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
    const line = plural("identity.others", rest.length);
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
