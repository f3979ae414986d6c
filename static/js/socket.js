// The room socket: hello, reconnect with back-off, clock sync and the player's ping by ping/pong,
// the server's own probes answered at once, actions with client_seq, and state patches applied to
// the last state (patches.js): the room's page sees only whole `state` messages.
//
// A socket counts as connected only once the server has served it the room (its first `room`
// message): one the server accepts and then closes (1013, while a table moves between processes)
// is still a reconnect, and the back-off goes on growing. A link can also die without a close (a
// tunnel, a network switch, the phone offline): when nothing at all has arrived for SILENT_MS
// (pongs missed), or the browser says it is offline, the socket is given up and another tried.
import { applyPatch } from "./patches.js";

const PING_EVERY_MS = 2000;     // two pings missed in SILENT_MS: a dead link shows within 5 s
const FIRST_PINGS = 4;          // after connecting, a few quick pings so the figure shows soon
const FIRST_PING_GAP_MS = 500;
const RTT_SAMPLES = 10;         // the ping shown is the least of the latest ten round trips
const SILENT_MS = 4000;         // nothing heard this long on a served socket: its link is dead
const SERVE_WITHIN_MS = 10000;  // a socket not served the room by then is given up
const WATCH_EVERY_MS = 500;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 8000;

const now = () => performance.timeOrigin + performance.now();
// The parts of a state message that are not its body: a patch brings its own.
const ENVELOPE = ["type", "version", "events"];
// The page gets a copy of each state: the next patch starts from the one kept here, which nothing
// a renderer does to its view (a sort in place, say) may change.
const copy = (value) => (globalThis.structuredClone ? structuredClone(value) : JSON.parse(JSON.stringify(value)));

export class RoomSocket {
  constructor(code, token, onMessage, onStatus, onPing = () => {}) {
    this.code = code;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onPing = onPing;
    this.offset = 0;   // server time minus local time, ms
    this.rtt = null;
    this.rtts = [];    // the latest round trips of this connection, ms
    // Unique across page reloads, so a resend is recognised and a new action never is.
    this.seq = Date.now() * 1000;
    this.pending = new Map();
    this.attempt = 0;     // attempts since a socket was last served; the back-off grows with it
    this.served = false;  // whether the current socket has been served the room
    this.retry = null;    // the timer of the next attempt, while one waits
    this.closed = false;
    this.onOnline = () => this.connectNow();
    this.onOffline = () => this.lost();
    addEventListener("online", this.onOnline);
    addEventListener("offline", this.onOffline);
    this.watcher = setInterval(() => this.watch(), WATCH_EVERY_MS);
    this.connect();
  }

