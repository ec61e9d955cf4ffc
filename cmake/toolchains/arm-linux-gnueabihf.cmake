# 32-bit Arm Linux, hard-float ABI (Debian armhf: Armv7-A, VFPv3-D16, Thumb-2),
# Debian's g++-arm-linux-gnueabihf, run under qemu-arm; static programs with the cross C library.
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(SONNX_CROSS_TRIPLE arm-linux-gnueabihf)
set(SONNX_CROSS_QEMU qemu-arm)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross.cmake)
