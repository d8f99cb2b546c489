#!/usr/bin/env bash
# Holds every Python file of the repository to the house's standard, one check per tool:
#   ruff check, ruff format --check   (scripts/ruff.toml)
#   mypy                              (scripts/mypy.ini)
#   size: no Python file over 400 lines, cycles: no import cycle among them (scripts/dev/python_house.py)
#   unit tests: python3 -m unittest over the test_*.py of scripts/vm (the guest's block names) and scripts/dev
# Usage: scripts/dev/python-check.sh   (the checkers come from scripts/install-deps.sh: .build/python-check)
# Prints "PASS name" / "FAIL name" per check, the failing tool's output, and last "python: N passed, M failed";
# exits 1 when a check failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
venv=${PYTHON_CHECK_VENV:-$root/.build/python-check}
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Every Python file but what builds and caches leave behind.
mapfile -t files < <(find . \( -name .build -o -name '.build-*' -o -name '.build_*' -o -name .git -o -name __pycache__ \
    -o -name .swiftpm \) -prune -o -name '*.py' -type f -print | sed 's|^\./||' | LC_ALL=C sort)

check() { # NAME COMMAND...: runs COMMAND, counts it, shows its output when it fails
    local name=$1
    shift
    if "$@" >"$log" 2>&1; then
        echo "PASS $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name"
        sed 's/^/    /' "$log" | tail -n 60
        failed=$((failed + 1))
    fi
}

tool() { # NAME: the venv's NAME, or a failing stand-in that says how to get it
    if [ -x "$venv/bin/$1" ]; then
        echo "$venv/bin/$1"
    else
        echo "missing"
    fi
}
missing() {
    echo "$venv has no ruff/mypy: run scripts/install-deps.sh (pins: scripts/dev/requirements-python-check.txt)"
    return 1
}

if [ ${#files[@]} -eq 0 ]; then
    echo "python: no Python file found under $root"
    echo "python: 0 passed, 1 failed"
    exit 1
fi
echo "python: ${#files[@]} files"
ruff=$(tool ruff)
mypy=$(tool mypy)
if [ "$ruff" = missing ]; then
    check "ruff check" missing
    check "ruff format --check" missing
else
    check "ruff check" "$ruff" check --config scripts/ruff.toml --no-cache "${files[@]}"
    check "ruff format --check" "$ruff" format --config scripts/ruff.toml --no-cache --check "${files[@]}"
fi
if [ "$mypy" = missing ]; then
    check "mypy" missing
else
    check "mypy" "$mypy" --config-file scripts/mypy.ini --cache-dir "$venv/mypy-cache" "${files[@]}"
fi
check "size: no Python file over 400 lines" python3 scripts/dev/python_house.py sizes "${files[@]}"
check "cycles: no import cycle" python3 scripts/dev/python_house.py cycles "${files[@]}"
# The unit tests: guest.test_blocks holds the guest's block names (suite.py's BLOCKS) to the list it had;
# scripts/dev/test_python_house.py tests the size and cycle rules above.
check "unit tests (scripts/vm, scripts/dev test_*.py)" bash -c 'cd scripts/vm && python3 -m unittest discover -t . -s . -p "test_*.py" &&
    cd ../dev && python3 -m unittest discover -s . -p "test_*.py"'
echo "python: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
