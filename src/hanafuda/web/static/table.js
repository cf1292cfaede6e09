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
let seenResult = "", lastTurnMine = false;
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
// The table is a function of the state (issue 28): static/table/view.js describes every region
// as components with keyed lists and Preact changes only what differs from the last drawing, so
// a card that stays keeps its element (and its focus). VIEW is that module, loaded at start-up
// before the connection opens. A render asked while one runs (a blur as a card leaves) is made
// right after it.
let VIEW = null, drawing = false, redraw = false;
function render() {
  if (!S || !VIEW) return;
  if (drawing) { redraw = true; return; }
  drawing = true;
  const active = document.activeElement;
  const inTable = !!(active && active.closest && active.closest("#hand, #field, #choice"));
  const key = active && active.dataset ? (active.dataset.card ? `[data-region="${active.closest("[data-region]")?.dataset.region}"] [data-card="${active.dataset.card}"]` : active.dataset.move ? `#choice [data-move="${CSS.escape(active.dataset.move)}"]` : null) : null;
  try { draw(); } finally { drawing = false; }
  if (!document.activeElement || document.activeElement === document.body) {
    let el = key ? document.querySelector(key) : null;
    if (el && (el.tabIndex < 0 || el.disabled)) el = null;
    // the focused card was played: the keyboard player's focus goes to the next thing to do
    if (!el && (inTable || focusOwed) && !$("summary").open) el = document.querySelector("#choice button[data-move], #field button.card, #hand button.card");
    if (el) el.focus({ preventScroll: true });
    // nothing to act on yet (another seat's turn): the focus comes back when there is
    focusOwed = !el && (inTable || focusOwed);
  }
  if (redraw) { redraw = false; queueMicrotask(render); }
}
let focusOwed = false;

function draw() {
  const v = S.view;
  HF.setValues(S.table.card_values);
  setText("title", W.title || S.table.title);  // the game's name in the page's language
  setText("round", roundText(v.round));
  // a table stopped by its creator or closed by a moderator takes no more moves: say so, not whose turn
  const ended = S.table.status === "stopped" || document.body.dataset.tableClosed === "1";
  // a decision's sentence ("Your turn: you made … — stop now and score 7 points, or koi-koi to
  // play on for more") is said over its choices, where it is made (view.js Choice), and the bar
  // says "Your turn": the bar's one line never grows (issue 28: it wrapped from 40 to 72 px and
  // moved the whole table down)
  const turnLine = (said) => {
    setText("turn", ended ? HF.t("table.ended") : said + (S.you === null ? ` · ${HF.t("table.watching")}` : "")
      + (settling !== null ? ` · ${HF.t("table.settling")}` : ""));
    HF.lang($("turn"), said);
    $("turn").title = $("turn").textContent;  // the whole line, should a long name cut it short
  };
  turnLine(myTurn() && !selected && choiceMoves().length ? HF.t("table.your_turn") : W.turn);
  setText("stock", HF.t("table.stock", { n: v.stock_count }));
  notifyTurn();
  dropStaleHint();  // before the cards are drawn: a hint of a decision made marks nothing
  VIEW.renderTable(S, ui());
  // ... unless the sentence over many choices (a wild card's seven) would push the last of them
  // out of the choice bar's slot: then the bar's turn line says it (one line, whole in its title)
  // and the choices keep the slot, the sentence there said to a screen reader only
  const head = document.querySelector("#choice > strong:not(.card-of)"), bar = $("choice");
  if (head) {
    head.className = "turn-words";  // (set here, not by the view, once a draw moved it away)
    if (getComputedStyle(bar).overflowY !== "visible" && bar.scrollHeight > bar.clientHeight + 1) {
      head.className = "sr-only"; turnLine(W.turn);
    }
  }
  maybeSummary(); showOffline(); drawHint();
  $("leave-btn").hidden = S.you === null || v.finished || S.table.seats[S.you].kind !== "human";
  $("hand-wrap").hidden = S.you === null;
  $("choice").hidden = S.you === null;
}

