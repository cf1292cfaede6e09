// The lobby: a name kept in this browser, tables from presets or custom options in words,
// Kwa-Dō teams by clicking seats, invitations (whole URL, copy, QR), open seats, quick match.
"use strict";
let GAMES = {}, BOTS = [], LEVELS = [], SOCIAL = {}, themePicked = false;
let seatKinds = [];          // what sits at each seat: "me", "invite", "open" or "bot:<name>"
let teamMode = "none";       // Kwa-Dō: "none", "pairs" or "threes"
let swapFrom = null;         // a seat clicked in the teams box, waiting for a second click
let hintsPicked = false;     // the player set "Hints allowed" themselves (else it follows the table)
const $ = (id) => document.getElementById(id);

// -- identity ------------------------------------------------------------------------------------
const ME = {
  get() { try { return JSON.parse(localStorage.getItem("hf-player") || "null"); } catch (e) { return null; } },
  set(p) { localStorage.setItem("hf-player", JSON.stringify(p)); },
  headers() { const p = this.get(); return Object.assign({ "content-type": "application/json" }, p && p.key ? { "x-player-key": p.key } : {}); },
};

async function api(path, body) {
  const r = await fetch(path, { method: "POST", headers: ME.headers(), body: JSON.stringify(body || {}) });
  let data = {};
  try { data = await r.json(); } catch (e) { /* an empty answer */ }
  if (!r.ok) throw new Error(typeof data.detail === "string" ? data.detail : T("error.generic"));
  return data;
}

async function refreshMe() {
  const data = await (await fetch("/api/social/me", { headers: ME.headers() })).json();
  const p = data.player, stored = ME.get();
  if (p && (!stored || stored.name !== p.name)) ME.set(Object.assign({}, stored || {}, { name: p.name }));
  if (!p && stored && stored.key) { localStorage.removeItem("hf-player"); }
  showName(p);
}

function showName(p) {
  $("name-form").hidden = !!p; $("name-show").hidden = !p;
  if (p) { $("my-name").textContent = p.name; $("my-page").href = `/player/${encodeURIComponent(p.name)}`; }
  else $("name-input").focus();
}

// -- options in words ----------------------------------------------------------------------------
// labels and help come from the game's schema (OptionSpec.label / .help); a schema without labels
// gets the option's name in words, never its identifier
function words(text) { return String(text).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()); }
function plain(text) {
  return String(text).replace(/\btrue\b/g, T("word.on")).replace(/\bfalse\b/g, T("word.off")).replace(/\bnull\b/g, T("word.none"))
    .replace(/\b[a-z]+(?:_[a-z0-9]+)+\b/g, (id) => words(id).toLowerCase());
}
// the words layer's label, help and choice texts of an option (OptionSpec.label / .help)
const optWords = (o) => ((SOCIAL.words || {})[$("game").value] || {})[o.name] || {};
function optLabel(o) { return optWords(o).label || o.label || words(o.name); }
function optHelp(o) { return plain(optWords(o).help || o.help || ""); }
function choiceLabel(o, c) {
  const text = (optWords(o).choices || {})[String(c)];
  return String(text !== undefined ? text : c);
}
const isToggle = (o) => o.kind === "choice" && o.choices.length === 2 && o.choices.every((c) => typeof c === "boolean");

function optionInput(o) {
  const id = "opt-" + o.name;
  const help = HF.el("span", { class: "help", text: optHelp(o) });
  if (isToggle(o)) {
    const box = HF.el("input", { type: "checkbox", id, "data-option": o.name });
    box.checked = !!o.default;
    return HF.el("label", { class: "toggle opt", for: id }, box, " ", HF.el("span", { text: optLabel(o) }), help);
  }
  let input;
  if (o.kind === "choice") {
    input = HF.el("select", { id, "data-option": o.name });
    o.choices.forEach((c, i) => input.append(HF.el("option", { value: String(i), text: choiceLabel(o, c) + (c === o.default ? ` (${T("word.default")})` : "") })));
    input.value = String(o.choices.indexOf(o.default));
  } else {
    input = HF.el("input", { id, type: "number", inputmode: "numeric", min: String(o.minimum || 1), "data-option": o.name, placeholder: o.kind === "int-or-null" ? T("opt.no_limit") : "" });
    if (o.default !== null && o.default !== undefined) input.value = String(o.default);
  }
  return HF.el("label", { class: "opt", for: id }, HF.el("span", { text: optLabel(o) }), " ", input, help);
}

