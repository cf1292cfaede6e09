// The admin page (/admin, issue 29): open reports (resolve), bans in force (add, lift), open
// tables (close), recent chat (remove) — what `hanafuda admin` shows, for an account with the
// admin role.  Every text from the page's catalogue (HF.messages); names and lines as text only.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const t = (k, v) => HF.t(k, v || {});
  const when = (iso) => (iso ? iso.slice(0, 16).replace("T", " ") + " UTC" : "");

  async function post(path, body) {
    $("error").textContent = ""; $("status").textContent = "";
    const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body || {}) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) { $("error").textContent = typeof data.detail === "string" ? data.detail : String(r.status); return false; }
    $("status").textContent = t("admin.done");
    await load();
    return true;
  }
  function action(key, run) {
    const b = HF.el("button", { type: "button", text: t(key) });
    b.addEventListener("click", run);
    return b;
  }
  function fill(list, items, row) {
    $(list).replaceChildren(...(items.length ? items.map(row) : [HF.el("li", { class: "muted", text: t("admin.none") })]));
  }

  async function load() {
    const r = await fetch("/api/admin/overview");
    const data = await r.json().catch(() => ({}));
    if (!r.ok) { $("error").textContent = typeof data.detail === "string" ? data.detail : String(r.status); return; }
    fill("reports", data.reports, (x) => HF.el("li", { "data-report": String(x.id) },
      HF.el("span", { text: `${when(x.at)} · ${x.table} · ` + (x.chat_id !== null
        ? t("admin.report_line", { reporter: x.reporter, target: x.target, line: x.line || "", reason: x.reason || "—" })
        : t("admin.report_player", { reporter: x.reporter, target: x.target, reason: x.reason || "—" })) }), " ",
      action("admin.resolve", () => post(`/api/admin/reports/${x.id}/resolve`))));
    fill("bans", data.bans, (x) => HF.el("li", { "data-ban": String(x.id) },
      HF.el("span", { text: `${x.value} — ${x.until ? t("admin.until", { until: when(x.until) }) : t("admin.until_lifted")}: ${x.reason}` }), " ",
      action("admin.lift", () => post(`/api/admin/bans/${x.id}/lift`))));
    fill("tables", data.tables, (x) => HF.el("li", { "data-table": x.id },
      HF.el("a", { href: x.watch, text: x.id }), " ",
      HF.el("span", { text: t("admin.table_row", { game: x.game, players: x.players, seats: x.seats.join(", "), status: x.status }) }), " ",
      action("admin.close", () => post(`/api/admin/tables/${x.id}/close`, { reason: $("close-reason").value }))));
    fill("chat", data.chat, (x) => HF.el("li", { "data-chat": String(x.id) },
      HF.el("span", { text: `${when(x.at)} · ${x.table} · ${x.name}: ${x.text}` }), " ",
      action("admin.remove", () => post(`/api/admin/chat/${x.id}/remove`, { table: x.table }))));
  }

  async function start() {
    HF.header();
    await I18N.load();
    I18N.header();
    $("refresh").addEventListener("click", load);
    $("ban-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const body = { reason: $("ban-reason").value };
      if ($("ban-address").value.trim()) body.address = $("ban-address").value.trim(); else body.name = $("ban-name").value;
      if ($("ban-for").value.trim()) body.for = $("ban-for").value.trim();
      if (await post("/api/admin/bans", body)) for (const id of ["ban-name", "ban-address", "ban-reason", "ban-for"]) $(id).value = "";
    });
    await load();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
