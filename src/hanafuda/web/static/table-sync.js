// The table protocol's page side (web/messages.py, docs/web.md "The table protocol"): holds the
// state the table page draws — the same shape as a whole "state" message — and keeps it current
// with the server's patches.  A patch changes a copy (every object on its paths is copied first),
// so the state drawn before stays as it was.  A patch that does not start from the version held
// (one was missed) is not applied: the page asks for the whole state once and waits for it.
"use strict";
const TableSync = (() => {
  let state = null, asked = false;
  const copy = (x) => (Array.isArray(x) ? x.slice() : Object.assign({}, x));
  function apply(held, patch) {
    const out = copy(held), copied = new Set([out]);
    for (const [op, path, a, b] of patch.ops) {
      let node = out;
      for (const key of path.slice(0, -1)) {
        if (!copied.has(node[key])) { node[key] = copy(node[key]); copied.add(node[key]); }
        node = node[key];
      }
      const last = path[path.length - 1];
      if (op === "set") node[last] = a;
      else if (op === "del") delete node[last];
      else if (op === "cut") { node[last] = node[last].slice(0, a).concat(b); copied.add(node[last]); }
      else throw new Error(`unknown patch op ${op}`);
    }
    out.v = patch.v;
    if (patch.event) out.event = patch.event; else delete out.event;
    return out;
  }
  return {
    // a new socket: nothing is held until its first (whole) state
    reset() { state = null; asked = false; },
    get state() { return state; },
    // the state after msg (a "state" or a "patch"), or null: not a state message, or a gap (then
    // ask() is called once, to get the whole state)
    take(msg, ask) {
      if (msg.type === "state") { state = msg; asked = false; return state; }
      if (msg.type !== "patch") return null;
      if (!state || msg.base !== state.v) {
        if (!asked) { asked = true; ask(); }
        return null;
      }
      state = apply(state, msg);
      return state;
    },
  };
})();