function setOption(o, value) {
  const input = $("opt-" + o.name);
  if (!input) return;
  if (isToggle(o)) input.checked = !!value;
  else if (o.kind === "choice") input.value = String(o.choices.indexOf(value));
  else input.value = value === null || value === undefined ? "" : String(value);
}

function readOption(o) {
  const input = $("opt-" + o.name);
  if (isToggle(o)) return input.checked;
  if (o.kind === "choice") return o.choices[Number(input.value)];
  const v = input.value.trim();
  if (v === "") return o.kind === "int-or-null" ? null : o.default;
  const n = Number(v);
  if (!Number.isInteger(n) || n < (o.minimum || 1)) throw new Error(T("opt.bad_number", { name: optLabel(o), min: o.minimum || 1 }));
  return n;
}

const applies = (g, o, n) => { const a = (SOCIAL.applies[g.id] || {})[o.name]; return !a || a.includes(n); };
const shownOptions = (g) => g.options.filter((o) => o.kind !== "teams" && applies(g, o, players()));
const players = () => Number($("players").value);
const game = () => GAMES[$("game").value];

function renderPresets() {
  const g = game(), list = SOCIAL.presets[g.id] || [];
  const box = $("presets"); box.replaceChildren();
  const chip = (id, name) => {
    const input = HF.el("input", { type: "radio", name: "preset", id: `preset-${id}`, value: id });
    input.addEventListener("change", pickPreset);
    return HF.el("label", { class: "chip", for: `preset-${id}` }, input, HF.el("span", { text: name }));
  };
  for (const p of list) box.append(chip(p.id, p.id === "standard" ? T("preset.standard") : p.name));
  box.append(chip("custom", T("preset.custom")));
  $("preset-standard").checked = true;
  pickPreset();
}

function pickPreset() {
  const g = game(), id = document.querySelector("input[name=preset]:checked").value;
  const custom = id === "custom";
  $("options").hidden = !custom;
  if (custom) { $("preset-help").textContent = T("preset.custom_help"); return; }
  const p = (SOCIAL.presets[g.id] || []).find((x) => x.id === id);
  $("preset-help").textContent = id === "standard" ? T("preset.standard_help") : p.description;
  for (const o of g.options) if (o.kind !== "teams") setOption(o, p.options[o.name] !== undefined ? p.options[o.name] : o.default);
}

function renderOptions() {
  const g = game();
  $("options").replaceChildren(...shownOptions(g).map(optionInput));
  renderPresets();
}

// a game's name with its native name, once: the Japanese and Korean titles already carry it
// ("ミンファト (민화투)"), the English ones do not ("Min-Hwatu (민화투)")
function gameTitle(g) {
  return g.title + (g.native_title && !g.title.includes(g.native_title) ? ` (${g.native_title})` : "");
}

function renderGame() {
  const g = game();
  $("game-summary").textContent = g.summary;
  $("game-rules").href = `/rules/${encodeURIComponent(g.id)}`;
  $("game-rules").setAttribute("aria-label", T("new.how_to_play_game", { game: g.title }));
  const sel = $("players"), old = Number(sel.value) || 2;
  sel.replaceChildren(...g.player_counts.map((n) => HF.el("option", { value: n, text: T("new.players_n", { n, cards: g.deal_table[n][0] }) })));
  sel.value = g.player_counts.includes(old) ? old : (g.player_counts.includes(2) ? 2 : g.player_counts[0]);
  teamMode = "none";
  renderPlayers();
  if (!themePicked && g.theme && g.theme !== HF.theme) HF.loadCards(g.theme).then(() => { $("theme").value = HF.theme; });
}

