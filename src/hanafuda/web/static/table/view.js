// The table drawn as a function of the state (issue 28): renderTable(state, ui) describes every
// region — seats, field, pending card, choice bar, hand, scores, captures, yaku progress, log —
// as Preact components with keyed lists (cards by their code, seats by number, log entries by
// place, yaku by id), so a message changes only the elements whose words or marks changed: a
// card that stays keeps its element (its focus, its hover, its animation), nothing is rebuilt.
//
// `state` is the table's "state" message exactly as the server sends it (web/messages.py; its
// words in state.words); `ui` is what the page itself holds (table.js: the selected card, the
// hint, the clock, the moves the seat may make) and the actions the elements call. This module
// knows no rule of any game: every word comes from the server or the catalogue (HF.t).
import { h, render } from "../vendor/preact.module.js";
import htm from "../vendor/htm.module.js";

export const html = htm.bind(h);

// Korean text (hwatu names) is marked lang="ko" for screen readers and fonts (as HF.lang does)
const KOREAN = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
export const ko = (text) => (KOREAN.test(String(text || "")) ? "ko" : undefined);
const side = (n) => `side-${n % 6}`;
const cardName = (W, code) => (W.cards[code] && W.cards[code].name) || HF.labels[code] || code;

// a card face: a button only when it can be acted on, else a labelled image; every card element
// carries data-card="<RULES.md code>" (the same element HF.card makes)
export function Card({ code, cls = "", label, button = false, onClick, attrs = {}, children }) {
  const name = label || HF.labels[code] || code;
  const common = { class: `card ${cls}`, "data-card": code, "data-code": code, "aria-label": name, title: name, ...attrs };
  if (ko(name)) common.lang = "ko";
  const img = html`<img src=${HF.faceUrl(code)} alt="" />`;
  return button
    ? html`<button type="button" ...${common} onClick=${onClick}>${img}${children}</button>`
    : html`<span role="img" ...${common}>${img}${children}</span>`;
}

// an opponent's hand: its backs fanned like cards held, the count beside them (RULES.md §2: a
// hand is hidden, its size is not)
function Backs({ n, what, most = 8 }) {
  const k = Math.min(n, most), imgs = [];
  for (let i = 0; i < k; i++) {
    const turn = k > 1 ? (i - (k - 1) / 2) * (24 / (k - 1 || 1)) : 0;
    imgs.push(html`<img key=${i} src=${HF.faceUrl("back")} alt="" data-card="back" class="card small back" style=${`transform: rotate(${turn.toFixed(1)}deg)`} />`);
  }
  return html`<span aria-label=${`${n} ${what}`} role="img" class="backs" data-count=${n}><span class="fan">${imgs}</span><span class="count">${String(n)}</span></span>`;
}

// -- the seats: one chip each, in order of play ----------------------------------------------
// One seat number on a chip (RULES.md §2: seat 0 reads 1, as everywhere a person reads a seat):
// the badge has it, so the name goes without it: "You", the player's name, a bot by its display name.
export function seatLabel(s, info) {
  if (s.you) return s.name;
  if (info.kind === "human" && info.open) return HF.t("name.open_seat");  // open to anyone: said, not its stored name
  if (info.kind === "bot" && info.bot && (!info.name || [info.bot, `${info.bot} bot`].includes(info.name.toLowerCase()))) {
    return HF.botName(info.bot);  // "Casual bot", "初級ボット": as every page names it
  }
  return info.name || s.name;
}

