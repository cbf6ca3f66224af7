#!/usr/bin/env bash
# dpkg-shlibdeps, minus the CUDA backend module (*/tessera/libtessera-cuda.so): CPack's DEB generator
# calls this instead of dpkg-shlibdeps (packaging/cpack_project_config.cmake says why). Every other
# argument, --version and --help included, is passed through unchanged.
set -euo pipefail
args=()
for a in "$@"; do
  case "$a" in
    */tessera/libtessera-cuda.so) echo "dpkg-shlibdeps-without-cuda: leaving out $a (its CUDA runtime is not a Depends)" >&2 ;;
    *) args+=("$a") ;;
  esac
done
exec dpkg-shlibdeps "${args[@]}"