function renderPlayers() {
  const n = players(), hadMe = !seatKinds.length || seatKinds.includes("me");
  seatKinds = Array.from({ length: n }, (_, i) => seatKinds[i] || (i === 0 && !seatKinds.length ? "me" : "bot:strong"));
  if (hadMe && !seatKinds.includes("me")) seatKinds[0] = "me";  // your seat went with the seats removed
  const modes = teamModes();
  if (!modes.includes(teamMode)) teamMode = "none";
  renderOptions();
  renderSeats();
}

// -- seats and Kwa-Dō teams (RULES.md §4.3: teammates never sit side by side) --------------------
function seatKindText(k) {
  if (k === "me") return T("seat.me");
  if (k === "invite") return T("seat.invite");
  if (k === "open") return T("seat.open");
  return T("seat.bot", { bot: HF.botName(k.slice(4)) });  // the bot's one name, as its seat chip and the log say it
}

function renderSeats() {
  const rows = seatKinds.map((k, i) => {
    const sel = HF.el("select", { id: `seat-${i}`, "aria-label": T("seat.n", { n: i + 1 }) });
    for (const v of ["me", "invite", "open", ...BOTS.map((b) => "bot:" + b)]) sel.append(HF.el("option", { value: v, text: seatKindText(v) }));
    sel.value = k;
    sel.addEventListener("change", () => {
      if (sel.value === "me") seatKinds = seatKinds.map((x) => (x === "me" ? "invite" : x));
      seatKinds[i] = sel.value;  // no seat of yours: said next to the menus (seatsNote), never undone
      renderSeats();
    });
    return HF.el("div", { class: "seatrow" }, HF.el("span", { class: "seatno", text: T("seat.n", { n: i + 1 }) }), sel, botHelp(k));
  });
  $("seats").replaceChildren(...rows);
  renderTeams();
  syncHints();
  seatsNote();
}

// no seat of yours (walk41 finding 16: a bot chosen for seat 1 snapped back to "You"): a table of
// bots only is one you watch, unrated; with a person's seat among them it needs one of yours
const watching = () => !seatKinds.includes("me");
const botsOnly = () => seatKinds.every((k) => k.startsWith("bot:"));
function seatsNote() {
  const note = $("seats-note");
  note.textContent = watching() ? T(botsOnly() ? "seat.watch" : "seat.watch_bots_only") : "";
  note.className = watching() && !botsOnly() ? "error" : "help";
}

// how a bot seat plays, in the words of its level on the ladder (agents/levels.py), under the bot's
// one name (its level's: "Casual bot", as the menu, its seat chip, the log and the replay say it)
function botHelp(kind) {
  const lv = kind.startsWith("bot:") ? LEVELS.find((l) => l.bot === kind.slice(4)) : null;
  return lv ? HF.el("span", { class: "help bot-help", text: `${HF.botName(lv.bot)}: ${T("level." + lv.id + ".help")}` }) : "";
}

function teamModes() {
  const g = game(), n = players();
  if (!g.options.some((o) => o.kind === "teams") || !applies(g, { name: "teams" }, n)) return ["none"];
  return n === 4 ? ["none", "pairs"] : ["none", "pairs", "threes"];
}

// the sides of a team mode, from the seat-order rule: partners sit opposite (pairs), or every
// other seat (threes)
function teamLayout(mode, n) {
  if (mode === "pairs") return n === 4 ? [[0, 2], [1, 3]] : [[0, 3], [1, 4], [2, 5]];
  if (mode === "threes") return [[0, 2, 4], [1, 3, 5]];
  return null;
}

