/* The coverage build's function multiversioning (cmake/SonnxMcdc.cmake): the versions g++
 * builds for each SONNX_MULTIVERSION function (sonnx_multiversion.h), under clang too, so that
 * each version is measured. Included before any source; it takes the place of
 * sonnx_multiversion.h by defining that header's guard. */
#ifndef SONNX_MULTIVERSION_H
#define SONNX_MULTIVERSION_H
#if !defined(__x86_64__)
#error "the coverage build measures the x86-64 versions (cmake/SonnxMcdc.cmake)"
#endif
#define SONNX_MULTIVERSION \
  __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#endif
