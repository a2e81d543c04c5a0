/* DGEMM with an epilogue on C: bias, then gelu_erf. Bias is a broadcast matrix at
 * run time (per row, per column, or absent); the activation's parameters are
 * the runtime's epilogue_args. swblas-gen runs the epilogue on each C tile
 * right after the micro kernel wrote its last k block. */
void dgemm_epilogue_gelu_erf(int M, int N, int K, double C[M][N], double A[M][K], double B[K][N],
                       double Bias[M][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      C[i][j] = gelu_erf(C[i][j] + Bias[i][j]);
#pragma endscop
}
