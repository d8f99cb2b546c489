#!/usr/bin/env bash
# A fresh package outside the repository follows the library's Getting Started
# article (Sources/CamProbe/CamProbe.docc/GettingStarted.md, which README.md's
# "Using the library" points to) verbatim: its Package.swift block (a path
# dependency on ../camprobe) and its Swift blocks joined as main.swift,
# importing only CamProbe; it must build.
#   scripts/test-library-consumer.sh [WORKDIR]   (default: a temporary folder)
# Prints "ok   - …" / "FAIL - …" lines (scripts/test-install.sh counts them).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/camprobe-consumer.XXXXXX")}
mkdir -p "$work/MyRecorder/Sources/MyRecorder"
ln -sfn "$here" "$work/camprobe"   # the clone, under the folder name the article assumes
guide="$here/Sources/CamProbe/CamProbe.docc/GettingStarted.md"
python3 - "$guide" "$work/MyRecorder" <<'PY' || { echo "FAIL - GettingStarted.md has the Package.swift block and the Swift blocks"; exit 1; }
import sys
guide, out = sys.argv[1], sys.argv[2]
section = open(guide, encoding="utf-8").read()
plain = [b.split("```")[0] for b in section.split("```\n")[1:] if b.lstrip().startswith("// Package.swift")]
swift = [b.split("```")[0] for b in section.split("```swift\n")[1:]]
assert len(plain) == 1 and swift, "expected one Package.swift block and Swift blocks"
package = plain[0].split("\n", 1)[1]  # the first line says where the file goes
open(out + "/Package.swift", "w").write(package)
open(out + "/Sources/MyRecorder/main.swift", "w").write("\n".join(swift))
imports = sorted({l.split()[1] for l in "\n".join(swift).splitlines() if l.startswith("import ")})
assert imports == ["CamProbe"], "the article's code imports %s" % imports
PY
echo "ok   - GettingStarted.md's Package.swift and Swift blocks written to $work/MyRecorder (imports only CamProbe)"
if (cd "$work/MyRecorder" && swift build 2>&1) >"$work/build.log"; then
    echo "ok   - a fresh package depending on camprobe by path builds the Getting Started article's code (swift build)"
else
    echo "FAIL - a fresh package depending on camprobe by path builds the Getting Started article's code (swift build)"
    grep -E "error|warning: " "$work/build.log" | head -20 | sed 's/^/       /'
    exit 1
fi
