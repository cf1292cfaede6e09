// The table page: draws what the server's state message says (every text comes from the words
// module through the server, in this page's card names); knows no rule of any game.
"use strict";
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const TABLE_ID = location.pathname.split("/").pop();
const TOKEN = params.get("token") || "";
let ws = null, S = null, W = null, retry = 500, retryTimer = null;
let selected = null;      // hand card chosen (touch first tap, or a card with several outcomes)
let previewing = null;    // hand card hovered or focused
let queued = null;        // a move made while disconnected, sent once the connection is back
let seenResult = "", lastTurnMine = false, lastLogKey = "";
let hinted = null;        // the server's hint for this decision (cleared once the decision is made)
let settling = null;      // the seat whose first play waits for the deal to settle (RULES.md §4.2)

// -- sending --------------------------------------------------------------------------------
function send(obj) {
  if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); return true; }
  return false;
}
function doMove(move) {
  selected = null; previewing = null; $("error").textContent = "";
  if (!send({ type: "move", move })) { queued = move; showOffline(); }
  render();
}
function showOffline() {
  const open = ws && ws.readyState === 1;
  $("offline").hidden = open && !queued;
  const m = queued && W ? W.legal.find((x) => x.move === queued) : null;
  $("offline-text").textContent = open ? "" : (m ? HF.t("table.queued", { move: m.text })
    : HF.t("table.reconnecting"));
}

// -- what the seat may do --------------------------------------------------------------------
function myTurn() {
  return !!(S && S.you !== null && S.view.to_move === S.you && W.legal.length && settling !== S.you);
}
function movesOf(code) { return myTurn() ? W.legal.filter((m) => m.card === code && m.kind === "play") : []; }
function fieldIndex(code) { const i = S.view.field.indexOf(code); return i < 0 ? 99 : i; }
// choices in the order their cards lie on the field; a play without a capture last
function inFieldOrder(moves) {
  return [...moves].sort((a, b) => (a.takes.length ? fieldIndex(a.takes[0]) : 100) - (b.takes.length ? fieldIndex(b.takes[0]) : 100));
}
function takeMoves() { return myTurn() ? W.legal.filter((m) => m.kind === "take") : []; }
// the field cards the previewed or selected hand card would take (every one of them for a wild card)
function previewSet() {
  const code = selected || previewing;
  const out = new Set();
  if (code) for (const m of movesOf(code)) for (const t of m.takes) out.add(t);
  return out;
}
// the field cards that are a choice to click now
function targetMoves() {
  const map = new Map();
  if (selected) for (const m of movesOf(selected)) if (m.takes.length === 1 && m.outcome !== "declare") map.set(m.takes[0], m);
  for (const m of takeMoves()) if (m.takes.length) map.set(m.takes[m.takes.length - 1], m);
  return map;
}
function choiceMoves() {
  if (!myTurn()) return [];
  if (selected) { const ms = movesOf(selected); return ms.length > 1 ? inFieldOrder(ms) : ms; }
  const others = W.legal.filter((m) => m.kind !== "play");
  return others.length ? inFieldOrder(others) : [];
}

// -- drawing ----------------------------------------------------------------------------------
function render() {
  if (!S) return;
  const active = document.activeElement;
  const inTable = !!(active && active.closest && active.closest("#hand, #field, #choice"));
  const key = active && active.dataset ? (active.dataset.card ? `[data-region="${active.closest("[data-region]")?.dataset.region}"] [data-card="${active.dataset.card}"]` : active.dataset.move ? `#choice [data-move="${CSS.escape(active.dataset.move)}"]` : null) : null;
  draw();
  if (!document.activeElement || document.activeElement === document.body) {
    let el = key ? document.querySelector(key) : null;
    if (el && (el.tabIndex < 0 || el.disabled)) el = null;
    // the focused card was played: the keyboard player's focus goes to the next thing to do
    if (!el && (inTable || focusOwed) && !$("summary").open) el = document.querySelector("#choice button[data-move], #field button.card, #hand button.card");
    if (el) el.focus({ preventScroll: true });
    // nothing to act on yet (another seat's turn): the focus comes back when there is
    focusOwed = !el && (inTable || focusOwed);
  }
}
let focusOwed = false;

function draw() {
  const v = S.view;
  HF.values = S.table.card_values || null;
  $("title").textContent = W.title || S.table.title;  // the game's name in the page's language
  $("round").textContent = HF.t("table.round", { n: v.round });
  $("turn").textContent = W.turn + (S.you === null ? ` · ${HF.t("table.watching")}` : "")
    + (settling !== null ? ` · ${HF.t("table.settling")}` : "");
  HF.lang($("turn"), W.turn);
  $("stock").textContent = HF.t("table.stock", { n: v.stock_count });
  notifyTurn();
  dropStaleHint();  // before the cards are drawn: a hint of a decision made marks nothing
  drawSeats(); drawField(); drawHand(); drawChoice(); drawScores(); drawCaptures(); drawYaku(); drawLog();
  drawAdmin(); maybeSummary(); showOffline(); drawHint();
  $("leave-btn").hidden = S.you === null || v.finished || S.table.seats[S.you].kind !== "human";
  $("hand-wrap").hidden = S.you === null;
  $("choice").hidden = S.you === null;
}

