# Read by cpack for each generator (CPACK_PROJECT_CONFIG_FILE in packaging.cmake).
#
# DEB: CPack runs dpkg-shlibdeps over every ELF file of the package. The CUDA backend module needs
# libcublas.so.13 from NVIDIA; where NVIDIA's Debian package provides it on the build machine,
# dpkg-shlibdeps would make "libcublas-13-0" a Depends and the package uninstallable on every
# machine without NVIDIA's repository (and where it is missing it may fail the build). CPack has no
# per-file exclusion, but uses SHLIBDEPS_EXECUTABLE when it is already set: this wrapper runs
# dpkg-shlibdeps on everything except the module.
if(CPACK_GENERATOR STREQUAL "DEB")
  set(SHLIBDEPS_EXECUTABLE "${CMAKE_CURRENT_LIST_DIR}/dpkg-shlibdeps-without-cuda.sh")
endif()
