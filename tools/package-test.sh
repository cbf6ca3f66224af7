#!/usr/bin/env bash
# Builds the packages from an existing build directory and checks them end to end; CI runs it from
# tools/test.sh after ctest, on the build that script made (cpack only installs what was built, so
# nothing is compiled again).
#
#   tools/package-test.sh [BUILD_DIR]     (default: $TESSERA_BUILD_DIR, else build/)
#
#  1. cpack: tessera_<version>_amd64.deb and tessera-<version>-linux-x86_64.tar.gz in BUILD_DIR/packages
#  2. the .deb's control fields: Depends (from dpkg-shlibdeps) has the Qt 6 widgets and QCustomPlot
#     runtime packages, libcurl and libssl (tessera-cli pull) and no libcublas; the description says what the CUDA backend needs
#  3. the .deb's files: programs, CUDA module (with a RUNPATH, no build paths), model, translations,
#     desktop file, icons, metainfo; the .desktop and metainfo files validate
#  4. the archive runs in place (relocatable)
#  5. apt-get install ./tessera_*.deb, then the installed programs: tessera-cli run on the embedded
#     model, tessera --version, tessera started for 5 s (offscreen), tessera-cli devices (finds the
#     installed module), and tessera-cli run with NVIDIA's runtime hidden (falls back to the CPU)
#  6. apt-get remove --purge tessera leaves nothing behind
# Any failed check stops the script with "package-test: FAIL: ..." and exit status 1; the package
# is removed again whatever happened. Needs root or sudo for steps 5-6 (like install-deps.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "${1:-${TESSERA_BUILD_DIR:-$root/build}}" && pwd)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
t0=$(date +%s)
step() { echo "=== package-test [+$(( $(date +%s) - t0 ))s] $*"; }
fail() { echo "package-test: FAIL: $*" >&2; exit 1; }
trap 'echo "package-test: FAIL: command failed (exit $?) at line $LINENO: $BASH_COMMAND" >&2' ERR

[ -f "$build/CPackConfig.cmake" ] || fail "$build has no CPackConfig.cmake; build first (tools/build.sh)"
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
[ "$(cache TESSERA_BUILD_GUI)" = ON ] || fail "$build was configured with TESSERA_BUILD_GUI=OFF; the package needs the app"
has_cuda=$(cache TESSERA_BUILD_CUDA)
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
[ -n "$version" ] || fail "no CPACK_PACKAGE_VERSION in $build/CPackConfig.cmake"
if dpkg-query -W -f='${Status}' tessera 2>/dev/null | grep -q "install ok installed"; then
  fail "a tessera package is already installed; remove it first (apt-get remove --purge tessera): this test installs and purges its own"
fi

work="$(mktemp -d /tmp/tessera-package-test.XXXXXX)"
chmod 755 "$work"  # apt's unprivileged downloader reads the .deb from here
installed=0
cleanup() {
  local status=$?
  if [ "$installed" = 1 ]; then
    echo "package-test: removing the package after a failure" >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get remove --purge -y -qq tessera >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT

step "cpack (DEB, TGZ) from $build"
out="$build/packages"
rm -rf "$out"
(cd "$build" && cpack -G "DEB;TGZ" -B "$out") >"$work/cpack.log" 2>&1 || { tail -40 "$work/cpack.log"; fail "cpack failed (log above)"; }
deb="$out/tessera_${version}_amd64.deb"
tgz="$out/tessera-${version}-linux-x86_64.tar.gz"
[ -f "$deb" ] || { ls -la "$out"; fail "cpack made no $deb"; }
[ -f "$tgz" ] || { ls -la "$out"; fail "cpack made no $tgz"; }
ls -la "$deb" "$tgz"

step "control fields of $(basename "$deb")"
dpkg-deb -f "$deb"
field() { dpkg-deb -f "$deb" "$1"; }
depends=$(field Depends)
depends_names=$(echo "$depends" | tr ',|' '\n\n' | sed 's/^ *//; s/ .*//')
[ "$(field Package)" = tessera ] || fail "Package is '$(field Package)', not tessera"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ -n "$(field Section)" ] || fail "no Section"
for p in libqt6widgets6 libqt6gui6 libqt6core6 libqcustomplot2.1-qt6 libpcre2-8-0 libcurl4 libssl3 libstdc++6 libc6; do
  grep -qxF "$p" <<<"$depends_names" || fail "Depends lacks $p: $depends"
done
if echo "$depends" | grep -qi cublas; then fail "Depends names cuBLAS, which is NVIDIA's and must stay optional: $depends"; fi
if echo "$depends" | grep -qi cuda; then fail "Depends names a CUDA package: $depends"; fi
field Suggests | grep -q libcublas-13-0 || fail "Suggests does not name libcublas-13-0"
field Recommends | grep -q fonts-noto-cjk || fail "Recommends does not name fonts-noto-cjk (the Japanese and Chinese translations need a CJK font)"
field Description | grep -q "CUDA 13 cuBLAS runtime" || fail "the description does not say what the CUDA backend needs"