function sideClass(side) { return `side-${side % 6}`; }

function drawSeats() {
  const box = $("seats"); box.replaceChildren();
  const seats = [...W.seats].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  seats.forEach((s, i) => {
    const info = S.table.seats[s.seat];
    const away = info.kind === "human" && !s.you && !s.connected;
    const seatNo = HF.t("table.seat_n", { n: s.seat + 1 });
    const chip = HF.el("div", { role: "listitem", class: `seat ${sideClass(s.side)}${s.to_move ? " to-move" : ""}${s.you ? " you" : ""}`, "data-seat": s.seat },
      HF.el("span", { class: "order", title: seatNo, "aria-hidden": "true", text: String(s.seat + 1) }),
      HF.text("strong", seatLabel(s, info), { class: "name" }),
      s.team ? HF.text("span", s.team.split(" (")[0], { class: "team", title: s.team }) : null,
      s.dealer ? HF.el("span", { class: "badge", text: HF.t("table.dealer") }) : null,
      away ? HF.el("span", { class: "badge away", text: HF.t("table.away") }) : null,
      HF.back(s.hand_count, HF.t("table.cards_in_hand"), 6));
    if (s.to_move && clockLeft() !== null) chip.append(clockEl(seatLabel(s, info)));
    chip.setAttribute("aria-label", [seatNo, seatLabel(s, info), s.team, HF.t("table.plays_n", { n: (s.order ?? i) + 1 }), s.dealer ? HF.t("table.dealer") : null, HF.t("table.n_cards", { n: s.hand_count }), s.to_move ? HF.t("table.to_move") : null, away ? HF.t("table.away") : null].filter(Boolean).join(", "));
    const exposed = v().exposed[s.seat] || [];
    if (exposed.length && !s.you) {
      const ex = HF.el("span", { class: "exposed-row", "aria-label": HF.t("table.shown_teyaku") });
      for (const c of exposed) ex.append(HF.card(c, { class: "mini" }));
      chip.append(ex);
    }
    box.append(chip);
    if (i < seats.length - 1) box.append(HF.el("span", { class: "arrow", "aria-hidden": "true", text: "→" }));
  });
}
function v() { return S.view; }

