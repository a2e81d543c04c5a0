// swblas::gemm_batch: batched GEMM in one parallel region (issue 4; being written).
