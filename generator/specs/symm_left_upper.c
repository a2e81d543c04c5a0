/* symm on the left, A symmetric with its upper triangle stored: as
 * symm_left_lower.c, the elements below the diagonal read as their mirrors
 * above it. `real`: double and float. */
void symm_left_upper(int M, int N, real C[M][N], real A[M][M], real B[M][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      for (k = 0; k < i; k++)
        C[i][j] += A[k][i] * B[k][j];
      for (k = i; k < M; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
#pragma endscop
}
