"use strict";
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const TABLE_ID = location.pathname.split("/").pop();
const TOKEN = params.get("token") || "";
let ws = null, S = null, selected = null, lastHistory = 0, lastRound = 0, seenSummaries = -1, retry = 500;

function seatName(seat) { return S.table.seats[seat] ? S.table.seats[seat].name : `Seat ${seat + 1}`; }
function sideName(side) { return S.view.sides[side].map(seatName).join(" & "); }
function send(obj) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj)); }

function parse(move) {
  const w = move.split(" ");
  if (w[0] === "play") return { kind: "play", card: w[1], take: w[2] === "take" ? w[3] : null, declare: w[2] === "declare" ? w[3] : null, move };
  if (w[0] === "take") return { kind: "take", take: w[1], move };
  return { kind: w[0], move };
}

function yakuNames() { return (S && S.table.yaku_names) || {}; }

// Hana-Awase teyaku (RULES.md §4.2): 6 chaff in hand are paid 20 by each other player, 7 or more 30
function teyakuOffer() {
  const n = S.view.hand.filter((c) => HF.kinds[c] === "chaff").length;
  const pts = n >= 7 ? 30 : n === 6 ? 20 : 0;
  return { n, pts };
}

function describe(p) {
  if (p.kind === "expose") { const t = teyakuOffer(); return `Expose your teyaku: ${t.n} chaff — paid ${t.pts} by each other player`; }
  if (p.kind === "keep") return "Keep your hand hidden (no teyaku)";
  return HF.moveText(p.move, yakuNames());
}

// the texts of ``moves``, made distinct: two moves never read the same
function describeAll(moves) {
  const texts = moves.map(describe), seen = {};
  for (const t of texts) seen[t] = (seen[t] || 0) + 1;
  const k = {};
  return texts.map((t) => (seen[t] > 1 ? `${t} (${(k[t] = (k[t] || 0) + 1)})` : t));
}

// -- focus survives re-renders: the focused control's stable key, found again after a render ----
let autoFocus = null;  // the element focus was last moved to by the page (not by the user)
function focusKey(el) {
  if (!el || el === document.body) return null;
  if (el.closest("#hand") && el.dataset.code) return `#hand .card[data-code="${el.dataset.code}"]`;
  if (el.closest("#field") && el.dataset.code) return `#field .card[data-code="${el.dataset.code}"]`;
  if (el.closest("#choice, #moves") && el.dataset.move) return `#${el.closest("#choice, #moves").id} button[data-move="${CSS.escape(el.dataset.move)}"]`;
  if (el.closest("#choice") && el.dataset.cancel) return "#choice [data-cancel]";
  if (el.dataset.takeover) return `[data-takeover="${el.dataset.takeover}"]`;
  if (el.id) return `#${CSS.escape(el.id)}`;
  return null;
}
function inRebuilt(el) { return !!(el && el.closest && el.closest("#hand, #field, #choice, #moves, #pending, #admin-body")); }
function fallbackFocus() {
  const q = (sel) => document.querySelector(sel);
  if (selected) return q("#field .card.target") || q("#choice button");
  if (S.view.to_move === S.you && S.you !== null) return q("#hand .card.legal") || q("#field .card.target") || q("#moves button");
  return q("#hand .card") || q("#moves button") || q("#moves");
}
function restoreFocus(key, wasAuto, wasRebuilt) {
  if ($("summary").open) return;
  const now = document.activeElement;
  if (now && now !== document.body && now.isConnected && !wasAuto) return;  // focus stayed put
  let el = key && !wasAuto ? document.querySelector(key) : null;
  if (el && el.disabled) el = null;
  if (!el && (wasRebuilt || wasAuto)) el = fallbackFocus();
  if (!el) return;
  el.focus({ preventScroll: true });
  autoFocus = key && !wasAuto && el === document.querySelector(key) ? null : el;
}

function legal() { return (S && S.view.to_move === S.you) ? S.view.legal.map(parse) : []; }

function render() {
  if (!S) return;
  const active = document.activeElement, key = focusKey(active), wasAuto = !!autoFocus && active === autoFocus;
  const wasRebuilt = inRebuilt(active);
  draw();
  restoreFocus(key, wasAuto, wasRebuilt);
}

