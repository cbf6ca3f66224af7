#!/usr/bin/env bash
# Builds llama.cpp's llama-server for the CPU only, as a real OpenAI-compatible peer for the app's
# remote-endpoint tests (tests/gui/remote_llama_server_test.cpp reads TESSERA_LLAMA_SERVER).
#
# llama.cpp's code and binaries never enter this repository: the source is unpacked and built under
# tools/llama-server/out/ (git-ignored).
#
#   tools/llama-server/build.sh [LLAMA_CPP_GIT_DIR]
#
# LLAMA_CPP_GIT_DIR is a llama.cpp git directory (bare is fine), default the fetched mirror of
# github:unslothai/llama.cpp. The script prints the path of the built binary on its last line:
#   export TESSERA_LLAMA_SERVER=$(tools/llama-server/build.sh | tail -1)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
git_dir="${1:-/work/.mirror/unslothai+llama.cpp/repo}"
out="$here/out"
src="$out/src"
build="$out/build"
jobs="${JOBS:-2}"

if ! git --git-dir="$git_dir" rev-parse --verify -q HEAD >/dev/null; then
    echo "build.sh: $git_dir is not a llama.cpp git directory (pass one as the first argument)" >&2
    exit 2
fi
commit="$(git --git-dir="$git_dir" rev-parse HEAD)"

# Unpack once per commit, so a rerun only rebuilds what changed.
if [[ "$(cat "$out/commit" 2>/dev/null || true)" != "$commit" ]]; then
    rm -rf "$src"
    mkdir -p "$src"
    # A fetched mirror may lack its largest blobs (vocab test models, big CSVs) that the server
    # does not need: archive everything except the paths whose objects are absent.
    tree="$(git --git-dir="$git_dir" ls-tree -r --format='%(objectname) %(path)' "$commit")"
    missing="$(awk '{print $1}' <<<"$tree" | git --git-dir="$git_dir" cat-file --batch-check |
               awk '$2 == "missing" {print $1}')"
    excludes=()
    while read -r hash path; do
        [[ -n "$missing" ]] && grep -qx "$hash" <<<"$missing" && excludes+=(":(exclude)$path")
    done <<<"$tree"
    git --git-dir="$git_dir" archive "$commit" -- . "${excludes[@]}" | tar -x -C "$src"
    echo "$commit" >"$out/commit"
fi

# CPU only, just the server: no CUDA, tests, examples, HTTPS, libcurl, or the web UI (whose
# prebuilt assets would be downloaded at build time; this machine's tests need only the API).
nice cmake -S "$src" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF \
    -DGGML_CUDA=OFF \
    -DGGML_NATIVE=ON \
    -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_TOOLS=ON \
    -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_BUILD_UI=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_OPENSSL=OFF \
    -DLLAMA_CURL=OFF >&2
nice cmake --build "$build" --target llama-server -j"$jobs" >&2

bin="$build/bin/llama-server"
[[ -x "$bin" ]] || { echo "build.sh: $bin was not produced" >&2; exit 1; }
echo "$bin"