// how long the match is (issue 28, s41 finding 8): "Round 5 of 12" / 「第5回（全12回）」, and the
// target score when one ends it (RULES.md §6), from the rounds and target in force — the table's
// help answer lists its options with their values (the state's view.options holds only the
// options given, not the game's defaults); until it has come, the round alone
let LENGTH = null;
function roundText(n) {
  const r = LENGTH && LENGTH.rounds, target = LENGTH && LENGTH.target;
  return (r ? HF.t("table.round_of", { n, total: r }) : HF.t("table.round", { n })) + (target ? HF.t("table.first_to", { target }) : "");
}
async function loadLength() {
  try {
    const r = await (await fetch(`/api/tables/${TABLE_ID}/help`)).json();
    const value = (name) => { const o = (r.options || []).find((x) => x.name === name); return o && Number.isInteger(o.value) && o.value > 0 ? o.value : null; };
    LENGTH = { rounds: value("rounds"), target: value("target") };
    render();
  } catch (e) { /* the round alone */ }
}

// the table bar's words: changed only when they change (a screen reader hears a change)
function setText(id, text) { if ($(id).textContent !== text) $(id).textContent = text; }

// what this page holds beside the state, and what its elements do (static/table/view.js)
let marking = null;       // the field cards a hovered choice would take
function ui() {
  return {
    myTurn: myTurn(), selected, hinted, settling, clockLeft: clockLeft(), last: lastCards(),
    preview: marking ? new Set(marking) : previewSet(), targets: targetMoves(), choices: choiceMoves(), movesOf,
    creator: creatorToken(), bots: BOTS, botChoice,
    on: {
      move: doMove, hand: clickHand, preview: setPreview, mark: markTakes, unselect, pile: openPile,
      bot: (b) => { botChoice = b; },
      takeover: (seat) => send({ type: "bot-takeover", seat, bot: botChoice, creator_token: creatorToken() }),
    },
  };
}

// -- the turn clock: the seconds left at the seat to move, counted down each second ----------
// The social panel passes on the server's countdown (its ticker's own bookkeeping: the moment
// it first saw the decision, the clock's seconds); it holds for the decision it names only.
let CLOCK = null, clockShown = null;
document.addEventListener("hanafuda:clock", (ev) => {
  const c = ev.detail || {};
  CLOCK = c.seat === null || c.seat === undefined ? null : { ...c, until: performance.now() + c.left * 1000 };
  render();
});
function turnKey() { const v = S.view; return `${v.round}|${v.stock_count}|${v.to_move}|${v.phase}|${v.field.length}`; }
function clockLeft() {
  if (!CLOCK || !S || S.view.finished || CLOCK.seat !== S.view.to_move || CLOCK.turn !== turnKey()) return null;
  return Math.max(0, Math.ceil((CLOCK.until - performance.now()) / 1000));
}
// each second the clock's seat chip is drawn again (only its count changes)
setInterval(() => {
  const left = clockLeft();
  if (left !== clockShown) { clockShown = left; render(); }
}, 250);

function lastCards() {
  const log = W.log.filter((e) => e.kind !== "deal");
  return new Set(log.length ? log[log.length - 1].cards : []);
}