function draw() {
  const v = S.view, moves = legal();
  HF.values = S.table.card_values || null;
  document.title = `hanafuda — ${S.table.title}`;
  $("title").textContent = S.table.title;
  $("round").textContent = `Round ${v.round}`;
  $("stock").textContent = `Stock: ${v.stock_count}`;
  $("stock-pile").replaceChildren(HF.back(v.stock_count, "cards in the stock", 3));
  const turn = v.to_move === null ? (v.finished ? "Match over" : "Round over")
    : v.to_move === S.you ? "Your turn" : `${seatName(v.to_move)} to move`;
  $("turn").textContent = turn + (S.you === null ? " · watching" : "");
  // opponents
  const opp = $("opponents"); opp.replaceChildren();
  for (let seat = 0; seat < v.players; seat++) {
    if (seat === S.you) continue;
    const info = S.table.seats[seat];
    const box = HF.el("div", { class: "seatbox" + (v.to_move === seat ? " turn" : ""), "data-seat": seat, "data-region": `seat-${seat}`, "aria-label": `${info.name}${v.to_move === seat ? ", to move" : ""}` },
      HF.el("strong", { text: `${info.name}${info.kind === "bot" ? " (bot)" : ""}${seat === v.dealer ? " (dealer)" : ""}${v.to_move === seat ? " ◀ to move" : ""}` }), " ",
      info.kind === "human" && !info.connected ? HF.el("span", { class: "muted", text: "(away) " }) : null,
      HF.back(v.hand_counts[seat]));
    if (v.exposed[seat].length) { const ex = HF.el("div", { class: "cards" }); for (const c of v.exposed[seat]) ex.append(HF.card(c, { class: "small" })); box.append(HF.el("div", { class: "muted", text: "Exposed:" }), ex); }
    opp.append(box);
  }
  // field
  const targets = new Set();
  if (selected) for (const p of moves) if (p.kind === "play" && p.card === selected && p.take) targets.add(p.take);
  for (const p of moves) if (p.kind === "take") targets.add(p.take);
  const field = $("field"); field.replaceChildren();
  for (const c of v.field) {
    const b = HF.card(c, { class: targets.has(c) ? "target" : "" });
    if (targets.has(c)) { b.setAttribute("aria-label", `${HF.labels[c]} — capture target`); b.addEventListener("click", () => clickField(c)); }
    field.append(b);
  }
  $("pending").textContent = "";
  if (v.pending) {
    $("pending").textContent = "";
    const b = HF.card(v.pending, { class: "selected" }); b.setAttribute("aria-label", `Turned over from the stock: ${HF.labels[v.pending]}`);
    $("pending").append(" — turned over: ", b);
  }
  // hand
  const playable = new Set(moves.filter((p) => p.kind === "play").map((p) => p.card));
  const hand = $("hand"); hand.replaceChildren();
  for (const c of v.hand) {
    const cls = (playable.has(c) ? "legal" : "") + (selected === c ? " selected" : "");
    const b = HF.card(c, { class: cls });
    if (playable.has(c)) { b.setAttribute("aria-label", `${HF.labels[c]} — playable`); b.addEventListener("click", () => clickHand(c)); }
    else b.setAttribute("aria-disabled", "true");
    hand.append(b);
  }
  $("hand-note").textContent = S.you === null ? "(spectating: no hand)" : "";
  hand.hidden = S.you === null;
  // choice panel for the selected card
  const choice = $("choice"); choice.replaceChildren();
  if (selected) {
    const mine = moves.filter((p) => p.kind === "play" && p.card === selected);
    choice.append(HF.el("span", { text: `${HF.labels[selected]}: choose ` }));
    const texts = describeAll(mine);
    mine.forEach((p, i) => choice.append(HF.el("button", { type: "button", "data-move": p.move, title: p.move, text: texts[i], onclick: () => doMove(p.move) })));
    choice.append(HF.el("button", { type: "button", "data-cancel": "1", text: "Cancel", onclick: unselect }));
  }
  // move list
  const list = $("moves"); list.replaceChildren();
  const texts = describeAll(moves);
  moves.forEach((p, i) => list.append(HF.el("button", { type: "button", "data-move": p.move, title: p.move, "aria-label": texts[i], text: `${i < 9 ? i + 1 + ". " : ""}${texts[i]}`, onclick: () => doMove(p.move) })));
  if (!moves.length) list.append(HF.el("span", { class: "muted", text: S.you === null ? "Spectating." : "Waiting…" }));
  renderPiles(); renderScores(); renderLog(); renderAdmin(); maybeSummary(); kwaDo();
}