step "files of the package"
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' >"$work/files"
libdir_tessera=$(grep -E '^/usr/lib/([^/]+/)?tessera/$' "$work/files" | head -1 || true)
expect=(/usr/bin/tessera /usr/bin/tessera-cli /usr/share/tessera/models/tessera-tiny.gguf
        /usr/share/applications/tessera.desktop /usr/share/icons/hicolor/scalable/apps/tessera.svg
        /usr/share/doc/tessera/copyright)
for size in 16 32 48 64 128 256 512; do expect+=("/usr/share/icons/hicolor/${size}x${size}/apps/tessera.png"); done
for f in "${expect[@]}"; do grep -qx "$f" "$work/files" || fail "the package lacks $f"; done
grep -Eq '^/usr/share/metainfo/[^/]+\.metainfo\.xml$' "$work/files" || fail "the package has no metainfo file"
grep -Eq '^/usr/share/tessera/translations/tessera_[A-Za-z_]+\.qm$' "$work/files" || fail "the package has no translations (.qm)"
if [ "$has_cuda" = ON ]; then
  module=$(grep -E '^/usr/lib/([^/]+/)?tessera/libtessera-cuda\.so$' "$work/files" || true)
  [ -n "$module" ] || fail "the build has CUDA but the package has no lib/.../tessera/libtessera-cuda.so"
fi
if grep -q "$build" <(dpkg-deb -c "$deb"); then fail "the package contains build-tree paths"; fi
mkdir "$work/deb"
dpkg-deb -x "$deb" "$work/deb"
if [ "$has_cuda" = ON ]; then
  runpath=$(readelf -d "$work/deb$module" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
  echo "module RUNPATH: $runpath"
  case "$runpath" in '$ORIGIN:'*/usr/local/cuda/lib64*) ;; *) fail "unexpected RUNPATH of $module: '$runpath'" ;; esac
  case "$runpath" in *"$build"*|*::*|*:) fail "RUNPATH of $module has a build path or an empty entry: '$runpath'" ;; esac
fi

