# The requirement IDs of the catalogue (spec/requirements.json) as a C++ enumeration, so that tool
# code names requirements by the catalogue's own IDs and fails to compile when one is withdrawn;
# no code keeps a second list. Generated at configure time into the build tree; the catalogue is a
# configure dependency, so an edit regenerates it.
# Provides the INTERFACE target sonnx_requirement_ids (header <sonnx/requirement_id.hpp>).
if(TARGET sonnx_requirement_ids)
  return()
endif()
set(catalogue_file ${PROJECT_SOURCE_DIR}/spec/requirements.json)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${catalogue_file})
include(${CMAKE_CURRENT_LIST_DIR}/SonnxCatalogue.cmake)
sonnx_catalogue_ids(${catalogue_file} catalogue_ids catalogue_tested_ids)
list(LENGTH catalogue_ids count)
set(enumerators "")
set(texts "")
foreach(id ${catalogue_ids})
  if(NOT id MATCHES "^[A-Z]+[0-9]+$")
    message(FATAL_ERROR "${catalogue_file}: requirement ID '${id}' is not a C++ identifier")
  endif()
  string(APPEND enumerators "  ${id},\n")
  string(APPEND texts "    \"${id}\",\n")
endforeach()
set(generated ${CMAKE_BINARY_DIR}/generated/requirement_ids)
file(CONFIGURE OUTPUT ${generated}/sonnx/requirement_id.hpp CONTENT [=[
// Generated from spec/requirements.json by cmake/SonnxRequirementIds.cmake: do not edit.
#ifndef SONNX_REQUIREMENT_ID_HPP
#define SONNX_REQUIREMENT_ID_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sonnx {

// The IDs of the requirement catalogue, in its order.
enum class RequirementId : std::uint8_t {
@enumerators@};

inline constexpr std::size_t requirement_id_count = @count@;

// The ID as the catalogue writes it.
constexpr std::string_view id_text(RequirementId id) {
  constexpr std::array<std::string_view, requirement_id_count> texts = {
@texts@  };
  return texts[static_cast<std::size_t>(id)];
}

}  // namespace sonnx

#endif  // SONNX_REQUIREMENT_ID_HPP
]=] @ONLY)
add_library(sonnx_requirement_ids INTERFACE)
target_include_directories(sonnx_requirement_ids INTERFACE ${generated})