// -- the turn clock: the seconds left at the seat to move, counted down each second ----------
// The social panel passes on the server's countdown (its ticker's own bookkeeping: the moment
// it first saw the decision, the clock's seconds); it holds for the decision it names only.
let CLOCK = null;
document.addEventListener("hanafuda:clock", (ev) => {
  const c = ev.detail || {};
  CLOCK = c.seat === null || c.seat === undefined ? null : { ...c, until: performance.now() + c.left * 1000 };
  if (S) drawSeats();
});
function turnKey() { const v = S.view; return `${v.round}|${v.stock_count}|${v.to_move}|${v.phase}|${v.field.length}`; }
function clockLeft() {
  if (!CLOCK || !S || S.view.finished || CLOCK.seat !== S.view.to_move || CLOCK.turn !== turnKey()) return null;
  return Math.max(0, Math.ceil((CLOCK.until - performance.now()) / 1000));
}
function clockEl(name) {
  const left = clockLeft();
  const el = HF.el("span", { class: "clock" + (left <= 5 ? " urgent" : ""), "data-region": "clock", role: "timer",
    "data-left": String(left), "aria-label": HF.t("table.clock_label", { s: left, name }), title: HF.t("table.clock_label", { s: left, name }), text: HF.t("table.clock", { s: left }) });
  el.dataset.name = name;
  return el;
}
setInterval(() => {
  const el = document.querySelector('[data-region="clock"]');
  const left = clockLeft();
  if (!el) { if (left !== null) drawSeats(); return; }
  if (left === null) { el.remove(); return; }
  if (el.dataset.left !== String(left)) el.replaceWith(clockEl(el.dataset.name));
}, 250);
// One seat number on a chip (RULES.md §2 seat 0 reads 1, as everywhere a person reads a seat): the
// badge has it, so the name goes without it: "You", the player's name, a bot by its display name.
function seatLabel(s, info) {
  if (s.you) return s.name;
  if (info.kind === "bot" && info.bot && (!info.name || [info.bot, `${info.bot} bot`].includes(info.name.toLowerCase()))) {
    const word = HF.t(`bot.${info.bot}`);
    return word === `bot.${info.bot}` ? info.bot : word.replace(/\s*[(（].*$/, "");
  }
  return info.name || s.name;
}

function lastCards() {
  const log = W.log.filter((e) => e.kind !== "deal");
  return new Set(log.length ? log[log.length - 1].cards : []);
}

function drawField() {
  const field = $("field"); field.replaceChildren();
  const preview = previewSet(), targets = targetMoves(), last = lastCards();
  for (const c of S.view.field) {
    const m = targets.get(c);
    const name = (W.cards[c] && W.cards[c].name) || HF.labels[c];
    const cls = (m ? "target" : "") + (last.has(c) ? " last" : "");
    const el = HF.card(c, { class: cls, button: !!m, label: m ? `${name} — ${m.choice || m.text}` : name });
    if (preview.has(c)) el.setAttribute("data-preview", "take");
    // a hinted take (a turned-over card's choice): its field card is the one to click
    if (hinted && !S.view.hand.includes(hinted.best_card) && hinted.best_takes.includes(c)) el.setAttribute("data-hint", "best");
    if (m) el.addEventListener("click", () => doMove(m.move));
    field.append(el);
  }
  // exposed teyaku cards of others can be taken like field cards: shown at their seats
  const pend = $("pending"); pend.replaceChildren();
  if (S.view.pending) {
    const c = S.view.pending;
    pend.append(HF.text("span", W.pending || HF.labels[c], { class: "pending-label" }), HF.card(c, { class: "last", label: W.pending || HF.labels[c] }));
  }
}

function drawHand() {
  const hand = $("hand"); hand.replaceChildren();
  if (S.you === null) return;
  const last = lastCards(), mine = S.view.exposed[S.you] || [];
  for (const c of S.view.hand) {
    const ms = movesOf(c), info = W.cards[c] || {};
    const texts = ms.map((m) => m.text);
    const shown = mine.includes(c);
    const label = `${info.name || HF.labels[c]}${info.wild ? ` (${HF.t("table.wild")})` : ""}${texts.length ? " — " + texts.join(HF.t("table.or")) : ""}${shown ? " — " + HF.t("table.shown_long") : ""}`;
    const cls = (selected === c ? "selected" : "") + (info.wild ? " wild" : "") + (shown ? " exposed" : "") + (last.has(c) ? " last" : "");
    const el = HF.card(c, { class: cls, button: ms.length > 0, label });
    if (ms.length) {
      el.addEventListener("pointerenter", (ev) => { if (ev.pointerType === "mouse") setPreview(c); });
      el.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") setPreview(null); });
      el.addEventListener("focus", () => setPreview(c));
      el.addEventListener("blur", () => setPreview(null));
      el.addEventListener("click", (ev) => clickHand(c, ev));
    }
    if (hinted && hinted.best_card === c) el.setAttribute("data-hint", "best");
    else if (hinted && hinted.runner_up_card === c) el.setAttribute("data-hint", "next");
    if (info.wild) el.append(HF.el("span", { class: "tag", "aria-hidden": "true", text: HF.t("table.wild") }));
    else if (shown) el.append(HF.el("span", { class: "tag", "aria-hidden": "true", text: HF.t("table.shown") }));
    hand.append(el);
  }
}

// only the preview marks change on hover: no redraw, so nothing moves
function setPreview(code) {
  if (previewing === code) return;
  previewing = code;
  const preview = previewSet();
  for (const el of document.querySelectorAll("#field [data-card]")) {
    if (preview.has(el.dataset.card)) el.setAttribute("data-preview", "take"); else el.removeAttribute("data-preview");
  }
}

function pointerWasTouch(ev) { return ev.pointerType === "touch" || ev.pointerType === "pen"; }

function clickHand(code, ev) {
  const ms = movesOf(code);
  const touch = pointerWasTouch(ev);
  if (ms.length === 1 && (!touch || selected === code)) return doMove(ms[0].move);
  selected = selected === code && ms.length > 1 ? null : code;
  render();
  const first = document.querySelector("#choice button[data-move]");
  if (selected && ms.length > 1 && first && !touch) first.focus({ preventScroll: true });
}

function drawChoice() {
  const box = $("choice"); box.replaceChildren();
  const ms = choiceMoves();
  if (!ms.length) {
    if (S.you !== null && !myTurn()) box.append(HF.el("span", { class: "muted", text: S.view.to_move === null ? "" : HF.t("table.waiting") }));
    return;
  }
  if (selected) box.append(HF.text("strong", `${(W.cards[selected] || {}).name || HF.labels[selected]}:`, { class: "card-of" }));
  else box.append(HF.text("strong", W.turn));
  ms.forEach((m, i) => {
    const b = HF.el("button", { type: "button", "data-move": m.move, title: m.text, class: m.outcome === "declare" ? "declare" : "" },
      HF.el("span", { class: "keys", text: `${i + 1}. `, "aria-hidden": "true" }), HF.text("span", m.choice || m.text));
    b.setAttribute("aria-label", m.text);
    HF.lang(b, m.text);
    b.addEventListener("click", () => doMove(m.move));
    b.addEventListener("pointerenter", () => markTakes(m.takes));
    b.addEventListener("pointerleave", () => markTakes(null));
    box.append(b);
  });
  if (selected) box.append(HF.el("button", { type: "button", "data-cancel": "1", text: HF.t("word.cancel"), onclick: unselect }));
}
function markTakes(takes) {
  const set = takes ? new Set(takes) : previewSet();
  for (const el of document.querySelectorAll("#field [data-card]")) {
    if (set.has(el.dataset.card)) el.setAttribute("data-preview", "take"); else el.removeAttribute("data-preview");
  }
}
function unselect() {
  const code = selected; selected = null; render();
  const el = document.querySelector(`#hand [data-card="${code}"]`);
  if (el) el.focus({ preventScroll: true });
}

function drawScores() {
  const v = S.view, t = HF.el("table", { class: "score" });
  t.append(HF.el("tr", {}, HF.el("th", { text: HF.t("table.side") }), HF.el("th", { text: HF.t("table.card_points") }), HF.el("th", { text: HF.t("table.rounds") }), HF.el("th", { text: HF.t("table.total") })));
  W.sides.forEach((side) => {
    const rounds = v.round_scores.map((r) => r[side.side]).join(", ") || "—";
    t.append(HF.el("tr", { class: sideClass(side.side) }, HF.el("td", {}, HF.el("span", { class: "mark", "aria-hidden": "true" }), HF.text("span", side.name)),
      HF.el("td", { text: String(side.pile.points) }), HF.el("td", { text: rounds }), HF.el("td", { class: "total", text: String(side.total) })));
  });
  $("scores").replaceChildren(t);
}

function drawCaptures() {
  const box = $("captures"); box.replaceChildren();
  for (const side of W.sides) {
    const p = side.pile;
    const groups = p.groups.length ? p.groups.map((g) => `${g.title} ${g.cards.length} (${g.points})`).join(" · ") : HF.t("table.nothing_yet");
    // its name is its words as shown, then what it does (a name that hides the shown words
    // fails a speech user who says what they see)
    const b = HF.el("button", { type: "button", class: `pile-line ${sideClass(side.side)}`, title: side.headline },
      HF.el("span", { class: "mark", "aria-hidden": "true" }), HF.text("strong", side.name), " ",
      HF.el("span", { class: "muted", text: `${p.count} · ${HF.t("table.pts", { n: p.points })}` }), " ", HF.text("span", groups, { class: "groups" }),
      HF.el("span", { class: "sr-only", text: `. ${HF.t("table.show_cards")}` }));
    b.addEventListener("click", () => openPile(side));
    box.append(b);
  }
}
function openPile(side) {
  const body = $("pile-body"); body.replaceChildren();
  $("pile-h").textContent = side.headline; HF.lang($("pile-h"), side.headline);
  for (const g of side.pile.groups) {
    const row = HF.el("div", { class: "cards small-row" });
    for (const c of g.cards) row.append(HF.card(c, { class: "small" }));
    body.append(HF.text("h3", `${g.title} ${g.cards.length} (${g.points})`), row);
  }
  if (!side.pile.groups.length) body.append(HF.el("p", { text: HF.t("table.nothing_captured") }));
  $("pile").showModal();
}

function drawYaku() {
  const box = $("yaku"); box.replaceChildren();
  const mySide = S.you !== null ? W.seats[S.you].side : null;
  // the seat's own side decides the order: made, under way, still possible, out of reach for it
  // (a spectator: the side nearest to each yaku)
  const rankOf = (s) => (s.complete ? 0 : s.possible && s.held.length ? 1 : s.possible ? 2 : 3);
  const rank = (p) => (mySide !== null ? rankOf(p.sides[mySide]) : Math.min(...p.sides.map(rankOf)));
  const list = [...W.progress].sort((a, b) => rank(a) - rank(b));
  for (const p of list) {
    const done = p.sides.filter((s) => s.complete);
    const holder = new Map();
    p.sides.forEach((s) => s.held.forEach((c) => holder.set(c, s.side)));
    const row = HF.el("div", { class: `yaku${done.length ? " complete" : ""}${rank(p) === 3 ? " dead" : ""}`, "data-yaku": p.id });
    const head = HF.el("div", { class: "yaku-head" }, HF.text("strong", `${p.name} (${p.points})`),
      done.length ? HF.text("span", " — " + done.map((s) => W.sides[s.side].name).join(", "), { class: "done" }) : null,
      p.needs_declaration ? HF.el("span", { class: "muted", text: ` · ${HF.t("table.declared_sets")}` }) : null);
    // the line of words is the seat's own side's (a spectator's: the side nearest to it)
    const shownSide = mySide !== null ? p.sides[mySide] : [...p.sides].sort((a, b) => b.held.length - a.held.length)[0];
    // a count yaku (any N of many cards) shows the cards the side holds; the others, every card
    const count = p.cards.length > p.needed;
    const chips = HF.el("div", { class: "chips" });
    for (const id of p.cards) {
      const code = HF.codes[id], side = holder.get(code);
      if (count && (side === undefined || (shownSide && side !== shownSide.side))) continue;
      const chip = HF.el("span", { class: "chip" + (side !== undefined ? ` held ${sideClass(side)}` : "") + (side !== undefined && mySide !== null && side !== mySide ? " dead" : ""), "data-card": code, title: HF.labels[code] });
      chip.append(HF.el("img", { src: `/card/${HF.theme}/${code}.svg`, alt: "" }));
      chips.append(chip);
    }
    const line = shownSide && shownSide.line ? HF.text("div", shownSide.line, { class: "yaku-line" }) : null;
    const texts = (mySide !== null ? [p.sides[mySide]] : p.sides.filter((s) => s.held.length || s.complete)).map((s) => s.text);
    row.setAttribute("aria-label", texts.join(". ") || `${p.name} (${p.points})`);
    row.title = texts.join("\n");
    row.append(head, line, chips);
    box.append(row);
  }
  if (!list.length) box.append(HF.el("p", { class: "muted", text: HF.t("table.no_yaku") }));
}

function drawLog() {
  const ol = $("log"), atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
  const key = `${HF.theme}|${W.log.length}|${W.log.length ? W.log[W.log.length - 1].text : ""}`;
  if (key === lastLogKey) return;
  const prevCount = Number(ol.dataset.count || 0);
  lastLogKey = key;
  ol.replaceChildren();
  W.log.forEach((e, i) => {
    const li = HF.text("li", e.text, { "data-cards": e.cards.join(" "), class: (e.kind === "deal" ? "deal" : "") + (i === W.log.length - 1 ? " last" : "") });
    if (e.seat !== null && e.seat !== undefined) li.classList.add(sideClass(W.seats[e.seat].side));
    ol.append(li);
  });
  ol.dataset.count = String(W.log.length);
  $("log-count").textContent = `(${W.log.length})`;
  if (atEnd || prevCount === 0) ol.scrollTop = ol.scrollHeight;
  // a screen reader hears every new entry once
  const fresh = W.log.slice(prevCount && prevCount <= W.log.length ? prevCount - (W.log.length === prevCount ? 1 : 0) : W.log.length - 1);
  if (prevCount && fresh.length) { $("announce").textContent = fresh.map((e) => e.text).join(" "); HF.lang($("announce"), $("announce").textContent); }
}

// -- hints (key h): asked of the server, which answers only where the table allows them -----
function hintAllowed() { return !!(S && S.table.hints && S.you !== null && S.table.seats[S.you].kind === "human" && !S.view.finished); }
function askHint() {
  if (!hintAllowed()) return;
  if (!myTurn()) { showHint([HF.t("table.hint_wait")]); return; }
  send({ type: "hint" });
}
// a hint holds for the decision it was asked for (a play from the hand, then the choice for a
// turned-over card, are two): another round, stock, hand or set of legal moves ends it
function decisionKey() { return `${S.view.round}|${S.view.stock_count}|${S.view.hand.length}|${myTurn()}|${S.view.legal.join(",")}`; }
function showHint(lines) {
  $("hint-lines").replaceChildren(...lines.map((t) => HF.text("li", t)));
  HF.lang($("hint-lines"), lines.join(" "));
  $("hint").hidden = false;
}
function drawHint() {
  $("hint-btn").hidden = !hintAllowed();
  $("hint-btn").disabled = !myTurn();
  $("keys").textContent = HF.t(hintAllowed() ? "table.keys_hint" : "table.keys");
}
function dropStaleHint() {
  if (hinted && hinted.key !== decisionKey()) { hinted = null; $("hint").hidden = true; }
}

// -- turn notification: the tab title, and an optional sound (off unless switched on) -------
function notifyTurn() {
  const mine = myTurn();
  document.title = `${mine ? `▶ ${HF.t("table.your_turn")} — ` : ""}${S.table.title} — hanafuda`;
  if (mine && !lastTurnMine && localStorage.getItem("hf-sound") === "on") beep();
  lastTurnMine = mine;
}
function beep() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)(), o = ctx.createOscillator(), g = ctx.createGain();
    o.frequency.value = 660; g.gain.value = 0.08; o.connect(g); g.connect(ctx.destination); o.start(); o.stop(ctx.currentTime + 0.15);
  } catch (e) { /* no audio: the title still says it */ }
}
function drawSound() {
  const on = localStorage.getItem("hf-sound") === "on";
  $("sound-btn").textContent = HF.t(on ? "table.sound_on" : "table.sound_off");
  $("sound-btn").setAttribute("aria-pressed", String(on));
}

