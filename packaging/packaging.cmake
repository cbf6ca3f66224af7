# Install layout of the desktop integration files and the CPack configuration: a Debian package
# (DEB) and a relocatable archive (TGZ). Included once from the top-level CMakeLists.txt, after
# every target exists. From a build directory, `cpack` makes both in packages/:
#   tessera_<version>_amd64.deb                installs under /usr
#   tessera-<version>-linux-x86_64.tar.gz      bin/, lib/, share/; runs where it is unpacked
# tools/package-test.sh builds both, checks them, installs the .deb and removes it again.
#
# The layout (prefix /usr for the .deb; every path is relative, so the archive works anywhere):
#   bin/tessera, bin/tessera-cli
#   <libdir>/tessera/libtessera-cuda.so          the CUDA backend, loaded at run time
#   share/tessera/models/tessera-tiny.gguf       the embedded default model (cli/CMakeLists.txt)
#   share/tessera/translations/tessera_XX.qm     (translations/CMakeLists.txt)
#   share/applications/tessera.desktop, share/metainfo/<id>.metainfo.xml
#   share/icons/hicolor/{scalable,16x16..512x512}/apps/tessera.{svg,png}
#   share/doc/tessera/copyright
# The programs find the model, the translations and the module relative to their own location.
include(GNUInstallDirs)

# The AppStream id and the homepage are placeholders (example.org) until the project has a public
# home; change them here and in resources/desktop/ together.
set(TESSERA_APPSTREAM_ID org.example.tessera)
set(TESSERA_HOMEPAGE https://example.org/tessera)

if(TARGET tessera)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/tessera.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/${TESSERA_APPSTREAM_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/tessera.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  # PNG renders of the SVG, committed (tools/render-icons.sh makes them).
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/icons/hicolor/
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor FILES_MATCHING PATTERN "*.png")
endif()
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)

set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(CPACK_PACKAGE_NAME tessera)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Tessera developers")
set(CPACK_PACKAGE_CONTACT "The Tessera developers <tessera@example.org>")
set(CPACK_PACKAGE_HOMEPAGE_URL ${TESSERA_HOMEPAGE})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop app and CLI that run GGUF language models on NVIDIA GPUs")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_CHECKSUM SHA256)

# The archive (and its top folder): tessera-<version>-linux-x86_64/{bin,lib,share}, relocatable.
# The .deb has its own Debian name (CPACK_DEBIAN_FILE_NAME).
set(CPACK_PACKAGE_FILE_NAME tessera-${PROJECT_VERSION}-linux-${CMAKE_SYSTEM_PROCESSOR})

# The Debian package.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${CPACK_PACKAGE_CONTACT})
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${TESSERA_HOMEPAGE})
# Depends from dpkg-shlibdeps over every ELF file except the CUDA module (see
# packaging/dpkg-shlibdeps-without-cuda.sh, set up by packaging/cpack_project_config.cmake): Qt 6,
# QCustomPlot, PCRE2, libcurl and OpenSSL's libcrypto (the download library), the C++ runtime.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The SVG icon engine (a Qt plugin, invisible to dpkg-shlibdeps) draws the window icon; the app's
# Japanese and Chinese translations need a CJK font, which a desktop without one shows as boxes.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libqt6svg6, fonts-noto-cjk")
# The CUDA backend's runtime is NVIDIA's, not Debian's: suggested, never required.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libcublas-13-0")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "\
Tessera runs large language models stored as GGUF files, on NVIDIA GPUs with its
own CUDA backend or on the CPU. The desktop app (tessera) shows every GPU with its
live memory, splits a model's weights across GPUs with one slider per GPU, chats
with the model and plots throughput live; tessera-cli runs the same engine from
the command line. A tiny default model is included, so both work offline.

GPU support: the CUDA backend (/usr/${CMAKE_INSTALL_LIBDIR}/tessera/libtessera-cuda.so) is loaded
at run time and needs the NVIDIA driver and NVIDIA's CUDA 13 cuBLAS runtime
(libcublas.so.13 and libcublasLt.so.13: the package libcublas-13-0 from
NVIDIA's CUDA repository, or a CUDA 13 toolkit at /usr/local/cuda). These are
not dependencies of this package: without them Tessera runs on the CPU and
`tessera-cli devices` says what is missing.")

set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_LIST_DIR}/cpack_project_config.cmake)
include(CPack)
