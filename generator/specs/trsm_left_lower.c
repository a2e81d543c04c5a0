/* trsm's diagonal blocks: X := inv(L) * X for a lower triangular L, by
 * forward substitution as the reference BLAS writes it: each unknown row
 * i of X takes the removals of the rows solved before it, then the
 * division by L's diagonal. isl's dependences show the columns j
 * independent, i a solve and k its reduction; the recipe solves a block
 * tile by tile: the micro kernel removes the rows above a register tile,
 * the target's tile solve does the triangle inside it. `real`: generated
 * for double and float (dtrsm_left_lower, strsm_left_lower). */
void trsm_left_lower(int M, int N, real L[M][M], real X[M][N])
{
  int i, j, k;
#pragma scop
  for (j = 0; j < N; j++)
    for (i = 0; i < M; i++) {
      for (k = 0; k < i; k++)
        X[i][j] -= L[i][k] * X[k][j];
      X[i][j] = X[i][j] / L[i][i];
    }
#pragma endscop
}
