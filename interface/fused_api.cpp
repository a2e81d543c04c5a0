// swblas_dgemm_fused and its strided batch (issue 4; being written).