// -- the creator's panel ---------------------------------------------------------------------
function creatorToken() {
  if (S && S.creator) return TOKEN;
  const given = params.get("creator");
  const kept = JSON.parse(localStorage.getItem("hf-creator") || "{}");
  if (given) { kept[TABLE_ID] = given; localStorage.setItem("hf-creator", JSON.stringify(kept)); return given; }
  if (kept[TABLE_ID]) return kept[TABLE_ID];
  const t = JSON.parse(localStorage.getItem("hf-tables") || "[]").find((x) => x.id === TABLE_ID);
  return t ? t.creator_token : null;
}
let botChoice = "greedy";
let BOTS = ["random", "greedy", "strong"];  // replaced by /api/games' list at start-up
fetch("/api/games").then((r) => r.json()).then((d) => { if (Array.isArray(d.bots) && d.bots.length) BOTS = d.bots; }).catch(() => { /* keep the defaults */ });
function drawAdmin() {
  const token = creatorToken(), box = $("admin-body");
  const people = S.table.seats.filter((s) => s.kind === "human" && s.seat !== S.you);
  $("admin").hidden = !token || S.view.finished || !people.length;
  if ($("admin").hidden) return;
  if (box.contains(document.activeElement)) return;  // do not rebuild under the user's hand
  const sel = HF.el("select", { id: "takeover-bot", "aria-label": HF.t("table.bot_level_label") });
  for (const b of BOTS) sel.append(HF.el("option", { value: b, text: HF.t(`bot.${b}`) }));
  sel.value = botChoice; sel.addEventListener("change", () => { botChoice = sel.value; });
  box.replaceChildren(HF.el("p", { class: "muted", text: HF.t("table.takeover_help") }), HF.el("label", { class: "opt" }, HF.t("table.bot_level") + " ", sel));
  for (const s of people) {
    const b = HF.el("button", { type: "button", "data-takeover": s.seat, text: HF.t(s.connected ? "table.at_table" : "table.hand_to_bot", { name: s.name }),
      onclick: () => send({ type: "bot-takeover", seat: s.seat, bot: botChoice, creator_token: token }) });
    b.disabled = s.connected;
    box.append(HF.el("div", {}, b));
  }
}