step "desktop file and AppStream metadata"
desktop-file-validate "$work/deb/usr/share/applications/tessera.desktop" || fail "desktop-file-validate rejected tessera.desktop"
for m in "$work"/deb/usr/share/metainfo/*.metainfo.xml; do
  appstreamcli validate --no-net --pedantic "$m" || fail "appstreamcli rejected $(basename "$m")"
done
# The installed tree as a whole: metainfo, the desktop file it launches, the icons.
appstreamcli validate-tree --no-net --pedantic "$work/deb" || fail "appstreamcli validate-tree rejected the package's files"

step "the archive runs in place"
mkdir "$work/tgz"
tar -xzf "$tgz" -C "$work/tgz"
top="$work/tgz/tessera-${version}-linux-x86_64"
[ -x "$top/bin/tessera-cli" ] || fail "the archive has no tessera-${version}-linux-x86_64/bin/tessera-cli"
"$top/bin/tessera-cli" run -p "Tom had a red ball." -n 8 --temp 0 --backend cpu >"$work/tgz.out" 2>"$work/tgz.err" \
  || { cat "$work/tgz.err"; fail "tessera-cli from the archive failed"; }
[ -s "$work/tgz.out" ] || fail "tessera-cli from the archive printed no text"
if [ "$has_cuda" = ON ]; then
  env -u TESSERA_CUDA_PLUGIN "$top/bin/tessera-cli" devices --json | grep -q "\"cuda_module\": \"$top/lib/tessera/libtessera-cuda.so\"" \
    || fail "tessera-cli from the archive did not load the archive's CUDA module"
fi

step "apt-get install $(basename "$deb")"
cp "$deb" "$work/"
installed=1
# Without the Recommends (the SVG icon engine, a CJK font): the programs must work on Depends alone,
# and the font is a large download that proves nothing here.
(cd "$work" && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "./$(basename "$deb")") >"$work/apt.log" 2>&1 \
  || { tail -30 "$work/apt.log"; fail "apt-get install failed (log above)"; }
grep -E "^(Setting up|The following NEW)" "$work/apt.log" || true
dpkg-query -W -f='${Status} ${Version}\n' tessera | grep -q "install ok installed $version" || fail "dpkg does not list tessera $version as installed"

step "installed tessera-cli run (embedded model)"
(cd / && env -u TESSERA_CUDA_PLUGIN /usr/bin/tessera-cli run -p "Tom had a red ball." -n 16 --temp 0) >"$work/run.out" 2>"$work/run.err" \
  || { cat "$work/run.err"; fail "/usr/bin/tessera-cli run failed"; }
echo "output:$(cat "$work/run.out")"
sed 's/^/stderr: /' "$work/run.err"
[ "$(tr -d '[:space:]' <"$work/run.out" | wc -c)" -ge 10 ] || fail "/usr/bin/tessera-cli run printed no text"
grep -q "generation: 16 tokens" "$work/run.err" || fail "/usr/bin/tessera-cli run did not generate 16 tokens"

step "installed tessera-cli pull (its usage; no network here)"
(cd / && /usr/bin/tessera-cli pull --help) >"$work/pull.out" 2>&1 || { cat "$work/pull.out"; fail "/usr/bin/tessera-cli pull --help failed"; }
grep -q "usage: tessera-cli pull REPO" "$work/pull.out" || fail "/usr/bin/tessera-cli has no pull command"

step "installed tessera --version"
app_version=$(cd / && QT_QPA_PLATFORM=offscreen /usr/bin/tessera --version) || fail "/usr/bin/tessera --version failed"
echo "$app_version"
[ "$app_version" = "tessera $version" ] || fail "/usr/bin/tessera --version printed '$app_version', not 'tessera $version'"

step "installed tessera starts and keeps running (offscreen, 5 s)"
# The window, the default model and the CUDA module through the app's own paths; its settings go
# to a scratch folder, so nothing is left in the home directory.
gui_status=0
(cd / && XDG_CONFIG_HOME="$work/xdg/config" XDG_CACHE_HOME="$work/xdg/cache" XDG_DATA_HOME="$work/xdg/data" \
   QT_QPA_PLATFORM=offscreen timeout 5 /usr/bin/tessera) >"$work/gui.log" 2>&1 || gui_status=$?
[ "$gui_status" = 124 ] || { cat "$work/gui.log"; fail "/usr/bin/tessera ended with status $gui_status within 5 s (expected to run until stopped)"; }

step "installed CUDA module and translations"
[ -d /usr/share/tessera/translations ] && ls /usr/share/tessera/translations/*.qm >/dev/null || fail "no .qm files in /usr/share/tessera/translations"
ls /usr/share/tessera/translations
devices=$(cd / && env -u TESSERA_CUDA_PLUGIN /usr/bin/tessera-cli devices --json) || fail "/usr/bin/tessera-cli devices failed"
echo "$devices"
if [ "$has_cuda" = ON ]; then
  [ -f "$module" ] || fail "$module is not installed"
  # The installed program must use the installed module, not the build tree's.
  echo "$devices" | grep -q "\"cuda_module\": \"$module\"" || fail "installed tessera-cli did not load $module"
  # Without NVIDIA's runtime (hidden in a private mount namespace) it still runs, on the CPU.
  if command -v unshare >/dev/null && $SUDO unshare --mount true 2>/dev/null; then
    mkdir "$work/empty"
    hide=""
    for d in /usr/local/cuda-13.0 /usr/local/cuda-13 /usr/local/cuda; do
      [ -d "$d" ] && hide+="mount --bind $work/empty $(readlink -f "$d"); "
    done
    $SUDO unshare --mount sh -c "$hide cd / && /usr/bin/tessera-cli run -p 'Tom had a red ball.' -n 8 --temp 0" \
      >"$work/nocuda.out" 2>"$work/nocuda.err" || { cat "$work/nocuda.err"; fail "tessera-cli without the CUDA runtime failed"; }
    sed 's/^/without CUDA runtime: /' "$work/nocuda.err" | head -3
    [ -s "$work/nocuda.out" ] || fail "tessera-cli without the CUDA runtime printed no text"
    grep -q "running on the CPU" "$work/nocuda.err" || fail "tessera-cli without the CUDA runtime gave no CPU note"
  else
    echo "(no mount namespaces here: the run without NVIDIA's runtime is skipped)"
  fi
fi

step "apt-get remove --purge tessera"
DEBIAN_FRONTEND=noninteractive $SUDO apt-get remove --purge -y -q tessera >"$work/remove.log" 2>&1 \
  || { tail -20 "$work/remove.log"; fail "apt-get remove --purge tessera failed"; }
installed=0
for f in /usr/bin/tessera /usr/bin/tessera-cli /usr/share/tessera /usr/share/applications/tessera.desktop /usr/share/doc/tessera \
         ${libdir_tessera:+"$libdir_tessera"}; do
  [ ! -e "$f" ] || fail "$f is still there after apt-get remove --purge tessera"
done
if dpkg-query -W -f='${Status}' tessera 2>/dev/null | grep -q "installed"; then fail "dpkg still lists tessera"; fi

step "done: packages in $out"
ls -la "$out"
