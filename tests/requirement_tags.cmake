cmake_minimum_required(VERSION 3.25)
# Static check of the Catch2 tags against the requirement catalogue (run as a CTest):
#  - every ID verified by "test" has at least one tagged test case;
#  - every ID-shaped tag names a catalogued ID (no orphans);
#  - a test file that never calls the product (the checked API or its test wrappers run_div and
#    div_bits, the kernels sonnx_div_*, the float-format helpers, the fast paths, the io layer or the
#    CLI) carries no requirement ID: tests of the oracle, of the reference implementations, of the
#    platform or of a tool's library use a non-requirement tag such as [oracle], [platform],
#    [conform] or [process] (the traceability report's kNonRequirementTags).
# Arguments: -DCATALOGUE=spec/requirements.json -DROOT=<source tree>
# The test sources are every .cpp file below a folder named tests anywhere in the source tree
# (tests/ and each library's own tests/ folder), found, not listed: a library's tests cannot be left
# out of the check by a list that forgets them. The report generator's tests are left out: the tag
# strings in them are fixture data (Catch2 results the report reads), not tags of those tests.
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/SonnxCatalogue.cmake)
sonnx_catalogue_ids("${CATALOGUE}" ids tested_ids)

file(GLOB_RECURSE sources "${ROOT}/*.cpp")
list(FILTER sources INCLUDE REGEX "/tests/")
list(FILTER sources EXCLUDE REGEX "^${ROOT}/(build[^/]*|\\.git|traceability)/|/node_modules/")
list(LENGTH sources source_count)
message(STATUS "requirement_tags: ${source_count} test sources")
set(tags "")
set(product_call "run_div|div_bits|sonnx::div\\(|sonnx_div_[a-z0-9]+|[^:a-z_]div\\(|io::|run_cli|sonnx_(f16|bf16|float)|fast_path|run_tool|cli_")
foreach(source ${sources})
  file(READ "${source}" text)
  set(calls_product FALSE)
  if(text MATCHES "${product_call}")
    set(calls_product TRUE)
  endif()
  # A Catch2 tag string is a literal made only of [tag] groups, e.g. "[C1][R4]".
  string(REGEX MATCHALL "\"(\\[[A-Za-z0-9_.-]+\\])+\"" literals "${text}")
  foreach(literal ${literals})
    string(REGEX MATCHALL "[A-Za-z0-9_.-]+" names "${literal}")
    foreach(name ${names})
      if(name MATCHES "^[A-Z]+[0-9]+$")
        list(APPEND tags ${name})
        if(NOT calls_product)
          message(SEND_ERROR "tag [${name}] in ${source}: the file never calls the library, its "
                             "kernels, the io layer or the CLI; use a non-requirement tag such as [oracle]")
        endif()
        if(NOT name IN_LIST ids)
          message(SEND_ERROR "orphan tag [${name}] in ${source}: not in the requirement catalogue")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()

set(untested "")
foreach(id ${tested_ids})
  list(FIND tags ${id} found)
  if(found EQUAL -1)
    list(APPEND untested ${id})
  endif()
endforeach()
list(LENGTH tags tag_count)
message(STATUS "${tag_count} requirement tags in ${source_count} test sources")
if(untested)
  message(FATAL_ERROR "requirement IDs with no tagged test: ${untested}")
endif()
