/* symm on the left, A symmetric with its lower triangle stored: C[i][j] +=
 * A[i][k] * B[k][j], where an element above the diagonal is read as its
 * mirror below it (as the reference reads A). The generator proves that
 * the two k ranges split A's order and that only the lower triangle is
 * read, and folds the pair into one GEMM whose A the packing expands from
 * that triangle: the block kernel is the plain GEMM's. `real`: generated
 * for double and float (dsymm_left_lower, ssymm_left_lower). */
void symm_left_lower(int M, int N, real C[M][N], real A[M][M], real B[M][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      for (k = 0; k < M && k <= i; k++)
        C[i][j] += A[i][k] * B[k][j];
      for (k = i + 1; k < M; k++)
        C[i][j] += A[k][i] * B[k][j];
    }
#pragma endscop
}
