/* trmm_right_lower.c for a complex B seen as real (the 1m method): B's
 * triangle is k >= 2j. */
void trmm_right_lower_row_pairs(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 2 * j; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
