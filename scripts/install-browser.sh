#!/usr/bin/env bash
# Make sure Debian's Chromium is installed for the browser tests (tests/browser).
# Playwright drives it through its bundled driver; no browser is downloaded by Playwright.
# Installs with apt-get when running as root; otherwise says what is missing and exits 0,
# leaving the browser tests to fail with a clear message (they never pass without a browser).
set -euo pipefail

CHROMIUM=${SENTINEL_CHROMIUM:-/usr/bin/chromium}

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-browser: $CHROMIUM is missing and this is not root;" \
    "install it with: sudo apt-get install chromium" >&2
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: $CHROMIUM is missing and apt-get is not available" >&2
  exit 0
fi

echo "install-browser: installing chromium from Debian's packages" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
if [ ! -x "$CHROMIUM" ]; then
  echo "install-browser: chromium installed but $CHROMIUM is not there" >&2
  exit 1
fi
echo "install-browser: $("$CHROMIUM" --version 2>/dev/null || echo chromium installed)" >&2
