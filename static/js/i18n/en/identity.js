export default {
  "identity.title": "Your identity",
  "identity.none": "You have no identity in this browser yet: type a name in the lobby, or restore one below.",
  "identity.protected": "A recovery code protects {name}.",
  "identity.unprotected": "Only this browser knows {name}. Keep a recovery code to play as {name} on another device.",
  "identity.make": "Get a recovery code",
  "identity.replace": "Replace the recovery code",
  "identity.replace_note": "A new code also signs out every other browser playing as you; they can restore with the new code.",
  "identity.others.one": "1 other browser also plays as you.",
  "identity.others": "{n} other browsers also play as you.",
  "identity.sign_out_others": "Sign out the other browsers",
  "identity.signed_out_others": "The other browsers are signed out.",
  "identity.shown_once": "Write this code down or keep it somewhere safe: it is shown only now. Anyone with it can play as you.",
  "identity.copy": "Copy the code",
  "identity.copied": "Code copied",
  "identity.restore_label": "Recovery code from another browser",
  "identity.restore": "Restore",
  "identity.restored": "Welcome back, {name}. This browser now plays as you."
};
