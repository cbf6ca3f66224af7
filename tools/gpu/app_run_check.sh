#!/usr/bin/env bash
# The check of tools/gpu/app_run.sh on the developer machine (no GPU): the same script, with the
# CUDA backend off, the tiny fixture model instead of the synthesized 8B one and fake GPUs, in a
# mount namespace where this machine's own Qt, QCustomPlot, cpp-httplib, nlohmann-json, CMake
# package files, pkg-config files and fonts are hidden (empty tmpfs over their folders, /dev/null
# over their libraries and headers). What it builds and runs can only come from .device-app/.
# Needs root (unshare -m). Pictures and app_run.txt go to $OUT (default /tmp/app-run-check).
#   tools/gpu/app_run_check.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
fixtures="${TESSERA_FIXTURES_DIR:-$root/../shared/fixtures}"
export OUT="${OUT:-/tmp/app-run-check}"
arch=x86_64-linux-gnu

exec unshare -m --propagation private bash -s "$root" "$fixtures" "$arch" <<'EOF'
set -euo pipefail
root="$1" fixtures="$2" arch="$3"
for d in /usr/lib/$arch/cmake /usr/share/cmake /usr/lib/qt6 /usr/lib/$arch/qt6 /usr/include/$arch/qt6 \
         /usr/include/nlohmann /usr/lib/$arch/pkgconfig /usr/share/pkgconfig /usr/share/fonts /etc/fonts; do
  [ -d "$d" ] && mount -t tmpfs -o size=1m,mode=755 none "$d"
done
for f in /usr/lib/$arch/libQt6*.so* /usr/lib/$arch/libqcustomplot*.so* /usr/lib/$arch/libcpp-httplib*.so* \
         /usr/include/httplib.h /usr/include/qcustomplot.h; do
  [ -e "$f" ] && mount --bind /dev/null "$f"
done
echo "hidden: $(find /usr/lib/$arch/cmake /usr/lib/$arch/qt6 -mindepth 1 | wc -l) files left in the system's CMake and Qt folders"
CUDA=OFF MODEL="$fixtures/models/stories260K-f32.gguf" FAKE_GPUS="NVIDIA H100 80GB HBM3:79.1:77,NVIDIA H100 80GB HBM3:79.1:76" \
  TOKENS=300 BENCH=64,32,2 JOBS="${JOBS:-2}" BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" \
  CMAKE_EXTRA="${CMAKE_EXTRA:--DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache}" \
  bash "$root/tools/gpu/app_run.sh" run 3000
EOF
