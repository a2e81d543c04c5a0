/* SGEMM as swblas-gen reads it: the loop nest of dgemm.c over float arrays.
 * The arrays' type is the kernel's element type: it runs the target's float
 * register block (f32.* keys of its target file). */
void sgemm(int M, int N, int K, float C[M][N], float A[M][K], float B[K][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