// -- round and match over --------------------------------------------------------------------
function maybeSummary() {
  const v = S.view;
  if (!(v.phase === "between-rounds" || v.phase === "match-over") || !W.result) { if ($("summary").open) $("summary").close(); return; }
  const key = `${v.round}|${v.finished}|${S.theme}`;
  if (seenResult === key) return;
  const reopen = seenResult.split("|")[0] === String(v.round) && !$("summary").open;
  seenResult = key;
  const body = $("summary-body"); body.replaceChildren();
  if (W.match_result) body.append(HF.text("p", W.match_result, { class: "status" }));
  for (const r of W.result) {
    const box = HF.el("div", { class: `result ${sideClass(r.side)}` },
      HF.el("div", {}, HF.el("span", { class: "mark", "aria-hidden": "true" }), HF.text("strong", r.name), HF.el("span", { class: "score-num", text: ` ${r.score >= 0 ? "+" : ""}${r.score}` })),
      HF.text("div", r.line, { class: "how" }),
      HF.text("div", r.pile.groups.map((g) => `${g.title} ${g.cards.length} (${g.points})`).join(" · ") || HF.t("table.nothing_captured"), { class: "muted" }));
    if (r.yaku.length) box.append(HF.text("div", r.yaku.map((y) => `${y.name} ${y.points}`).join(", ")));
    body.append(box);
  }
  if (W.result_note) body.append(HF.text("p", W.result_note, { class: "muted" }));
  if (W.totals_text) body.append(HF.text("p", `${HF.t("table.totals")}: ${W.totals_text}`));
  $("summary-h").textContent = v.finished ? HF.t("table.match_over") : HF.t("table.round_over", { n: v.round });
  $("next-round").hidden = v.finished || S.you === null;
  $("replay-link").hidden = !v.finished; $("replay-link").href = `/replay/${TABLE_ID}`;
  if (reopen) return;  // only the card names changed
  $("summary").showModal();
  (document.querySelector("#summary .rematch-btn:not([hidden])") || ($("next-round").hidden ? $("close-summary") : $("next-round"))).focus();
}