function Seat({ state, s, i, ui, col }) {
  const v = state.view, info = state.table.seats[s.seat];
  const away = info.kind === "human" && !s.you && !s.connected;
  const seatNo = HF.t("table.seat_n", { n: s.seat + 1 });
  const name = seatLabel(s, info);
  // a bot's turn takes a moment (its pause, its search): its chip says it is thinking, so the
  // wait reads as the bot's and not as a stuck page
  const thinking = info.kind === "bot" && s.to_move && !v.finished && v.phase !== "between-rounds";
  const left = s.to_move ? ui.clockLeft : null;
  const exposed = (v.exposed[s.seat] || []);
  const label = [seatNo, name, s.team, HF.t("table.plays_n", { n: (s.order ?? i) + 1 }), s.dealer ? HF.t("table.dealer") : null,
    HF.t("table.n_cards", { n: s.hand_count }), s.to_move ? HF.t("table.to_move") : null, away ? HF.t("table.away") : null,
    thinking ? HF.t("table.thinking") : null].filter(Boolean).join(", ");
  const clock = left === null || left === undefined ? null : html`<span class=${"clock" + (left <= 5 ? " urgent" : "")} data-region="clock" role="timer"
      data-left=${String(left)} data-name=${name} aria-label=${HF.t("table.clock_label", { s: left, name })}
      title=${HF.t("table.clock_label", { s: left, name })}>${HF.t("table.clock", { s: left })}</span>`;
  return html`<div role="listitem" class=${`seat ${side(s.side)}${s.to_move ? " to-move" : ""}${s.you ? " you" : ""}`} data-seat=${s.seat} aria-label=${label}
      style=${col ? `--gc: ${col}` : ""}>
    <span class="order" title=${seatNo} aria-hidden="true">${String(s.seat + 1)}</span>
    <strong class="name" lang=${ko(name)}>${name}</strong>
    ${s.team ? html`<span class="team" title=${s.team} lang=${ko(s.team)}>${s.team.split(" (")[0]}</span>` : null}
    ${s.dealer ? html`<span class="badge">${HF.t("table.dealer")}</span>` : null}
    ${away ? html`<span class="badge away">${HF.t("table.away")}</span>` : null}
    ${thinking ? html`<span class="thinking" data-thinking="1" aria-hidden="true">${HF.t("table.thinking")}</span>` : null}
    <${Backs} n=${s.hand_count} what=${HF.t("table.cards_in_hand")} />
    ${clock}
    ${exposed.length && !s.you ? html`<span class="exposed-row" aria-label=${HF.t("table.shown_teyaku")}>
      ${exposed.map((c) => html`<${Card} key=${c} code=${c} cls="mini" />`)}</span>` : null}
  </div>`;
}

// Where each seat and each side's pile sit on a desktop felt (style.css; issue 33: "each seat's
// captured cards ... beside that seat"): the seat's own chip and its side's pile by its hand at the
// foot; every other seat a column at the top, its chip there and its side's pile (RULES.md §3: a
// team's one pile, under its first seat in order) beside the chip (one such seat) or under it (two
// or more: beside two chips a long pile had a third of the felt and was cut at its right edge). A
// spectator has no foot: every seat is at the top.
export function stations(state) {
  const seats = [...state.words.seats].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const mySide = state.you !== null ? state.words.seats[state.you].side : null;
  const top = seats.filter((s) => s.seat !== state.you), wide = top.length <= 1;
  const chipCol = new Map(), pileCol = new Map();
  top.forEach((s, k) => {
    chipCol.set(s.seat, wide ? 2 * k + 1 : k + 1);
    if (s.side !== mySide && !pileCol.has(s.side)) pileCol.set(s.side, wide ? 2 * k + 2 : k + 1);
  });
  return { cols: Math.max(1, top.length), wide, chipCol, pileCol, mySide };
}

function Seats({ state, ui }) {
  const seats = [...state.words.seats].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const out = [];
  seats.forEach((s, i) => {
    out.push(html`<${Seat} key=${`seat${s.seat}`} state=${state} s=${s} i=${i} ui=${ui} col=${ui.stations.chipCol.get(s.seat)} />`);
    if (i < seats.length - 1) out.push(html`<span key=${`arrow${s.seat}`} class="arrow" aria-hidden="true">→</span>`);
  });
  return out;
}

// -- the field, the card turned over, the hand -----------------------------------------------
function Field({ state, ui }) {
  const W = state.words, v = state.view;
  return v.field.map((c) => {
    const m = ui.targets.get(c), name = cardName(W, c);
    const attrs = { "data-preview": ui.preview.has(c) ? "take" : undefined };
    // a hinted take (a turned-over card's choice): its field card is the one to click
    if (ui.hinted && !v.hand.includes(ui.hinted.best_card) && ui.hinted.best_takes.includes(c)) attrs["data-hint"] = "best";
    return html`<${Card} key=${c} code=${c} cls=${(m ? "target" : "") + (ui.last.has(c) ? " last" : "")} button=${!!m}
      label=${m ? `${name} — ${m.choice || m.text}` : name} attrs=${attrs} onClick=${m ? () => ui.on.move(m.move) : undefined} />`;
  });
}

