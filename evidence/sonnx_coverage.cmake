# The tests of evidence/sonnx_coverage (the structural-coverage, Eva, coupling and ReqIF tools;
# docs/structural-coverage.md): each check accepting what it should and failing on planted
# faults, the planted coverage gaps end to end (clang 19 with MC/DC on
# evidence/tests/planted_coverage, llvm-cov, the analysis and the justification register), the
# ReqIF export validated by xmllint against evidence/schemas/reqif-subset.xsd. Tool tests: they
# carry no requirement and count for no coverage.
if(SONNX_BUILD_TESTS AND NOT SONNX_SANITIZER_BUILD)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  add_test(NAME sonnx_coverage_tests
    COMMAND ${Python3_EXECUTABLE} -W error::ResourceWarning -m unittest -v
      ${CMAKE_CURRENT_LIST_DIR}/tests/test_sonnx_coverage.py
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(sonnx_coverage_tests PROPERTIES
    ENVIRONMENT "PYTHONPATH=${CMAKE_CURRENT_LIST_DIR}" LABELS tool)
endif()
