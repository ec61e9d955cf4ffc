# Used only while tests/CMakeLists.txt does not list the `badinput` area yet: passed as
# -DCMAKE_PROJECT_sonnx_div_INCLUDE=<this file> by scripts/coverage.sh (and usable by hand), it
# includes tests/badinput/CMakeLists.txt at the end of the top-level configuration, when its
# targets exist. (Deferred calls may not create subdirectories, hence include(); the path is
# expanded now, because deferred arguments are expanded only when the call runs.)
cmake_language(EVAL CODE
  "cmake_language(DEFER DIRECTORY [[${CMAKE_SOURCE_DIR}]] CALL include [[${CMAKE_CURRENT_LIST_DIR}/CMakeLists.txt]])")