// The match-end hook (issue 15): once the match is over this page says so once, as the DOM event
// "hanafuda:match-end" on document (detail: table id, your seat, whether you are the creator) and
// as <body data-match-over>, for scripts that start later; the social panel adds its rematch
// button from it instead of polling the server.
let endAnnounced = false;
function announceEnd() {
  if (endAnnounced || !S.view.finished) return;
  endAnnounced = true;
  document.body.dataset.matchOver = "1";
  document.dispatchEvent(new CustomEvent("hanafuda:match-end", { detail: { table: TABLE_ID, seat: S.you, creator: !!S.creator } }));
}

// -- help (key ?) ----------------------------------------------------------------------------
async function openHelp() {
  const body = $("help-body");
  body.replaceChildren(HF.el("p", { text: HF.t("word.loading") }));
  $("help").showModal();
  const r = await (await fetch(`/api/tables/${TABLE_ID}/help?theme=${encodeURIComponent(HF.theme)}&lang=${encodeURIComponent(document.documentElement.lang || "en")}`)).json();
  $("help-h").textContent = r.title; HF.lang($("help-h"), r.title);
  body.replaceChildren(HF.text("p", r.summary));
  const list = (title, items) => { if (items.length) body.append(HF.el("h3", { text: title }), HF.el("ul", {}, ...items.map((t) => HF.text("li", t)))); };
  list(HF.t("help.turn"), [...r.turn, r.order]);
  list(HF.t("help.values", { n: r.deck_total }), r.values);
  list(HF.t("help.wild"), r.wild.length ? r.wild : [HF.t("help.no_wild")]);
  list(HF.t("help.calls"), r.calls);
  body.append(HF.el("h3", { text: HF.t("help.yaku_in_force") }));
  body.append(yakuList(r.yaku, HF.t("help.no_yaku_table")));
  list(HF.t("help.table_options"), r.options.map((o) => `${o.label}: ${o.value_text}`));
}
function yakuList(yaku, none) {
  if (!yaku.length) return HF.el("p", { text: none });
  const ul = HF.el("ul", { class: "yaku-ref" });
  for (const y of yaku) {
    const row = HF.el("div", { class: "cards small-row" });
    for (const c of y.cards) row.append(HF.card(c, { class: "small" }));
    const need = y.needed < y.cards.length ? ` — ${HF.t("help.any_n", { n: y.needed })}` : "";
    ul.append(HF.el("li", {}, HF.text("strong", `${y.name} (${y.points})${need}${y.needs_declaration ? ` — ${HF.t("help.declared")}` : ""}`), row));
  }
  return ul;
}

