// UI languages (en, ja, ko): the page's <html lang> is set by the server (?lang=, remembered), which
// also sends the page already translated and its language's messages in it (HF.messages, common.js).
// I18N translates [data-t] elements a script adds and gives the lobby's pages the header.
"use strict";
const I18N = {
  lang: document.documentElement.lang || "en",
  get messages() { return HF.messages; },
  async load() {
    if (!Object.keys(HF.messages).length) {  // a page served without its messages: fetch them
      try { HF.messages = await (await fetch(`/i18n/${this.lang}.json`)).json(); } catch (e) { /* keys shown */ }
    }
    this.apply(document);
  },
  t(key, vars = {}) { return HF.t(key, vars); },
  apply(root) {
    for (const e of root.querySelectorAll("[data-t]")) e.textContent = this.t(e.dataset.t);
    for (const e of root.querySelectorAll("[data-t-label]")) e.setAttribute("aria-label", this.t(e.dataset.tLabel));
  },
  menu() { return HF.langMenu(); },
  header() { HF.header(); },
};
const T = (key, vars) => I18N.t(key, vars);