function Pending({ state }) {
  const c = state.view.pending;
  if (!c) return null;
  const label = state.words.pending || HF.labels[c];
  return [html`<span key="label" class="pending-label" lang=${ko(label)}>${label}</span>`,
    html`<${Card} key=${c} code=${c} cls="last" label=${label} />`];
}

function Hand({ state, ui }) {
  if (state.you === null) return null;
  const W = state.words, v = state.view, mine = v.exposed[state.you] || [];
  return v.hand.map((c) => {
    const ms = ui.movesOf(c), info = W.cards[c] || {};
    const texts = ms.map((m) => m.text), shown = mine.includes(c);
    const label = `${info.name || HF.labels[c]}${info.wild ? ` (${HF.t("table.wild")})` : ""}${texts.length ? " — " + texts.join(HF.t("table.or")) : ""}${shown ? " — " + HF.t("table.shown_long") : ""}`;
    const cls = (ui.selected === c ? "selected" : "") + (info.wild ? " wild" : "") + (shown ? " exposed" : "") + (ui.last.has(c) ? " last" : "");
    const attrs = {};
    if (ui.hinted && ui.hinted.best_card === c) attrs["data-hint"] = "best";
    else if (ui.hinted && ui.hinted.runner_up_card === c) attrs["data-hint"] = "next";
    if (ms.length) {
      attrs.onPointerEnter = (ev) => { if (ev.pointerType === "mouse") ui.on.preview(c); };
      attrs.onPointerLeave = (ev) => { if (ev.pointerType === "mouse") ui.on.preview(null); };
      attrs.onFocus = () => ui.on.preview(c);
      attrs.onBlur = () => ui.on.preview(null);
    }
    const tag = info.wild ? HF.t("table.wild") : shown ? HF.t("table.shown") : null;
    return html`<${Card} key=${c} code=${c} cls=${cls} button=${ms.length > 0} label=${label} attrs=${attrs}
      onClick=${ms.length ? (ev) => ui.on.hand(c, ev) : undefined}>
      ${tag ? html`<span class="tag" aria-hidden="true">${tag}</span>` : null}</${Card}>`;
  });
}

// -- the choice bar: each choice with the image of the card it takes and that card's place on the
// field, so two choices whose words read the same ("take Plum Chaff" twice) are told apart -------
function Choice({ state, ui }) {
  const W = state.words, v = state.view, ms = ui.choices;
  if (!ms.length) {
    // another seat's turn: whose it is (the turn line's words, "Greedy bot (seat 2) to play"), not
    // "Waiting for the other players…" while it is simply one player's turn (issue 28, s41)
    if (state.you !== null && !ui.myTurn) return html`<span class="muted waiting" lang=${ko(W.turn)}>${v.to_move === null ? "" : W.turn}</span>`;
    return null;
  }
  const head = ui.selected ? `${cardName(W, ui.selected)}:` : W.turn;
  const words = ms.map((m) => m.choice || m.text);
  return [
    // the chosen card's name heads its choices; else the turn's words (a turned-over card's
    // choice, Koi-Koi's stop or koi-koi with the points at stake) head them, shown here where the
    // decision is made while the table bar says "Your turn" (table.js draw: the bar never grows)
    html`<strong key="head" class=${ui.selected ? "card-of" : "turn-words"} lang=${ko(head)}>${head}</strong>`,
    ...ms.map((m, i) => {
      const takes = m.takes || [];
      const places = takes.map((c) => v.field.indexOf(c)).filter((n) => n >= 0).map((n) => HF.t("table.field_pos", { n: n + 1 }));
      // its name is its words as shown, then the card's place (a speech user says what they see;
      // the move's whole sentence is its title). The place is shown where the words alone repeat
      // (a wild card's seven choices keep their short words), else said to a screen reader only
      const shown = m.choice || m.text, where = places.join(", ");
      const same = words.filter((w) => w === words[i]).length > 1;
      return html`<button key=${m.move} type="button" data-move=${m.move} title=${places.length ? `${m.text} (${where})` : m.text}
          class=${m.outcome === "declare" ? "declare" : ""} lang=${ko(shown)} onClick=${() => ui.on.move(m.move)}
          onPointerEnter=${() => ui.on.mark(takes)} onPointerLeave=${() => ui.on.mark(null)}>
        <span class="keys" aria-hidden="true">${`${i + 1}. `}</span>
        ${takes.slice(0, 4).map((c) => html`<img key=${c} class="choice-card" src=${HF.faceUrl(c, false)} alt="" />`)}
        <span>${shown}</span>${places.length ? " " : null}
        ${places.length ? html`<span class=${same ? "pos" : "sr-only"}>${where}</span>` : null}
      </button>`;
    }),
    ui.selected ? html`<button key="cancel" type="button" data-cancel="1" onClick=${ui.on.unselect}>${HF.t("word.cancel")}</button>` : null,
  ];
}

