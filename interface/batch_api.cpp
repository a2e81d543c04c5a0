// cblas_dgemm_batch(_strided), dgemm_batch_(strided_) (issue 4; being written).
