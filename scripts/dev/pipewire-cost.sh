#!/usr/bin/env bash
# What a `camprobe list` PipeWire read costs, stage by stage, in instructions (valgrind --tool=callgrind).
#
# Builds a small C driver that compiles Sources/CPipeWire/*.c directly and calls cpw_read once (enum_formats=0,
# timeout 1000 ms); starts a private pipewire daemon (its default pipewire.conf, a private XDG_RUNTIME_DIR), and,
# when installed, a private dbus-daemon and wireplumber so a connect wakes a session manager as on a desktop; runs
# the driver under callgrind with and without the read; prints the stage table; kills what it started.
#
#   scripts/dev/pipewire-cost.sh [--no-wireplumber] [--camprobe-scope] [--runs N]
#
# --camprobe-scope also links the driver against the shared libraries camprobe itself links (the Swift runtime,
#   Foundation, libasound, libudev…; found with ldd on .build/*/release/camprobe): dlopen's symbol lookups walk the
#   main program's global scope first, so there they cost more than in a bare C program (valgrind cannot run the
#   Swift binary itself). --runs N: wall-time median of N runs of each driver (default 30; 0 skips).
# Needs gcc, valgrind, python3, pipewire, libpipewire-0.3-dev. Work files in a mktemp -d directory, removed at exit
# (KEEP=1 keeps them).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
src=$root/Sources/CPipeWire
wireplumber=1 scope=0 runs=30
while [ $# -gt 0 ]; do
    case $1 in
        --no-wireplumber) wireplumber=0 ;;
        --camprobe-scope) scope=1 ;;
        --runs) runs=$2; shift ;;
        *) echo "usage: $0 [--no-wireplumber] [--camprobe-scope] [--runs N]" >&2; exit 2 ;;
    esac
    shift
done
for t in gcc valgrind callgrind_annotate python3 pipewire; do
    command -v "$t" >/dev/null || { echo "$0: needs $t" >&2; exit 1; }
done

work=$(mktemp -d /tmp/pipewire-cost.XXXXXX)
pids=()
cleanup() {
    local p
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT INT TERM

# ---- the driver ------------------------------------------------------------------------------------------------
cat > "$work/driver.c" <<'EOF'
/* Calls cpw_read once (enum_formats=0, timeout 1000 ms) unless argv[1] is "none"; "-v" prints what it read. */
#include "cpipewire.h"
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "none") == 0) return 0;
    cpw_options o = {.remote = NULL, .timeout_ms = 1000, .max_objects = 4096, .max_props = 256,
                     .max_string = 4096, .max_params = 64, .max_pod = 65536, .enum_formats = 0};
    cpw_snapshot *s = NULL;
    char err[256];
    int st = cpw_read(&o, &s, err, sizeof err);
    if (st != 0) { fprintf(stderr, "cpw_read: %d %s\n", st, err); return 1; }
    uint32_t props = 0;
    for (uint32_t i = 0; i < cpw_object_count(s); i++) props += cpw_object_prop_count(s, i);
    if (argc > 1 && strcmp(argv[1], "-v") == 0) printf("%u globals, %u properties\n", cpw_object_count(s), props);
    cpw_free(s);
    return 0;
}
EOF
# -fno-inline keeps the shim's stages (load_once, run_until…) visible as functions to callgrind.
cflags=(-O2 -g -fno-inline -I"$src" -I"$src/include" -I"$src/pw")
gcc "${cflags[@]}" -o "$work/drv" "$work/driver.c" "$src"/*.c -ldl -lpthread
drivers=(drv)
if [ "$scope" = 1 ]; then
    cam=$(ls "$root"/.build/*/release/camprobe "$root"/.build/*/debug/camprobe 2>/dev/null | head -1 || true)
    [ -n "$cam" ] || { echo "$0: --camprobe-scope needs a built camprobe (swift build)" >&2; exit 1; }
    libs=() dirs=()
    while read -r name path; do
        case $name in linux-vdso*|ld-linux*|libc.so*) continue ;; esac
        libs+=("$path"); dirs+=("-Wl,-rpath,$(dirname "$path")")
    done < <(ldd "$cam" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}')
    gcc "${cflags[@]}" -o "$work/drv_scope" "$work/driver.c" "$src"/*.c -ldl -lpthread -Wl,--no-as-needed \
        "${libs[@]}" "${dirs[@]}"
    drivers+=(drv_scope)
fi

# ---- the private daemon ----------------------------------------------------------------------------------------
export XDG_RUNTIME_DIR=$work/run
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset PIPEWIRE_REMOTE PIPEWIRE_RUNTIME_DIR PIPEWIRE_DEBUG
if [ "$wireplumber" = 1 ] && command -v wireplumber >/dev/null && command -v dbus-daemon >/dev/null; then
    export DBUS_SESSION_BUS_ADDRESS=unix:path=$XDG_RUNTIME_DIR/bus
    dbus-daemon --session --address="$DBUS_SESSION_BUS_ADDRESS" --nofork >"$work/dbus.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 50); do [ -S "$XDG_RUNTIME_DIR/bus" ] && break; sleep 0.1; done
else
    wireplumber=0
    export DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent
fi
pipewire >"$work/pipewire.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$XDG_RUNTIME_DIR/pipewire-0" ] && break; sleep 0.1; done
[ -S "$XDG_RUNTIME_DIR/pipewire-0" ] || { echo "$0: pipewire did not start:" >&2; tail -5 "$work/pipewire.log" >&2; exit 1; }
if [ "$wireplumber" = 1 ]; then
    wireplumber >"$work/wireplumber.log" 2>&1 &
    pids+=($!)
    sleep 2 # lets it create its objects (the registry read then sees them)
fi
echo "pipewire $(pipewire --version | sed -n 's/^Linked with libpipewire //p'), wireplumber: $([ "$wireplumber" = 1 ] && echo yes || echo no)"
"$work/drv" -v

# ---- callgrind -------------------------------------------------------------------------------------------------
cat > "$work/stages.py" <<'EOF'
import re, sys
tree, flat, none = open(sys.argv[1]).read(), open(sys.argv[2]).read(), int(sys.argv[3])
num = lambda s: int(s.replace(',', ''))
total = num(re.search(r'([\d,]+) \S*\s+PROGRAM TOTALS', tree).group(1))
edges = {}  # (callee, caller line) -> inclusive Ir of those calls
for block in tree.split('\n\n'):
    lines = block.strip('\n').split('\n')
    star = [l for l in lines if re.match(r'\s*[\d,]+ \([\d. ]+%\)\s+\*\s', l)]
    if not star: continue
    callee = re.sub(r'^\s*[\d,]+ \([\d. ]+%\)\s+\*\s+', '', star[0])
    for l in lines:
        m = re.match(r'\s*([\d,]+) \([\d. ]+%\)\s+<\s+(.*)$', l)
        if m: edges[(callee, m.group(2))] = edges.get((callee, m.group(2)), 0) + num(m.group(1))
SHIM = r'\[\S*/drv\w*\]$'  # a caller in the driver binary (the shim is compiled into it)
def cost(callee, caller):
    return sum(v for (ce, cr), v in edges.items() if re.search(callee, ce) and re.search(caller, cr))
