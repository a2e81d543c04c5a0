/* DGEMM as swblas-gen reads it: C += A * B with C M x N, A M x K, B K x N.
 * Parameters M, N, K become p.m, p.n, p.k; alpha, beta and the transposes
 * are the runtime's business (strides of op(A), op(B) and beta_for_block). */
void dgemm(int M, int N, int K, double C[M][N], double A[M][K], double B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
