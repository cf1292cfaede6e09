"use strict";
const $ = (id) => document.getElementById(id);
let R = null, at = 0;
let starts = [];  // the frame each round starts at (its deal), by round: the round picker and the slider's marks

// a score and a total as the words layer writes them: "+6", "−6" (a minus sign, not a hyphen), "0"
const minus = (n) => (n < 0 ? `\u2212${-n}` : String(n));
const signed = (n) => (n > 0 ? `+${n}` : minus(n));

// the rounds of a match by their first frame (a new round's deal): a multi-round replay says which
// round a position is in ("Round 5 of 12"), marks each round's start on the slider, and jumps there
function roundStarts(frames) {
  const out = [];
  frames.forEach((f, i) => { if (!i || f.view.round !== frames[i - 1].view.round) out.push(i); });
  return out;
}

// a seat as the table, its log and the step lines name it ("Casual bot (seat 2)", 1-based: issue
// 28's one numbering), made by the server (web/replay.py answer's labels, words' Namer.seat), so
// two seats of one name (two Casual bots) are told apart the same way everywhere
function seatName(s) { return R.labels[s]; }

function show() {
  const f = R.frames[at], v = f.view, who = $("perspective").value;
  $("slider").value = at; $("pos").textContent = `${at + 1} / ${R.frames.length}`;
  $("round").textContent = HF.t("table.round_of", { n: v.round, total: starts.length });
  $("round").dataset.round = String(v.round);
  $("round-pick").value = String(v.round);
  // the step in words with the theme's card names; the §7 notation stays in the title
  $("label").textContent = f.label;  // the move in words, from the server (words.log_entries)
  HF.lang($("label"), f.label);
  $("label").dataset.move = f.move || "";  // the move's notation (RULES.md §8): a tooltip in English only
  $("label").title = document.documentElement.lang === "en" ? f.move || "" : "";
  const hands = $("hands"); hands.replaceChildren();
  f.hands.forEach((cards, seat) => {
    const open = who === "all" || Number(who) === seat;
    const row = HF.el("div", { class: "seatbox" + (v.to_move === seat ? " turn" : "") }, HF.el("strong", { text: seatName(seat) + (v.to_move === seat ? ` ◀ ${HF.t("table.to_move")}` : "") }));
    const c = HF.el("div", { class: "cards", role: "group", "aria-label": HF.t("replay.hand_of", { name: seatName(seat) }) });
    if (open) for (const code of cards) c.append(HF.card(code, { class: "small" })); else c.append(HF.back(cards.length));
    row.append(c); hands.append(row);
  });
  $("field").replaceChildren(...v.field.map((c) => HF.card(c)));
  $("pending").replaceChildren(...(v.pending ? [` — ${HF.t("replay.turned_over")}: `, HF.card(v.pending, { class: "small selected" })] : []));
  $("stock").textContent = v.stock_count;
  const piles = $("piles"); piles.replaceChildren();
  v.captures.forEach((cards, side) => {
    const box = HF.el("div", { class: "panel pile" }, HF.el("h3", { text: R.sides[side].map(seatName).join(" & ") }));
    for (const kind of HF.kindOrder) {
      const g = HF.el("div", { class: "group" }, HF.el("span", { class: "k", text: HF.kindName[kind] }));
      for (const c of cards.filter((x) => HF.kinds[x] === kind)) g.append(HF.card(c, { class: "small" }));
      box.append(g);
    }
    piles.append(box);
  });
  // the totals as they stood at this position, and each round scored so far (the frame's summaries)
  $("scores").textContent = `${HF.t("table.totals")}: ${v.totals.map((t, s) => `${R.sides[s].map(seatName).join(" & ")} ${minus(t)}`).join(" · ")}` + (v.finished ? ` — ${HF.t("replay.winner")}: ${v.winners.map((s) => R.sides[s].map(seatName).join(" & ")).join(", ")}` : "");
  const rounds = f.summaries || [];
  $("round-scores").replaceChildren(...(rounds.length ? [HF.el("h3", { text: HF.t("replay.round_scores") }),
    HF.el("ol", { class: "round-scores" }, ...rounds.map((r, i) => HF.el("li", { "data-round": String(i + 1),
      text: `${HF.t("table.round", { n: i + 1 })}: ${r.scores.map((p, side) => `${R.sides[side].map(seatName).join(" & ")} ${signed(p)}`).join(" · ")}` })))] : []));
}

