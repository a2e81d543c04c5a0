/* DGEMM with a prologue on A: C += fake_quant(A) * B, fake_quant applied to every
 * element of A (its parameters are the runtime's prologue_args). swblas-gen
 * fuses it into the packing of A. */
void dgemm_prologue_fake_quant_a(int M, int N, int K, double C[M][N], double A[M][K], double B[K][N],
                              double Q[M][K])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (k = 0; k < K; k++)
      Q[i][k] = fake_quant(A[i][k]);
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K; k++)
        C[i][j] += Q[i][k] * B[k][j];
#pragma endscop
}
