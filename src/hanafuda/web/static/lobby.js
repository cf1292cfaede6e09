"use strict";
let GAMES = {}, BOTS = [], themePicked = false;
const $ = (id) => document.getElementById(id);

function optionInput(o) {
  const id = "opt-" + o.name;
  let input;
  if (o.kind === "choice") {
    input = HF.el("select", { id, name: o.name });
    for (const c of o.choices) {
      const text = typeof c === "string" ? c : JSON.stringify(c);
      const opt = HF.el("option", { value: JSON.stringify(c), text: text + (JSON.stringify(c) === JSON.stringify(o.default) ? " (default)" : "") });
      input.append(opt);
    }
    input.value = JSON.stringify(o.default);
  } else if (o.kind === "teams") {
    input = HF.el("input", { id, name: o.name, placeholder: "none, e.g. [[0,2],[1,3]]", class: "wide" });
  } else if (o.kind === "int-or-null") {
    input = HF.el("input", { id, name: o.name, inputmode: "numeric", placeholder: `default: ${o.default_text} (a number, or null)`, class: "wide" });
  } else {
    input = HF.el("input", { id, name: o.name, type: "number", min: String(o.minimum), placeholder: "default: " + o.default_text, class: "wide" });
  }
  input.dataset.kind = o.kind;
  if (input.placeholder) input.style.width = `${input.placeholder.length + 3}ch`;  // never clipped
  return HF.el("label", { class: "opt", for: id }, `${o.name} `, input,
    HF.el("span", { class: "help", text: `${o.help} — default: ${o.default_text}` }));
}

function renderGame() {
  const g = GAMES[$("game").value];
  $("game-summary").textContent = g.summary;
  const players = $("players"), old = Number(players.value) || 2;
  players.replaceChildren(...g.player_counts.map((n) => HF.el("option", { value: n, text: `${n} players (${g.deal_table[n][0]} cards each)` })));
  players.value = g.player_counts.includes(old) ? old : (g.player_counts.includes(2) ? 2 : g.player_counts[0]);
  $("options").replaceChildren(...g.options.map(optionInput));
  renderSeats();
  // the card names follow the game's own tradition unless the person picked a theme here
  if (!themePicked && g.theme && g.theme !== HF.theme) HF.loadCards(g.theme).then(() => { $("theme").value = HF.theme; });
}

function renderSeats() {
  const n = Number($("players").value);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const sel = HF.el("select", { id: `seat-${i}`, "aria-label": `Seat ${i + 1} player` });
    sel.append(HF.el("option", { value: "human", text: "Person" }));
    for (const b of BOTS) sel.append(HF.el("option", { value: "bot:" + b, text: `Bot: ${b}` }));
    sel.value = i === 0 ? "human" : "bot:strong";
    const name = HF.el("input", { id: `seat-name-${i}`, "aria-label": `Seat ${i + 1} name`, placeholder: i === 0 ? "Your name" : "Name", size: 12 });
    rows.push(HF.el("div", { class: "seatrow" }, HF.el("span", { text: `Seat ${i + 1}` }), sel, name));
  }
  $("seats").replaceChildren(...rows);
}

function collect() {
  const g = GAMES[$("game").value], options = {};
  for (const o of g.options) {
    const input = $("opt-" + o.name), v = input.value.trim();
    if (o.kind === "choice") { if (v !== JSON.stringify(o.default)) options[o.name] = JSON.parse(v); }
    else if (v !== "") {
      options[o.name] = (o.kind === "teams" || v === "null") ? JSON.parse(v) : Number(v);
      if (Number.isNaN(options[o.name])) throw new Error(`${o.name}: not a number`);
    }
  }
  const seats = [];
  for (let i = 0; i < Number($("players").value); i++) {
    const v = $(`seat-${i}`).value, name = $(`seat-name-${i}`).value.trim();
    seats.push(v === "human" ? { kind: "human", name } : { kind: "bot", bot: v.slice(4), name });
  }
  return { game: g.id, players: Number($("players").value), options, seats, theme: HF.theme };
}

function remember(t) {
  const mine = JSON.parse(localStorage.getItem("hf-tables") || "[]");
  mine.unshift(t); localStorage.setItem("hf-tables", JSON.stringify(mine.slice(0, 20)));
}

function showCreated() {
  const mine = JSON.parse(localStorage.getItem("hf-tables") || "[]");
  if (!mine.length) return;
  const box = $("created"); box.replaceChildren();
  for (const t of mine.slice(0, 5)) {
    const div = HF.el("div", { class: "panel" }, HF.el("strong", { text: `${t.title} · table ${t.id}` }));
    for (const s of t.seats) {
      if (!s.link) continue;
      div.append(HF.el("div", {}, HF.el("a", { href: s.link, "data-seat": s.seat, text: `Play seat ${s.seat + 1} (${s.name})` }),
        HF.el("span", { class: "muted", text: " — send this link to that player only" })));
    }
    div.append(HF.el("div", {}, HF.el("a", { href: t.spectator_link, text: "Spectator link" }),
      HF.el("span", { class: "muted", text: " — anyone may watch; it shows no hand" })));
    if (t.creator_token) div.append(HF.el("div", {}, HF.el("a", { href: t.creator_link || `/table/${t.id}?token=${t.creator_token}`, "data-creator": t.id, text: "Creator link" }),
      HF.el("span", { class: "muted", text: " — keep it private: from any device it lets you hand the seat of a player who left to a bot" })));
    box.append(div);
  }
}

async function loadTables() {
  const data = await (await fetch("/api/tables")).json();
  const ul = HF.el("ul");
  for (const t of data.tables) {
    const who = t.seats.map((s) => s.name).join(", ");
    const li = HF.el("li", {}, `${t.title} — ${who} — ${t.status === "finished" ? "finished" : "round " + t.round} — scores ${t.totals.join(" / ")} `);
    if (t.status === "finished") li.append(HF.el("a", { href: `/replay/${t.id}`, text: "replay" }));
    else if (t.watch) li.append(HF.el("a", { href: t.watch, "data-watch": t.id, text: "watch" }));
    ul.append(li);
  }
  $("tables").replaceChildren(data.tables.length ? ul : HF.el("p", { class: "muted", text: "No tables yet." }));
}

async function main() {
  HF.header();
  await HF.loadCards();
  $("theme-slot").append(HF.themeSelect());
  $("theme").addEventListener("change", () => { themePicked = true; });
  const data = await (await fetch("/api/games")).json();
  BOTS = data.bots;
  for (const g of data.games) { GAMES[g.id] = g; $("game").append(HF.el("option", { value: g.id, text: g.title + (g.native_title && g.native_title !== g.title ? ` (${g.native_title})` : "") })); }
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("change", renderSeats);
  renderGame();
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault(); $("create-error").textContent = "";
    let body; try { body = collect(); } catch (e) { $("create-error").textContent = `An option value is not valid (${e.message}).`; return; }
    const r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const t = await r.json();
    if (!r.ok) { $("create-error").textContent = t.detail || "could not create the table"; return; }
    t.title = GAMES[body.game].title; remember(t); showCreated(); loadTables();
    const humans = t.seats.filter((s) => s.link);
    if (humans.length === 1) location.href = humans[0].link;
  });
  showCreated(); loadTables();
  setInterval(loadTables, 10000);
}
main();
