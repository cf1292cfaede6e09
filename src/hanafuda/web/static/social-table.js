// The table page's social panel (added to every /table/ page by the server): the seat's name,
// chat (escaped: text only), turn-clock notices and rematch.  Talks to /api/social/* and
// /ws/social/{table}; the game itself stays with table.js.
"use strict";
(function () {
  const id = location.pathname.split("/").pop(), token = new URLSearchParams(location.search).get("token") || "";
  if (!id || !token) return;
  let M = {};
  const t = (k, vars = {}) => { let s = M[k] || k; for (const [a, b] of Object.entries(vars)) s = s.split(`{${a}}`).join(String(b)); return s; };
  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) { if (k === "text") e.textContent = v; else if (k === "class") e.className = v; else e.setAttribute(k, v); }
    for (const k of kids) if (k !== null && k !== undefined) e.append(k);
    return e;
  };
  let player = null;
  try { player = JSON.parse(localStorage.getItem("hf-player") || "null"); } catch (e) { player = null; }
  let headers = Object.assign({ "content-type": "application/json" }, player && player.key ? { "x-player-key": player.key } : {});
  const post = async (path, body) => {
    const r = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(typeof data.detail === "string" ? data.detail : String(r.status));
    return data;
  };

  async function start() {
    try { M = await (await fetch(`/i18n/${document.documentElement.lang || "en"}.json`)).json(); } catch (e) { M = {}; }
    let info;
    try { info = await post(`/api/social/tables/${id}/hello`, { token }); } catch (e) { return; }
    const log = el("ol", { id: "chat-log", class: "chat-log", "aria-live": "polite", "aria-label": t("chat.title") });
    const panel = el("section", { class: "panel social", id: "social", "aria-labelledby": "social-h" },
      el("h2", { id: "social-h", style: "font-size:1rem", text: t("chat.title") }));
    if (info.clock) panel.append(el("p", { class: "muted", id: "clock-note", text: t("clock.note", { s: info.clock }) }));
    const notice = el("p", { id: "social-notice", class: "notice", role: "status" });
    const err = el("p", { class: "error", id: "chat-error", role: "alert" });
    panel.append(notice, log);
    if (info.can_chat) {
      const input = el("input", { id: "chat-input", maxlength: "300", autocomplete: "off", "aria-label": t("chat.say") });
      const form = el("form", { id: "chat-form", class: "chat-form" }, input, el("button", { type: "submit", text: t("chat.send") }));
      form.addEventListener("submit", async (ev) => {
        ev.preventDefault(); err.textContent = "";
        if (!input.value.trim()) return;
        try { await post(`/api/social/tables/${id}/chat`, { token, text: input.value }); input.value = ""; }
        catch (e) { err.textContent = e.message; }
      });
      panel.append(form, err);
    } else panel.append(el("p", { class: "muted", text: t("chat.spectators_off") }));
    if (info.seat !== null && !player) {
      // a friend opening a seat link in a fresh browser: a name, once, and the seat is theirs
      const nameInput = el("input", { id: "seat-name", maxlength: "24", autocomplete: "nickname", "aria-label": t("name.pick") });
      const nameForm = el("form", { id: "seat-name-form", class: "chat-form" }, nameInput, el("button", { type: "submit", text: t("name.save") }));
      nameForm.addEventListener("submit", async (ev) => {
        ev.preventDefault(); err.textContent = "";
        try {
          const r = await post("/api/social/names", { name: nameInput.value });
          player = { name: r.player.name, key: r.key };
          localStorage.setItem("hf-player", JSON.stringify(player));
          headers = Object.assign({}, headers, { "x-player-key": r.key });
          await post(`/api/social/tables/${id}/hello`, { token });
          nameBox.remove();
        } catch (e) { err.textContent = e.message; }
      });
      const nameBox = el("div", { id: "seat-name-box" }, el("p", { class: "muted", text: t("name.why") }), nameForm);
      panel.insertBefore(nameBox, panel.children[1]);
    }
    const rematch = el("div", { id: "rematch-box" });
    panel.append(rematch);
    (document.querySelector("aside") || document.querySelector("main") || document.body).append(panel);

    const show = (m) => {
      const who = m.system ? t("chat.table") : m.name;
      log.append(el("li", { class: m.system ? "system" : "" }, el("strong", { text: who + ": " }), el("span", { class: "text", text: m.text })));
      log.scrollTop = log.scrollHeight;
      if (m.system) notice.textContent = m.text;
    };
    const askRematch = async () => {
      try { const r = await post(`/api/social/tables/${id}/rematch`, { token }); location.href = r.link; }
      catch (e) { err.textContent = e.message; }
    };
    const rematchButton = (extra) => {
      const b = el("button", { type: "button", class: "primary rematch-btn", text: t("rematch.ask") });
      if (extra) b.id = extra;
      b.addEventListener("click", askRematch);
      return b;
    };
    let offered = false;
    const offerRematch = () => {
      if (info.seat === null || offered) return;
      offered = true;
      rematch.append(rematchButton("rematch"));
      // the page's end-of-match dialog (modal) gets one too, so it is reachable while it is open
      setInterval(() => {
        const d = document.querySelector("dialog[open]");
        if (d && !d.querySelector(".rematch-btn")) (d.querySelector(".dialog-actions") || d).append(" ", rematchButton());
      }, 500);
    };
    if (info.finished) offerRematch();
    const connect = () => {
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/social/${id}?token=${encodeURIComponent(token)}`);
      ws.onmessage = (ev) => {
        const msg = JSON.parse(ev.data);
        if (msg.type === "hello") { log.replaceChildren(); msg.chat.forEach(show); }
        else if (msg.type === "chat") show(msg.message);
        else if (msg.type === "rated") offerRematch();
        else if (msg.type === "rematch" && msg.link) {
          const go = () => el("a", { href: msg.link, class: "button primary rematch-link", text: t("rematch.ready") });
          const a = go(); a.id = "rematch-link";
          rematch.replaceChildren(a);
          const d = document.querySelector("dialog[open]");
          if (d) (d.querySelector(".dialog-actions") || d).append(" ", go());
          notice.textContent = t("rematch.ready");
        }
      };
      ws.onclose = () => setTimeout(connect, 2000);
    };
    connect();
    // the match's end comes through table.js's socket; a light poll tells this panel
    const poll = setInterval(async () => {
      try {
        const s = await (await fetch(`/api/tables/${id}`)).json();
        if (s.status === "finished") { offerRematch(); clearInterval(poll); }
      } catch (e) { /* the server is away: try again */ }
    }, 3000);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