function renderTeams() {
  const box = $("teams"), modes = teamModes();
  box.hidden = modes.length < 2;
  if (box.hidden) { box.replaceChildren(); return; }
  const pick = HF.el("div", { class: "chips", role: "radiogroup", "aria-label": T("teams.title") });
  for (const m of modes) {
    const input = HF.el("input", { type: "radio", name: "teammode", id: `teams-${m}`, value: m });
    input.checked = m === teamMode;
    input.addEventListener("change", () => { teamMode = m; swapFrom = null; renderTeams(); });
    pick.append(HF.el("label", { class: "chip", for: `teams-${m}` }, input, HF.el("span", { text: T("teams." + m) })));
  }
  const parts = [HF.el("strong", { text: T("teams.title") }), pick];
  const layout = teamLayout(teamMode, players());
  if (layout) {
    parts.push(HF.el("p", { class: "help", text: T(players() === 4 ? "teams.rule4" : (teamMode === "pairs" ? "teams.rule6pairs" : "teams.rule6threes")) }));
    const teams = HF.el("div", { class: "teams" });
    layout.forEach((side, t) => {
      const col = HF.el("div", { class: `team team-${t}`, "data-team": t }, HF.el("div", { class: "teamname", text: T("teams.team", { letter: "ABC"[t] }) }));
      for (const s of side) {
        const b = HF.el("button", { type: "button", class: "teamseat" + (swapFrom === s ? " picked" : ""), "data-seat": s,
          "aria-pressed": swapFrom === s ? "true" : "false", text: `${T("seat.n", { n: s + 1 })}: ${seatKindText(seatKinds[s])}` });
        b.addEventListener("click", () => clickTeamSeat(s));
        col.append(b);
      }
      teams.append(col);
    });
    parts.push(teams, HF.el("p", { class: "help", text: T("teams.click") }));
  }
  box.replaceChildren(...parts);
}

function clickTeamSeat(s) {
  if (swapFrom === null) { swapFrom = s; renderTeams(); document.querySelector(`.teamseat[data-seat="${s}"]`).focus(); return; }
  if (swapFrom !== s) { const a = seatKinds[swapFrom]; seatKinds[swapFrom] = seatKinds[s]; seatKinds[s] = a; }
  swapFrom = null;
  renderSeats();
  const b = document.querySelector(`.teamseat[data-seat="${s}"]`); if (b) b.focus();
}

// hints (issue 13): on by default for an unrated table with bots, always off in rated play
function syncHints() {
  const watch = watching() && botsOnly();  // nobody to rate at a table you watch
  if (watch) $("rated").checked = false;
  $("rated").disabled = watch;
  const rated = $("rated").checked, box = $("hints");
  box.disabled = rated;
  if (rated) box.checked = false;
  else if (!hintsPicked) box.checked = seatKinds.some((k) => k.startsWith("bot:"));
  $("hints-help").textContent = T(rated ? "new.hints_rated" : "new.hints_help");
}

// -- creating ------------------------------------------------------------------------------------
function collect() {
  const g = game(), options = {};
  for (const o of shownOptions(g)) {
    const v = readOption(o);
    if (JSON.stringify(v) !== JSON.stringify(o.default)) options[o.name] = v;
  }
  const layout = teamLayout(teamMode, players());
  if (layout) options.teams = layout;
  const seats = seatKinds.map((k) => (k.startsWith("bot:") ? { kind: "bot", bot: k.slice(4) } : { kind: k }));
  const clock = $("clock").value;
  return { game: g.id, players: players(), options, seats, theme: HF.theme, clock: clock ? Number(clock) : null,
    rated: $("rated").checked, spectator_chat: $("spectator-chat").checked, hints: $("hints").checked };
}

function linkBox(label, inv, note) {
  const url = HF.el("code", { class: "url", text: inv.url, tabindex: "0" });
  const copy = HF.el("button", { type: "button", class: "copy", text: T("invite.copy"), "aria-label": `${T("invite.copy")}: ${label}` });
  copy.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(inv.url); }
    catch (e) { const r = document.createRange(); r.selectNodeContents(url); getSelection().removeAllRanges(); getSelection().addRange(r); document.execCommand("copy"); }
    copy.textContent = T("invite.copied");
  });
  const box = HF.el("div", { class: "invite", "data-url": inv.url }, HF.el("div", { class: "invite-label", text: label }),
    HF.el("div", { class: "urlrow" }, url, copy));
  if (note) box.append(HF.el("p", { class: "help", text: note }));
  if (inv.qr) box.append(HF.el("img", { class: "qr", src: inv.qr, alt: T("invite.qr", { label }), width: 132, height: 132 }));
  return box;
}

