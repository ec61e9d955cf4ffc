# Source-based coverage with MC/DC of the library (the mcdc preset, build-mcdc/; clang 19:
# -fprofile-instr-generate -fcoverage-mapping -fcoverage-mcdc), read by evidence/sonnx_evidence/coverage
# (docs/structural-coverage.md). Every target is compiled with the instrumentation, since an
# inline function of a library header (sonnx::Status::ok) may run as the copy a test program or
# tool compiled (the linker keeps one); the analysis reads the library's files only (the façade,
# the fast paths and the C-subset files: kernels, checks, domain scans, decision procedures, float
# formats). The Catch2 runner, which is the framework's code, is left uninstrumented. Each version
# compiled in is measured: the AVX2 route objects and, through the forced include below, the
# target_clones versions that g++ builds (x86-64-v4, AVX2, default).
#
# sonnx_multiversion.h leaves clang without clones (its fuzzing build resolves them under other
# symbol names); the coverage build needs the shipped set of versions, so mcdc_multiversion.h,
# included first in the library's files, defines the header's guard and the macro as g++ gets it.
# The analysis checks that every SONNX_MULTIVERSION function has its versions in the coverage
# data and that both headers list the same versions, so a changed guard or list fails it rather
# than dropping versions unseen.
# The preset adds -Wno-error=deprecated-declarations: clang 19 flags a deprecated function inside
# the libstdc++ 12 headers that std::stable_sort instantiates in the oracle (verify/).
option(SONNX_MCDC "Source-based MC/DC coverage of the library (clang; mcdc preset)" OFF)
if(SONNX_MCDC)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR CMAKE_CXX_COMPILER_VERSION VERSION_LESS 19)
    message(FATAL_ERROR "SONNX_MCDC needs clang 19 or later (-fcoverage-mcdc); "
                        "got ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
  endif()
  cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL sonnx_mcdc_instrument)
endif()

# Every target of DIR and below.
function(sonnx_mcdc_targets dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    sonnx_mcdc_targets(${sub} more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

function(sonnx_mcdc_instrument)
  # The AVX2 route object compiles the same files as the library: a static function of them would
  # have one profile name in both objects (clang names it after the main file), and the two
  # versions' counts would be added together. Here each file is compiled through a wrapper of its
  # own name (<file>.avx2.cpp, which includes it), so that the AVX2 versions are counted apart.
  set(library sonnx_div)
  if(TARGET sonnx_div_routes_avx2)
    list(APPEND library sonnx_div_routes_avx2)
    get_target_property(sources sonnx_div_routes_avx2 SOURCES)
    set(wrappers)
    foreach(source IN LISTS sources)
      get_filename_component(name ${source} NAME)
      set(wrapper ${CMAKE_BINARY_DIR}/mcdc/${name}.avx2.cpp)
      file(CONFIGURE OUTPUT ${wrapper} CONTENT "#include \"${source}\"\n" @ONLY)
      list(APPEND wrappers ${wrapper})
    endforeach()
    set_property(TARGET sonnx_div_routes_avx2 PROPERTY SOURCES ${wrappers})
  endif()
  # The library's source files, for the analysis's check that each one is in the coverage data.
  set(listing "")
  foreach(target IN LISTS library)
    get_target_property(sources ${target} SOURCES)
    get_target_property(dir ${target} SOURCE_DIR)
    foreach(source IN LISTS sources)
      if(NOT source MATCHES "^\\$<" AND NOT IS_ABSOLUTE ${source})
        set(source ${dir}/${source})
      endif()
      if(NOT source MATCHES "^\\$<")
        string(APPEND listing "${source}\n")
      endif()
    endforeach()
  endforeach()
  file(WRITE ${CMAKE_BINARY_DIR}/mcdc/library-sources.txt "${listing}")
  sonnx_mcdc_targets(${PROJECT_SOURCE_DIR} targets)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    # SONNX_UNINSTRUMENTED: a library preloaded into the instrumented tool by a test, which would
    # need the profile runtime that the tool links statically and does not export.
    get_target_property(uninstrumented ${target} SONNX_UNINSTRUMENTED)
    if(type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY" OR target STREQUAL
       "sonnx_catch_main" OR uninstrumented)
      continue()
    endif()
    target_compile_options(${target} PRIVATE -fprofile-instr-generate -fcoverage-mapping
      -fcoverage-mcdc)
  endforeach()
  foreach(target IN LISTS library)
    target_compile_options(${target} PRIVATE
      -include ${PROJECT_SOURCE_DIR}/cmake/mcdc_multiversion.h)
  endforeach()
endfunction()
