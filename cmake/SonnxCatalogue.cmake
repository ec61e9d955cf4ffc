# sonnx_catalogue_ids(<catalogue> <ids> <tested>): the requirement IDs of the catalogue
# (spec/requirements.json) in its order, into the list <ids>, and those verified by "test" into
# <tested>. The one reader of the IDs for the CMake code: the generated C++ enumeration
# (SonnxRequirementIds.cmake) and the tag check of the tests (tests/requirement_tags.cmake).
function(sonnx_catalogue_ids catalogue_file ids_var tested_var)
  file(READ ${catalogue_file} catalogue)
  string(JSON count LENGTH "${catalogue}" requirements)
  math(EXPR last "${count} - 1")
  set(ids "")
  set(tested "")
  foreach(i RANGE ${last})
    string(JSON id GET "${catalogue}" requirements ${i} id)
    list(APPEND ids ${id})
    string(JSON methods GET "${catalogue}" requirements ${i} verification)
    if(methods MATCHES "\"test\"")
      list(APPEND tested ${id})
    endif()
  endforeach()
  set(${ids_var} ${ids} PARENT_SCOPE)
  set(${tested_var} ${tested} PARENT_SCOPE)
endfunction()