// The creator token: this page was opened with the creator link, or this browser created the
// table (the lobby keeps it), or the link carried "&creator=…" (then this browser keeps it too).
function creatorToken() {
  if (S && S.creator) return TOKEN;
  const given = params.get("creator");
  if (given) { const kept = JSON.parse(localStorage.getItem("hf-creator") || "{}"); kept[TABLE_ID] = given; localStorage.setItem("hf-creator", JSON.stringify(kept)); return given; }
  const kept = JSON.parse(localStorage.getItem("hf-creator") || "{}");
  if (kept[TABLE_ID]) return kept[TABLE_ID];
  const mine = JSON.parse(localStorage.getItem("hf-tables") || "[]");
  const t = mine.find((x) => x.id === TABLE_ID);
  return t ? t.creator_token : null;
}

function renderAdmin() {
  const token = creatorToken(), box = $("admin-body");
  $("admin").hidden = !token || S.view.finished;
  if (!token || S.view.finished) return;
  const link = `${location.origin}/table/${TABLE_ID}?token=${encodeURIComponent(token)}`;
  box.replaceChildren(
    HF.el("p", { text: "You created this table. If a player leaves, you can hand their seat to a bot so the match goes on." }),
    HF.el("label", { class: "opt" }, "Bot level ", botSelect()));
  const people = S.table.seats.filter((s) => s.kind === "human" && s.seat !== S.you);
  if (!people.length) box.append(HF.el("p", { class: "muted", text: "No other person sits at this table." }));
  for (const s of people) {
    const b = HF.el("button", { type: "button", "data-takeover": s.seat, text: s.connected ? `${s.name} is at the table` : `Hand ${s.name}'s seat (away) to a bot`,
      onclick: () => send({ type: "bot-takeover", seat: s.seat, bot: $("takeover-bot").value, creator_token: token }) });
    if (s.connected) b.disabled = true;
    box.append(HF.el("div", {}, b));
  }
  box.append(HF.el("p", { class: "muted" }, "Creator link (keep it private; it works on any device): ",
    HF.el("a", { href: link, id: "creator-link", text: "open as creator" })));
}

let botChoice = "greedy";
function botSelect() {
  const sel = HF.el("select", { id: "takeover-bot", "aria-label": "Bot level for a seat handed to a bot" });
  for (const b of ["random", "greedy", "strong"]) sel.append(HF.el("option", { value: b, text: b }));
  sel.value = botChoice; sel.addEventListener("change", () => { botChoice = sel.value; });
  return sel;
}

function renderPiles() {
  const v = S.view, piles = $("piles"); piles.replaceChildren();
  v.captures.forEach((cards, side) => {
    const pts = S.standing.card_points[side], yaku = S.standing.yaku[side] || [];
    const box = HF.el("div", { class: "pile", "data-region": `pile-${side}` }, HF.el("h3", { text: `${sideName(side)} — ${pts} card points` }));
    for (const kind of HF.kindOrder) {
      const of = cards.filter((c) => HF.kinds[c] === kind);
      const g = HF.el("div", { class: "group", "aria-label": `${HF.kindName[kind]}: ${of.length}` }, HF.el("span", { class: "k", text: `${HF.kindName[kind]} (${of.length})` }));
      for (const c of of) g.append(HF.card(c, { class: "small" }));
      box.append(g);
    }
    box.append(HF.el("div", { class: "muted", text: yaku.length ? "Yaku: " + yaku.map((y) => `${y.name} (${y.points})`).join(", ") : "No yaku yet" }));
    if (v.declared[side] && v.declared[side].length) box.append(HF.el("div", { title: v.declared[side].join(", "), text: "Declared: " + v.declared[side].map((d) => yakuNames()[d] || d).join(", ") }));
    piles.append(box);
  });
}

function renderScores() {
  const v = S.view, t = HF.el("table", { class: "score" });
  t.append(HF.el("tr", {}, HF.el("th", { text: "Side" }), ...v.round_scores.map((_, i) => HF.el("th", { text: `R${i + 1}` })), HF.el("th", { text: "Total" })));
  v.sides.forEach((_, side) => t.append(HF.el("tr", {}, HF.el("td", { text: sideName(side) + (v.winners.includes(side) && v.finished ? " — winner" : "") }),
    ...v.round_scores.map((r) => HF.el("td", { text: String(r[side]) })), HF.el("td", { text: String(v.totals[side]) }))));
  $("scores").replaceChildren(t);
}

function logText(e) {
  if (e.kind === "next-round") return `— round ${e.round} dealt —`;
  return `${e.seat === null ? "dealer" : seatName(e.seat)}: ${HF.moveText(e.text, yakuNames())}`;
}