function showInvites(t) {
  const body = $("invite-body"); body.replaceChildren();
  body.append(HF.el("p", {}, HF.el("a", { class: "button primary", href: t.you.path, id: "go-seat", text: T("invite.go") })));
  for (const s of t.seats) {
    if (s.kind === "invite") body.append(linkBox(T("invite.seat", { n: s.seat + 1 }), s.invite, T("invite.seat_note")));
    if (s.kind === "open") body.append(HF.el("p", { class: "help", text: T("invite.open_note", { n: s.seat + 1 }) }));
  }
  body.append(linkBox(T("invite.spectators"), t.spectator, T("invite.spectators_note")));
  $("invite-warning").hidden = !t.loopback;
  $("invite-lan").replaceChildren();
  if (t.loopback && t.lan && t.lan.length) {
    $("invite-lan").append(T("invite.lan"), " ", ...t.lan.flatMap((u, i) => [i ? ", " : "", HF.el("a", { href: u, text: u })]));
  }
  $("invite").hidden = false;
  $("invite").scrollIntoView({ block: "start" });
  $("invite").focus();
}

function remember(t) {
  const mine = JSON.parse(localStorage.getItem("hf-tables") || "[]");
  mine.unshift({ id: t.id, title: t.title, you: t.you.path, creator: t.creator, seats: t.seats.filter((s) => s.invite).map((s) => ({ seat: s.seat, url: s.invite.url })) });
  localStorage.setItem("hf-tables", JSON.stringify(mine.slice(0, 20)));
}

function showCreated() {
  const mine = JSON.parse(localStorage.getItem("hf-tables") || "[]");
  $("first-game").hidden = mine.length > 0;  // the newcomer's panel, until their first table
  const box = $("created"); box.replaceChildren();
  if (!mine.length) { box.append(HF.el("p", { class: "muted", text: T("mine.none") })); return; }
  const ul = HF.el("ul");
  for (const t of mine.slice(0, 6)) {
    if (!t.you) continue;
    const li = HF.el("li", {}, HF.el("a", { href: t.you, text: `${t.title} · ${T("mine.your_seat")}` }));
    if (t.creator) li.append(" · ", HF.el("a", { href: t.creator, "data-creator": t.id, text: T("mine.creator") }));
    ul.append(li);
  }
  box.append(ul);
}

// -- a newcomer's first game: the suggested game against a gentle bot, unrated, hints on, no clock;
// straight to the table (the button names the game and the bot level: index.html)
async function firstGame() {
  const b = $("first-play"), g = GAMES[b.dataset.game];
  $("first-error").textContent = "";
  if (!ME.get() && $("name-input").value.trim()) {  // a name typed but not saved yet: save it now
    try { const r = await api("/api/social/names", { name: $("name-input").value }); ME.set({ name: r.player.name, key: r.key }); showName(r.player); }
    catch (e) { $("first-error").textContent = e.message; return; }
  }
  if (!ME.get()) { $("first-error").textContent = T("name.first"); $("name-input").focus(); return; }
  if (!g) { $("first-error").textContent = T("error.generic"); return; }
  const n = g.player_counts.includes(2) ? 2 : g.player_counts[0];
  const seats = [{ kind: "me" }, ...Array.from({ length: n - 1 }, () => ({ kind: "bot", bot: b.dataset.bot }))];
  b.disabled = true;
  try {
    const t = await api("/api/social/tables", { game: g.id, players: n, options: {}, seats, theme: g.theme || HF.theme,
      clock: null, rated: false, spectator_chat: false, hints: true });
    remember(t);
    location.href = t.you.path;
  } catch (e) { $("first-error").textContent = e.message; b.disabled = false; }
}

