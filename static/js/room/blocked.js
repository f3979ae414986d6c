// Your chat hides the lines of the people you blocked (docs/FRIENDS.md): the room's chat history over
// REST leaves them out on the server; the socket's lines, sent to the whole room, are dropped here.
import { api, identity } from "../api.js";

const WAIT_MS = 3000;  // a slow network shows the chat rather than none

// Whom you blocked, read once per room page; the chat waits for it (at most WAIT_MS) before its first line.
function readBlocked() {
  if (!identity()?.token) return Promise.resolve(new Set());
  const read = api("GET", "/api/players/me/blocks").then((found) => new Set(found.blocked.map((b) => b.id)), () => new Set());
  return Promise.race([read, new Promise((done) => { setTimeout(() => done(new Set()), WAIT_MS); })]);
}

// The message as the chat and the bubbles should see it; null for a line of someone you blocked.
export function withoutBlocked(message, blocked) {
  if (message.type === "chat") return blocked.has(message.message.player.id) ? null : message;
  if (message.type === "chat_history") return { ...message, messages: message.messages.filter((line) => !blocked.has(line.player.id)) };
  return message;
}

// The room's parts that show chat lines (the chat, the bubbles), each receiving every socket message as
// before but the lines of people you blocked; chat messages keep their order while the list is read.
export function hidingBlocked(...parts) {
  const blocked = readBlocked();
  return parts.map((part) => ({ ...part, receive: (message) => {
    if (message.type !== "chat" && message.type !== "chat_history") { part.receive(message); return; }
    blocked.then((ids) => { const shown = withoutBlocked(message, ids); if (shown) part.receive(shown); });
  } }));
}
