# Bare-metal Arm Cortex-M4F (Armv7E-M, Thumb-2, single-precision FPU fpv4-sp-d16, hard-float ABI)
# with picolibc (Debian's gcc-arm-none-eabi, picolibc-arm-none-eabi,
# libstdc++-arm-none-eabi-picolibc), no operating system. Output and exit status go through Arm
# semihosting; the test image runs under qemu-system-arm on the MPS2 AN386 board model (a
# Cortex-M4 with FPU) and, rebuilt with a board's own memory map, on the chip (docs/platforms.md).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR cortex-m4)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(SONNX_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
# -Wno-psabi: GCC notes that std::span parameters are passed differently since GCC 7 (ABI note,
# not a defect; the whole image is built by one compiler).
set(CMAKE_C_FLAGS_INIT "${SONNX_CPU_FLAGS} --specs=picolibc.specs")
set(CMAKE_CXX_FLAGS_INIT "${SONNX_CPU_FLAGS} --specs=picolibcpp.specs -Wno-psabi")
# The memory map: by default the MPS2 AN386 model's (4 MiB of code memory at 0, 4 MiB of data
# memory at 0x20000000) laid out by picolibc's linker script, with a 16 KiB stack. A board
# replaces it with its own: -DSONNX_BAREMETAL_MEMORY="-T board.ld" or its own --defsym values.
set(mps2_an386_memory -Wl,--defsym=__flash=0x00000000 -Wl,--defsym=__flash_size=0x00400000
  -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x00400000 -Wl,--defsym=__stack_size=0x4000)
string(JOIN " " mps2_an386_memory ${mps2_an386_memory})
set(SONNX_BAREMETAL_MEMORY "${mps2_an386_memory}" CACHE STRING
  "Linker options giving the board's memory map (picolibc linker script symbols, or -T script)")
# Semihosting: the C library's output and exit() go to the debugger or the emulator.
set(CMAKE_EXE_LINKER_FLAGS_INIT "--oslib=semihost --crt0=semihost ${SONNX_BAREMETAL_MEMORY}")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-system-arm -M mps2-an386 -nographic -monitor none
  -semihosting-config enable=on,target=native -kernel)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
