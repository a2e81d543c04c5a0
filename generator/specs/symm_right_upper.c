/* symm on the right, A symmetric with its upper triangle stored: as
 * symm_right_lower.c, the elements below the diagonal read as their
 * mirrors above it. `real`: double and float. */
void symm_right_upper(int M, int N, real C[M][N], real B[M][N], real A[N][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      for (k = 0; k < N && k <= j; k++)
        C[i][j] += B[i][k] * A[k][j];
      for (k = j + 1; k < N; k++)
        C[i][j] += B[i][k] * A[j][k];
    }
#pragma endscop
}
