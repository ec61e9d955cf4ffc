# Catch2 test registration shared by every test folder.
find_package(Catch2 2 REQUIRED)
include(Catch)

# Test programs are compiled without optimisation in release builds: they check the library, which
# keeps its own optimisation, and optimising the Catch2-heavy test sources costs build time and
# tests nothing more (the trade, compile time against the tests' run time, is measured in
# docs/decisions/performance.md).
set(SONNX_TEST_OPTIMISATION $<$<CONFIG:Release>:-O0>)

# A sanitizer build (the asan preset, scripts/fuzz.sh) runs the tests that exercise compiled code
# and leaves out those that read none or that only the release run needs.
if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=")
  set(SONNX_SANITIZER_BUILD ON)
else()
  set(SONNX_SANITIZER_BUILD OFF)
endif()
# A coverage build (the coverage preset's SONNX_COVERAGE, or --coverage in the flags; the mcdc
# preset's SONNX_MCDC) instruments the library: the checks of the shipped code leave it out.
if(SONNX_COVERAGE OR SONNX_MCDC OR CMAKE_CXX_FLAGS MATCHES "--coverage")
  set(SONNX_COVERAGE_BUILD ON)
else()
  set(SONNX_COVERAGE_BUILD OFF)
endif()

add_library(sonnx_catch_main OBJECT ${PROJECT_SOURCE_DIR}/testsupport/catch_main.cpp)
target_link_libraries(sonnx_catch_main PUBLIC Catch2::Catch2)
target_compile_options(sonnx_catch_main PRIVATE ${SONNX_TEST_OPTIMISATION})
# The Catch2 runner is the test framework's code, not ours: the sanitizer build compiles it without
# instrumentation (half its compile time); the test programs that call the library keep theirs.
if(SONNX_SANITIZER_BUILD)
  target_compile_options(sonnx_catch_main PRIVATE -fno-sanitize=all)
endif()

# sonnx_add_catch_test(<name> SOURCES ... [LIBRARIES ...]): one executable, one CTest entry per
# Catch2 test case (in the sanitizer build, one per executable, running all its cases). The test
# script also runs each executable with the XML reporter so that the traceability report sees every
# test's tags and result.
function(sonnx_add_catch_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/testsupport)
  # A test program that calls the kernels or decision procedures themselves lists
  # sonnx::div_internal among its LIBRARIES.
  target_link_libraries(${name} PRIVATE sonnx_catch_main sonnx::sonnx_div sonnx_build_flags
    ${ARG_LIBRARIES})
  # --warn NoTests: a CTest entry that matches no Catch2 case (e.g. a name CMake split at a ';')
  # fails instead of passing silently.
  if(SONNX_SANITIZER_BUILD)
    # Under ASan each process pays for its shadow memory and leak check at start and end: one
    # process per executable instead of one per case (docs/decisions/performance.md).
    add_test(NAME ${name} COMMAND ${name} --warn NoTests)
  else()
    catch_discover_tests(${name} TEST_PREFIX "${name}:" EXTRA_ARGS --warn NoTests)
  endif()
  set_property(GLOBAL APPEND PROPERTY SONNX_CATCH_TESTS ${name})
endfunction()

