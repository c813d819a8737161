#!/bin/sh
# What the website's browser tests (tests/web) need from the system: Debian's Chromium, its
# chromedriver and a CJK font (fonts-wqy-zenhei draws the Chinese names). `make test` (and so
# .ci/run) calls this first: nothing to do when all three are there; otherwise they are
# installed from Debian's packages (with sudo when not root). When that cannot be done, one
# line says which command to run, and the exit status is 1. Nothing downloads a browser.
set -u

PACKAGES="chromium chromium-driver fonts-wqy-zenhei"
COMMAND="sudo apt-get install -y $PACKAGES"

missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v chromedriver >/dev/null 2>&1 || missing="$missing chromium-driver"
fc-list 2>/dev/null | grep -q "WenQuanYi Zen Hei" || missing="$missing fonts-wqy-zenhei"
[ -z "$missing" ] && exit 0

cannot() {
    echo "tools/browser.sh: the browser tests need${missing}; $1: run \`$COMMAND\`" >&2
    exit 1
}

command -v apt-get >/dev/null 2>&1 || cannot "no apt-get here (not Debian)"
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    cannot "not root and no sudo"
fi
echo "tools/browser.sh: installing${missing} from Debian's packages" >&2
# shellcheck disable=SC2086 # $sudo and $PACKAGES are word lists on purpose
if ! { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq $PACKAGES >/dev/null; }; then
    cannot "installing them failed"
fi
