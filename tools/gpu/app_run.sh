#!/usr/bin/env bash
# The desktop app on the GPU machine: builds tessera-tour (bench/gui: the app's main window driven
# unattended) with the GUI and the CUDA backend against Debian bookworm's Qt 6 carried in
# .device-app/ (tools/gpu/prepare_app_data.sh fills it here), makes a Llama 3 8B Q4_K model with
# `tessera-cli synth`, and runs the screenshot tour on it with TESSERA_CUDA_VIRTUAL_DEVICES=2 (one
# card seen as two GPUs). The pictures and a report come back in $OUT (at most 8 files: the seven
# PNGs and app_run.txt, which holds this log, the tour's summary and the build's errors if any).
#
#   tools/gpu/app_run.sh [start|wait [SECONDS]|run]
#     start  starts the work in the background (setsid; logs in /tmp/app-run) and returns;
#     wait   waits up to SECONDS (default 540) for it, then copies what there is into $OUT;
#     run    (default) start, then wait: one device call, when it all fits in the call's 10 minutes.
#   If `run` comes back with "still running", call `tools/gpu/app_run.sh wait` at once (the machine
#   stays warm for 30 s only); the work goes on between the two calls.
#
# The platform is Qt's offscreen one: the pictures are QWidget::grab() renderings, which need no X
# server, so no Xvfb or Mesa is carried (the tour never opens a GL context).
#
# Environment: SHAPE (default llama3-8b), TYPE (Q4_K), TOKENS (500), BENCH (512,128,2),
# VIRTUAL_DEVICES (2), JOBS (14). For the check without a GPU (docs/gpu-app-run.md): CUDA=OFF,
# MODEL=FILE (no synth), FAKE_GPUS (TESSERA_GUI_FAKE_GPUS for the tour), BUILD_TYPE, CMAKE_EXTRA.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work=/tmp/app-run
qt=/tmp/qt
arch=x86_64-linux-gnu
out="${OUT:-$root/out/app-run}"
mode="${1:-run}"

