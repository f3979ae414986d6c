// The room socket: hello, reconnect with back-off, clock sync and the player's ping by ping/pong,
// the server's own probes answered at once, actions with client_seq.
const PING_EVERY_MS = 5000;
const FIRST_PINGS = 4;          // after connecting, a few quick pings so the figure shows soon
const FIRST_PING_GAP_MS = 500;
const RTT_SAMPLES = 10;         // the ping shown is the least of the latest ten round trips

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
    this.attempt = 0;
    this.closed = false;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.onStatus(this.attempt ? "reconnecting" : "connecting");
    ws.onopen = () => {
      this.attempt = 0;
      ws.send(JSON.stringify({ type: "hello", token: this.token || null }));
      this.onStatus("connected");
      this.startPinging();
      // Whatever was sent and not answered before the drop is sent again; the server answers once.
      for (const message of this.pending.values()) ws.send(JSON.stringify(message));
    };
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = (event) => {
      this.stopPinging();
      if (this.closed) return;
      if (event.code === 4404) { this.onStatus("not_found"); return; }
      if (event.code === 4409) { this.onStatus("too_many_tabs"); return; }  // another tab is the way in
      // The token opens no session any more (ended from another browser, or expired): retrying cannot help.
      if (event.code === 4401) { this.onStatus("signed_out"); return; }
      this.attempt += 1;
      this.onStatus("reconnecting");
      setTimeout(() => this.connect(), Math.min(8000, 250 * 2 ** this.attempt));
    };
  }

  receive(message) {
    switch (message.type) {
      case "pong": {
        if (typeof message.client_time !== "number") return;
        const now = performance.timeOrigin + performance.now();
        this.rtt = now - message.client_time;
        this.offset = message.server_time - (message.client_time + this.rtt / 2);
        this.rtts = [...this.rtts, this.rtt].slice(-RTT_SAMPLES);
        this.onPing(this.pingMs());
        return;
      }
      case "ping":
        // The server's probe (it measures this connection itself): the same id back, nothing else.
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
      case "state":
      case "history":
      case "chat":
      case "chat_history":
        this.onMessage(message);
        return;
      default:
        throw new Error(`unknown message type ${message.type}`);
    }
  }

  ping() {
    if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "ping", client_time: performance.timeOrigin + performance.now() }));
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

  // Send one action; resolves with the server's ack or error.
  act(action) {
    const client_seq = ++this.seq;
    const message = { type: "action", action, client_seq };
    return new Promise((resolve) => {
      this.pending.set(client_seq, { ...message, resolve });
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
    });
  }

  // A message that needs no answer (e.g. the page's visibility); dropped while disconnected.
  send(message) {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  serverNow() { return Date.now() + this.offset; }

  close() { this.closed = true; this.stopPinging(); this.ws.close(); }
}