// -- the side panels -------------------------------------------------------------------------
// Whether the game's cards have points (RULES.md §5; Koi-Koi's have none: only yaku score, so
// its piles and scores give counts, never a column of zeros). HF.values is null without them.
const scored = () => HF.values !== null;
const withPoints = (g) => (scored() ? ` (${g.points})` : "");

// Each side's round scores: the last three, the whole list in the cell's title and for a screen
// reader (issue 28's pictures: twelve rounds wrapped into six lines a side at 1366×768, the
// Scores panel grew to 412 px and left the log one line)
const SHOWN_ROUNDS = 3;
// a score as the words layer writes one (words/scores.py number_text): a minus sign, not a hyphen
const num = (n, plus = false) => (n < 0 ? `\u2212${-n}` : `${plus && n > 0 ? "+" : ""}${n}`);
function RoundScores({ scores: given }) {
  const scores = given.map((n) => num(n)), all = scores.join(", ");
  if (!scores.length) return html`<td class="rounds">—</td>`;
  if (scores.length <= SHOWN_ROUNDS) return html`<td class="rounds">${all}</td>`;
  return html`<td class="rounds" title=${all}><span aria-hidden="true">${`… ${scores.slice(-SHOWN_ROUNDS).join(", ")}`}</span><span class="sr-only">${all}</span></td>`;
}

function Scores({ state }) {
  const W = state.words, v = state.view;
  return html`<table class="score"><tbody>
    <tr><th>${HF.t("table.side")}</th>${scored() ? html`<th>${HF.t("table.card_points")}</th>` : null}<th>${HF.t("table.rounds")}</th><th>${HF.t("table.total")}</th></tr>
    ${W.sides.map((s) => html`<tr key=${s.side} class=${side(s.side)}>
      <td><span class="mark" aria-hidden="true"></span><span lang=${ko(s.name)}>${s.name}</span></td>
      ${scored() ? html`<td>${String(s.pile.points)}</td>` : null}<${RoundScores} scores=${v.round_scores.map((r) => r[s.side])} />
      <td class="total">${num(s.total)}</td></tr>`)}
  </tbody></table>`;
}

const groupsText = (p, none) => (p.groups.length ? p.groups.map((g) => `${g.title} ${g.cards.length}${withPoints(g)}`).join(" · ") : none);

// A side's captured cards as small fanned piles, one per kind (the kinds and their points are the
// words layer's: RULES.md §5 card points), each with its count and points; the whole row opens the
// side's cards in a dialog. The pile's step narrows as it grows, so a long chaff pile stays short.
function Pile({ g }) {
  const n = g.cards.length, step = n > 1 ? Math.min(16, 60 / (n - 1)) : 0;
  return html`<span class="pile" title=${`${g.title} ${n}${withPoints(g)}`}>
    <span class="fan" style=${`--step: ${step.toFixed(1)}px; --n: ${n}`}>
      ${g.cards.map((c) => html`<img key=${c} class="cap" data-card=${c} src=${HF.faceUrl(c, false)} alt="" />`)}</span>
    <span class="pile-n" lang=${ko(g.title)}><span class="sr-only">${`${g.title} `}</span>${scored() ? `${n} · ${g.points}` : String(n)}</span></span>`;
}