// only the preview marks change on hover: the cards stay where they are
function setPreview(code) {
  if (previewing === code) return;
  previewing = code;
  render();
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

function markTakes(takes) {
  marking = takes && takes.length ? takes : null;
  render();
}
function unselect() {
  const code = selected; selected = null; marking = null; render();
  const el = document.querySelector(`#hand [data-card="${code}"]`);
  if (el) el.focus({ preventScroll: true });
}

function openPile(side) {
  $("pile-h").textContent = side.headline; HF.lang($("pile-h"), side.headline);
  VIEW.renderPile($("pile-body"), side);
  $("pile").showModal();
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
  // on a phone it lies under the hand: brought into view if the page ends below the screen
  $("hint").scrollIntoView({ block: "nearest" });
}
function drawHint() {
  $("hint-btn").hidden = !hintAllowed();
  $("hint-btn").disabled = !myTurn();
  setText("keys", HF.t(hintAllowed() ? "table.keys_hint" : "table.keys"));
  // the keys' hints only while a hand is there to play from (not under the round's or the
  // match's end: issue 28's pictures)
  $("keys").classList.toggle("off", !S || S.you === null || S.view.finished || ["between-rounds", "match-over"].includes(S.view.phase));
}
function dropStaleHint() {
  if (hinted && hinted.key !== decisionKey()) { hinted = null; $("hint").hidden = true; }
}

// -- turn notification: the tab title, and the table's sounds (off unless switched on) ------
function notifyTurn() {
  const mine = myTurn();
  document.title = `${mine ? `▶ ${HF.t("table.your_turn")} — ` : ""}${W.title || S.table.title} — hanafuda`;
  if (mine && !lastTurnMine) Sound.play("turn");
  lastTurnMine = mine;
}
// The table's sounds (issue 33): a card laid, a capture, a yaku chime, "your turn" — small WAV
// files synthesised by scripts/make_sounds.py. Off by default; the choice is kept in this
// browser (localStorage "hf-sound"). Nothing is fetched or played while it is off.
const Sound = {
  files: { place: "place", capture: "capture", yaku: "yaku", turn: "turn" },
  cache: {},
  get on() { return localStorage.getItem("hf-sound") === "on"; },
  play(name) {
    if (!this.on || !(name in this.files)) return;
    try {
      const a = this.cache[name] || (this.cache[name] = new Audio(`/static/sound/${this.files[name]}.wav`));
      a.volume = 0.6; a.currentTime = 0;
      const p = a.play();
      if (p && p.catch) p.catch(() => { /* the browser wants a gesture first: the title still says it */ });
    } catch (e) { /* no audio here */ }
  },
};
function drawSound() {
  const on = Sound.on;
  $("sound-btn").textContent = HF.t(on ? "table.sound_on" : "table.sound_off");
  $("sound-btn").setAttribute("aria-pressed", String(on));
}
// a move was made: a capture's sound if it took cards (a side's pile grew), else a card laid
function moveSound(before, after) {
  const count = (st) => st.words.sides.reduce((n, s) => n + s.pile.count, 0);
  Sound.play(count(after) > count(before) ? "capture" : "place");
}

// -- a yaku moment (issue 33): a yaku a side has just made, its name and its cards shown a few
// seconds in #yaku-moment (a live region: a screen reader hears it); a close button ends it early.
// Under reduced motion it is shown all the same, without its entrance (style.css).
let momentTimer = null, momentSeq = 0;
function madeYaku(before, after) {
  if (!before || before.view.round !== after.view.round) return [];
  const was = new Map(before.words.progress.map((p) => [p.id, p]));
  const out = [];
  for (const p of after.words.progress) {
    const old = was.get(p.id);
    for (const s of p.sides) {
      if (!s.complete || (old && old.sides[s.side] && old.sides[s.side].complete)) continue;
      out.push({ key: `${p.id}|${s.side}|${++momentSeq}`, name: p.name, points: p.points,
        who: after.words.sides[s.side].name, cards: s.held.slice() });
    }
  }
  return out;
}
const MOMENT_MS = 4500;
function showMoment(m) {
  // the round's end names its yaku in the summary: the moment gives way to it
  if ($("summary").open) return;
  clearTimeout(momentTimer);
  VIEW.renderYakuMoment($("yaku-moment"), m, closeMoment, holdMoment);
  document.body.dataset.yakuMoments = String(Number(document.body.dataset.yakuMoments || 0) + 1);
  Sound.play("yaku");
  momentTimer = setTimeout(closeMoment, MOMENT_MS);
}
// held while pointed at or focused (WCAG 2.2.1: a reader is not hurried), then its time again
function holdMoment(hold) {
  clearTimeout(momentTimer);
  if (!hold) momentTimer = setTimeout(closeMoment, MOMENT_MS);
}
function closeMoment() {
  clearTimeout(momentTimer);
  if (VIEW) VIEW.renderYakuMoment($("yaku-moment"), null, closeMoment, holdMoment);
}

// -- the creator's panel (drawn by the view: static/table/view.js Admin) --------------------
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

// A refusal in the page's words (issue 28): the server sends its English text (error) with the
// catalogue entry it was made from (key) and that entry's arguments (args, words/refusals.py).
// A Japanese or Korean page says that entry — the detail: "the round is not over", which moves
// are legal now — naming the moves in its own words; failing that (an unknown key, a move it
// cannot name, the engine's own English reason) the catalogue's sentence for the refusal's code
// (refusal.<code>), then the server's text. English keeps the server's text, the same entry.
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]/;
function refusalText(msg) {
  const lang = document.documentElement.lang || "en", key = `refusal.${msg.code}`;
  const english = msg.error || HF.t("error.generic");
  if (lang === "en" || CJK.test(msg.error || "")) return english;
  const detail = msg.key && HF.messages[msg.key] ? refusalDetail(msg.key, msg.args || {}) : null;
  if (detail !== null) return detail;
  return msg.code && HF.messages[key] ? HF.t(key) : english;
}
// a move (RULES.md §7) in the page's words: a legal move's own sentence, a played card's name;
// null when the page cannot name it (it never shows an English card code in another language)
function moveWords(move) {
  const legal = W && W.legal.find((x) => x.move === move);
  if (legal) return legal.text;
  const played = /^play (\S+)$/.exec(String(move));
  const card = played && ((W && W.cards && W.cards[played[1]] && W.cards[played[1]].name) || HF.labels[played[1]]);
  return card || null;
}
// the entry with its arguments said by this page; null when one of them cannot be (words/refusals.py:
// "move" and "legal" hold moves, "reason" is the engine's English)
function refusalDetail(key, args) {
  const vars = {}, sep = HF.t("refusal.separator");
  for (const [name, value] of Object.entries(args)) {
    if (name === "reason") return null;
    if (name === "move" || name === "legal") {
      const moves = Array.isArray(value) ? value : [value], said = moves.map(moveWords);
      if (said.includes(null)) return null;
      // two chaff of a month are one move to a reader ("play the chrysanthemum chaff"): said once
      vars[name] = Array.isArray(value) && !value.length ? HF.t("refusal.none") : [...new Set(said)].join(sep);
    } else vars[name] = Array.isArray(value) ? value.join(sep) : value;  // (a list: the message types)
  }
  return HF.t(key, vars);
}

