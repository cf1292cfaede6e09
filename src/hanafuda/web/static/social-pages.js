// The leaderboard (/leaderboard/{game}), player (/player/{name}) and account (/account) pages.
"use strict";
const $ = (id) => document.getElementById(id);
const stored = () => { try { return JSON.parse(localStorage.getItem("hf-player") || "null"); } catch (e) { return null; } };

async function leaderboard() {
  const games = (await (await fetch(`/api/games?lang=${I18N.lang}`)).json()).games;
  const game = decodeURIComponent(location.pathname.split("/")[2] || "") || games[0].id;
  $("games").replaceChildren(...games.map((g) => HF.el("a", { href: `/leaderboard/${g.id}`, class: "chip" + (g.id === game ? " on" : ""), text: g.title })));
  const r = await fetch(`/api/social/leaderboard/${encodeURIComponent(game)}`);
  if (!r.ok) { $("empty").hidden = false; $("empty").textContent = (await r.json()).detail; return; }
  const data = await r.json();
  $("game-title").textContent = `· ${data.title}`;
  const body = $("board").querySelector("tbody");
  body.replaceChildren(...data.players.map((p) => HF.el("tr", { "data-player": p.name },
    HF.el("td", { text: String(p.rank) }), HF.el("td", {}, HF.el("a", { href: `/player/${encodeURIComponent(p.name)}`, text: p.name })),
    // a provisional rating (its first rated matches) is marked "?" and says so on hover
    HF.el("td", p.provisional ? { class: "rating provisional", title: T("lb.provisional", { m: data.provisional_matches }), text: `${p.rating}?` }
      : { class: "rating", text: String(p.rating) }), HF.el("td", { text: String(p.matches) }))));
  $("empty").hidden = data.players.length > 0;
  $("bots").replaceChildren(...data.bots.map((b) => HF.el("li", { text: `${b.name}: ${b.rating}` })));
  // a newcomer starts below the bots: said why, and how soon they pass the weakest one; "? ="
  // joined to the words after it by no-break spaces, so a line never ends on a lone "?" (issue 28's
  // pictures: the Korean leaderboard on a phone)
  const weakest = data.weakest_bot;
  $("start-note").textContent = [T("lb.start", { n: data.start }),
    weakest && weakest.wins ? T("lb.start_why", { bot: weakest.name, wins: weakest.wins }) : "",
    `?\u00a0=\u00a0${T("lb.provisional", { m: data.provisional_matches })}`].filter(Boolean).join(" ");
}

async function playerPage() {
  const name = decodeURIComponent(location.pathname.split("/").slice(2).join("/"));
  $("player-name").textContent = name;
  const r = await fetch(`/api/social/players/${encodeURIComponent(name)}`);
  if (!r.ok) { $("not-found").hidden = false; return; }
  const data = await r.json();
  $("player-name").textContent = data.name;
  // a provisional rating is marked "?" as on the leaderboard, and says why on hover and to a reader
  $("ratings").replaceChildren(...data.ratings.map((x) => HF.el("li", {}, HF.el("a", { href: `/leaderboard/${x.game}`, text: x.title }), ": ",
    x.provisional ? HF.el("span", { class: "rating provisional", title: T("lb.provisional", { m: data.provisional_matches }), text: `${x.rating}?` }) : `${x.rating}`,
    ` (${T("lb.n_matches", { n: x.matches })})`,
    x.provisional ? HF.el("span", { class: "sr-only", text: ` ${T("lb.provisional", { m: data.provisional_matches })}` }) : "")));
  const body = $("matches").querySelector("tbody");
  body.replaceChildren(...data.matches.map((m) => HF.el("tr", {},
    HF.el("td", { text: m.title }), HF.el("td", { text: T("player.place_of", { place: m.place, n: m.players }) }),
    HF.el("td", { text: m.seats.join(", ") }), HF.el("td", { text: `${m.before} → ${m.after}` }),
    HF.el("td", {}, HF.el("a", { href: m.replay, text: T("all.replay") })))));
  $("no-ratings").hidden = data.ratings.length > 0;
  $("no-matches").hidden = data.matches.length > 0;
  $("matches").hidden = data.matches.length === 0;
}

async function account() {
  const status = async () => {
    const me = (await (await fetch("/api/social/me", { headers: keyHeaders() })).json()).player;
    $("status").textContent = me ? T("account.as", { name: me.name }) + (me.account ? "" : ` ${T("account.no_password")}`) : T("account.anonymous");
    if (me && !$("reg-name").value) $("reg-name").value = me.name;
  };
  const keyHeaders = () => { const p = stored(); return Object.assign({ "content-type": "application/json" }, p && p.key ? { "x-player-key": p.key } : {}); };
  // the password's hashing takes about a second: the buttons wait, and the status says so, or a
  // newcomer clicks again (and meets the accounts' rate limit)
  const send = async (path, body) => {
    $("error").textContent = "";
    const buttons = [...document.querySelectorAll("#register button, #login button, #logout")];
    buttons.forEach((b) => { b.disabled = true; });
    $("status").textContent = T("account.working");
    let r, data;
    try {
      r = await fetch(path, { method: "POST", headers: keyHeaders(), body: JSON.stringify(body) });
      data = await r.json().catch(() => ({}));
    } catch (e) { r = null; data = {}; }
    buttons.forEach((b) => { b.disabled = false; });
    if (!r || !r.ok) { $("error").textContent = r && typeof data.detail === "string" ? data.detail : T("error.generic"); await status(); return; }
    if (data.player) localStorage.setItem("hf-player", JSON.stringify({ name: data.player.name, key: data.key }));
    else localStorage.removeItem("hf-player");
    await status();
    return true;
  };
  // signed in on the way to another page of this site (the admin page sends people here with
  // ?next=/admin): go on there; only a path of this site, never another site's address
  const next = new URLSearchParams(location.search).get("next") || "";
  const goOn = (ok) => { if (ok && /^\/(?!\/)[\w\-/]*$/.test(next)) location.assign(next); };
  $("register").addEventListener("submit", (ev) => { ev.preventDefault(); send("/api/social/accounts", { name: $("reg-name").value, password: $("reg-pass").value }); });
  $("login").addEventListener("submit", (ev) => { ev.preventDefault(); send("/api/social/login", { name: $("login-name").value, password: $("login-pass").value }).then(goOn); });
  $("logout").addEventListener("click", () => send("/api/social/logout", {}));
  await status();
}

(async () => {
  HF.header();
  await I18N.load();
  I18N.header();
  const page = location.pathname.split("/")[1];
  if (page === "leaderboard") await leaderboard();
  else if (page === "player") await playerPage();
  else await account();
  document.body.dataset.ready = "1";
})();