function step(d) { at = Math.max(0, Math.min(R.frames.length - 1, at + d)); show(); }

function load(data, recordUrl, recordBlob) {
  R = data; at = 0;
  HF.setValues(data.card_values);
  HF.game = data.game || null;  // before the first show(): the faces print this game's points
  $("viewer").hidden = false;
  $("title").textContent = HF.t("replay.title", { game: data.title || data.game, players: data.players, moves: data.frames.length - 1 });
  $("title").title = data.game;
  $("slider").max = data.frames.length - 1;
  starts = roundStarts(data.frames);
  $("round-marks").replaceChildren(...starts.map((i) => HF.el("option", { value: String(i) })));
  $("round-pick").replaceChildren(...starts.map((_, r) => HF.el("option", { value: String(r + 1), text: HF.t("table.round", { n: r + 1 }) })));
  $("round-pick").closest("label").hidden = starts.length < 2;
  const p = $("perspective"); p.replaceChildren(HF.el("option", { value: "all", text: HF.t("replay.all_open") }));
  for (let s = 0; s < data.players; s++) p.append(HF.el("option", { value: String(s), text: HF.t("replay.view_of", { name: seatName(s) }) }));
  p.append(HF.el("option", { value: "none", text: HF.t("replay.spectator") }));
  if (recordUrl) $("download").href = recordUrl;
  if (recordBlob) $("download").href = URL.createObjectURL(recordBlob);
  show();
  const theme = (HF.game && HF.savedTheme(HF.game)) || data.theme;  // this game's choice, else the table's
  if (theme && theme !== HF.theme) HF.loadCards(theme).then(() => { $("theme").value = HF.theme; show(); });
}

async function main() {
  HF.header();
  await HF.loadCards();
  $("theme-slot").append(HF.themeSelect(() => R && show()));
  $("first").onclick = () => { at = 0; show(); }; $("last").onclick = () => { at = R.frames.length - 1; show(); };
  $("back").onclick = () => step(-1); $("fwd").onclick = () => step(1);
  $("slider").oninput = () => { at = Number($("slider").value); show(); };
  $("perspective").onchange = show;
  $("round-pick").onchange = () => { at = starts[Number($("round-pick").value) - 1] || 0; show(); };
  // the page's arrow keys step the replay; on the slider (or another control) the control's own
  // key handling steps it, so the page must not step as well: one key press, one step
  document.addEventListener("keydown", (e) => { if (!R || ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.key === "ArrowRight") step(1); if (e.key === "ArrowLeft") step(-1); if (e.key === "Home") { at = 0; show(); } if (e.key === "End") { at = R.frames.length - 1; show(); } });
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0]; if (!file) return;
    const text = await file.text();
    const lang = encodeURIComponent(document.documentElement.lang || "en");  // the step lines' language
    const r = await fetch(`/api/replay?lang=${lang}`, { method: "POST", headers: { "content-type": "application/json" }, body: text });
    const data = await r.json();
    if (!r.ok) { $("error").textContent = data.detail || HF.t("replay.bad_record"); return; }
    $("error").textContent = ""; load(data, null, new Blob([text], { type: "application/json" }));
  });
  const id = location.pathname.split("/")[2];
  if (id) {
    const r = await fetch(`/api/tables/${id}/replay?lang=${encodeURIComponent(document.documentElement.lang || "en")}`);
    const data = await r.json();
    if (!r.ok) { $("error").textContent = data.detail; return; }
    load(data, `/api/tables/${id}/record`);
  }
}
main();