collect() {  # copies the pictures and one report into $out
  mkdir -p "$out"
  cp "$work"/tour/*.png "$out"/ 2>/dev/null
  {
    cat "$work/app_run.log" 2>/dev/null
    [ -f "$work/tour/tour.txt" ] && { echo; echo "== tour.txt"; cat "$work/tour/tour.txt"; }
    [ -s "$work/build-errors.txt" ] && { echo; echo "== build errors"; cat "$work/build-errors.txt"; }
  } >"$out/app_run.txt"
}

wait_for() {
  local limit="$1" waited=0
  if [ ! -f "$work/pid" ]; then
    echo "app_run: nothing was started on this machine (a fresh one?): call 'tools/gpu/app_run.sh' again"
    return 2
  fi
  while [ ! -f "$work/done" ] && [ "$waited" -lt "$limit" ]; do
    if ! kill -0 "$(cat "$work/pid")" 2>/dev/null; then
      sleep 1  # the done file is written just before the work's last line
      [ -f "$work/done" ] || { echo "app_run: the work stopped without finishing (killed?)"; echo 9 >"$work/done"; }
      break
    fi
    sleep 5
    waited=$((waited + 5))
  done
  collect
  if [ -f "$work/done" ]; then
    tail -25 "$work/app_run.log"
    return "$(cat "$work/done")"
  fi
  tail -8 "$work/app_run.log"
  echo "app_run: still running after ${limit} s; call 'tools/gpu/app_run.sh wait' now (the machine stays warm 30 s)"
  return 124
}

case "$mode" in
  start | run)
    if [ -f "$work/pid" ] && kill -0 "$(cat "$work/pid")" 2>/dev/null; then
      echo "app_run: already running (pid $(cat "$work/pid"))"
    else
      rm -rf "$work"
      mkdir -p "$work"
      setsid nohup bash "$0" work >"$work/app_run.log" 2>&1 </dev/null &
      echo $! >"$work/pid"
      echo "app_run: started (pid $!), log $work/app_run.log"
    fi
    [ "$mode" = run ] && { wait_for "${2:-540}"; exit $?; }
    exit 0
    ;;
  wait) wait_for "${2:-540}"; exit $? ;;
  work) ;;
  *) echo "usage: $0 [start|wait [SECONDS]|run]" >&2; exit 2 ;;
esac

# ---- the work (in the background) ----
t0=$(date +%s)
stamp() { echo "[app_run +$(( $(date +%s) - t0 ))s] $*"; }
finish() { echo "$1" >"$work/done"; stamp "done (exit $1)"; exit "$1"; }

stamp "the machine"
grep -E '^(PRETTY_NAME|VERSION_ID)=' /etc/os-release
ldd --version | head -1
if command -v nvidia-smi >/dev/null; then nvidia-smi -L | head -4; else echo "no nvidia-smi on this machine"; fi
source "$root/tools/gpu/device_env.sh"  # CUDA on PATH
cmake --version | head -1; nvcc --version | tail -1

# ---- can this machine load bookworm's libraries? ----
req="$root/.device-app/requirements"
if [ ! -f "$req" ] || ! ls "$root"/.device-app/debs/*.deb >/dev/null 2>&1; then
  echo "app_run: no .device-app/ here: run tools/gpu/prepare_app_data.sh on the developer machine and carry .device-app"
  finish 3
fi
need_glibc=$(sed -n 's/^glibc=//p' "$req")
need_glibcxx=$(sed -n 's/^glibcxx=//p' "$req")
have_glibc=$(ldd --version | head -1 | grep -oE '[0-9]+\.[0-9]+$')
libstdcxx=$(ldconfig -p | awk '/libstdc\+\+\.so\.6 .*x86-64/{print $NF; exit}')
have_glibcxx=$(strings "$libstdcxx" 2>/dev/null | grep -oE '^GLIBCXX_3\.4\.[0-9]+$' | sed 's/GLIBCXX_//' | sort -V | tail -1)
older() { [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -1)" = "$1" ]; }
echo "glibc: this machine $have_glibc, the carried packages ask for $need_glibc; GLIBCXX: this machine ${have_glibcxx:-?} ($libstdcxx), asked $need_glibcxx"
if [ -n "$have_glibcxx" ] && older "$have_glibcxx" "$need_glibcxx"; then
  echo "app_run: this machine's libstdc++ ($have_glibcxx) is older than the carried Qt needs ($need_glibcxx): carry libstdc++6 too, or packages of an older distribution"
  finish 3
fi

stamp "unpack .device-app/debs under $qt"
rm -rf "$qt"; mkdir -p "$qt"
for f in "$root"/.device-app/debs/*.deb; do
  if command -v dpkg >/dev/null; then dpkg -x "$f" "$qt"
  else
    member=$(ar t "$f" | grep '^data\.tar')
    ar p "$f" "$member" >"$work/$member" && tar -xf "$work/$member" -C "$qt" && rm -f "$work/$member"
  fi
done
if older "$have_glibc" "$need_glibc"; then
  # Some carried libraries ask for a newer glibc than this one (bookworm has 2.36): each is
  # removed, so that this machine's own copy of the same name, where it has one, is loaded instead.
  # Whether the app then loads is for ldd to say after the build (a library that only a plugin the
  # app never loads needs, such as libcups, does not matter).
  echo "app_run: this machine's glibc $have_glibc is older than bookworm's $need_glibc"
  while read -r f; do
    v=$(objdump -T "$f" 2>/dev/null | grep -oE 'GLIBC_[0-9.]+' | sed 's/GLIBC_//' | sort -V | tail -1)
    if [ -z "$v" ] || ! older "$have_glibc" "$v"; then continue; fi
    soname=$(basename "$f" | sed -E 's/(\.so\.[0-9]+).*/\1/')
    if ldconfig -p | grep -q "^[[:space:]]*$soname "; then echo "  $f needs glibc $v: this machine's $soname is used instead"
    else echo "  $f needs glibc $v and this machine has no $soname: whatever needs it cannot load"; fi
    rm -f "$f" "$(dirname "$f")/$soname"
  done < <(find "$qt" -type f -name '*.so*')
fi

# ---- the environment of the build and the app: everything from /tmp/qt, nothing written to / ----
export LD_LIBRARY_PATH="$qt/usr/lib/$arch:$qt/lib/$arch${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export QT_PLUGIN_PATH="$qt/usr/lib/$arch/qt6/plugins"
export QT_QPA_PLATFORM=offscreen
export PKG_CONFIG_PATH="$qt/usr/lib/$arch/pkgconfig:$qt/usr/share/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$qt"
command -v pkg-config >/dev/null || export PATH="$PATH:$qt/usr/bin"
# fontconfig: the carried fonts only (its own fonts.conf points at /usr/share/fonts and /etc/fonts).
mkdir -p "$qt/fontcache"
cat >"$qt/fonts.conf" <<EOF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>$qt/usr/share/fonts</dir>
  <cachedir>$qt/fontcache</cachedir>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
</fontconfig>
EOF
export FONTCONFIG_FILE="$qt/fonts.conf" FONTCONFIG_PATH="$qt/etc/fonts"
export QT_QPA_FONTDIR="$qt/usr/share/fonts/truetype/dejavu"
# Qt's CMake files find their tools, headers and mkspecs relative to themselves (their only
# absolute /usr paths are for a /usr-merged /lib, which does not apply under /tmp/qt), so the
# prefix is all CMake needs.
build="$root/build-app"
cuda="${CUDA:-ON}"
stamp "configure (GUI, CUDA $cuda, sm_90)"
# CMAKE_POLICY_VERSION_MINIMUM: a CMake 4 there refuses package files whose policy version starts
# below 3.5 without a range; bookworm's all give ranges, this is the safety net (older CMakes ignore it).
# shellcheck disable=SC2086  # CMAKE_EXTRA: words
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" -DTESSERA_BUILD_GUI=ON -DTESSERA_BUILD_SERVER=ON \
  -DTESSERA_BUILD_CUDA="$cuda" -DCMAKE_CUDA_ARCHITECTURES=90 -DTESSERA_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$qt/usr" \
  -DCMAKE_POLICY_VERSION_MINIMUM=3.5 ${CMAKE_EXTRA:-} >"$work/cmake.log" 2>&1 ||
  { tail -40 "$work/cmake.log" | tee "$work/build-errors.txt"; finish 4; }
grep -E 'Qt6_DIR|QCustomPlotQt6_DIR|nlohmann_json_DIR' "$build/CMakeCache.txt"
targets=(tessera-tour tessera)
[ -n "${MODEL:-}" ] || targets+=(tessera-cli)
stamp "build ${targets[*]}$([ "$cuda" = ON ] && echo ' and the CUDA module')"
cmake --build "$build" --target "${targets[@]}" -j"${JOBS:-14}" >"$work/build.log" 2>&1 ||
  { grep -E -A3 'error|Error' "$work/build.log" | head -60 >"$work/build-errors.txt"; cat "$work/build-errors.txt"; finish 5; }
for exe in "$build/bench/gui/tessera-tour" "$build/gui/tessera" "$QT_PLUGIN_PATH/platforms/libqoffscreen.so" \
           "$QT_PLUGIN_PATH/iconengines/libqsvgicon.so" "$QT_PLUGIN_PATH/imageformats/libqsvg.so"; do
  missing=$(ldd "$exe" 2>&1 | grep 'not found')
  [ -z "$missing" ] || { echo "app_run: libraries not found for $exe:"; echo "$missing"; finish 6; }
done
echo "tessera-tour loads: $(ldd "$build/bench/gui/tessera-tour" | grep -cE "=> $qt/") libraries from $qt, $(ldd "$build/bench/gui/tessera-tour" | grep -E '=> /' | grep -vc "=> $qt/") from this machine"

model="${MODEL:-/tmp/app-${SHAPE:-llama3-8b}-${TYPE:-Q4_K}.gguf}"
if [ ! -f "$model" ]; then
  stamp "synth $model"
  timeout 300 "$build/cli/tessera-cli" synth --shape "${SHAPE:-llama3-8b}" --type "${TYPE:-Q4_K}" -o "$model" --threads 16 >"$work/synth.log" 2>&1 ||
    { tail -5 "$work/synth.log"; finish 7; }
fi
ls -l "$model"

if [ -n "${FAKE_GPUS:-}" ]; then
  export TESSERA_GUI_FAKE_GPUS="$FAKE_GPUS"
  stamp "the tour (fake GPUs: $FAKE_GPUS)"
else
  export TESSERA_CUDA_VIRTUAL_DEVICES="${VIRTUAL_DEVICES:-2}"
  stamp "the tour (TESSERA_CUDA_VIRTUAL_DEVICES=$TESSERA_CUDA_VIRTUAL_DEVICES)"
fi
timeout 420 "$build/bench/gui/tessera-tour" "$work/tour" --model "$model" \
  --tokens "${TOKENS:-500}" --bench "${BENCH:-512,128,2}" --splits 3 --timeout 180
rc=$?
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv | head -3
finish "$rc"
