/* The product by a lower triangular A (trmm's diagonal blocks): C[i][j] +=
 * A[i][k] * B[k][j] for k <= i only. A's triangle is the reduction's
 * domain: each register tile runs the micro kernel over its own k range,
 * not the k steps where its rows of A are all zero. `real`: generated for
 * double and float (dtrmm_left_lower, strmm_left_lower). */
void trmm_left_lower(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K && k <= i; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
