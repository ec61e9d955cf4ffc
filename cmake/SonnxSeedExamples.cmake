# The worked examples of the source documents with their expected results (spec/seed-examples.json),
# as the C++ header sonnx_seed_examples.hpp that the unit tests and the platform test include
# (target sonnx_seed_examples). The evidence package checks the file (its schema, and every
# expected value against exact rational arithmetic) and writes the header into the build folder,
# so that the examples are written once, as data.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(_seed_dir ${CMAKE_BINARY_DIR}/generated/seed_examples)
set(_seed_header ${_seed_dir}/sonnx_seed_examples.hpp)
add_custom_command(OUTPUT ${_seed_header}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_seed_dir}
  COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PROJECT_SOURCE_DIR}/evidence
          ${Python3_EXECUTABLE} -m sonnx_evidence.seed_examples --out ${_seed_header}
  DEPENDS ${PROJECT_SOURCE_DIR}/spec/seed-examples.json
          ${PROJECT_SOURCE_DIR}/evidence/sonnx_evidence/seed_examples.py
          ${PROJECT_SOURCE_DIR}/evidence/sonnx_evidence/schema.py
          ${PROJECT_SOURCE_DIR}/evidence/sonnx_evidence/findings.py
          ${PROJECT_SOURCE_DIR}/evidence/sonnx_evidence/paths.py
          ${PROJECT_SOURCE_DIR}/evidence/schemas/seed-examples.schema.json
  COMMENT "Seed examples: spec/seed-examples.json checked, C++ header written"
  VERBATIM)
add_custom_target(sonnx-seed-examples DEPENDS ${_seed_header})
add_library(sonnx_seed_examples INTERFACE)
target_include_directories(sonnx_seed_examples INTERFACE ${_seed_dir})
add_dependencies(sonnx_seed_examples sonnx-seed-examples)
# The check accepts the repository's file and refuses each planted error (a quotient one unit off,
# a truncated rounding, a wrong infinity or NaN, a floored integer quotient, an unknown field, ...).
# It reads no compiled code, so the sanitizer build does not run it again.
if(SONNX_BUILD_TESTS AND NOT SONNX_SANITIZER_BUILD)
  add_test(NAME seed_examples_exact
           COMMAND ${Python3_EXECUTABLE} -m sonnx_evidence.seed_examples --self-test)
  set_tests_properties(seed_examples_exact PROPERTIES LABELS tool
                       ENVIRONMENT "PYTHONPATH=${PROJECT_SOURCE_DIR}/evidence")
endif()
