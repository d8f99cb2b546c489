#!/usr/bin/env bash
# A fresh package outside the repository follows README.md's "Using the library"
# verbatim: its Package.swift block (a path dependency on ../camprobe) and its
# Swift blocks joined as main.swift, importing only CamProbe; it must build.
#   scripts/test-library-consumer.sh [WORKDIR]   (default: a temporary folder)
# Prints "ok   - …" / "FAIL - …" lines (scripts/test-install.sh counts them).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/camprobe-consumer.XXXXXX")}
mkdir -p "$work/MyRecorder/Sources/MyRecorder"
ln -sfn "$here" "$work/camprobe"   # the clone, under the folder name the README assumes
python3 - "$here/README.md" "$work/MyRecorder" <<'PY' || { echo "FAIL - README.md has the Package.swift block and the Swift blocks"; exit 1; }
import sys
readme, out = sys.argv[1], sys.argv[2]
section = open(readme, encoding="utf-8").read().split("\n## Using the library\n")[1].split("\n## ")[0]
plain = [b.split("```")[0] for b in section.split("```\n")[1:] if b.lstrip().startswith("// Package.swift")]
swift = [b.split("```")[0] for b in section.split("```swift\n")[1:]]
assert len(plain) == 1 and swift, "expected one Package.swift block and Swift blocks"
package = plain[0].split("\n", 1)[1]  # the first line says where the file goes
open(out + "/Package.swift", "w").write(package)
open(out + "/Sources/MyRecorder/main.swift", "w").write("\n".join(swift))
imports = sorted({l.split()[1] for l in "\n".join(swift).splitlines() if l.startswith("import ")})
assert imports == ["CamProbe"], "the README's code imports %s" % imports
PY
echo "ok   - README.md's Package.swift and Swift blocks written to $work/MyRecorder (imports only CamProbe)"
if (cd "$work/MyRecorder" && swift build 2>&1) >"$work/build.log"; then
    echo "ok   - a fresh package depending on camprobe by path builds the README's code (swift build)"
else
    echo "FAIL - a fresh package depending on camprobe by path builds the README's code (swift build)"
    grep -E "error|warning: " "$work/build.log" | head -20 | sed 's/^/       /'
    exit 1
fi
