/* The same DGEMM with the reduction loop outermost (k, i, j). Dependence
 * analysis finds the same roles, so the recipe must produce the same kernel
 * as specs/dgemm.c (tests/generator checks that). */
void dgemm_kij(int M, int N, int K, double C[M][N], double A[M][K], double B[K][N])
{
  int i, j, k;
#pragma scop
  for (k = 0; k < K; k++)
    for (i = 0; i < M; i++)
      for (j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
