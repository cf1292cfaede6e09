// Shared helpers of the pages: card elements with labels, themes, small DOM utilities.
"use strict";
const HF = {
  // this page's UI messages: the server puts its language's catalogue in the page (i18n.py)
  messages: (() => { try { return JSON.parse(document.getElementById("hf-messages").textContent); } catch (e) { return {}; } })(),
  t(key, vars = {}) {
    let s = this.messages[key] || key;
    for (const [k, v] of Object.entries(vars)) s = s.split(`{${k}}`).join(String(v));
    return document.documentElement.lang === "ko" ? this.particles(s) : s;
  },
  // a bot as every page names it ("Casual bot", "初級ボット"): the catalogue's botname.<id>, as
  // words/names.py bot_name says it on the server; a bot it does not know by its id
  botName(bot) {
    // the same rule as words.names.bot_name: a bot's own name, a level by its name, else its id
    const id = String(bot).toLowerCase(), key = `botname.${id}`;
    if (this.messages[key]) return this.t(key);
    const name = this.messages[`level.${id}`] ? this.t(`level.${id}`) : String(bot).charAt(0).toUpperCase() + String(bot).slice(1);
    return this.t("botname.other", { name });
  },
  // Korean particles written as a choice ("{card}을(를)") in the form the word before needs: the
  // same rule as words/particles.py (a Hangul syllable's final consonant, digits and Latin letters
  // as read, brackets and quotes looked through; anything else keeps the written choice)
  particles(s) {
    const forms = [["을(를)", "을", "를"], ["이(가)", "이", "가"], ["은(는)", "은", "는"], ["와(과)", "과", "와"],
      ["과(와)", "과", "와"], ["(으)로", "으로", "로"]];
    const sound = (w) => {
      const end = w.replace(/[\s'"’”」』)）\]］}>〉》]+$/u, "");
      const c = end.slice(-1), code = c.charCodeAt(0);
      if (code >= 0xac00 && code <= 0xd7a3) { const f = (code - 0xac00) % 28; return f === 0 ? "" : f === 8 ? "l" : "k"; }
      if (/[0-9]/.test(c)) return { 0: "k", 1: "l", 3: "k", 6: "k", 7: "l", 8: "l" }[c] || "";
      if (/[a-z]/i.test(c)) {
        const l = c.toLowerCase();
        if ("aeiouyw".includes(l) || (l === "r" && /[aeiou]/i.test(end.slice(-2, -1)))) return "";
        return "lr".includes(l) ? "l" : "k";
      }
      return null;
    };
    let out = "";
    for (let i = 0; i < s.length;) {
      const f = forms.find(([choice]) => s.startsWith(choice, i));
      if (!f) { out += s[i]; i += 1; continue; }
      const fin = sound(out);
      out += fin === null ? f[0] : f[0] === "(으)로" ? (fin === "k" ? f[1] : f[2]) : (fin === "" ? f[2] : f[1]);
      i += f[0].length;
    }
    return out;
  },
  theme: localStorage.getItem("hf-theme") || "hanafuda",
  labels: {}, kinds: {},
  ids: {}, // card id (0…47) by code
  values: null, // the game's value of each card by id (the table's card_values), for the badges
  async loadCards(theme) {
    this.theme = theme || this.theme;
    document.body.className = document.body.className.replace(/theme-\S+/g, "") + " theme-" + this.theme;
    const data = await (await fetch(`/api/cards/${this.theme}?lang=${document.documentElement.lang || "en"}`)).json();
    data.cards.forEach((c, id) => { this.labels[c.code] = c.label; this.kinds[c.code] = c.kind; this.ids[c.code] = id; this.codes[id] = c.code; });
    // cards that share a label (e.g. a month's two chaff) get "(1st)", "(2nd)": every card's
    // label, and so every move's text, is distinct
    const by = {};
    for (const c of data.cards) (by[c.label] = by[c.label] || []).push(c.code);
    for (const codes of Object.values(by)) {
      if (codes.length > 1) codes.sort().forEach((code, i) => { this.labels[code] += ` (${this.ordinal[i] || i + 1})`; });
    }
    for (const c of data.cards) c.label = this.labels[c.code];
    return data.cards;
  },
  get ordinal() { return [1, 2, 3, 4].map((n) => this.t(`ordinal.${n}`)); },
  // a theme chosen at a game's table or replay is remembered for that game ("hf-theme:GAME"):
  // a Hawaiʻifuda table keeps its Hawaiian names after a Koi-Koi player picked "hanafuda"
  game: null,
  savedTheme(game) { return localStorage.getItem(`hf-theme:${game}`); },
  setTheme(theme) { localStorage.setItem(this.game ? `hf-theme:${this.game}` : "hf-theme", theme); return this.loadCards(theme); },
  el(tag, attrs = {}, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else if (v !== null && v !== undefined) e.setAttribute(k, v);
    }
    for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
    return e;
  },
  // a card face: a button only when it can be acted on (``extra.button``), else a labelled
  // image; every card element carries data-card="<RULES.md code>" (backs: "back")
  card(code, extra = {}) {
    const label = extra.label || this.labels[code] || code;
    const b = extra.button
      ? this.el("button", { class: "card " + (extra.class || ""), "data-card": code, "data-code": code, "aria-label": label, title: label, type: "button" })
      : this.el("span", { class: "card " + (extra.class || ""), "data-card": code, "data-code": code, role: "img", "aria-label": label, title: label });
    this.lang(b, label);
    b.append(this.el("img", { src: this.faceUrl(code), alt: "" }));
    return b;
  },
  // the game's card values (the table's, which follow its options); a game where no card scores
  // by itself (Koi-Koi: yaku only) has none, and its faces show the kind alone (game=koi-koi)
  setValues(values) { this.values = values && values.some((v) => v) ? values : null; },
  // a face's picture: the game and the card's value in it (on the corner index and the modern
  // deck's band, every face of a table or replay alike: field, hand, captures), the label's
  // language, the deck the player chose (localStorage "hf-deck": "modern", else the traditional
  // one) and the optional corner index ("hf-index" = "1"); "back" is the theme's back
  faceUrl(code) {
    if (code === "back") return `/card/${this.theme}/back.svg`;
    const q = new URLSearchParams();
    if (code in this.ids) {
      if (this.game) q.set("game", this.game);
      if (this.values) q.set("points", this.values[this.ids[code]]);
    }
    const lang = document.documentElement.lang || "en";
    if (lang !== "en") q.set("lang", lang);
    if (localStorage.getItem("hf-deck") === "modern") q.set("deck", "modern");
    if (localStorage.getItem("hf-index") === "1") q.set("index", "1");
    const qs = q.toString();
    return `/card/${this.theme}/${code}.svg${qs ? `?${qs}` : ""}`;
  },
  // Korean text (hwatu names) is marked lang="ko" for screen readers and fonts
  lang(el, text) { if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(String(text || ""))) el.setAttribute("lang", "ko"); return el; },
  text(tag, text, attrs = {}) { return this.lang(this.el(tag, { ...attrs, text }), text); },
  codes: [], // card code by id (0…47)
  back(n, what = HF.t("cards.hidden"), most = 10) {
    const wrap = this.el("span", { "aria-label": `${n} ${what}`, role: "img", class: "backs" });
    for (let i = 0; i < Math.min(n, most); i++) wrap.append(this.el("img", { src: this.faceUrl("back"), alt: "", "data-card": "back", class: "card small", style: "width:22px;margin-right:-10px" }));
    wrap.append(this.el("span", { text: ` ${n}`, style: "margin-left:14px" }));
    return wrap;
  },
  kindOrder: ["bright", "animal", "ribbon", "chaff"],
  get kindName() { return { bright: this.t("kind.bright"), animal: this.t("kind.animal"), ribbon: this.t("kind.ribbon"), chaff: this.t("kind.chaff") }; },
  themeSelect(onchange) {
    const s = this.el("select", { "aria-label": this.t("theme.label"), id: "theme" });
    for (const t of ["hanafuda", "hwatu", "hawaiifuda", "kwa-do"]) s.append(this.el("option", { value: t, text: this.t("theme." + t) }));
    s.value = this.theme;
    s.addEventListener("change", async () => { await this.setTheme(s.value); onchange && onchange(); });
    return s;
  },
  // the page header: the site's pages and the language menu
  header() {
    if (document.querySelector("header.top")) return;
    const h = this.el("header", { class: "top" },
      this.el("a", { href: "/", class: "brand", text: "花 hanafuda" }),
      this.el("a", { href: "/", text: this.t("nav.lobby") }), this.el("a", { href: "/rules", text: this.t("nav.rules") }),
      this.el("a", { href: "/cards", text: this.t("nav.cards") }), this.el("a", { href: "/replay", text: this.t("nav.replay") }),
      this.el("a", { href: "/leaderboard", text: this.t("lb.title") }), this.langMenu());
    document.body.prepend(h);
  },
  langMenu() {
    const names = { en: "English", ja: "日本語", ko: "한국어" };
    const s = this.el("select", { id: "lang", "aria-label": "Language / 言語 / 언어" });
    for (const [code, name] of Object.entries(names)) s.append(this.el("option", { value: code, text: name, lang: code }));
    s.value = document.documentElement.lang || "en";
    s.addEventListener("change", () => { const u = new URL(location.href); u.searchParams.set("lang", s.value); location.href = u.toString(); });
    return s;
  },
};
