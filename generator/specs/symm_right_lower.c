/* symm on the right, A symmetric with its lower triangle stored: C[i][j] +=
 * B[i][k] * A[k][j], an element of A above the diagonal read as its mirror
 * below it. The fold (symm_left_lower.c) makes it one GEMM whose B the
 * packing expands. `real`: double and float. */
void symm_right_lower(int M, int N, real C[M][N], real B[M][N], real A[N][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      for (k = 0; k < j; k++)
        C[i][j] += B[i][k] * A[j][k];
      for (k = j; k < N; k++)
        C[i][j] += B[i][k] * A[k][j];
    }
#pragma endscop
}
