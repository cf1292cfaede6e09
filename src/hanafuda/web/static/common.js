// Shared helpers of the pages: card elements with labels, themes, small DOM utilities.
"use strict";
const HF = {
  theme: localStorage.getItem("hf-theme") || "hanafuda",
  labels: {}, kinds: {},
  async loadCards(theme) {
    this.theme = theme || this.theme;
    document.body.className = document.body.className.replace(/theme-\S+/g, "") + " theme-" + this.theme;
    const data = await (await fetch(`/api/cards/${this.theme}`)).json();
    for (const c of data.cards) { this.labels[c.code] = c.label; this.kinds[c.code] = c.kind; }
    return data.cards;
  },
  setTheme(theme) { localStorage.setItem("hf-theme", theme); return this.loadCards(theme); },
  el(tag, attrs = {}, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else if (v !== null && v !== undefined) e.setAttribute(k, v);
    }
    for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
    return e;
  },
  card(code, extra = {}) {
    const label = this.labels[code] || code;
    const b = this.el("button", { class: "card " + (extra.class || ""), "data-code": code, "aria-label": label, title: label, type: "button" });
    b.append(this.el("img", { src: `/card/${this.theme}/${code}.svg`, alt: "" }));
    return b;
  },
  back(n, what = "hidden cards", most = 10) {
    const wrap = this.el("span", { "aria-label": `${n} ${what}`, role: "img", class: "backs" });
    for (let i = 0; i < Math.min(n, most); i++) wrap.append(this.el("img", { src: "/card/back.svg", alt: "", class: "card small", style: "width:22px;margin-right:-10px" }));
    wrap.append(this.el("span", { text: ` ${n}`, style: "margin-left:14px" }));
    return wrap;
  },
  kindOrder: ["bright", "animal", "ribbon", "chaff"],
  kindName: { bright: "Brights", animal: "Animals", ribbon: "Ribbons", chaff: "Chaff" },
  themeSelect(onchange) {
    const s = this.el("select", { "aria-label": "Card names (theme)", id: "theme" });
    for (const t of ["hanafuda", "hwatu", "hawaiifuda", "kwa-do"]) s.append(this.el("option", { value: t, text: t }));
    s.value = this.theme;
    s.addEventListener("change", async () => { await this.setTheme(s.value); onchange && onchange(); });
    return s;
  },
  header() {
    const h = this.el("header", { class: "top" },
      this.el("a", { href: "/", class: "brand", text: "花 hanafuda" }),
      this.el("a", { href: "/", text: "Lobby" }), this.el("a", { href: "/rules", text: "Rules" }),
      this.el("a", { href: "/cards", text: "Cards" }), this.el("a", { href: "/replay", text: "Replay" }));
    document.body.prepend(h);
  },
};
