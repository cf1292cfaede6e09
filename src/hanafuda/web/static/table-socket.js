// The table page's one WebSocket (issue 28): the game, chat, turn-clock notices, rematch offers
// and the quick-match wait all travel on /ws/{table}.  This module holds that socket for every
// script of the page: table.js opens it (TableSocket.open), the social panel (social-table.js)
// listens and sends here.  Loaded before table.js.
//   TableSocket.open(url)        a new socket to the table (a reconnect replaces the old one)
//   TableSocket.send(msg)        send a JSON message on the open socket; false while it is closed
//   TableSocket.on(type, fn)     "open", "close", or "message" (fn gets the parsed message)
"use strict";
window.TableSocket = (function () {
  const target = new EventTarget();
  let current = null;
  function attach(ws) {
    current = ws;
    ws.addEventListener("open", () => target.dispatchEvent(new Event("open")));
    ws.addEventListener("close", () => target.dispatchEvent(new Event("close")));
    ws.addEventListener("message", (ev) => {
      let msg = null;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      target.dispatchEvent(new CustomEvent("message", { detail: msg }));
    });
  }
  return {
    open(url) { const ws = new WebSocket(url); attach(ws); return ws; },
    send(msg) {
      if (!current || current.readyState !== 1) return false;
      current.send(JSON.stringify(msg));
      return true;
    },
    get ready() { return !!current && current.readyState === 1; },
    on(type, fn) { target.addEventListener(type, type === "message" ? (ev) => fn(ev.detail) : fn); },
  };
})();
