/* The product by an upper triangular B (trmm on the right, its diagonal
 * blocks): C[i][j] += A[i][k] * B[k][j] for k <= j only. B's triangle is
 * the reduction's domain: each register tile runs the micro kernel over its
 * own k range, not the k steps where its columns of B are all zero. */
void trmm_right_upper(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K && k <= j; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
