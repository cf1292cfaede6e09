// UI languages (en, ja, ko): the page's <html lang> is set by the server (?lang=, remembered);
// this loads that language's messages, translates [data-t] elements and adds the language menu.
"use strict";
const I18N = {
  lang: document.documentElement.lang || "en",
  messages: {},
  async load() {
    try { this.messages = await (await fetch(`/i18n/${this.lang}.json`)).json(); } catch (e) { this.messages = {}; }
    this.apply(document);
  },
  t(key, vars = {}) {
    let s = this.messages[key] || key;
    for (const [k, v] of Object.entries(vars)) s = s.split(`{${k}}`).join(String(v));
    return s;
  },
  apply(root) {
    for (const e of root.querySelectorAll("[data-t]")) e.textContent = this.t(e.dataset.t);
    for (const e of root.querySelectorAll("[data-t-label]")) e.setAttribute("aria-label", this.t(e.dataset.tLabel));
  },
  menu() {
    const names = { en: "English", ja: "日本語", ko: "한국어" };
    const s = document.createElement("select");
    s.id = "lang"; s.setAttribute("aria-label", "Language / 言語 / 언어");
    for (const [code, name] of Object.entries(names)) {
      const o = document.createElement("option"); o.value = code; o.textContent = name; o.lang = code; s.append(o);
    }
    s.value = this.lang;
    s.addEventListener("change", () => { const u = new URL(location.href); u.searchParams.set("lang", s.value); location.href = u.toString(); });
    return s;
  },
  header() {
    const h = document.querySelector("header.top");
    if (!h || h.querySelector("#lang")) return;
    const lb = document.createElement("a"); lb.href = "/leaderboard"; lb.dataset.t = "lb.title"; lb.textContent = this.t("lb.title");
    h.append(lb, this.menu());
  },
};
const T = (key, vars) => I18N.t(key, vars);
