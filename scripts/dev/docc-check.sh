#!/usr/bin/env bash
# The library's documentation builds without a warning, and curates every public type of the
# CamProbe module: each appears as ``Name`` in a Topics section of the DocC catalog
# (Sources/CamProbe/CamProbe.docc), nested types under their parent's page or the module's.
# Prints "ok   - …" / "FAIL - …" lines; exits 1 on a failure.
#   scripts/dev/docc-check.sh      (from anywhere in the checkout; builds what the documentation needs)
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
log=$(mktemp); trap 'rm -f "$log"' EXIT
if ! swift package generate-documentation --target CamProbe > "$log" 2>&1; then
    echo "FAIL - swift package generate-documentation --target CamProbe"; tail -20 "$log"; exit 1
fi
warnings=$(grep -c "warning:" "$log")
if [ "$warnings" -ne 0 ]; then
    echo "FAIL - the documentation builds with $warnings warnings"; grep -A6 "warning:" "$log" | head -40; exit 1
fi
echo "ok   - swift package generate-documentation --target CamProbe builds without warnings"
graph=$(find .build -path "*extracted-symbols*" -name CamProbe.symbols.json -printf "%T@ %p\n" | sort -n | tail -1 | cut -d' ' -f2)
python3 - "$graph" Sources/CamProbe/CamProbe.docc <<'PY'
import json, os, re, sys
graph, catalog = sys.argv[1], sys.argv[2]
kinds = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor"}
types = sorted(s["pathComponents"] for s in json.load(open(graph))["symbols"]
               if s["kind"]["identifier"] in kinds and s.get("accessLevel") in ("public", "open"))
text = "".join(open(os.path.join(catalog, f)).read() for f in os.listdir(catalog) if f.endswith(".md"))
curated = set(re.findall(r"``(?:CamProbe/)?([A-Za-z0-9_./]+)``", text))
# a top-level type is curated by name; a nested one (an iterator, an error's Kind) is listed on its parent's page by DocC
missing = [".".join(p) for p in types if len(p) == 1 and p[0] not in curated]
if missing:
    print("FAIL - public types of CamProbe not curated in the DocC catalog: " + ", ".join(missing))
    sys.exit(1)
print("ok   - every public type of CamProbe (%d, %d top-level) is curated in the DocC catalog" % (len(types), sum(len(p) == 1 for p in types)))
PY
