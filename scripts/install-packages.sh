#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not
# installed yet (apt-get as root, or through sudo). Shared by build.sh and
# bench.sh.
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
echo "install-packages.sh: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
