# Installs the build into a scratch prefix, then configures, builds and runs the consumer project
# of the README (section "A project of your own": its CMakeLists.txt and main.cpp, copied from the
# README here, so that the README is what is tested) against it at the compiler's default language
# standard (cmake -P; see CMakeLists.txt). Then compiles main.cpp without CMake as C++17: the
# public headers must stop with their one #error naming C++20, and nothing else of theirs.
foreach(var BUILD_DIR SCRATCH README CXX GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "installed_package.cmake needs -D${var}=...")
  endif()
endforeach()
file(REMOVE_RECURSE "${SCRATCH}")
set(prefix "${SCRATCH}/prefix")
set(consumer "${SCRATCH}/consumer")
set(consumer_build "${SCRATCH}/consumer-build")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  message(STATUS "${what}: ok")
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

# The fenced block after "<!-- consumer: NAME -->" in the README, written to consumer/NAME.
file(READ "${README}" readme)
function(extract name)
  string(FIND "${readme}" "<!-- consumer: ${name} -->" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the README has no consumer file ${name}")
  endif()
  string(SUBSTRING "${readme}" ${at} -1 rest)
  string(FIND "${rest}" "\n```" fence)
  string(SUBSTRING "${rest}" ${fence} -1 rest)
  string(SUBSTRING "${rest}" 1 -1 rest)
  string(FIND "${rest}" "\n" line_end)
  math(EXPR body_start "${line_end} + 1")
  string(SUBSTRING "${rest}" ${body_start} -1 rest)
  string(FIND "${rest}" "\n```" body_end)
  if(body_end EQUAL -1)
    message(FATAL_ERROR "the README's consumer file ${name} has no closing fence")
  endif()
  string(SUBSTRING "${rest}" 0 ${body_end} body)
  file(WRITE "${consumer}/${name}" "${body}\n")
endfunction()
extract(CMakeLists.txt)
extract(main.cpp)

run("install into ${prefix}" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}")
run("configure the consumer" ${CMAKE_COMMAND} -S "${consumer}" -B "${consumer_build}"
  -G "${GENERATOR}" -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix}
  -DCMAKE_BUILD_TYPE=Release)
run("build the consumer" ${CMAKE_COMMAND} --build "${consumer_build}")
run("run the consumer" "${consumer_build}/consumer")
message("${last_output}")

# Below C++20 the headers stop with one error of their own (not a cascade about std::span).
execute_process(COMMAND ${CXX} -std=c++17 -fsyntax-only -I${prefix}/include ${consumer}/main.cpp
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
string(REGEX MATCHALL "sonnx/[a-z_]+\\.hpp:[0-9]+:[0-9]+: error:[^\n]*" header_errors "${out}")
list(LENGTH header_errors count)
if(rc EQUAL 0 OR NOT count EQUAL 1 OR NOT header_errors MATCHES "sonnx-div needs C\\+\\+20")
  message(FATAL_ERROR "compiled as C++17, the headers must stop with their one #error naming "
                      "C++20; exit ${rc}, ${count} header error(s):\n${out}")
endif()
message(STATUS "C++17: the headers stop with: ${header_errors}")
