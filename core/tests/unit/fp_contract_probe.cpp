// x * y - z compiled with the options of a fast-path compilation of the library (the build's
// optimisation, sonnx_build_flags, and for the AVX2 probe the AVX2 table's -m options): the test
// "no fused multiply-add contraction" calls it on operands where a fused multiply-add gives
// another result (AS-PLAT-3). SONNX_PROBE_NAME names the compilation's probe.
double SONNX_PROBE_NAME(double x, double y, double z) noexcept;
double SONNX_PROBE_NAME(double x, double y, double z) noexcept { return x * y - z; }
