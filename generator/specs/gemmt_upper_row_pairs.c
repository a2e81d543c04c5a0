/* GEMM on the upper triangle of a complex C seen as real (the 1m method;
 * gemmt_lower_row_pairs.c): real row i holds complex row i / 2, in the
 * triangle where i <= 2j + 1. */
void gemmt_upper_row_pairs(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (j = 0; j < N; j++)
    for (i = 0; i < M && i <= 2 * j + 1; i++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