function renderLog() {
  // the whole match's log: new entries are appended, the list scrolls; it follows the newest
  // entry unless the reader has scrolled up to read older ones
  const ol = $("log"), atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
  if (ol.children.length > S.log.length || ol.dataset.theme !== HF.theme) ol.replaceChildren();
  ol.dataset.theme = HF.theme;
  const have = new Set([...ol.children].map((li) => li.dataset.seq));
  for (const e of S.log) if (!have.has(String(e.seq))) ol.append(HF.el("li", { "data-seq": e.seq, "data-move": e.kind === "move" ? e.text : null, title: e.kind === "move" ? e.text : null, text: logText(e) }));
  $("log-count").textContent = `(${S.log.length})`;
  if (atEnd) ol.scrollTop = ol.scrollHeight;
}

function maybeSummary() {
  const v = S.view;
  if (!(v.phase === "between-rounds" || v.phase === "match-over")) { if ($("summary").open) $("summary").close(); return; }
  if (seenSummaries === S.summaries.length) return;
  seenSummaries = S.summaries.length;
  const r = S.summaries[S.summaries.length - 1];
  const body = $("summary-body"); body.replaceChildren();
  const t = HF.el("table", { class: "score" }, HF.el("tr", {}, HF.el("th", { text: "Side" }), HF.el("th", { text: "Card points" }), HF.el("th", { text: "Yaku" }), HF.el("th", { text: "Score" }), HF.el("th", { text: "How" })));
  r.scores.forEach((score, side) => t.append(HF.el("tr", {}, HF.el("td", { text: sideName(side) }), HF.el("td", { text: String(r.card_points[side]) }),
    HF.el("td", { text: r.yaku[side].map((y) => `${y.name} (${y.points})`).join(", ") || "—" }), HF.el("td", { text: String(score) }),
    HF.el("td", { class: "how", text: r.terms[side].map((x) => `${x.label} ${x.value >= 0 ? "+" : ""}${x.value}`).join("; ") }))));
  body.append(HF.el("div", { class: "scroll-x" }, t));
  // the captures of the round just played, by kind
  v.captures.forEach((cards, side) => {
    const box = HF.el("div", { class: "summary-pile", "aria-label": `${sideName(side)} captured ${cards.length} cards` },
      HF.el("strong", { text: `${sideName(side)} captured: ` }),
      HF.kindOrder.map((k) => `${HF.kindName[k]} ${cards.filter((c) => HF.kinds[c] === k).length}`).join(" · "));
    const row = HF.el("div", { class: "cards small-row" });
    for (const k of HF.kindOrder) for (const c of cards.filter((x) => HF.kinds[x] === k)) row.append(HF.card(c, { class: "small" }));
    box.append(row); body.append(box);
  });
  if (r.note) body.append(HF.el("p", { class: "muted", text: r.note }));
  $("summary-h").textContent = v.finished ? `Match over — ${v.winners.map(sideName).join(" & ")} win${v.winners.length > 1 ? "" : "s"}` : `Round ${v.round} over`;
  $("next-round").hidden = v.finished || S.you === null;
  $("replay-link").hidden = !v.finished; $("replay-link").href = `/replay/${TABLE_ID}`;
  $("summary").showModal();
  // focus the dialog's action, not the first captured card
  ($("next-round").hidden ? $("close-summary") : $("next-round")).focus();
}

function kwaDo() {
  const v = S.view;
  if (v.round !== lastRound) { lastRound = v.round; lastHistory = v.history.length; return; }
  const fresh = v.history.slice(lastHistory); lastHistory = v.history.length;
  if (v.game !== "kwa-do") return;
  const bright = (c) => HF.kinds[c] === "bright";
  // a bright taken from the field, or a bright that itself made a capture
  if (fresh.some((e) => e.captured.length && (e.captured.some(bright) || (e.card && bright(e.card))))) {
    document.querySelectorAll(".toast").forEach((old) => old.remove());
    const t = HF.el("div", { class: "toast", role: "status", text: "Kwa-Dō!" });
    document.body.append(t); setTimeout(() => t.remove(), 1600);
    document.body.dataset.kwaDoCalls = String(Number(document.body.dataset.kwaDoCalls || 0) + 1);
  }
}

