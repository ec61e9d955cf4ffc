# The layout every subsystem library shares: a static library whose public headers are in
# include/ (#include "sonnx/<subsystem>/...") and whose private headers sit beside its sources in
# src/, built with the project's strict flags (sonnx_build_flags, never exported).
#   sonnx_add_library(NAME SOURCES...)
# The caller adds what differs (dependencies, compile options) with target_* commands.
function(sonnx_add_library name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include)
  if(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/src)
    target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  endif()
  target_compile_features(${name} PUBLIC cxx_std_20)
  target_link_libraries(${name} PRIVATE sonnx_build_flags)
endfunction()