function Captures({ state, ui }) {
  // a side's name is its words as shown, then what it does (a name that hides the shown words
  // fails a speech user who says what they see)
  const st = ui.stations;
  return state.words.sides.map((s) => {
    const p = s.pile, own = s.side === st.mySide, col = st.pileCol.get(s.side);
    return html`<button key=${s.side} type="button" class=${`pile-line ${side(s.side)}${own ? " own" : ""}`} data-side=${s.side} title=${s.headline}
        style=${col ? `--gc: ${col}` : ""} onClick=${() => ui.on.pile(s)}>
      <span class="pile-who"><span class="mark" aria-hidden="true"></span><strong lang=${ko(s.name)}>${s.name}</strong>
        <span class="pile-sum">${scored() ? `${p.count} · ${HF.t("table.pts", { n: p.points })}` : String(p.count)}</span></span>
      <span class="piles" style=${`--groups: ${Math.max(1, p.groups.length)}; --total: ${Math.max(1, p.count)}`}>${p.groups.length ? p.groups.map((g) => html`<${Pile} key=${g.title} g=${g} />`)
        : html`<span class="pile-none">${HF.t("table.nothing_yet")}</span>`}</span>
      <span class="sr-only">${`. ${HF.t("table.show_cards")}`}</span></button>`;
  });
}

// the seat's own side decides the order: made, under way, still possible, out of reach for it
// (a spectator: the side nearest to each yaku)
function Yaku({ state }) {
  const W = state.words, mySide = state.you !== null ? W.seats[state.you].side : null;
  const rankOf = (s) => (s.complete ? 0 : s.possible && s.held.length ? 1 : s.possible ? 2 : 3);
  const rank = (p) => (mySide !== null ? rankOf(p.sides[mySide]) : Math.min(...p.sides.map(rankOf)));
  const list = [...W.progress].sort((a, b) => rank(a) - rank(b));
  if (!list.length) return html`<p class="muted">${HF.t("table.no_yaku")}</p>`;
  return list.map((p) => {
    const done = p.sides.filter((s) => s.complete), holder = new Map();
    p.sides.forEach((s) => s.held.forEach((c) => holder.set(c, s.side)));
    // the line of words is the seat's own side's (a spectator's: the side nearest to it)
    const shown = mySide !== null ? p.sides[mySide] : [...p.sides].sort((a, b) => b.held.length - a.held.length)[0];
    const count = p.cards.length > p.needed;  // any N of many: the cards the side holds; else every card
    const chips = [];
    for (const id of p.cards) {
      const code = HF.codes[id], held = holder.get(code);
      if (count && (held === undefined || (shown && held !== shown.side))) continue;
      const cls = "chip" + (held !== undefined ? ` held ${side(held)}` : "") + (held !== undefined && mySide !== null && held !== mySide ? " dead" : "");
      chips.push(html`<span key=${code} class=${cls} data-card=${code} title=${HF.labels[code]}><img src=${HF.faceUrl(code, false)} alt="" /></span>`);
    }
    const texts = (mySide !== null ? [p.sides[mySide]] : p.sides.filter((s) => s.held.length || s.complete)).map((s) => s.text);
    const names = done.map((s) => W.sides[s.side].name).join(", ");
    return html`<div key=${p.id} class=${`yaku${done.length ? " complete" : ""}${rank(p) === 3 ? " dead" : ""}`} data-yaku=${p.id}
        aria-label=${texts.join(". ") || `${p.name} (${p.points})`} title=${texts.join("\n")}>
      <div class="yaku-head"><strong lang=${ko(p.name)}>${`${p.name} (${p.points})`}</strong>
        ${done.length ? html`<span class="done" lang=${ko(names)}>${" — " + names}</span>` : null}
        ${p.needs_declaration ? html`<span class="muted">${` · ${HF.t("table.declared_sets")}`}</span>` : null}</div>
      ${shown && shown.line ? html`<div class="yaku-line" lang=${ko(shown.line)}>${keepWhole(shown.line, tableNames(W))}</div>` : null}
      <div class="chips">${chips}</div></div>`;
  });
}

