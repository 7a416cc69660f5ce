#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver (/usr/bin/chromium, /usr/bin/chromedriver) for the browser tests,
# only when they are missing. Never a browser downloaded by a test tool: Debian's packages only.
# Needs root (CI runs as root); without it, it says what to install and the browser tests skip themselves.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install-chromium: not root; install the Debian packages chromium and chromium-driver for the browser tests" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
echo "install-chromium: $(/usr/bin/chromium --version 2>/dev/null || echo 'chromium installed')"
