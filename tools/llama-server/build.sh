#!/usr/bin/env bash
# Checks out and builds llama.cpp's tools for the CPU only, as real peers for tests: the one place
# that does so. Two tools are built, from one build tree:
#   llama-server      an OpenAI-compatible peer for the app's remote-endpoint tests
#                     (tests/gui/test_remote_llama_server.cpp reads TESSERA_LLAMA_SERVER);
#   llama-perplexity  reads the logits file `tessera-cli perplexity --save-llama-logits` writes
#                     (tests/cli/llama_perplexity_interop_test.cpp reads TESSERA_LLAMA_PERPLEXITY).
#
# llama.cpp's code and binaries never enter this repository: the source is unpacked and built under
# tools/llama-server/out/ (git-ignored).
#
#   tools/llama-server/build.sh [--print llama-server|llama-perplexity] [LLAMA_CPP_GIT_DIR]
#
# LLAMA_CPP_GIT_DIR is a llama.cpp git directory (bare is fine), default the fetched mirror of
# github:unslothai/llama.cpp. The script prints the path of one built binary on its last line
# (--print picks which, default llama-server):
#   export TESSERA_LLAMA_SERVER=$(tools/llama-server/build.sh | tail -1)
#   export TESSERA_LLAMA_PERPLEXITY=$(tools/llama-server/build.sh --print llama-perplexity | tail -1)
set -euo pipefail

tools=(llama-server llama-perplexity)
print_tool=llama-server
if [[ "${1:-}" == "--print" ]]; then
    print_tool="${2:-}"
    shift 2 || true
    if [[ ! " ${tools[*]} " =~ " ${print_tool} " ]]; then
        echo "build.sh: --print takes one of: ${tools[*]} (got '${print_tool}')" >&2
        exit 2
    fi
fi

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

# CPU only, just the tools above: no CUDA, tests, examples, HTTPS, libcurl, or the web UI (whose
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
nice cmake --build "$build" --target "${tools[@]}" -j"$jobs" >&2

for tool in "${tools[@]}"; do
    [[ -x "$build/bin/$tool" ]] || { echo "build.sh: $build/bin/$tool was not produced" >&2; exit 1; }
done
echo "$build/bin/$print_tool"
