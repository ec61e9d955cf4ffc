# Installs the build into a scratch prefix, then configures, builds and runs the consumer project
# against it at the compiler's default language standard (cmake -P; see CMakeLists.txt).
foreach(var BUILD_DIR SCRATCH CONSUMER CXX GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "installed_package.cmake needs -D${var}=...")
  endif()
endforeach()
file(REMOVE_RECURSE "${SCRATCH}")
set(prefix "${SCRATCH}/prefix")
set(consumer_build "${SCRATCH}/consumer-build")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  message(STATUS "${what}: ok")
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run("install into ${prefix}" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}")
run("configure the consumer" ${CMAKE_COMMAND} -S "${CONSUMER}" -B "${consumer_build}"
  -G "${GENERATOR}" -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix}
  -DCMAKE_BUILD_TYPE=Release)
run("build the consumer" ${CMAKE_COMMAND} --build "${consumer_build}")
run("run the consumer" "${consumer_build}/consumer")
message("${last_output}")
