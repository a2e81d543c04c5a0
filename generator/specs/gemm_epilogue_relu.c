/* GEMM with an epilogue on C: bias, then relu. Bias is a broadcast matrix at
 * run time (per row, per column, or absent); the activation's parameters are
 * the runtime's epilogue_args. swblas-gen runs the epilogue on each C tile
 * right after the micro kernel wrote its last k block. `real` makes the
 * element type a parameter: dgemm_ and sgemm_ kernels (the bias and the
 * activation's parameters stay double at run time). */
void gemm_epilogue_relu(int M, int N, int K, real C[M][N], real A[M][K], real B[K][N],
                        real Bias[M][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      C[i][j] = relu(C[i][j] + Bias[i][j]);
#pragma endscop
}
