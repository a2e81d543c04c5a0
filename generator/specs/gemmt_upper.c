/* GEMM on C's upper triangle: C[i][j] += A[i][k] * B[k][j] for i <= j only
 * (gemmt_lower.c's mirror). */
void gemmt_upper(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = i; j < N; j++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
