#!/usr/bin/env bash
# Fills the git-ignored .device-data/ that a GPU run carries (the GPU machine has no network and
# no ../shared): the fixtures the CUDA tests read (models/, hf/), the Debian packages the build
# needs there as .deb files (unpacked under /tmp/deps by device_env.sh), and, when a llama.cpp
# mirror is given, its sources as llama.cpp.tar.xz for tools/gpu/llama_cpp.sh.
#   tools/gpu/prepare_device_data.sh [LLAMA_CPP_GIT_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
fixtures="${TESSERA_FIXTURES_DIR:-$root/../shared/fixtures}"
dst="$root/.device-data"
mkdir -p "$dst/fixtures" "$dst/debs"
for d in models hf; do rm -rf "$dst/fixtures/$d"; cp -r "$fixtures/$d" "$dst/fixtures/$d"; done
(cd "$dst/debs" && apt-get download -q libgtest-dev libgmock-dev googletest nlohmann-json3-dev \
  libpcre2-dev libpcre2-8-0 libpcre2-16-0 libpcre2-32-0 libpcre2-posix3 pkg-config libpkgconf3 pkgconf pkgconf-bin >/dev/null)
if [ $# -ge 1 ]; then
  # The parts llama-bench and llama-quantize build from (the whole tree is too large to carry).
  git --git-dir="$1" archive --format=tar --prefix=llama.cpp/ HEAD CMakeLists.txt cmake common ggml include src \
    tools vendor licenses LICENSE app | xz -T2 -6 > "$dst/llama.cpp.tar.xz"
  # Its converter, for tools/hf-reference/run_on_gpu.sh.
  git --git-dir="$1" archive --format=tar --prefix=llama.cpp/ HEAD convert_hf_to_gguf.py conversion gguf-py \
    | xz -T2 -6 > "$dst/llama.cpp-convert.tar.xz"
fi
du -sh "$dst"
