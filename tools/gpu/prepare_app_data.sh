#!/usr/bin/env bash
# Fills the git-ignored .device-app/ that tools/gpu/app_run.sh carries to the GPU machine, which
# has no network, no Qt and no X: Debian bookworm's packages for building and running the desktop
# app there, as .deb files (app_run.sh unpacks them under /tmp/qt, never into /).
#   tools/gpu/prepare_app_data.sh
#
# What goes in:
#   - the build's packages as named (headers, CMake files, moc/rcc/uic, lrelease, pkg-config),
#     without their own dependencies: the build needs their files, not the tools they pull in
#     (qt6-l10n-tools' dependencies alone bring 60 MiB of LLVM for lupdate, which the build never runs);
#   - the libraries the app and those tools load: the NEEDED closure of every ELF file of the runtime
#     packages (Qt's libraries and plugins, QCustomPlot, cpp-httplib) and of the build tools,
#     as this machine resolves it, mapped to packages with dpkg -S;
#   - fonts (DejaVu) and fontconfig, so the offscreen pictures have text.
# Not `apt-cache depends --recurse`: it follows every alternative and package-level dependency
# (162 packages with Mesa's LLVM, the X font tools, six font families), far over what a call carries;
# the ldd closure is what is actually loaded.
# What stays out: what every Linux image has (glibc, libstdc++, libgcc, zlib: $base_packages), and
# Mesa: the NVIDIA driver brings its own GL through libglvnd, and the offscreen platform draws
# without GL. app_run.sh checks on the device that everything resolves (ldd) and that its glibc and
# libstdc++ are new enough for these packages (.device-app/requirements, written here).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dst="$root/.device-app"
debs="$dst/debs"

# The packages of the build (configure + compile + link); their dependencies are not followed.
build_packages=(qt6-base-dev qt6-base-dev-tools qmake6 qmake6-bin qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqcustomplot-dev
  libcpp-httplib-dev libssl-dev zlib1g-dev libbrotli-dev libpcre2-dev nlohmann-json3-dev libboost1.74-dev
  libgl-dev libglx-dev libegl-dev libopengl-dev libvulkan-dev
  pkgconf pkgconf-bin libpkgconf3 pkg-config)
# The packages whose files the app loads at run time; their libraries' closure is followed.
runtime_packages=(libqt6core6 libqt6gui6 libqt6widgets6 libqt6concurrent6 libqt6printsupport6 libqt6dbus6
  libqt6svg6 libqcustomplot2.1-qt6 libcpp-httplib0.11 libpcre2-8-0 fonts-dejavu-core fontconfig-config fontconfig libfontconfig1)
# In every Linux image (and needed by everything there already): never carried.
base_packages="libc6 libgcc-s1 libstdc++6 gcc-12-base zlib1g libcrypt1 libselinux1 libzstd1 liblzma5 libbz2-1.0 libgomp1"

for p in "${build_packages[@]}" "${runtime_packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || { echo "prepare_app_data: $p is not installed here; its libraries cannot be resolved (apt-get install $p)" >&2; exit 1; }
done

# The ELF files of the runtime packages and of the build tools the build runs (moc, rcc, uic and
# lrelease; not lupdate, whose libclang the build never needs). Plugins the offscreen app never
# loads stay out of the closure (they are unpacked, but not loaded): the other platforms (xcb,
# linuxfb, vkkhrdisplay) and the input-device plugins.
unused_plugins='/(libQt6XcbQpa\.so|platforms/libq(xcb|linuxfb|vkkhrdisplay)\.so|xcbglintegrations/|generic/)'
elf_files() {
  for p in "$@"; do dpkg -L "$p"; done | grep -Ev "$unused_plugins" | while read -r f; do
    [ -f "$f" ] && [ ! -L "$f" ] && head -c4 "$f" 2>/dev/null | grep -q $'\x7fELF' && echo "$f"
  done
}
mapfile -t elves < <(elf_files "${runtime_packages[@]}" qt6-base-dev-tools; echo /usr/lib/qt6/bin/lrelease)
# Their NEEDED libraries as the loader resolves them here, each to its package.
mapfile -t needed < <(for f in "${elves[@]}"; do ldd "$f" 2>/dev/null | awk '/=> \//{print $3}'; done | sort -u)
mapfile -t lib_packages < <(for l in "${needed[@]}"; do dpkg -S "$(readlink -f "$l")" 2>/dev/null || dpkg -S "$l" 2>/dev/null; done |
  cut -d: -f1 | sort -u)

want=()
for p in "${build_packages[@]}" "${runtime_packages[@]}" "${lib_packages[@]}"; do
  case " $base_packages " in *" $p "*) continue ;; esac
  case "$p" in *mesa* | libllvm* | libgbm1) continue ;; esac
  want+=("$p")
done
mapfile -t want < <(printf '%s\n' "${want[@]}" | sort -u)

rm -rf "$debs"
mkdir -p "$debs"
(cd "$debs" && apt-get download -q "${want[@]}" >/dev/null)

# The newest glibc and libstdc++ symbol versions any carried ELF file asks for: app_run.sh compares
# them with the device's before it unpacks anything.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for f in "$debs"/*.deb; do dpkg -x "$f" "$scratch"; done
versions="$(find "$scratch" -type f \( -name '*.so*' -o -path '*/bin/*' -o -path '*/libexec/*' \) -exec sh -c \
  'head -c4 "$1" | grep -q "$(printf "\177ELF")" && objdump -T "$1" 2>/dev/null' _ {} \; | grep -oE '(GLIBC|GLIBCXX)_[0-9.]+' | sort -u)"
glibc="$(echo "$versions" | grep '^GLIBC_' | sed 's/GLIBC_//' | sort -V | tail -1)"
glibcxx="$(echo "$versions" | grep '^GLIBCXX_' | sed 's/GLIBCXX_//' | sort -V | tail -1)"
{
  echo "glibc=$glibc"
  echo "glibcxx=$glibcxx"
  echo "debian=$(cat /etc/debian_version)"
} >"$dst/requirements"

echo "prepare_app_data: ${#want[@]} packages in $debs (needs glibc >= $glibc, GLIBCXX >= $glibcxx)"
du -sb "$debs" | awk '{printf "prepare_app_data: .deb files %.1f MiB\n", $1 / 1048576}'
tracked=$(cd "$root" && git ls-files -z | xargs -0 du -cb 2>/dev/null | tail -1 | cut -f1)
carried=$(du -sb "$dst" | cut -f1)
awk -v t="$tracked" -v c="$carried" 'BEGIN { printf "prepare_app_data: repository %.1f MiB + .device-app %.1f MiB = %.1f MiB of the 64 MiB a call carries\n", t / 1048576, c / 1048576, (t + c) / 1048576 }'