// -- open seats, all tables ----------------------------------------------------------------------
async function loadOpen() {
  const r = await fetch("/api/social/open");
  if (r.status >= 500) throw new Error(`open seats: ${r.status}`);  // a server away (poll)
  const data = await r.json();
  const box = $("open-tables");
  if (!data.tables.length) { box.replaceChildren(HF.el("p", { class: "muted", text: T("open.none") })); return; }
  const ul = HF.el("ul", { class: "open-list" });
  for (const t of data.tables) {
    const who = t.seats.filter((s) => !s.open).map((s) => s.name).join(", ");
    const b = HF.el("button", { type: "button", class: "primary", "data-join": t.id, text: T("open.join") });
    b.addEventListener("click", async () => {
      $("join-error").textContent = "";
      if (!ME.get()) { $("join-error").textContent = T("name.first"); $("name-input").focus(); return; }
      try { const r = await api(`/api/social/tables/${t.id}/join`, {}); location.href = r.link; }
      catch (e) { $("join-error").textContent = e.message; loadOpen(); }
    });
    ul.append(HF.el("li", {}, HF.el("strong", { text: t.title }), ` · ${T("open.free", { free: t.free, players: t.players })} · `,
      HF.el("span", { class: "who", text: who }), t.clock ? ` · ${T("open.clock", { s: t.clock })}` : "", " ", b));
  }
  box.replaceChildren(ul);
}

// one page of short summaries (/api/lobby/tables); the browser revalidates it (ETag): an unchanged
// page comes back 304 with the same text, and nothing is redrawn
let tablesPage = 0;
let tablesShown = "";
async function loadTables() {
  const r = await fetch(`/api/lobby/tables?page=${tablesPage}`, { cache: "no-cache" });
  if (r.status >= 500) throw new Error(`tables: ${r.status}`);  // a server away (poll)
  if (!r.ok) return;
  const text = await r.text();
  if (text === tablesShown) return;
  tablesShown = text;
  const data = JSON.parse(text);
  const ul = HF.el("ul");
  for (const t of data.tables) {
    const who = t.seats.map((s) => s.name).join(", ");
    const state = t.status === "running" ? T("all.round", { n: t.round }) : T("all." + t.status);
    const li = HF.el("li", { "data-table": t.id, "data-status": t.status }, HF.el("span", { text: `${t.title} — ${who} — ` }),
      HF.el("span", { class: t.status === "abandoned" ? "muted" : "", text: state }), " ");
    if (t.replay) li.append(HF.el("a", { href: t.replay, text: T("all.replay") }));
    else if (t.watch) li.append(HF.el("a", { href: t.watch, "data-watch": t.id, text: T("all.watch") }));
    ul.append(li);
  }
  const pager = HF.el("p", { class: "pager" });
  if (data.page > 0) pager.append(pageButton("tables-newer", "all.newer", -1));
  if (data.more) pager.append(pageButton("tables-older", "all.older", 1));
  $("tables").replaceChildren(data.tables.length ? ul : HF.el("p", { class: "muted", text: T("all.none") }), pager);
}

function pageButton(id, key, step) {
  const b = HF.el("button", { type: "button", id, text: T(key) });
  b.addEventListener("click", () => { tablesPage = Math.max(0, tablesPage + step); loadTables(); });
  return b;
}

// -- the lists kept fresh, through a server restart ----------------------------------------------
// The lobby has no socket: it asks for its lists every POLL_MS.  A server restarting (docs/deploy.md,
// rolling restarts: the moment a table page gets its socket closed with 1012) answers nothing, or
// 502/503 through a proxy, for a moment: the lobby then says so and asks again after RETRY_MS (not
// a whole POLL_MS later), and the moment it answers again redraws every list and the name at once.
const POLL_MS = 5000, RETRY_MS = [250, 500, 1000];
let away = 0, pollTimer = null;
async function poll() {
  clearTimeout(pollTimer);
  let ok = true;
  try { await Promise.all([loadTables(), loadOpen()]); } catch (e) { ok = false; }
  if (!ok) {
    away += 1;
    $("lobby-away").hidden = false;
  } else if (away) {
    away = 0;
    $("lobby-away").hidden = true;
    refreshMe().catch(() => {});
  }
  pollTimer = setTimeout(poll, ok ? POLL_MS : RETRY_MS[Math.min(away, RETRY_MS.length) - 1]);
}

// -- start -----------------------------------------------------------------------------------
function fillQuick() {
  const g = GAMES[$("quick-game").value];
  $("quick-players").replaceChildren(...g.player_counts.map((n) => HF.el("option", { value: n, text: String(n) })));
  $("quick-players").value = g.player_counts.includes(2) ? 2 : g.player_counts[0];
}

