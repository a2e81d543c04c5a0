/* GEMM on C's lower triangle (gemmt; syrk, syr2k, herk and her2k are its
 * cases): C[i][j] += A[i][k] * B[k][j] for j <= i only. The triangle is C's
 * domain: the recipe isolates the register tiles wholly inside it, and the
 * tiles the diagonal cuts keep their part in the triangle. `real` makes the
 * element type a parameter: swblas-gen generates dgemmt_lower and
 * sgemmt_lower. */
void gemmt_lower(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N])
{
  int i, j, k;
#pragma scop
  for (j = 0; j < N; j++)
    for (i = j; i < M; i++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