  connect() {
    clearTimeout(this.retry);
    this.retry = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.served = false;
    this.state = null;  // the last whole state of this socket, which the next patch starts from
    this.openedAt = this.heardAt = now();
    this.onStatus(this.attempt ? this.downStatus() : "connecting");
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token || null }));
      this.startPinging();
    };
    ws.onmessage = (event) => {
      this.heardAt = now();
      this.receive(JSON.parse(event.data));
    };
    ws.onclose = (event) => {
      this.stopPinging();
      if (this.closed) return;
      if (event.code === 4404) { this.onStatus("not_found"); return; }
      if (event.code === 4409) { this.onStatus("too_many_tabs"); return; }  // another tab is the way in
      // The token opens no session any more (ended from another browser, or expired): retrying cannot help.
      if (event.code === 4401) { this.onStatus("signed_out"); return; }
      this.retryLater();
    };
  }

  downStatus() { return navigator.onLine === false ? "offline" : "reconnecting"; }

  // The first room on this socket: now it is connected, its back-off starts afresh, and whatever was
  // sent and not answered before the drop is sent again (the server answers a client_seq once).
  serve() {
    this.served = true;
    this.attempt = 0;
    this.onStatus("connected");
    for (const message of this.pending.values()) this.ws.send(JSON.stringify(message));
  }

  // A socket that went quiet (pongs missed), or was never served, is given up.
  watch() {
    if (this.closed || this.retry) return;
    const dead = this.served ? now() - this.heardAt > SILENT_MS : now() - this.openedAt > SERVE_WITHIN_MS;
    if (dead) this.lost();
  }

  // The link is gone without a close we could wait for: drop the socket (its late frames too) and retry.
  lost() {
    if (this.closed || this.retry) return;
    this.drop(this.ws);
    this.retryLater();
  }

  // Full jitter: the players of a server that restarted do not all come back at one instant.
  retryLater() {
    this.served = false;
    this.attempt += 1;
    this.onStatus(this.downStatus());
    const wait = Math.random() * Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
    this.retry = setTimeout(() => this.connect(), wait);
  }

  // The browser has a network again: no need to wait out the back-off, nor an attempt begun while
  // offline (it would only fail and wait longer).
  connectNow() {
    if (this.closed || this.served) return;
    if (!this.retry) this.drop(this.ws);
    this.connect();
  }

  // Forget a socket: its late frames and its close are no news any more.
  drop(ws) {
    ws.onopen = ws.onmessage = ws.onclose = null;
    this.stopPinging();
    ws.close();
  }

  receive(message) {
    switch (message.type) {
      case "pong": {
        if (typeof message.client_time !== "number") return;
        this.rtt = now() - message.client_time;
        this.offset = message.server_time - (message.client_time + this.rtt / 2);
        this.rtts = [...this.rtts, this.rtt].slice(-RTT_SAMPLES);
        this.onPing(this.pingMs());
        return;
      }
      case "ping":
        // The server's probe (it measures this connection, and its liveness): the same id back.
        this.send({ type: "pong", id: message.id });
        return;
      case "ack":
      case "error":
        if (message.client_seq != null) {
          const resolve = this.pending.get(message.client_seq)?.resolve;
          this.pending.delete(message.client_seq);
          resolve?.(message);
        }
        this.onMessage(message);
        return;
      case "room":
        this.onMessage(message);
        if (!this.served) this.serve();
        return;
      case "state":
        this.state = message;
        this.onMessage(copy(message));
        return;
      case "patch":
        this.patched(message);
        return;
      case "history":
      case "chat":
      case "chat_history":
        this.onMessage(message);
        return;
      default:
        throw new Error(`unknown message type ${message.type}`);
    }
  }

  // A patch applies to the version before it only. Without that version (which the server never
  // sends, but a bug might), the socket starts afresh: a new one begins with a full state.
  patched(message) {
    const held = this.state;
    let body;
    try {
      if (!held || message.version !== held.version + 1) throw new Error(`no version ${message.version - 1} to patch`);
      const base = Object.fromEntries(Object.entries(held).filter(([key]) => !ENVELOPE.includes(key)));
      body = applyPatch(base, message.ops);
    } catch (err) {
      console.error(err);
      this.lost();
      return;
    }
    this.state = { type: "state", version: message.version, ...body, events: message.events };
    this.onMessage(copy(this.state));
  }

  ping() {
    if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "ping", client_time: now() }));
    }
  }

  // A new connection may take another route: its ping starts afresh, quickly at first.
  startPinging() {
    this.stopPinging();
    this.rtts = [];
    this.onPing(null);
    this.ping();
    let quick = 1;
    this.pinger = setInterval(() => {
      this.ping();
      if (++quick < FIRST_PINGS) return;
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.ping(), PING_EVERY_MS);
    }, FIRST_PING_GAP_MS);
  }

  stopPinging() { clearInterval(this.pinger); }

  // The player's ping: the least round trip of the latest ten (queues and hiccups only add), or null.
  pingMs() { return this.rtts.length ? Math.round(Math.min(...this.rtts)) : null; }

  // Whether an action sent now goes out now (else it waits for the next served socket).
  get live() { return this.served; }

  // Send one action; resolves with the server's ack or error. Without a served socket it waits, and
  // goes out once, on the next one.
  act(action) {
    const client_seq = ++this.seq;
    const message = { type: "action", action, client_seq };
    return new Promise((resolve) => {
      this.pending.set(client_seq, { ...message, resolve });
      if (this.served) this.ws.send(JSON.stringify(message));
    });
  }

  // A message that needs no answer (e.g. the page's visibility); dropped while disconnected.
  send(message) {
    if (!this.served || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  serverNow() { return Date.now() + this.offset; }

  close() {
    this.closed = true;
    this.stopPinging();
    clearInterval(this.watcher);
    clearTimeout(this.retry);
    removeEventListener("online", this.onOnline);
    removeEventListener("offline", this.onOffline);
    this.ws.close();
  }
}