// The names a line never breaks inside (issue 28's pictures: Japanese breaks between any two
// characters, and "初級ボット（4番 / 席）" ended a line of the round's totals): each seat's and
// side's name and each card's, longest first.
let namesKey = "", namesList = [];
function tableNames(W) {
  const all = new Set([...W.seats.map((s) => s.name), ...(W.sides || []).map((s) => s.name),
    ...Object.values(W.cards || {}).map((c) => c.name)].filter((x) => x && x.length > 1));
  const key = [...all].join("\u0000");
  if (key !== namesKey) { namesKey = key; namesList = [...all].sort((a, b) => b.length - a.length); }
  return namesList;
}
// `text` with each of `names` in it as an unbreakable span (style.css .nb); the words unchanged.
// Where the names lie is remembered per text (the log is drawn again on every message).
const wholeCache = new Map();
function namesIn(text, names) {
  const key = `${namesKey}\u0001${text}`;
  let spans = wholeCache.get(key);
  if (spans) return spans;
  spans = [];
  for (const name of names) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
      const end = at + name.length;
      if (!spans.some(([a, b]) => at < b && a < end)) spans.push([at, end]);
    }
  }
  spans.sort((x, y) => x[0] - y[0]);
  if (wholeCache.size > 2000) wholeCache.clear();
  wholeCache.set(key, spans);
  return spans;
}
export function keepWhole(text, names) {
  const out = [];
  let from = 0;
  for (const [a, b] of namesIn(text, names)) {
    if (a > from) out.push(text.slice(from, a));
    out.push(html`<span class="nb">${text.slice(a, b)}</span>`);
    from = b;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

// The log's entries of moves the turn clock made (the table's stored log marks them "by": "clock",
// hub.py): a play or a capture choice is the turn's entry of that seat and round holding its card
// (a card is played once a round, RULES.md §7); a call (koi-koi, stop) or a teyaku decision the
// seat's n-th entry of that kind in the round. Their indices in the words' log.
function clockMade(state) {
  const W = state.words, marked = new Set(), seen = {};
  const made = (state.log || []).filter((e) => e.by === "clock" && e.kind === "move");
  if (!made.length) return marked;
  for (const e of made) {
    const words = e.text.replace(/^\d+:\s*/, "").trim().split(/\s+/);
    const card = words[0] === "play" || words[0] === "take" ? words[1] : null;
    const kind = card ? null : (words[0] === "expose" || words[0] === "keep" ? "teyaku" : words[0]);
    const nth = kind ? (seen[`${e.round}:${e.seat}:${kind}`] = (seen[`${e.round}:${e.seat}:${kind}`] || 0) + 1) : 0;
    let count = 0;
    W.log.forEach((w, i) => {
      if (w.round !== e.round || w.seat !== e.seat) return;
      if (card ? w.kind === "turn" && w.cards.includes(card) : w.kind === kind && ++count === nth) marked.add(i);
    });
  }
  return marked;
}

// log entries keyed by their place: a new move adds its line, a rewritten entry (an unfinished
// turn, a round that ended) changes its words in place; a move the turn clock made is marked
function Log({ state }) {
  const W = state.words, n = W.log.length, names = tableNames(W), clocked = clockMade(state);
  return W.log.map((e, i) => {
    const cls = [e.kind === "deal" ? "deal" : "", i === n - 1 ? "last" : "",
      e.seat !== null && e.seat !== undefined ? side(W.seats[e.seat].side) : ""].filter(Boolean).join(" ");
    const mark = clocked.has(i) ? html` <span class="by-clock">${HF.t("table.by_clock")}</span>` : null;
    return html`<li key=${i} data-cards=${e.cards.join(" ")} class=${cls} lang=${ko(e.text)}>${keepWhole(e.text, names)}${mark}</li>`;
  });
}

// -- the creator's panel: hand an absent person's seat to a bot ------------------------------
function Admin({ state, ui }) {
  const people = state.table.seats.filter((s) => s.kind === "human" && s.seat !== state.you);
  return [
    html`<p key="help" class="muted">${HF.t("table.takeover_help")}</p>`,
    html`<label key="level" class="opt">${HF.t("table.bot_level") + " "}<select id="takeover-bot" aria-label=${HF.t("table.bot_level_label")}
        value=${ui.botChoice} onChange=${(ev) => ui.on.bot(ev.target.value)}>
      ${ui.bots.map((b) => html`<option key=${b} value=${b}>${HF.t(`bot.${b}`)}</option>`)}</select></label>`,
    ...people.map((s) => html`<div key=${s.seat}><button type="button" data-takeover=${s.seat} disabled=${!!s.connected}
        onClick=${() => ui.on.takeover(s.seat)}>${HF.t(s.connected ? "table.at_table" : "table.hand_to_bot", { name: s.name })}</button></div>`),
  ];
}

// -- dialogs: a side's captured cards, the round's summary -----------------------------------
export function renderPile(box, s) {
  render(s.pile.groups.length ? s.pile.groups.map((g) => html`<div key=${g.title}>
      <h3 lang=${ko(g.title)}>${`${g.title} ${g.cards.length}${withPoints(g)}`}</h3>
      <div class="cards small-row">${g.cards.map((c) => html`<${Card} key=${c} code=${c} cls="small" />`)}</div></div>`)
    : html`<p>${HF.t("table.nothing_captured")}</p>`, box);
}

export function renderSummary(box, state) {
  const W = state.words, names = tableNames(W);
  render(html`
    ${W.match_result ? html`<p class="status" lang=${ko(W.match_result)}>${keepWhole(W.match_result, names)}</p>` : null}
    ${W.result_stop ? html`<p class="status" data-stop lang=${ko(W.result_stop)}>${keepWhole(W.result_stop, names)}</p>` : null}
    ${W.result.map((r) => {
      const pile = groupsText(r.pile, HF.t("table.nothing_captured"));
      return html`<div key=${r.side} class=${`result ${side(r.side)}`}>
        <div><span class="mark" aria-hidden="true"></span><strong lang=${ko(r.name)}>${r.name}</strong><span class="score-num">${` ${r.score === 0 ? "+0" : num(r.score, true)}`}</span></div>
        <div class="how" lang=${ko(r.line)}>${r.line}</div>
        <div class="muted" lang=${ko(pile)}>${pile}</div>
        ${r.yaku.length && !r.yaku.every((y) => r.line.includes(y.name))  // said once (Koi-Koi's score line names them)
    ? html`<div>${r.yaku.map((y) => `${y.name} ${y.points}`).join(", ")}</div>` : null}</div>`;
    })}
    ${W.result_note ? html`<p class="muted" lang=${ko(W.result_note)}>${W.result_note}</p>` : null}
    ${W.totals_text ? html`<p lang=${ko(W.totals_text)}>${keepWhole(`${HF.t("table.totals")}: ${W.totals_text}`, names)}</p>` : null}`, box);
}

// -- a yaku moment: a yaku just made, its name and its cards drawn (issue 33), in the live region
// #yaku-moment, so a screen reader hears it; `m` is { key, name, who, points, cards } or null. A
// pointer over it or the focus in it holds it (`onHold(true)`), so a reader takes their time.
export function renderYakuMoment(box, m, onClose, onHold) {
  render(m ? html`<div class="moment" key=${m.key} role="group" aria-label=${m.name} lang=${ko(`${m.name} ${m.who}`)}
      onPointerEnter=${() => onHold(true)} onPointerLeave=${() => onHold(false)} onFocusIn=${() => onHold(true)} onFocusOut=${() => onHold(false)}>
      <p class="moment-words"><strong class="moment-name">${m.name}</strong>
        <span class="moment-who">${`${m.who} · ${HF.t("table.pts", { n: m.points })}`}</span></p>
      <div class="moment-cards">${m.cards.map((c) => html`<img key=${c} data-card=${c} src=${HF.faceUrl(c, false)} alt=${HF.labels[c] || c} />`)}</div>
      <button type="button" class="moment-close" aria-label=${HF.t("table.moment_close")} title=${HF.t("table.moment_close")} onClick=${onClose}>×</button>
    </div>` : null, box);
}

// -- the one entry: the whole table from the state -------------------------------------------
const $ = (id) => document.getElementById(id);
let logCount = 0, logKey = "";

// The log follows the newest entry until the reader scrolls it up (issue 28's pictures: measured at
// render time, "at the end" was lost whenever a panel above grew and the log's box shrank, or the
// card names changed length, and the log then stayed on its first entries for the whole match).
// The reader's wish is what a scroll by hand says: up leaves the end, back down to it follows
// again; the page's own scrolls to the end, a box that shrinks or grows, say nothing.
let logFollows = true, logAutoTop = 0;
function watchLog(log) {
  if (log.dataset.watched) return;
  log.dataset.watched = "1";
  log.addEventListener("scroll", () => {
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
    if (atEnd) logFollows = true;
    else if (log.scrollTop < logAutoTop - 2) logFollows = false;  // scrolled up by the reader
  }, { passive: true });
}

// The log at its newest entry, if the reader has not scrolled it up: after each render, and when
// a phone's Log tab opens (a hidden box cannot scroll, so it opened on the first entries).
export function followLog() {
  const log = $("log");
  if (!log || !logFollows) return;
  log.scrollTop = log.scrollHeight;
  logAutoTop = log.scrollTop;
}

// The field's rows (issue 33: "when the field holds 9–12 cards they go in two even rows"): up to
// `most` cards one row (eight on a desktop), then as few rows of `most` or fewer as hold them, each
// as full as the others (10 cards: 5 + 5; 9: 5 + 4). style.css sizes the cards from these numbers;
// a phone's rows hold five (8 = 4 + 4, 9 = 5 + 4: --fcols-narrow).
export function fieldRows(n, most = 8) {
  const rows = Math.max(1, Math.ceil(n / most));
  return { rows, cols: Math.max(1, Math.ceil(n / rows)) };
}

export function renderTable(state, ui) {
  const log = $("log");
  watchLog(log);
  const st = stations(state), felt = $("seats").parentElement, rows = fieldRows(state.view.field.length);
  ui = { ...ui, stations: st };
  felt.dataset.stations = st.wide ? "wide" : "tall";
  felt.dataset.own = st.mySide === null ? "0" : "1";
  felt.style.setProperty("--cols", String(st.cols));
  felt.dataset.cols = String(st.cols);
  const fieldRow = $("field").parentElement;
  fieldRow.style.setProperty("--frows", String(rows.rows));
  fieldRow.style.setProperty("--fcols", String(rows.cols));
  fieldRow.style.setProperty("--fcols-narrow", String(fieldRows(state.view.field.length, 5).cols));
  render(html`<${Seats} state=${state} ui=${ui} />`, $("seats"));
  render(html`<${Field} state=${state} ui=${ui} />`, $("field"));
  render(html`<${Pending} state=${state} />`, $("pending"));
  render(html`<${Hand} state=${state} ui=${ui} />`, $("hand"));
  // a phone holds up to nine cards in one row (each with a 40 px strip to tap), ten in two rows
  const hand = $("hand"), held = Math.max(1, state.view.hand.length), handRows = held > 9 ? 2 : 1;
  hand.style.setProperty("--n", String(held));
  hand.style.setProperty("--hcols", String(Math.ceil(held / handRows)));
  hand.dataset.rows = String(handRows);
  render(html`<${Choice} state=${state} ui=${ui} />`, $("choice"));
  render(html`<${Scores} state=${state} />`, $("scores"));
  render(html`<${Captures} state=${state} ui=${ui} />`, $("captures"));
  render(html`<${Yaku} state=${state} />`, $("yaku"));
  render(html`<${Log} state=${state} />`, log);
  const admin = !!ui.creator && !state.view.finished && state.table.seats.some((s) => s.kind === "human" && s.seat !== state.you);
  $("admin").hidden = !admin;
  render(admin ? html`<${Admin} state=${state} ui=${ui} />` : null, $("admin-body"));
  // the log: its count, kept scrolled to the newest entry (unless the reader scrolled up), and a
  // screen reader hears every new entry once
  const entries = state.words.log, last = entries.length ? entries[entries.length - 1].text : "";
  const key = `${HF.theme}|${entries.length}|${last}`;
  followLog();  // also when only a panel above changed its height
  if (key === logKey) return;
  logKey = key;
  const prev = logCount;
  logCount = entries.length;
  $("log-count").textContent = `(${entries.length})`;
  if (prev === 0) logFollows = true;
  followLog();
  const fresh = entries.slice(prev && prev <= entries.length ? prev - (entries.length === prev ? 1 : 0) : entries.length - 1);
  if (prev && fresh.length) {
    const announce = $("announce");
    announce.textContent = fresh.map((e) => e.text).join(" ");
    HF.lang(announce, announce.textContent);
  }
}
