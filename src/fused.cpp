// swblas::gemm_fused: GEMM with a fused prologue/epilogue (issue 4; being written).