// -- the connection --------------------------------------------------------------------------
function connect() {
  clearTimeout(retryTimer);
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // the table protocol (web/messages.py): a whole state first, then patches that TableSync
  // (table-sync.js) applies; a new socket starts whole again, so a reconnect restores all; lang
  // names seats, yaku and piles
  ws = new WebSocket(`${proto}//${location.host}/ws/${TABLE_ID}?token=${encodeURIComponent(TOKEN)}&theme=${encodeURIComponent(HF.theme)}&lang=${encodeURIComponent(document.documentElement.lang || "en")}`);
  TableSync.reset();
  $("conn").textContent = HF.t("conn.connecting");
  ws.onopen = () => { $("conn").textContent = HF.t("conn.connected"); retry = 500; showOffline(); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state" || msg.type === "patch") {
      const next = TableSync.take(msg, () => send({ type: "state" }));
      if (!next) return;  // a gap: the whole state is on its way
      if (next.event) settling = null;  // a move was made: the waiting play's, or the deal settled
      const before = S ? cardRects() : null;
      S = next; W = next.words;
      if (selected && !S.view.hand.includes(selected)) selected = null;
      if (previewing && !S.view.hand.includes(previewing)) previewing = null;
      render();
      document.dispatchEvent(new CustomEvent("hanafuda:state", { detail: { seats: S.table.seats } }));
      if (before && next.event) animateMoves(before, next.event.seat);
      callOut();
      announceEnd();
      if (queued) {  // the move made while away: sent if it is still legal
        const m = queued; queued = null;
        if (myTurn() && W.legal.some((x) => x.move === m)) send({ type: "move", move: m });
        else $("error").textContent = HF.t("table.queued_gone");
        showOffline();
      }
    } else if (msg.type === "settling") {
      // the first play of a deal with teyaku: shown to everyone, made once the deal settles
      settling = msg.seat;
      if (S) render();
    } else if (msg.type === "error") {
      $("error").textContent = msg.error;
      if (["bad-token", "no-token", "no-table"].includes(msg.code)) ws.onclose = null;
    } else if (msg.type === "hint") {
      if (myTurn() && S.view.legal.includes(msg.best)) {
        hinted = Object.assign({}, msg, { key: decisionKey() });
        showHint(msg.lines); render();
      }
    }
  };
  ws.onclose = () => {
    $("conn").textContent = HF.t("conn.disconnected");
    showOffline();
    retryTimer = setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);
  };
}

// -- a call the game makes ("Kwa-Dō!" when a bright is captured, RULES.md §4.3) -------------
let calledAt = null;
function callOut() {
  const last = W.log.length - 1;
  const fresh = calledAt === null ? [] : W.log.slice(calledAt + 1);  // none for the entries there on opening
  calledAt = last;
  const calls = fresh.flatMap((e) => e.calls || []);
  if (!calls.length) return;
  document.querySelectorAll(".toast").forEach((old) => old.remove());
  const t = HF.text("div", calls[calls.length - 1], { class: "toast", role: "status" });
  document.body.append(t); setTimeout(() => t.remove(), 1600);
  document.body.dataset.calls = String(Number(document.body.dataset.calls || 0) + 1);
}