def incl(pat):
    m = [num(l.split()[0]) for l in tree.split('\n') if re.match(r'\s*[\d,]+ \([\d. ]+%\)\s+\*\s+.*' + pat, l)]
    return max(m) if m else 0
read = incl(r':cpw_read \[')
rows = [
    ('dlopen libpipewire-0.3.so.0', cost(r'dlopen@@', r':load_once ')),
    ('pw_init (dlopens libspa-support: log, cpu; journal if present)', cost(r':pw_init \[', r':load_once ')),
    ('pw_loop_new (main loop)', cost(r':pw_loop_new \[', SHIM)),
    ('pw_context_new (incl. data loop, its thread)', cost(r':pw_context_new \[', SHIM)),
    ('load_module protocol-native', cost(r':pw_context_load_module \[', SHIM)),
    ('  of which its dlopen (module + libsystemd and 6 more libs)', cost(r'dlopen@@', r':pw_context_load_module ')),
    ('pw_context_connect', cost(r':pw_context_connect \[', SHIM)),
    ('registry round trip (loop until the sync is done)', cost(r':run_until \[', SHIM)),
    ('  of which on_global (copying ids, types, props)', incl(r':on_global \[')),
    ('teardown (registry proxy destroy, disconnect)', cost(r':pw_(proxy_destroy|core_disconnect) \[', SHIM)),
]
listed = sum(v for n, v in rows if not n.startswith('  '))
rows.append(('rest of cpw_read (dlsym, get_registry + sync, lock, props)', read - listed))
print(f'{"stage":64} {"Ir":>11} {"of read":>8}')
for n, v in rows: print(f'{n:64} {v:>11,} {100.0 * v / read if read else 0:>7.1f}%')
print(f'{"cpw_read, inclusive":64} {read:>11,} {100.0:>7.1f}%')
free_ir = incl(r':cpw_free \[')
print(f'{"cpw_free (after the read)":64} {free_ir:>11,}')
ld = sum(num(l.split()[0]) for l in flat.split('\n') if re.match(r'\s*[\d,]+ ', l) and 'ld-linux-x86-64.so.2]' in l)
print(f'{"dynamic loader, self cost (whole process)":64} {ld:>11,}')
for f in ('_dl_relocate_object', '_dl_lookup_symbol_x', '_dl_map_object', '_dl_init'):
    v = incl(':' + f + r' \[\S*ld-linux')
    print(f'{"  " + f + ", inclusive":64} {v:>11,}')
print(f'{"whole process, with the read":64} {total:>11,}')
print(f'{"whole process, same driver without the read":64} {none:>11,}')
print(f'{"difference":64} {total - none:>11,}  ({total / none:.2f}x)')
EOF
median_ms() { # runs "$@" $runs times; the median wall time in ms
    local i s e
    for ((i = 0; i < runs; i++)); do
        s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $(((e - s) / 1000))
    done | sort -n | awk '{a[NR] = $1} END {printf "%.2f", a[int((NR + 1) / 2)] / 1000}'
}
for d in "${drivers[@]}"; do
    ir() { valgrind --tool=callgrind --trace-children=no --callgrind-out-file="$work/$1" "${@:2}" 2>"$work/$1.log" >/dev/null
           grep -o 'refs: *[0-9,]*' "$work/$1.log" | tr -d ' ,' | cut -d: -f2; }
    ir "cg.$d.read" "$work/$d" >/dev/null
    none=$(ir "cg.$d.none" "$work/$d" none)
    callgrind_annotate --inclusive=yes --tree=caller --threshold=100 "$work/cg.$d.read" >"$work/$d.tree" 2>/dev/null
    callgrind_annotate --inclusive=no --threshold=100 "$work/cg.$d.read" >"$work/$d.flat" 2>/dev/null
    echo
    echo "== $d ($([ "$d" = drv ] && echo "bare C driver" || echo "driver linked like camprobe"))"
    python3 "$work/stages.py" "$work/$d.tree" "$work/$d.flat" "$none"
    if [ "$runs" -gt 0 ]; then
        echo "wall, median of $runs: with the read $(median_ms "$work/$d") ms, without $(median_ms "$work/$d" none) ms"
    fi
done
