/* The product by a lower triangular B: C[i][j] += A[i][k] * B[k][j] for
 * k >= j only (trmm_right_upper.c's mirror). */
void trmm_right_lower(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = j; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
