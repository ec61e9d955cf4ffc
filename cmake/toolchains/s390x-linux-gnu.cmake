# IBM Z (s390x) Linux, big-endian, Debian's g++-s390x-linux-gnu, run under qemu-s390x; static
# programs with the cross C library.
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(SONNX_CROSS_TRIPLE s390x-linux-gnu)
set(SONNX_CROSS_QEMU qemu-s390x)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross.cmake)