async function main() {
  HF.header();
  await I18N.load();
  I18N.header();
  await HF.loadCards();
  $("theme-slot").append(HF.themeSelect());
  for (const o of $("theme").options) o.textContent = T("theme." + o.value);
  $("theme").addEventListener("change", () => { themePicked = true; });
  const [data, social] = await Promise.all([(await fetch(`/api/games?lang=${I18N.lang}`)).json(), (await fetch(`/api/social/presets?lang=${I18N.lang}`)).json()]);
  BOTS = data.bots; LEVELS = data.levels || []; SOCIAL = social;
  for (const g of data.games) {
    GAMES[g.id] = g;
    const text = gameTitle(g);
    $("game").append(HF.el("option", { value: g.id, text }));
    $("quick-game").append(HF.el("option", { value: g.id, text }));
  }
  $("clock").append(HF.el("option", { value: "", text: T("clock.none") }), ...social.clock.map((s) => HF.el("option", { value: s, text: T("clock.seconds", { s }) })));
  for (const w of [15, 30, 60, 120]) $("quick-wait").append(HF.el("option", { value: w, text: T("clock.seconds", { s: w }) }));
  $("quick-wait").value = "30";
  $("lb-links").replaceChildren(...data.games.flatMap((g, i) => [i ? " · " : "", HF.el("a", { href: `/leaderboard/${g.id}`, text: g.title })]));
  $("rated").addEventListener("change", syncHints);
  $("hints").addEventListener("change", () => { hintsPicked = true; });
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("change", renderPlayers);
  $("quick-game").addEventListener("change", fillQuick);
  fillQuick();
  renderGame();
  $("name-form").addEventListener("submit", async (ev) => {
    ev.preventDefault(); $("name-error").textContent = "";
    try { const r = await api("/api/social/names", { name: $("name-input").value }); ME.set({ name: r.player.name, key: r.key }); showName(r.player); }
    catch (e) { $("name-error").textContent = e.message; }
  });
  $("name-change").addEventListener("click", () => { showName(null); $("name-input").value = ""; });
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault(); $("create-error").textContent = "";
    if (!ME.get()) { $("create-error").textContent = T("name.first"); $("name-input").focus(); return; }
    if (watching() && !botsOnly()) { $("create-error").textContent = T("seat.watch_bots_only"); return; }
    let body; try { body = collect(); } catch (e) { $("create-error").textContent = e.message; return; }
    try {
      const t = await api("/api/social/tables", body);
      remember(t);
      // only you and bots: nobody to invite, straight to the table
      if (t.seats.every((s) => s.kind === "me" || s.kind === "bot")) { location.href = t.you.path; return; }
      showCreated(); showInvites(t); loadTables(); loadOpen();
    } catch (e) { $("create-error").textContent = e.message; }
  });
  $("first-play").addEventListener("click", firstGame);
  $("quick").addEventListener("submit", async (ev) => {
    ev.preventDefault(); $("quick-error").textContent = "";
    if (!ME.get()) { $("quick-error").textContent = T("name.first"); $("name-input").focus(); return; }
    try {
      // a quick table is dealt with its own game's deck (its default theme), not the lobby's current one
      const game = $("quick-game").value;
      const r = await api("/api/social/quick", { game, players: Number($("quick-players").value), wait: Number($("quick-wait").value), theme: GAMES[game].theme || HF.theme });
      location.href = r.link;
    } catch (e) { $("quick-error").textContent = e.message; }
  });
  // the table's help opens with its ? button: said "tap" where the screen is touched
  if (matchMedia("(hover: none), (pointer: coarse)").matches) {
    const tip = document.querySelector("[data-t='first.suggest']");
    if (tip) { tip.dataset.t = "first.suggest_touch"; tip.textContent = T("first.suggest_touch"); }
  }
  await refreshMe();
  document.querySelector("main").prepend(HF.el("p", { id: "lobby-away", class: "warning", role: "status", hidden: "", text: T("lobby.away") }));
  showCreated(); poll();
  document.body.dataset.ready = "1";
}
main();
