/* DGEMM with a prologue on B: C += A * scale(B). A row-major call of the
 * prologue API lands here: the interface swaps the factors, so the caller's
 * A is the column-major problem's B. swblas-gen fuses it into the packing of B. */
void dgemm_prologue_scale_b(int M, int N, int K, double C[M][N], double A[M][K], double B[K][N],
                              double R[K][N])
{
  int i, j, k;
#pragma scop
  for (k = 0; k < K; k++)
    for (j = 0; j < N; j++)
      R[k][j] = scale(B[k][j]);
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * R[k][j];
#pragma endscop
}
