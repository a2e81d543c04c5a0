/* GEMM on the lower triangle of a complex C seen as real (the 1m method):
 * C's real rows 2r and 2r + 1 hold the real and imaginary parts of complex
 * row r, so element (i, j) is in the triangle where i >= 2j. */
void gemmt_lower_row_pairs(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (j = 0; j < N; j++)
    for (i = 2 * j; i < M; i++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