function clickHand(code) {
  const mine = legal().filter((p) => p.kind === "play" && p.card === code);
  if (mine.length === 1) return doMove(mine[0].move);
  selected = selected === code ? null : code; render();
  if (selected) moveFocus(fallbackFocus());  // the first target to choose, or the choice bar
}
function moveFocus(el) { if (el) { el.focus({ preventScroll: true }); autoFocus = el; } }
function unselect() {  // back to the hand card that was picked
  const code = selected; selected = null; render();
  const el = document.querySelector(`#hand .card[data-code="${code}"]`);
  if (el) { el.focus({ preventScroll: true }); autoFocus = null; } else moveFocus(fallbackFocus());
}
function clickField(code) {
  const ms = legal();
  const m = selected ? ms.find((p) => p.kind === "play" && p.card === selected && p.take === code) : ms.find((p) => p.kind === "take" && p.take === code);
  if (m) doMove(m.move);
}
function doMove(move) { selected = null; $("error").textContent = ""; send({ type: "move", move }); }

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/${TABLE_ID}?token=${encodeURIComponent(TOKEN)}`);
  $("conn").textContent = "connecting…";
  ws.onopen = () => { $("conn").textContent = "connected"; retry = 500; };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      const before = S ? cardRects() : null, mover = msg.event ? msg.event.seat : null;
      if (!S && !localStorage.getItem("hf-theme") && msg.table.theme !== HF.theme) {
        HF.loadCards(msg.table.theme).then(() => { $("theme").value = HF.theme; render(); });
      }
      S = msg; if (selected && !S.view.hand.includes(selected)) selected = null; render();
      if (before && msg.event) animateMoves(before, mover);
    } else if (msg.type === "error") {
      $("error").textContent = msg.error;
      if (msg.code === "storage" && S) render();  // the move was undone: show the table as it is
      if (["bad-token", "no-token", "no-table"].includes(msg.code)) ws.onclose = null;
    }
  };
  ws.onclose = () => { $("conn").textContent = "disconnected — reconnecting…"; setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); };
}

// -- moves animate: each card glides from where it was to where it is now (FLIP) ---------------
const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const MOVING = "[data-region] .card[data-code]";
const region = (el) => el.closest("[data-region]").dataset.region;

function cardRects() {
  const at = new Map();
  for (const el of document.querySelectorAll(MOVING)) at.set(el.dataset.code, { rect: el.getBoundingClientRect(), region: region(el) });
  return at;
}

function animateMoves(before, mover) {
  // where a card not on show before comes from: the mover's seat (a card from a hidden hand),
  // else the stock (a card turned over)
  const seatBox = mover !== null && mover !== S.you ? document.querySelector(`#opponents [data-seat="${mover}"]`) : null;
  const stock = document.querySelector("#stock-pile");
  let moved = 0;
  for (const el of document.querySelectorAll(MOVING)) {
    const now = el.getBoundingClientRect(), was = before.get(el.dataset.code);
    let from = was ? was.rect : null;
    if (!from) {
      if (el.closest("#hand, #opponents")) continue;  // a new deal: no glide
      const src = el.closest("#pending") || !seatBox ? stock : seatBox;
      if (!src) continue;
      from = src.getBoundingClientRect();
      from = { left: from.left, top: from.top, width: Math.min(from.width, now.width) };
    }
    const dx = from.left - now.left, dy = from.top - now.top, k = from.width / now.width;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    if (!was || was.region !== region(el)) {  // played, captured or turned over (not a reflow)
      moved++;
      el.classList.add("moved");
      setTimeout(() => el.classList.remove("moved"), 1200);
    }
    if (REDUCED.matches || !el.animate) continue;  // reduced motion: only the outline marks it
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${k})`, transformOrigin: "top left", zIndex: 5 },
      { transform: "none", transformOrigin: "top left", zIndex: 5 }], { duration: 480, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
  document.body.dataset.animated = String(Number(document.body.dataset.animated || 0) + moved);
}

document.addEventListener("keydown", (ev) => {
  if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
  if (ev.key === "Escape" && selected) { unselect(); return; }
  const n = Number(ev.key);
  if (n >= 1 && n <= 9) { const ms = legal(); if (ms[n - 1]) doMove(ms[n - 1].move); }
});
$("next-round").addEventListener("click", () => { send({ type: "next-round" }); $("summary").close(); });
$("close-summary").addEventListener("click", () => $("summary").close());
$("summary").addEventListener("close", () => {
  if (S && (!document.activeElement || document.activeElement === document.body)) moveFocus(fallbackFocus());
});

(async () => {
  HF.header();
  await HF.loadCards();
  $("theme-slot").append(HF.themeSelect(render));
  if (!TOKEN) { $("error").textContent = "This page needs a seat or spectator link (ask the table's creator)."; return; }
  connect();
})();
