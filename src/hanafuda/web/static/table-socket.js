// The table page's one WebSocket (issue 28): the game, chat, turn-clock notices, rematch offers
// and the quick-match wait all travel on /ws/{table}.  This module holds that socket for every
// script of the page: table.js opens it (TableSocket.open), the social panel (social-table.js)
// listens and sends here.  Loaded before table.js.
//   TableSocket.open(url)        a new socket to the table (a reconnect replaces the old one)
//   TableSocket.send(msg)        send a JSON message on the open socket; false while it is closed
//   TableSocket.on(type, fn)     "open", "close", or "message" (fn gets the parsed message)
//   TableSocket.delay(ev, ms)    how long to wait before reconnecting after the close event ev
// Rolling restarts (docs/deploy.md): a server that restarts closes its sockets with 1012 "service
// restart" once another server can take its tables, so the page reconnects at once (a few hundred
// ms of jitter, not its backoff); the new socket carries the same seat token and the seat's cookie
// and starts with a whole state.  A message the restarting server refused ("restarting", sent
// back as `again`) is sent again once the new socket's first state has arrived.
"use strict";
window.TableSocket = (function () {
  const RESTART = 1012, GOING_AWAY = 1001;
  const target = new EventTarget();
  let current = null;
  let again = [];
  function attach(ws) {
    current = ws;
    ws.addEventListener("open", () => target.dispatchEvent(new Event("open")));
    ws.addEventListener("close", () => target.dispatchEvent(new Event("close")));
    ws.addEventListener("message", (ev) => {
      let msg = null;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "error" && msg.code === "restarting" && msg.again && typeof msg.again === "object") {
        again.push(msg.again);
      } else if (msg.type === "state" && ws === current && again.length) {
        const pending = again; again = [];
        setTimeout(() => { for (const m of pending) if (ws.readyState === 1) ws.send(JSON.stringify(m)); }, 0);
      }
      target.dispatchEvent(new CustomEvent("message", { detail: msg }));
    });
  }
  return {
    open(url) { const ws = new WebSocket(url); attach(ws); return ws; },
    delay(ev, backoff) {
      const code = ev && ev.code;
      return code === RESTART || code === GOING_AWAY ? Math.floor(Math.random() * 300) : backoff;
    },
    send(msg) {
      if (!current || current.readyState !== 1) return false;
      current.send(JSON.stringify(msg));
      return true;
    },
    get ready() { return !!current && current.readyState === 1; },
    on(type, fn) { target.addEventListener(type, type === "message" ? (ev) => fn(ev.detail) : fn); },
  };
})();