// -- moves animate: each card glides from where it was to where it is now (FLIP) -----------
const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const MOVING = "[data-region] .card[data-card]";
const regionOf = (el) => el.closest("[data-region]").dataset.region;
function cardRects() {
  const at = new Map();
  for (const el of document.querySelectorAll(MOVING)) at.set(el.dataset.card, { rect: el.getBoundingClientRect(), region: regionOf(el) });
  return at;
}
function animateMoves(before, mover) {
  const seatBox = mover !== null && mover !== S.you ? document.querySelector(`#seats [data-seat="${mover}"]`) : null;
  const stock = $("stock");
  let moved = 0;
  for (const el of document.querySelectorAll("#field .card, #hand .card, #pending .card")) {
    const now = el.getBoundingClientRect(), was = before.get(el.dataset.card);
    let from = was ? was.rect : null;
    if (!from) {
      if (el.closest("#hand")) continue;  // a new deal: no glide
      const src = el.closest("#pending") || !seatBox ? stock : seatBox;
      from = src.getBoundingClientRect();
      from = { left: from.left, top: from.top, width: Math.min(from.width, now.width) };
    }
    const dx = from.left - now.left, dy = from.top - now.top, k = from.width / now.width;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    if (!was || was.region !== regionOf(el)) moved++;
    if (REDUCED.matches || !el.animate) continue;  // reduced motion: only the last-move outline marks it
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${k})`, transformOrigin: "top left", zIndex: 5 },
      { transform: "none", transformOrigin: "top left", zIndex: 5 }], { duration: 480, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
  document.body.dataset.animated = String(Number(document.body.dataset.animated || 0) + moved);
}

// -- keys and buttons ------------------------------------------------------------------------
document.addEventListener("keydown", (ev) => {
  if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
  if (ev.key === "?") { ev.preventDefault(); openHelp(); return; }
  if (ev.key === "h" && !ev.ctrlKey && !ev.metaKey && !ev.altKey) { ev.preventDefault(); askHint(); return; }
  if (ev.key === "Escape" && selected) { unselect(); return; }
  const n = Number(ev.key);
  if (n >= 1 && n <= 9) { const b = document.querySelectorAll("#choice button[data-move]")[n - 1]; if (b) b.click(); }
});
$("help-btn").addEventListener("click", openHelp);
$("hint-btn").addEventListener("click", askHint);
$("close-hint").addEventListener("click", () => { $("hint").hidden = true; });
$("close-help").addEventListener("click", () => $("help").close());
$("close-pile").addEventListener("click", () => $("pile").close());
$("sound-btn").addEventListener("click", () => { localStorage.setItem("hf-sound", localStorage.getItem("hf-sound") === "on" ? "off" : "on"); drawSound(); });
$("leave-btn").addEventListener("click", () => {
  if (!confirm(HF.t("table.leave_confirm"))) return;
  send({ type: "resign" });
  $("leave-btn").hidden = true;
});
$("retry-btn").addEventListener("click", () => { if (!ws || ws.readyState === 3) { retry = 500; connect(); } });
$("next-round").addEventListener("click", () => { send({ type: "next-round" }); $("summary").close(); });
$("close-summary").addEventListener("click", () => $("summary").close());
// the phone's panel tabs (a tablist: click or Enter/Space opens a panel, again closes it; the
// arrow keys, Home and End move between the tabs); on a desktop every panel is shown at once
const TABS = [...document.querySelectorAll("#tabs [data-tab]")];
function openTab(b, open) {
  for (const x of TABS) { x.setAttribute("aria-selected", "false"); x.tabIndex = -1; $(x.dataset.panel).classList.remove("open"); }
  b.tabIndex = 0;
  if (!open) return;
  b.setAttribute("aria-selected", "true");
  const panel = $(b.dataset.panel);
  panel.classList.add("open");
  panel.scrollIntoView({ block: "nearest" });
}
for (const b of TABS) {
  b.addEventListener("click", () => openTab(b, b.getAttribute("aria-selected") !== "true"));
  b.addEventListener("keydown", (ev) => {
    const i = TABS.indexOf(b);
    const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: TABS.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    openTab(next, true); next.focus();
  });
}

(async () => {
  HF.header();
  drawSound();
  if (!TOKEN) { $("error").textContent = HF.t("table.needs_link"); return; }
  // the table's own card names unless this browser chose others: loaded before anything is drawn
  if (!localStorage.getItem("hf-theme")) {
    try { const t = await (await fetch(`/api/tables/${TABLE_ID}`)).json(); if (t.theme) HF.theme = t.theme; } catch (e) { /* the default */ }
  }
  await HF.loadCards();
  $("theme-slot").append(HF.themeSelect(() => { lastLogKey = ""; send({ type: "theme", theme: HF.theme }); render(); }));
  connect();
})();
