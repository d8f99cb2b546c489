#!/usr/bin/env bash
# Installs the Debian 12 packages camprobe needs. Idempotent and quick when
# everything is present. Usage: scripts/install-deps.sh [--vm]
#   (no flag)  build + run:  libv4l-dev libudev-dev libasound2-dev libxml2-dev zlib1g-dev pkg-config libstdc++-12-dev (static-build)
#   --vm       also what the real-driver suite needs (qemu, a kernel, v4l-utils, …)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
packages=(libv4l-dev libudev-dev libasound2-dev libxml2-dev zlib1g-dev pkg-config libstdc++-12-dev chromium)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
    echo "camprobe: installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# The JSON Schema cross-check in the tests uses Python's jsonschema (PyPI).
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import jsonschema' 2>/dev/null; then
    python3 -m pip install -q jsonschema >/dev/null 2>&1 || echo "camprobe: could not install Python's jsonschema; its cross-check test will be skipped" >&2
fi
# The Python checkers of scripts/dev/python-check.sh (ruff, mypy: the exact versions of
# scripts/dev/requirements-python-check.txt) go into a venv under .build/, as Debian 12's python3 is externally
# managed; its venv module is the python3-venv package. Redone only when the requirements file changed.
pyreq="$root/scripts/dev/requirements-python-check.txt"
pyvenv="$root/.build/python-check"
if ! cmp -s "$pyreq" "$pyvenv/requirements.installed"; then
    pymissing=()
    for p in python3 python3-venv; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || pymissing+=("$p")
    done
    if [ ${#pymissing[@]} -gt 0 ]; then
        echo "camprobe: installing ${pymissing[*]}" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${pymissing[@]}" >/dev/null
    fi
    rm -rf "$pyvenv"
    if python3 -m venv "$pyvenv" && "$pyvenv/bin/pip" install -q --disable-pip-version-check -r "$pyreq" >/dev/null; then
        cp "$pyreq" "$pyvenv/requirements.installed"
    else
        echo "camprobe: could not install the Python checkers into $pyvenv; scripts/dev/python-check.sh will fail" >&2
    fi
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "camprobe: the Swift toolchain (swift 6.x) is not on PATH; install it from swift.org (/opt/swift on our machines)" >&2
    exit 1
fi
if [ "${1:-}" = "--vm" ] && [ -x "$root/scripts/vm/install-deps.sh" ]; then
    "$root/scripts/vm/install-deps.sh"
fi
