/* trmm_right_upper.c for a complex B seen as real (the 1m method): B's real
 * rows 2r and 2r + 1 are complex row r, so B's triangle is k <= 2j + 1. */
void trmm_right_upper_row_pairs(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K && k <= 2 * j + 1; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
