# RISC-V 64-bit Linux (RV64GC, lp64d ABI), Debian's g++-riscv64-linux-gnu, run under
# qemu-riscv64; static programs with the cross C library (Debian 12 has no riscv64 port).
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(SONNX_CROSS_TRIPLE riscv64-linux-gnu)
set(SONNX_CROSS_QEMU qemu-riscv64)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross.cmake)
