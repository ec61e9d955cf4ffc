# Writes a C++ header that holds one template file as a string constant, so that sonnx-trace
# carries its templates and stays one executable.
# Usage: cmake -DTEMPLATE=file -DNAME=identifier -DOUT=header -P embed_template.cmake
file(READ "${TEMPLATE}" _text)
get_filename_component(_name "${TEMPLATE}" NAME)
string(FIND "${_text}" ")sonnx_template\"" _clash)
if(NOT _clash EQUAL -1)
  message(FATAL_ERROR "${TEMPLATE} contains the raw string delimiter )sonnx_template\"")
endif()
file(WRITE "${OUT}.tmp"
  "// Generated from templates/${_name} by embed_template.cmake; do not edit.\n#pragma once\n"
  "namespace trace {\ninline constexpr const char ${NAME}[] =\n"
  "R\"sonnx_template(${_text})sonnx_template\";\n}\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