// -- round and match over --------------------------------------------------------------------
function maybeSummary() {
  const v = S.view;
  if (!(v.phase === "between-rounds" || v.phase === "match-over") || !W.result) { if ($("summary").open) $("summary").close(); return; }
  const key = `${v.round}|${v.finished}|${S.theme}`;
  if (seenResult === key) return;
  const reopen = seenResult.split("|")[0] === String(v.round) && !$("summary").open;
  seenResult = key;
  VIEW.renderSummary($("summary-body"), S);
  $("summary-h").textContent = v.finished ? HF.t("table.match_over") : HF.t("table.round_over", { n: v.round });
  $("next-round").hidden = v.finished || S.you === null;
  $("replay-link").hidden = !v.finished; $("replay-link").href = `/replay/${TABLE_ID}`;
  if (reopen) return;  // only the card names changed
  closeMoment();
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
  const list = (title, items, attrs = {}) => { if (items.length) body.append(HF.el("h3", { text: title }), HF.el("ul", attrs, ...items.map((t) => HF.text("li", t)))); };
  list(HF.t("help.turn"), [...r.turn, r.order]);
  list(r.deck_total ? HF.t("help.values", { n: r.deck_total }) : HF.t("table.card_points"), r.values);  // Koi-Koi: no total of 0
  list(HF.t("help.wild"), r.wild.length ? r.wild : [HF.t("help.no_wild")]);
  list(HF.t("help.calls"), r.calls);
  body.append(HF.el("h3", { text: HF.t("help.yaku_in_force") }));
  body.append(yakuList(r.yaku, HF.t("help.no_yaku_table")));
  // which yaku exclude each other, how the match is won, who deals next, the misdeals: the words of
  // `hanafuda rules` (words.reference.Reference.match_rules), each under its own heading
  for (const section of r.rules) list(section.heading, section.sentences, { "data-rules": "" });
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
  ws = TableSocket.open(`${proto}//${location.host}/ws/${TABLE_ID}?token=${encodeURIComponent(TOKEN)}&theme=${encodeURIComponent(HF.theme)}&lang=${encodeURIComponent(document.documentElement.lang || "en")}`);
  TableSync.reset();
  $("conn").textContent = HF.t("conn.connecting");
  ws.onopen = () => { $("conn").textContent = HF.t("conn.connected"); retry = 500; showOffline(); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state" || msg.type === "patch") {
      const next = TableSync.take(msg, () => send({ type: "state" }));
      if (!next) return;  // a gap: the whole state is on its way
      if (next.event) settling = null;  // a move was made: the waiting play's, or the deal settled
      const before = S ? cardRects() : null, prev = S;
      S = next; W = next.words;
      if (selected && !S.view.hand.includes(selected)) selected = null;
      if (previewing && !S.view.hand.includes(previewing)) previewing = null;
      render();
      document.dispatchEvent(new CustomEvent("hanafuda:state", { detail: { seats: S.table.seats, title: W.title || S.table.title } }));
      // a new deal glides nothing: last round's cards flying from its piles into the new hands
      // and field crossed the seat chips and covered the deal's first question (a teyaku's
      // expose or keep, s41 finding 6); the decision shows on a table at rest
      const dealt = prev && prev.view.round !== next.view.round;
      if (dealt) for (const a of document.getAnimations()) if (a.effect && a.effect.target && a.effect.target.matches(MOVING)) a.cancel();
      if (before && next.event && !dealt) animateMoves(before, next.event.seat);
      if (before && next.event) moveSound(prev, next);
      const made = madeYaku(prev, next);
      if (made.length) showMoment(made.reduce((a, b) => (b.points > a.points ? b : a)));
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
    } else if (msg.type === "error" && !msg.for) {  // (chat, hello, rematch errors: the social panel's)
      $("error").textContent = refusalText(msg);
      if (["bad-token", "no-token", "no-table", "friends-seat", "seat-claimed"].includes(msg.code)) ws.onclose = null;
      if (msg.code === "seat-claimed") offerToWatch();
      if (msg.code === "friends-seat") {  // a friend's invitation, opened where its sender sits: copy it for them
        const copy = HF.el("button", { type: "button", class: "copy", "data-copy-link": "", text: HF.t("invite.copy") });
        copy.addEventListener("click", async () => { await navigator.clipboard.writeText(location.href); copy.textContent = HF.t("invite.copied"); });
        $("error").append(" ", copy);
      }
    } else if (msg.type === "hint") {
      if (myTurn() && S.view.legal.includes(msg.best)) {
        hinted = Object.assign({}, msg, { key: decisionKey() });
        showHint(msg.lines); render();
      }
    }
  };
  ws.onclose = (ev) => {
    $("conn").textContent = HF.t("conn.disconnected");
    showOffline();
    // a server restarting (1012) hands the table over first: reconnect at once (table-socket.js)
    retryTimer = setTimeout(connect, TableSocket.delay(ev, retry)); retry = Math.min(retry * 2, 8000);
  };
}

