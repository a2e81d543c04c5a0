/* Batched DGEMM: BATCH independent products of one shape,
 *   C[b] += A[b] * B[b]   for 0 <= b < BATCH.
 * Entry b's matrices are wherever the runtime's gemm_batch_problem says
 * (pointer arrays or strides): the spec only states that entries are
 * independent, which the dependence analysis checks. */
void dgemm_batch(int BATCH, int M, int N, int K, double C[BATCH][M][N], double A[BATCH][M][K],
                 double B[BATCH][K][N])
{
  int b, i, j, k;
#pragma scop
  for (b = 0; b < BATCH; b++)
    for (i = 0; i < M; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < K; k++)
          C[b][i][j] += A[b][i][k] * B[b][k][j];
#pragma endscop
}
