#!/usr/bin/env bash
# What the browser tests need beyond PyPI: Debian's chromium, a Japanese font and a Korean font
# (fonts-nanum, about 10 MB: the hwatu theme's names are in Hangul, which IPA Gothic lacks).
# Playwright's own browser download is never used (tests launch /usr/bin/chromium).
set -euo pipefail
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi ipa \
        && [ -n "$(fc-list :lang=ko 2>/dev/null)" ]; then
    exit 0
fi
SUDO=()
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null; then SUDO=(sudo); else
        echo "scripts/test: /usr/bin/chromium is missing and cannot install it (not root, no sudo)" >&2
        exit 0   # the browser tests then skip locally; in CI (CI=true) they fail
    fi
fi
echo "scripts/test: installing chromium, fonts-ipafont-gothic and fonts-nanum for the browser tests"
"${SUDO[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends \
    chromium fonts-ipafont-gothic fonts-nanum >/dev/null
