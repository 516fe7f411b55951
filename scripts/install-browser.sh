#!/usr/bin/env bash
# Install what the browser tests (unit_tests/browser/, marker `browser`) need, idempotently:
#   * Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver);
#     no browser is ever downloaded by a test tool (that cannot work on a closed network);
#   * Playwright's Python package (the driver; it talks to Debian's chromium through
#     executable_path="/usr/bin/chromium") into the project's venv.
# Then it launches chromium headless once to prove it runs.
#
# Usage: scripts/install-browser.sh          (CI: .ci/run calls it before ./dev test)
# Env:   PYTHON  the interpreter whose environment gets playwright (default: .venv/bin/python,
#                else python3)
# Exit:  0 ready; 1 could not install (the message says why; the tests then skip with it,
#        or fail when LANGMEM_PLUS_REQUIRE_BROWSER=1).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "install-browser: $*"; }

PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
fi

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  say "chromium already installed"
else
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    say "chromium is missing and this user cannot install Debian packages (not root, no sudo);"
    say "install them yourself: apt-get install chromium chromium-driver"
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "chromium is missing and apt-get is not available: install chromium by hand"
    exit 1
  fi
  say "installing Debian's chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
fi
/usr/bin/chromium --version 2>/dev/null | grep -v "unexpected operator" || true

if "$PY" -c "import playwright.sync_api" 2>/dev/null; then
  say "playwright (python) already installed"
else
  say "installing the playwright python package (the driver only; no browser download)"
  "$PY" -m pip install --quiet "playwright>=1.49"
fi

# Prove it: one headless launch of Debian's chromium through playwright.
"$PY" - <<'PYEOF'
from playwright.sync_api import sync_playwright

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
    page = browser.new_page()
    page.set_content("<button onclick=\"this.textContent='clicked'\">click</button>")
    page.click("button")
    assert page.text_content("button") == "clicked"
    print(f"install-browser: ready (chromium {browser.version}, headless, driven by playwright)")
    browser.close()
PYEOF
