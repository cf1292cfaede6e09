"""The table page's ES modules (issue 28): its view (static/table/) and the vendored Preact and htm
(static/vendor/) are served as JavaScript, so a browser runs them as module scripts, and every
module they import is served too."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from hanafuda.web.pages import STATIC

IMPORT = re.compile(r'\bimport\b[^"\']*["\'](\.{1,2}/[^"\']+)["\']')


def test_the_table_modules_and_their_imports_are_served_as_javascript(client: TestClient) -> None:
    seen: set[str] = set()
    todo = ["/static/table/view.js"]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        r = client.get(path)
        assert r.status_code == 200, path
        # a module script served with another type is refused by the browser
        assert r.headers["content-type"].split(";")[0] in ("text/javascript", "application/javascript"), path
        base = path.rsplit("/", 1)[0]
        for rel in IMPORT.findall(r.text):
            parts = f"{base}/{rel}".split("/")
            out: list[str] = []
            for p in parts:
                if p == "..":
                    out.pop()
                elif p != ".":
                    out.append(p)
            todo.append("/".join(out))
    assert {"/static/vendor/preact.module.js", "/static/vendor/htm.module.js"} <= seen
    # the page loads its view (dynamic import from table.js) and names it for preloading
    assert 'import("/static/table/view.js")' in (STATIC / "table.js").read_text("utf-8")
    assert 'href="/static/table/view.js"' in client.get("/table/x").text


def test_the_vendored_files_carry_their_licences() -> None:
    vendor = STATIC / "vendor"
    for name in ("preact", "htm"):
        assert (vendor / f"{name}.module.js").stat().st_size > 1000
        assert "Permission is hereby granted" in (vendor / f"LICENSE-{name}").read_text("utf-8") or \
            "Apache License" in (vendor / f"LICENSE-{name}").read_text("utf-8")
    readme = (vendor / "README.md").read_text("utf-8")
    assert "10.29.8" in readme and "3.1.1" in readme
