// Fragments of the contract of sonnx_div_validate (sonnx_validation.c.in), the checks of the
// checked API that do not read the elements; the decision procedures' contracts start with the
// same preconditions (checked_contract_start, kernels.frag).
//
// shapes_and_fault_requires: the shapes of A, B and C are readable, and the fault record is
// writable and separate from them (D8, D7).
#@fragment shapes_and_fault_requires
/*@ requires D8_valid_shapes: \valid_read(a.shape + (0 .. a.rank - 1)) &&
      \valid_read(b.shape + (0 .. b.rank - 1)) && \valid_read(c.shape + (0 .. c.rank - 1));
    requires D7_valid_fault: \valid(fault) &&
      \separated(fault, a.shape + (0 .. a.rank - 1), b.shape + (0 .. b.rank - 1),
                 c.shape + (0 .. c.rank - 1));
#@endfragment

// first_shape_start, first_shape_end: the start and the end of sonnx_div_validate's clause
// D8_first_shape_<t> of tensor t (a, b or c; i its index: 0, 1 or 2): when the types pass and so
// does the shape of each tensor before t (the lines between the two fragments), but not t's, the
// fault names t, the verdict is the shape's, and for a negative dimension the position is the
// first negative axis.
#@fragment first_shape_start
    ensures D8_first_shape_${t}: \let bytes = sonnx_element_bytes_of(a.type);
      sonnx_types_verdict(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse) ==
#@endfragment

#@fragment first_shape_end
      fault->tensor == ${i} && sonnx_shape_verdict(${t}.shape, ${t}.rank, bytes, \result) &&
      (\result == SONNX_NEGATIVE_DIMENSION ==>
         sonnx_first_negative_axis(${t}.shape, ${t}.rank, fault->position));
#@endfragment
