// The table page's social panel (added to every /table/ page by the server): the seat's name,
// chat (text only, never HTML), turn-clock notices and rematch.  Everything goes over the table's
// one socket (table-socket.js), which table.js opens for the game and whose seat claim it holds.
"use strict";
(function () {
  const id = location.pathname.split("/").pop(), token = new URLSearchParams(location.search).get("token") || "";
  if (!id || !token) return;
  let M = {}, info = null, player = null, seats = [];
  const t = (k, vars = {}) => { let s = M[k] || k; for (const [a, b] of Object.entries(vars)) s = s.split(`{${a}}`).join(String(b)); return s; };
  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) { if (k === "text") e.textContent = v; else if (k === "class") e.className = v; else e.setAttribute(k, v); }
    for (const k of kids) if (k !== null && k !== undefined) e.append(k);
    return e;
  };
  try { player = JSON.parse(localStorage.getItem("hf-player") || "null"); } catch (e) { player = null; }
  const send = (msg) => TableSocket.send(msg);
  const hello = () => send({ type: "hello", key: player && player.key ? player.key : null });

  const log = el("ol", { id: "chat-log", class: "chat-log", "aria-live": "polite" });
  const notice = el("p", { id: "social-notice", class: "notice", role: "status" });
  const err = el("p", { class: "error", id: "chat-error", role: "alert" });
  const rematch = el("div", { id: "rematch-box" });
  let panel = null, offered = false, ended = false;

  // the table's notices (the turn clock) come as a catalogue key and data — seats by number, a
  // move as its kind and cards — and are put in words here, in this page's language and card names
  function moveText(a, names) {
    const card = (c) => (names && names[c]) || (typeof HF !== "undefined" && HF.labels[c]) || c;
    if (a.card && a.takes && a.takes.length) return t("notice.move.takes", { card: card(a.card), takes: a.takes.map(card).join(t("notice.list_sep")) });
    if (a.card) return t("notice.move.play", { card: card(a.card) });
    return t(M[`notice.move.${a.kind}`] ? `notice.move.${a.kind}` : "notice.move.other");
  }
  function textOf(m) {
    if (!m.key) return m.text;
    const vars = Object.assign({}, m.args || {});
    if (vars.seat !== undefined && vars.seat !== null) {
      const s = seats.find((x) => x.seat === vars.seat);
      vars.name = s && s.name ? s.name : t("table.seat_n", { n: vars.seat + 1 });
    }
    if (Array.isArray(vars.seats)) vars.seats = vars.seats.map((n) => t("table.seat_n", { n: n + 1 })).join(t("notice.list_sep"));
    if (vars.bot) vars.bot = HF.botName(vars.bot);  // "Casual bot", "初級ボット": as every page names it
    if (m.key === "clock.move") vars.move = moveText(vars, m.names);
    // this page's own seat is "you", as the rest of the table says it, not the seat's own name
    // (s41 finding 16: "The turn clock ran out for C1321918 … moved for them", in C1321918's chat)
    if (m.key === "clock.move" && info && info.seat !== null && info.seat !== undefined && vars.seat === info.seat) return t("clock.move_you", vars);
    return t(m.key, vars);
  }
  function show(m) {
    const who = m.system ? t("chat.table") : m.name;
    const text = textOf(m);
    const li = el("li", { class: m.system ? "system" : "", "data-id": String(m.id) }, el("strong", { text: who + ": " }), el("span", { class: "text", text }));
    // a person's line may be reported to the server's moderators (not one's own seat's)
    if (!m.system && !(info && info.seat !== null && m.seat === info.seat)) {
      const flag = el("button", { type: "button", class: "report-line link", title: t("report.line"), "aria-label": t("report.line"), text: "⚑" });
      flag.addEventListener("click", () => openReport({ line: m.id }, t("report.line_of", { name: m.name, text: m.text || "" })));
      li.append(" ", flag);
    }
    log.append(li);
    log.scrollTop = log.scrollHeight;
    if (m.system) notice.textContent = text;
  }

  // reports (issue 29): a chat line or a player, with a reason, to the server's moderators; the
  // server answers "reported" (said here in words) or an error for "report" (rate limit, ban)
  // a modal dialog: the chat panel may be a few lines tall (a desktop's side column)
  const reportForm = el("form", { class: "report-form" });
  const reportBox = el("dialog", { id: "report-form", "aria-labelledby": "report-what" }, reportForm);
  const reportErr = el("p", { class: "error", id: "report-error", role: "alert" });
  let reportTarget = null;
  function closeReport() { reportTarget = null; if (reportBox.open) reportBox.close(); }
  function openReport(target, what) {
    reportTarget = target; err.textContent = ""; reportErr.textContent = "";
    const reason = el("input", { id: "report-reason", maxlength: "300", autocomplete: "off" });
    reportForm.replaceChildren(el("p", { id: "report-what", text: what }),
      el("label", { for: "report-reason", text: t("report.reason") }), " ", reason, reportErr,
      el("p", { class: "dialog-actions" }, el("button", { type: "submit", class: "primary", id: "report-send", text: t("report.send") }), " ",
        el("button", { type: "button", id: "report-cancel", text: t("report.cancel") })));
    reportForm.querySelector("#report-cancel").addEventListener("click", closeReport);
    if (!reportBox.isConnected) document.body.append(reportBox);
    reportBox.showModal(); reason.focus();
  }
  reportForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (!reportTarget) return;
    const input = reportForm.querySelector("#report-reason");
    send(Object.assign({ type: "report", reason: input ? input.value : "" }, reportTarget));
  });
  function reportPlayerButton() {
    const b = el("button", { type: "button", id: "report-player", class: "report-player", title: t("report.player"), "aria-label": t("report.player"), text: "⚑" });
    b.addEventListener("click", () => {
      const others = seats.filter((s) => s.kind === "human" && !(info && s.seat === info.seat));
      if (!others.length) { err.textContent = t("report.nobody"); return; }
      openReport({ seat: others[0].seat }, t("report.player"));
      const pick = el("select", { id: "report-seat", "aria-label": t("report.player") });
      for (const s of others) pick.append(el("option", { value: String(s.seat), text: s.name || t("table.seat_n", { n: s.seat + 1 }) }));
      pick.addEventListener("change", () => { reportTarget = { seat: Number(pick.value) }; });
      reportForm.querySelector("#report-what").after(pick);
    });
    return b;
  }

  function rematchButton(extraId) {
    const b = el("button", { type: "button", class: "primary rematch-btn", text: t("rematch.ask") });
    if (extraId) b.id = extraId;
    b.addEventListener("click", () => { err.textContent = ""; send({ type: "rematch" }); });
    return b;
  }

  function offerRematch() {
    if (!info || info.seat === null || offered) return;
    offered = true;
    rematch.append(rematchButton("rematch"));
    // the page's end-of-match dialog (modal) gets one too, so it is reachable while it is open
    const d = document.getElementById("summary");
    if (d) {
      const b = rematchButton();
      (d.querySelector(".dialog-actions") || d).prepend(b, " ");
      // the next thing to do once the match is over: the dialog's focus moves to it
      if (d.open && (document.activeElement === document.getElementById("close-summary") || !d.contains(document.activeElement))) b.focus();
    }
  }

  function build() {
    // a turn clock is said in the chat's heading, in a few words ("(turn clock: 15 s a move)"; the whole
    // sentence in its title and for a screen reader): a line of its own pushed the chat's input
    // below a desktop's column at 1366×768 (issue 28, s41 finding 1)
    const h = el("h2", { id: "social-h" }, t("chat.title"));
    if (info.clock) {
      h.append(" ", el("span", { class: "muted clock-note", id: "clock-note", title: t("clock.note", { s: info.clock }) },
        el("span", { "aria-hidden": "true", text: t("clock.note_short", { s: info.clock }) }),
        el("span", { class: "sr-only", text: t("clock.note", { s: info.clock }) })));
    }
    panel = el("section", { class: "panel social", id: "social", "aria-labelledby": "social-h" }, h);
    log.setAttribute("aria-label", t("chat.title"));
    invited();
    if (info.seat !== null && !player) {
      // a friend opening a seat link in a fresh browser: a name, once, and the seat is theirs;
      // asked at the top of the page, above the table, where it is seen on arrival
      const input = el("input", { id: "seat-name", maxlength: "24", autocomplete: "nickname" });
      const form = el("form", { id: "seat-name-form", class: "chat-form" }, input, el("button", { type: "submit", class: "primary", text: t("name.save") }));
      // a refused name (too short, taken, the address's account limit: 429) is said here, by the
      // box the person typed in, in the page's language (the server says its refusals in the
      // request's language: i18n.say_error), not in the chat panel's error line far below
      const refused = el("p", { class: "error", id: "seat-name-error", role: "alert" });
      const box = el("section", { id: "seat-name-box", class: "panel name-prompt", "aria-labelledby": "seat-name-h" },
        el("h2", {}, el("label", { for: "seat-name", id: "seat-name-h", text: t("name.pick") })), form, refused, el("p", { class: "muted", text: t("name.why") }));
      form.addEventListener("submit", async (ev) => {
        ev.preventDefault(); err.textContent = ""; refused.textContent = "";
        let r = null, data = {};
        try {
          r = await fetch("/api/social/names", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: input.value }) });
          data = await r.json().catch(() => ({}));
        } catch (e) { r = null; }
        if (!r || !r.ok) { refused.textContent = r && typeof data.detail === "string" ? data.detail : t("error.generic"); input.focus(); return; }
        player = { name: data.player.name, key: data.key };
        localStorage.setItem("hf-player", JSON.stringify(player));
        box.remove(); hello();
      });
      const grid = document.querySelector(".tp-grid");
      if (info.ask_name && grid) { grid.before(box); input.focus({ preventScroll: true }); } else panel.append(box);
    }
    quickWait();
    panel.append(notice, log);
    if (info.can_chat) {
      const input = el("input", { id: "chat-input", maxlength: "300", autocomplete: "off", "aria-label": t("chat.say") });
      const form = el("form", { id: "chat-form", class: "chat-form" }, input, el("button", { type: "submit", text: t("chat.send") }));
      form.addEventListener("submit", (ev) => {
        ev.preventDefault(); err.textContent = "";
        if (!input.value.trim()) return;
        send({ type: "chat", text: input.value }); input.value = "";
      });
      panel.append(form);
    } else panel.append(el("p", { class: "muted", text: t("chat.spectators_off") }));
    // reporting a player: a small flag beside the chat's input (the panel may be a few lines tall)
    (panel.querySelector("#chat-form") || panel.querySelector("p.muted") || panel).append(reportPlayerButton());
    panel.append(err);
    // Rematch (and its "ready" link) goes in the table's bar, beside its tools: a spot always on
    // screen, which the chat panel at the bottom of a desktop's column is not (s41 finding 1)
    const tools = document.querySelector(".tablebar .bar-tools");
    if (tools) tools.before(rematch); else panel.append(rematch);
    (document.querySelector("aside") || document.querySelector("main") || document.body).append(panel);
  }

  // a friend who arrived by a seat link: who invited them (the inviter's seat name, the hello
  // answer's invited_by) to which game (the table page's title, in its language), above the table
  // and above the name prompt, where it is read first; it stays for the visit
  let gameTitle = "";
  function invited() {
    if (!info || !info.invited_by) return;
    let line = document.getElementById("invited-by");
    if (!line) {
      line = el("p", { id: "invited-by", class: "quick-wait invited-by", role: "status" });
      const grid = document.querySelector(".tp-grid");
      if (grid) grid.before(line); else if (panel) panel.prepend(line);
    }
    const game = gameTitle || (document.getElementById("title") || {}).textContent || "";
    line.textContent = t("invite.by", { name: info.invited_by, game });
  }

  // the turn clock's countdown goes to the table page (table.js draws it at the seat to move)
  const clock = (c) => document.dispatchEvent(new CustomEvent("hanafuda:clock", { detail: c || { seat: null } }));

  // a quick-match table still waiting for people: "bots join in N s", counted down each second,
  // gone once people hold every open seat (the table page's state says so) or the bots are in
  let waitTimer = null, openLeft = null;
  function quickWait() {
    const old = document.getElementById("quick-wait");
    if (old) old.remove();
    clearInterval(waitTimer);
    if (!info.bots_in || !info.open_seats || !info.open_seats.length) return;
    openLeft = new Set(info.open_seats);
    const until = performance.now() + info.bots_in * 1000;
    const line = el("p", { id: "quick-wait", class: "quick-wait", role: "status" });
    const tick = () => {
      const s = Math.max(0, Math.ceil((until - performance.now()) / 1000));
      line.dataset.left = String(s);
      line.textContent = s > 0 ? t("quick.waiting", { s }) : t("quick.joining");
      if (s <= 0 && performance.now() - until > 15000) { clearInterval(waitTimer); line.remove(); }
    };
    tick();
    waitTimer = setInterval(tick, 250);
    const grid = document.querySelector(".tp-grid");
    if (grid) grid.before(line); else if (panel) panel.prepend(line);
  }
  document.addEventListener("hanafuda:state", (ev) => {
    seats = ev.detail.seats || seats;
    if (ev.detail.title && ev.detail.title !== gameTitle) { gameTitle = ev.detail.title; invited(); }
    if (!openLeft || !document.getElementById("quick-wait")) return;
    for (const s of ev.detail.seats) if (openLeft.has(s.seat) && !(s.kind === "human" && s.name === info.open_name)) openLeft.delete(s.seat);
    if (!openLeft.size) { clearInterval(waitTimer); document.getElementById("quick-wait").remove(); }
  });

  TableSocket.on("message", (msg) => {
    if (msg.type === "hello") {
      info = msg;
      if (!panel) build(); else quickWait();
      clock(msg.turn_clock);
      log.replaceChildren(); msg.chat.forEach(show);
      if (msg.finished || ended || document.body.dataset.matchOver) offerRematch();
    } else if (msg.type === "clock") clock(msg);
    else if (msg.type === "chat") show(msg.message);
    else if (msg.type === "chat-removed") { const li = log.querySelector(`li[data-id="${Number(msg.id)}"]`); if (li) li.remove(); }
    else if (msg.type === "reported") { closeReport(); notice.textContent = t("report.thanks"); }
    else if (msg.type === "closed") { notice.textContent = msg.reason ? t("notice.closed", { reason: msg.reason }) : t("notice.closed_plain"); document.body.dataset.tableClosed = "1"; const turn = document.getElementById("turn"); if (turn) turn.textContent = t("table.ended"); }
    else if (msg.type === "rated") offerRematch();
    else if (msg.type === "error" && msg.for === "report" && reportBox.open) reportErr.textContent = msg.error;
    else if (msg.type === "error" && msg.for) { if (panel) err.textContent = msg.error; }
    else if (msg.type === "rematch" && msg.link) {
      if (!msg.table) { location.href = msg.link; return; }  // the answer to this browser's own request
      const go = () => el("a", { href: msg.link, class: "button primary rematch-link", text: t("rematch.ready") });
      const a = go(); a.id = "rematch-link";
      rematch.replaceChildren(a);
      const d = document.getElementById("summary");
      if (d) (d.querySelector(".dialog-actions") || d).append(" ", go());
      notice.textContent = t("rematch.ready");
    }
  });

  async function start() {
    M = typeof HF !== "undefined" ? HF.messages : {};  // the page's own catalogue (i18n.py)
    if (!Object.keys(M).length) {
      try { M = await (await fetch(`/i18n/${document.documentElement.lang || "en"}.json`)).json(); } catch (e) { M = {}; }
    }
    // every (re)opening of the table's socket says hello: the seat's name, the chat so far, the clock
    TableSocket.on("open", hello);
    if (TableSocket.ready) hello();  // opened before this panel was ready
  }
  // the match's end comes through table.js's socket: its hook tells this panel (an end announced
  // before this script ran is on <body data-match-over>; the hello answer says so too)
  document.addEventListener("hanafuda:match-end", () => { ended = true; offerRematch(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
