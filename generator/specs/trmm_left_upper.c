/* The product by an upper triangular A: C[i][j] += A[i][k] * B[k][j] for
 * k >= i only (trmm_left_lower.c's mirror). */
void trmm_left_upper(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = i; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
