# Shared by the Linux cross toolchain files of this folder (docs/platforms.md): Debian's cross
# compiler for SONNX_CROSS_TRIPLE, programs run under qemu-user (SONNX_CROSS_QEMU), with the cross
# toolchain's own C library. Each target's file sets the two variables, then includes this one.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${SONNX_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${SONNX_CROSS_TRIPLE}-g++)
# Binutils of the target, for the restricted-C++ checks of the target objects (nm, objdump).
set(CMAKE_NM ${SONNX_CROSS_TRIPLE}-nm)
set(CMAKE_OBJDUMP ${SONNX_CROSS_TRIPLE}-objdump)
# SONNX_CROSS_MULTIARCH: libraries of Debian's multiarch packages for the target (MPFR, protobuf:
# /usr/lib/<triple>), found through CMake's library architecture; QEMU's user-mode emulator runs
# the target's programs (CTest, Catch2's test discovery) with the multiarch C library and loader
# (not with -L /usr/<triple>: the cross package's loader with the multiarch C library hangs
# multi-threaded programs in their first thread start, measured with Debian 12's qemu-aarch64).
# Otherwise the cross C library alone: nothing from the host is searched, and programs are linked
# statically.
if(SONNX_CROSS_MULTIARCH)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${SONNX_CROSS_QEMU})
else()
  set(CMAKE_CROSSCOMPILING_EMULATOR ${SONNX_CROSS_QEMU} -L /usr/${SONNX_CROSS_TRIPLE})
  set(CMAKE_FIND_ROOT_PATH /usr/${SONNX_CROSS_TRIPLE})
  set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
  set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
  set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
  set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
  set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
endif()