// A seat link already opened in another browser (the first browser claims the seat): the table
// never comes to this one, so it does not reconnect (issue 28, s41 finding 4); instead of an empty
// table it offers to watch — the table's public spectator link, from the lobby's list of running
// tables — or to go to the lobby.
async function offerToWatch() {
  document.querySelector(".tp-grid").style.display = "none";
  $("conn").textContent = "";
  if ($("claimed-ways")) return;
  const box = HF.el("p", { id: "claimed-ways", class: "claimed-ways" });
  box.append(HF.el("a", { href: "/", id: "to-lobby", class: "button", text: HF.t("table.to_lobby") }));
  $("error").after(box);
  try {
    const t = ((await (await fetch("/api/tables")).json()).tables || []).find((x) => x.id === TABLE_ID);
    if (t && t.watch) box.prepend(HF.el("a", { href: t.watch, id: "watch-instead", class: "button primary", text: HF.t("table.watch_instead") }), " ");
  } catch (e) { /* the lobby's link alone */ }
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
  (document.querySelector(".felt") || document.body).append(t); setTimeout(() => t.remove(), 1600);
  document.body.dataset.calls = String(Number(document.body.dataset.calls || 0) + 1);
}

// -- moves animate: each card glides from where it was to where it is now (FLIP) -----------
const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
// the cards a move can carry: the field's, the hand's, the card turned over, the capture piles'
const MOVING = "[data-region] .card[data-card], #captures img[data-card]";
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
  for (const el of document.querySelectorAll("#field .card, #hand .card, #pending .card, #captures img[data-card]")) {
    const now = el.getBoundingClientRect(), was = before.get(el.dataset.card);
    if (!now.width) continue;  // a closed panel (the phone's captures tab): nothing to see move
    let from = was && was.rect.width ? was.rect : null;
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
  document.body.classList.add("keyed");  // a keyboard is here: its hints show (style.css .keys)
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
$("sound-btn").addEventListener("click", () => { localStorage.setItem("hf-sound", Sound.on ? "off" : "on"); drawSound(); });
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
  if (panel.contains($("log")) && VIEW) VIEW.followLog();
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
  // the table's own card names unless this browser chose others for this game: loaded before
  // anything is drawn
  try {
    const t = await (await fetch(`/api/tables/${TABLE_ID}`)).json();
    HF.game = t.game || null;
    HF.theme = (HF.game && HF.savedTheme(HF.game)) || t.theme || HF.theme;
  } catch (e) { /* the default */ }
  await HF.loadCards();
  VIEW = await import("/static/table/view.js");
  loadLength();
  // a phone's finger taps (issue 28, s41 finding 16): the captures' hint says so
  const capHint = document.querySelector('[data-t="table.captures_hint"]');
  if (capHint && matchMedia("(hover: none), (pointer: coarse)").matches) capHint.textContent = HF.t("table.captures_hint_touch");
  $("theme-slot").append(HF.themeSelect(() => { send({ type: "theme", theme: HF.theme }); render(); }));
  connect();
})();
