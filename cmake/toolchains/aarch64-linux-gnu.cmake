# AArch64 (Armv8-A, 64-bit) Linux, Debian's g++-aarch64-linux-gnu, run under qemu-aarch64. With
# Debian's arm64 multiarch packages (MPFR, protobuf, ONNX) the tests, tools and oracle build too.
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(SONNX_CROSS_TRIPLE aarch64-linux-gnu)
set(SONNX_CROSS_QEMU qemu-aarch64)
set(SONNX_CROSS_MULTIARCH ON)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross.cmake)
