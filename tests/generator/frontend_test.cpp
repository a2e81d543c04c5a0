// The parser, the refusals of non-GEMM input (in-process and through the
// swblas-gen command line), the target files and the tile-size model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "driver.h"
#include "spec.h"
#include "target.h"

namespace swgen {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string source_file(const std::string& rel) { return read(std::string(SWBLAS_GEN_SOURCE_DIR) + "/" + rel); }

// A spec around one loop nest body, i/j/k over M/N/K.
std::string nest(const std::string& body) {
  return "#pragma scop\nfor (i = 0; i < M; i++)\n  for (j = 0; j < N; j++)\n    for (k = 0; k < K; k++)\n      " +
         body + "\n#pragma endscop\n";
}

std::string refusal(const std::string& spec) {
  try {
    check_spec(spec);
  } catch (const spec_error& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(Parser, ReadsTheDgemmSpec) {
  const scop s = parse_spec(source_file("specs/dgemm.c"));
  ASSERT_EQ(s.statements.size(), 1u);
  const statement& st = s.statements[0];
  EXPECT_EQ(st.name, "S0");
  EXPECT_EQ(st.line, 11);
  EXPECT_EQ(st.text, "C[i][j] += A[i][k] * B[k][j];");
  ASSERT_EQ(st.loops.size(), 3u);
  EXPECT_EQ(st.loops[0].iterator + st.loops[1].iterator + st.loops[2].iterator, "ijk");
  EXPECT_EQ(st.loops[2].upper_exclusive.isl_text(), "K");
  EXPECT_EQ(s.parameters, (std::vector<std::string>{"M", "N", "K"}));
  EXPECT_TRUE(st.accumulates);
  EXPECT_EQ(st.rhs->op, '*');
}

TEST(Parser, AcceptsTheSubsetsVariants) {
  const scop s = parse_spec(
      "#pragma scop\nfor (int i = 0; i <= M - 1; ++i) { /* c */ for (int j = 0; j < N; j += 1)\n"
      "  // d\n  for (int k = 0; k < K; k++) { C[i][j] += A[i][k] * B[k][j]; } }\n#pragma endscop\n");
  ASSERT_EQ(s.statements.size(), 1u);
  EXPECT_EQ(s.statements[0].loops[0].upper_exclusive.isl_text(), "M");
  EXPECT_EQ(check_spec(source_file("specs/dgemm.c")).empty(), false);
}

TEST(Parser, AffineSubscriptsWithConstants) {
  const scop s = parse_spec(nest("C[i][j] += A[2*i + 1][k - 1] * B[k][j];"));
  EXPECT_EQ(s.statements[0].rhs->operands[0]->ref.subscripts[0].isl_text(), "2*i + 1");
  EXPECT_EQ(s.statements[0].rhs->operands[0]->ref.subscripts[1].isl_text(), "k - 1");
}

TEST(Parser, ElementTypeIsTheArraysOfTheHeader) {
  EXPECT_EQ(parse_spec(source_file("specs/dgemm.c")).elem, element_type::f64);
  EXPECT_EQ(parse_spec(source_file("specs/sgemm.c")).elem, element_type::f32);
  EXPECT_EQ(parse_spec(nest("C[i][j] += A[i][k] * B[k][j];")).elem, element_type::f64);  // none declared
  EXPECT_EQ(parse_spec("void f(int M, int N, int K, const float C[M][N], const float A[M][K], float B[K][N])\n" +
                       nest("C[i][j] += A[i][k] * B[k][j];"))
                .elem,
            element_type::f32);
}

TEST(Refusal, ArraysOfAnotherElementType) {
  const std::string why =
      refusal("void f(int M, int N, int K, int C[M][N], int A[M][K], int B[K][N])\n" + nest("C[i][j] += A[i][k] * B[k][j];"));
  EXPECT_NE(why.find("line 1: array C has element type 'int'; kernels are generated for double and float"),
            std::string::npos)
      << why;
  EXPECT_NE(refusal("void f(long double C[M][N])\n" + nest("C[i][j] += A[i][k] * B[k][j];")).find("'long double'"),
            std::string::npos);
}

TEST(Refusal, ArraysOfTwoElementTypes) {
  const std::string why = refusal("void f(int M, int N, int K, float C[M][N],\n  double A[M][K], float B[K][N])\n" +
                                  nest("C[i][j] += A[i][k] * B[k][j];"));
  EXPECT_NE(why.find("line 2: array A is double but C is float: one element type per spec"), std::string::npos) << why;
}

TEST(Refusal, LoopCarriedDependenceOnCAcrossI) {
  const std::string why = refusal(nest("C[i][j] += C[i - 1][j] * B[k][j];"));
  EXPECT_NE(why.find("statement S0"), std::string::npos) << why;
  EXPECT_NE(why.find("loop-carried dependence on C across loop i"), std::string::npos) << why;
}

TEST(Refusal, RecurrenceWithoutProductIsRefusedForTheDependence) {
  const std::string why = refusal(nest("C[i][j] += C[i - 1][j];"));
  EXPECT_NE(why.find("statement S0 (line 5: C[i][j] += C[i - 1][j];): loop-carried dependence on C across loop i"),
            std::string::npos)
      << why;
}

TEST(Refusal, NonAffineSubscript) {
  const std::string why = refusal(nest("C[i][j] += A[i * k][k] * B[k][j];"));
  EXPECT_NE(why.find("statement S0"), std::string::npos) << why;
  EXPECT_NE(why.find("non-affine expression 'i * k'"), std::string::npos) << why;
}

TEST(Refusal, UnknownFunction) {
  const std::string why = refusal(nest("C[i][j] += foo(A[i][k]) * B[k][j];"));
  EXPECT_NE(why.find("statement S0"), std::string::npos) << why;
  EXPECT_NE(why.find("unknown function 'foo'"), std::string::npos) << why;
}

TEST(Refusal, ElementWiseFunctionInsideTheGemmStatement) {
  const std::string why = refusal(nest("C[i][j] += relu(A[i][k]) * B[k][j];"));
  EXPECT_NE(why.find("statement S0"), std::string::npos) << why;
  EXPECT_NE(why.find("'relu' inside the GEMM statement"), std::string::npos) << why;
}

TEST(Refusal, TransposedOperandInTheSpec) {
  const std::string why = refusal(nest("C[i][j] += A[k][i] * B[k][j];"));
  EXPECT_NE(why.find("A[k][i] is neither A[i][k]"), std::string::npos) << why;
}

TEST(Refusal, AssignmentInsteadOfAccumulation) {
  EXPECT_NE(refusal(nest("C[i][j] = A[i][k] * B[k][j];")).find("needs an accumulation"), std::string::npos);
}

TEST(Refusal, SecondAccumulationIsNamed) {
  const std::string why = refusal(nest("{ C[i][j] += A[i][k] * B[k][j]; D[i][j] += A[i][k]; }"));
  EXPECT_NE(why.find("statement S1"), std::string::npos) << why;
  EXPECT_NE(why.find("exactly one accumulation"), std::string::npos) << why;
  EXPECT_NE(why.find("or two that are a symmetric product"), std::string::npos) << why;
}

// A GEMM followed (or preceded) by a 2-deep element-wise statement.
std::string with_epilogue(const std::string& stmt) {
  return "#pragma scop\nfor (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = 0; k < K; k++)\n"
         "  C[i][j] += A[i][k] * B[k][j];\nfor (i = 0; i < M; i++) for (j = 0; j < N; j++)\n  " +
         stmt + "\n#pragma endscop\n";
}

std::string with_prologue(const std::string& stmt, const std::string& bounds = "i < M; i++) for (k = 0; k < K") {
  return "#pragma scop\nfor (i = 0; " + bounds + "; k++)\n  " + stmt +
         "\nfor (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = 0; k < K; k++)\n"
         "  C[i][j] += Q[i][k] * B[k][j];\n#pragma endscop\n";
}

TEST(Refusal, EpilogueWithAFunctionThatHasNoFusedKernel) {
  const std::string why = refusal(with_epilogue("C[i][j] = exp(C[i][j] + Bias[i][j]);"));
  EXPECT_NE(why.find("statement S1"), std::string::npos) << why;
  EXPECT_NE(why.find("an epilogue must be"), std::string::npos) << why;
}

TEST(Refusal, EpilogueOnAnotherArray) {
  const std::string why = refusal(with_epilogue("D[i][j] = relu(C[i][j]);"));
  EXPECT_NE(why.find("an epilogue must be"), std::string::npos) << why;
}

TEST(Refusal, EpilogueOverPartOfC) {
  const std::string why = refusal(
      "#pragma scop\nfor (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = 0; k < K; k++)\n"
      "  C[i][j] += A[i][k] * B[k][j];\nfor (i = 1; i < M; i++) for (j = 0; j < N; j++)\n"
      "  C[i][j] = relu(C[i][j]);\n#pragma endscop\n");
  EXPECT_NE(why.find("covers other elements of C"), std::string::npos) << why;
}

TEST(Refusal, PrologueThatIsNotAFactor) {
  const std::string why = refusal(
      "#pragma scop\nfor (i = 0; i < M; i++) for (k = 0; k < K; k++)\n  P[i][k] = scale(X[i][k]);\n"
      "for (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = 0; k < K; k++)\n"
      "  C[i][j] += A[i][k] * B[k][j];\n#pragma endscop\n");
  EXPECT_NE(why.find("is not a factor of the GEMM"), std::string::npos) << why;
}

TEST(Refusal, PrologueOverOtherElementsThanTheGemmReads) {
  const std::string why = refusal(with_prologue("Q[i][k] = scale(A[i][k]);", "i < M; i++) for (k = 0; k < N"));
  EXPECT_NE(why.find("other elements of Q than the GEMM reads"), std::string::npos) << why;
}

TEST(Refusal, PrologueReadingAnotherElement) {
  const std::string why = refusal(with_prologue("Q[i][k] = scale(A[k][i]);"));
  EXPECT_NE(why.find("a prologue must be Q[x][y] = f(X[x][y])"), std::string::npos) << why;
}

TEST(Refusal, TwoFusedStatements) {
  const std::string why = refusal(
      "#pragma scop\nfor (i = 0; i < M; i++) for (k = 0; k < K; k++)\n  Q[i][k] = scale(A[i][k]);\n"
      "for (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = 0; k < K; k++)\n"
      "  C[i][j] += Q[i][k] * B[k][j];\nfor (i = 0; i < M; i++) for (j = 0; j < N; j++)\n"
      "  C[i][j] = relu(C[i][j]);\n#pragma endscop\n");
  EXPECT_NE(why.find("statement S2"), std::string::npos) << why;
  EXPECT_NE(why.find("one fused prologue or epilogue per spec"), std::string::npos) << why;
}

// The runtime's fused operations take float too (sgemm_epilogue_* kernels).
TEST(Frontend, FusedStatementOnFloatsIsAccepted) {
  EXPECT_EQ(refusal("void f(float C[M][N], float A[M][K], float B[K][N])\n" +
                    with_epilogue("C[i][j] = relu(C[i][j]);")),
            "(accepted)");
}

TEST(Refusal, BatchLoopThatIsNotTheFirstSubscript) {
  const std::string why = refusal(
      "#pragma scop\nfor (b = 0; b < L; b++) for (i = 0; i < M; i++) for (j = 0; j < N; j++)"
      " for (k = 0; k < K; k++)\n  C[i][j][b] += A[b][i][k] * B[b][k][j];\n#pragma endscop\n");
  EXPECT_NE(why.find("must be batched"), std::string::npos) << why;
}

TEST(Refusal, BatchEntriesThatShareC) {
  const std::string why = refusal(
      "#pragma scop\nfor (b = 0; b < L; b++) for (i = 0; i < M; i++) for (j = 0; j < N; j++)"
      " for (k = 0; k < K; k++)\n  C[0][i][j] += A[b][i][k] * B[b][k][j];\n#pragma endscop\n");
  EXPECT_NE(why.find("statement S0"), std::string::npos) << why;
}

TEST(Refusal, NonBoxDomain) {  // k bounded by i and j at once: no triangle of A, B or C
  const std::string why = refusal(
      "#pragma scop\nfor (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = i + j; k < K; k++)\n"
      "  C[i][j] += A[i][k] * B[k][j];\n#pragma endscop\n");
  EXPECT_NE(why.find("loop k must run from 0 to a parameter (and from or below an affine function of i or j) "
                     "(found i + j <= k < K)"),
            std::string::npos)
      << why;
}

// A nest with C's loops j (outer) and i as written, k over K.
std::string triangle_nest(const std::string& j_loop, const std::string& i_loop) {
  return "#pragma scop\nfor (" + j_loop + ") for (" + i_loop + ") for (k = 0; k < K; k++)\n"
         "  C[i][j] += A[i][k] * B[k][j];\n#pragma endscop\n";
}

TEST(Parser, MoreUpperBoundsAfterAnd) {
  const scop s = parse_spec(triangle_nest("j = 0; j < N; j++", "i = 0; i < M && i <= 2 * j + 1; i++"));
  const loop& i = s.statements[0].loops[1];
  EXPECT_EQ(i.upper_exclusive.isl_text(), "M");
  ASSERT_EQ(i.more_upper.size(), 1u);
  EXPECT_EQ(i.more_upper[0].isl_text(), "2*j + 2");
}

TEST(Parser, RealArraysMakeTheElementTypeAParameter) {
  bool parameter = false;
  const std::vector<element_type> types = spec_element_types(source_file("specs/gemmt_lower.c"), &parameter);
  EXPECT_TRUE(parameter);
  EXPECT_EQ(types, (std::vector<element_type>{element_type::f64, element_type::f32}));
  EXPECT_EQ(spec_element_types(source_file("specs/sgemm.c"), &parameter), std::vector<element_type>{element_type::f32});
  EXPECT_FALSE(parameter);
  const std::string why = refusal("void f(int M, int N, int K, real C[M][N], double A[M][K], real B[K][N])\n" +
                                  nest("C[i][j] += A[i][k] * B[k][j];"));
  EXPECT_NE(why.find("array A is double but C is real"), std::string::npos) << why;
}

// The four triangles of the runtime's c_triangle, as specs write them.
TEST(Analysis, TriangularCDomainsAreAccepted) {
  for (const char* spec : {"gemmt_lower", "gemmt_upper", "gemmt_lower_row_pairs", "gemmt_upper_row_pairs"})
    EXPECT_EQ(refusal(source_file(std::string("specs/") + spec + ".c")), "(accepted)") << spec;
}

// The two triangles of A (trmm's diagonal blocks), as specs write them.
TEST(Analysis, TriangularADomainsAreAccepted) {
  for (const char* spec : {"trmm_left_lower", "trmm_left_upper", "trmm_right_lower", "trmm_right_upper",
                           "trmm_right_lower_row_pairs", "trmm_right_upper_row_pairs"})
    EXPECT_EQ(refusal(source_file(std::string("specs/") + spec + ".c")), "(accepted)") << spec;
  const std::string why = refusal(
      "#pragma scop\nfor (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = i + 1; k < K; k++)\n"
      "  C[i][j] += A[i][k] * B[k][j];\n#pragma endscop\n");  // strictly upper: none the runtime has
  EXPECT_NE(why.find("the triangle -i + k - 1 >= 0 is none the runtime has"), std::string::npos) << why;
}

// symm's two accumulations: A[i][k] over the loop direct_k, the mirror
// (A[k][i] unless given) over mirror_k.
std::string symmetric_pair(const std::string& direct_k, const std::string& mirror_k,
                           const std::string& mirror = "C[i][j] += A[k][i] * B[k][j];") {
  return "#pragma scop\nfor (i = 0; i < M; i++)\n  for (j = 0; j < N; j++) {\n    for (" + direct_k +
         ")\n      C[i][j] += A[i][k] * B[k][j];\n    for (" + mirror_k + ")\n      " + mirror +
         "\n  }\n#pragma endscop\n";
}

TEST(Analysis, SymmetricProductsAreAccepted) {
  for (const char* spec : {"symm_left_lower", "symm_left_upper", "symm_right_lower", "symm_right_upper"})
    EXPECT_EQ(refusal(source_file(std::string("specs/") + spec + ".c")), "(accepted)") << spec;
  EXPECT_EQ(refusal(symmetric_pair("k = 0; k <= i; k++", "k = i + 1; k < M; k++")), "(accepted)");
}

// isl decides: the two k ranges must split S's order exactly, and every
// element read must lie in one triangle.
TEST(Refusal, SymmetricPairsThatAreNotASymmetricProduct) {
  std::string why = refusal(symmetric_pair("k = 0; k <= i; k++", "k = i; k < M; k++"));
  EXPECT_NE(why.find("overlap"), std::string::npos) << why;
  why = refusal(symmetric_pair("k = 0; k < i; k++", "k = i + 1; k < M; k++"));
  EXPECT_NE(why.find("together must be 0 <= k < M"), std::string::npos) << why;
  why = refusal(symmetric_pair("k = 0; k <= i + 1 && k < M; k++", "k = i + 2; k < M; k++"));
  EXPECT_NE(why.find("A read on both sides of its diagonal"), std::string::npos) << why;
  why = refusal(symmetric_pair("k = 0; k <= i; k++", "k = i + 1; k < M; k++", "C[i][j] += A[k][i] * B[j][k];"));
  EXPECT_NE(why.find("one factor read transposed"), std::string::npos) << why;
  why = refusal(symmetric_pair("k = 0; k <= i; k++", "k = i + 1; k < M; k++", "C[i][j] += A[k][i] * D[k][j];"));
  EXPECT_NE(why.find("S[i][k] * B[k][j] and S[k][i] * B[k][j]"), std::string::npos) << why;
  why = refusal(symmetric_pair("k = 0; k <= i; k++", "k = i + 1; k < K; k++"));
  EXPECT_NE(why.find("together must be 0 <= k < M"), std::string::npos) << why;  // S square: k up to M
}

// A forward substitution X := inv(L) X (trsm's diagonal blocks) around the
// removal and the division given.
std::string solve_nest(const std::string& k_loop, const std::string& removal, const std::string& division) {
  return "#pragma scop\nfor (j = 0; j < N; j++)\n  for (i = 0; i < M; i++) {\n    for (" + k_loop + ")\n      " + removal +
         "\n    " + division + "\n  }\n#pragma endscop\n";
}

TEST(Analysis, TheSolveSpecIsAccepted) {
  EXPECT_EQ(refusal(source_file("specs/trsm_left_lower.c")), "(accepted)");
  EXPECT_EQ(refusal(solve_nest("k = 0; k < i; k++", "X[i][j] -= L[i][k] * X[k][j];", "X[i][j] = X[i][j] / L[i][i];")),
            "(accepted)");
}

// isl's dependences decide: a removal of the unknown being solved (k <= i)
// reads it before its division, and so do removals of the unknowns after
// it (k > i, an upper triangle solved forward); a removal reading another
// column is no product of L and X; one that skips a column of L no
// triangular solve.
TEST(Refusal, SolvesThatTheDependencesRuleOut) {
  const std::string division = "X[i][j] = X[i][j] / L[i][i];";
  std::string why = refusal(solve_nest("k = 0; k <= i; k++", "X[i][j] -= L[i][k] * X[k][j];", division));
  EXPECT_NE(why.find("statement S0 (line 5: X[i][j] -= L[i][k] * X[k][j];): a removal reads an unknown X[k][j] before "
                     "its division"),
            std::string::npos)
      << why;
  why = refusal(solve_nest("k = i + 1; k < M; k++", "X[i][j] -= L[i][k] * X[k][j];", division));
  EXPECT_NE(why.find("a removal reads an unknown X[k][j] before its division"), std::string::npos) << why;
  why = refusal(solve_nest("k = 0; k < i; k++", "X[i][j] -= L[i][k] * X[k][j + 1];", division));
  EXPECT_NE(why.find("array access X[k][j + 1] is neither L[i][k] nor X[k][j]"), std::string::npos) << why;
  why = refusal(solve_nest("k = 0; k < i - 1; k++", "X[i][j] -= L[i][k] * X[k][j];", division));
  EXPECT_NE(why.find("the domain must be 0 <= i < M, 0 <= j < N, 0 <= k < i"), std::string::npos) << why;
}

TEST(Refusal, SubtractionIntoAGemmIsItsAlpha) {
  const std::string why = refusal(nest("C[i][j] -= A[i][k] * B[k][j];"));
  EXPECT_NE(why.find("a GEMM's sign is its alpha"), std::string::npos) << why;
}

TEST(Refusal, TriangleTheRuntimeDoesNotHave) {
  const std::string why = refusal(triangle_nest("j = 0; j < N; j++", "i = 3 * j; i < M; i++"));
  EXPECT_NE(why.find("the triangle i - 3*j >= 0 is none the runtime has"), std::string::npos) << why;
}

TEST(Refusal, TwoBoundsBeyondTheBox) {
  const std::string why = refusal(triangle_nest("j = 0; j < N; j++", "i = j; i < M && i <= 2 * j + 1; i++"));
  EXPECT_NE(why.find("C's domain may have one bound beyond the box (one triangle), found 2"), std::string::npos) << why;
}

TEST(Refusal, TriangleThatIsNotBoxAndTriangle) {  // i from j - 1: row -1 is in the domain
  const std::string why = refusal(triangle_nest("j = 0; j < N; j++", "i = j - 1; i < M; i++"));
  EXPECT_NE(why.find("the triangle i - j + 1 >= 0"), std::string::npos) << why;  // i >= j - 1 is none of the six
  const std::string box = refusal(triangle_nest("j = 0; j < N; j++", "i = 2 * j - 1; i < M && i < 2 * j + 2; i++"));
  EXPECT_NE(box.find("found 2"), std::string::npos) << box;
}

TEST(Refusal, TriangleWithAFusedEpilogue) {
  const std::string why = refusal(
      "#pragma scop\nfor (j = 0; j < N; j++) for (i = j; i < M; i++) for (k = 0; k < K; k++)\n"
      "  C[i][j] += A[i][k] * B[k][j];\n"
      "for (j = 0; j < N; j++) for (i = j; i < M; i++) C[i][j] = relu(C[i][j]);\n#pragma endscop\n");
  EXPECT_NE(why.find("on a triangular domain are not generated"), std::string::npos) << why;
}

TEST(Refusal, BlockFormNamesInASpec) {
  const std::string why = refusal(
      "#pragma scop\nfor (j = 0; j < N; j++) for (i = j; i < M; i++) for (k = 0; k < row0; k++)\n"
      "  C[i][j] += A[i][k] * B[k][j];\n#pragma endscop\n");
  EXPECT_NE(why.find("'row0' is the block form's name; rename it"), std::string::npos) << why;
}

TEST(Refusal, CommandLineExitsNonZeroWithTheReason) {
  const std::string spec = testing::TempDir() + "/bad_carried.c";
  const std::string err = testing::TempDir() + "/bad_carried.err";
  std::ofstream(spec) << nest("C[i][j] += C[i - 1][j] * B[k][j];");
  const std::string cmd = std::string(SWBLAS_GEN_EXECUTABLE) + " --spec " + spec + " --target " +
                          SWBLAS_GEN_SOURCE_DIR + "/targets/generic.target --out-dir " + testing::TempDir() +
                          " 2> " + err;
  const int status = std::system(cmd.c_str());
  EXPECT_NE(status, 0);
  const std::string msg = read(err);
  EXPECT_NE(msg.find("refused: statement S0 (line 5: C[i][j] += C[i - 1][j] * B[k][j];): loop-carried dependence on C"),
            std::string::npos)
      << msg;
}

TEST(CommandLine, DumpScheduleShowsEveryStage) {
  const std::string target = testing::TempDir() + "/one.target";
  const std::string out = testing::TempDir() + "/dump.txt";
  std::ofstream(target) << "name = one\nisa = generic\nukernel = generic_4x4\nmr = 4\nnr = 4\n"
                           "cache = l1d=32K l2=512K l3=16M\n";
  const std::string cmd = std::string(SWBLAS_GEN_EXECUTABLE) + " --dump-schedule --spec " + SWBLAS_GEN_SOURCE_DIR +
                          "/specs/dgemm.c --target " + target + " > " + out;
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  const std::string dump = read(out);
  std::size_t pos = dump.find("# dgemm on one: dgemm_block_one_4x4");
  ASSERT_NE(pos, std::string::npos) << dump;
  for (const char* stage : {"## stage model", "## stage analysis", "## stage tiling", "## stage marks"}) {
    pos = dump.find(stage, pos);
    ASSERT_NE(pos, std::string::npos) << stage;
  }
  EXPECT_NE(dump.find("mark: \"ukernel\"", pos), std::string::npos);
  EXPECT_NE(dump.find("mark: \"parallel\"", pos), std::string::npos);
}

TEST(Targets, TheThreeTargetFilesParse) {
  const target_desc avx512 = parse_target(source_file("targets/x86_avx512.target"), "x86_avx512.target");
  const target_desc avx2 = parse_target(source_file("targets/x86_avx2.target"), "x86_avx2.target");
  const target_desc generic = parse_target(source_file("targets/generic.target"), "generic.target");
  const register_block_desc& d512 = *avx512.block_of(element_type::f64);
  EXPECT_EQ(d512.ukernel, "avx512_24x8");
  EXPECT_EQ(d512.mr * 100 + d512.nr, 2408);
  EXPECT_EQ(d512.vector_elems, 8);
  // Zen 4's line counts its L2 with its L3 share (a victim cache): 1M + 4M.
  EXPECT_EQ(avx512.caches[0].l2, 1024u * 1024);
  EXPECT_EQ(avx512.caches[0].l3, 5u * 1024 * 1024);
  EXPECT_EQ(avx2.block_of(element_type::f64)->ukernel, "avx2_8x6");
  EXPECT_EQ(avx2.block_of(element_type::f64)->mr * 100 + avx2.block_of(element_type::f64)->nr, 806);
  EXPECT_EQ(avx2.vector_registers, 16);
  EXPECT_EQ(generic.block_of(element_type::f64)->ukernel, "generic_4x4");
  EXPECT_GE(avx2.caches.size(), 3u);
  EXPECT_EQ(avx2.caches[1].l2, 512u * 1024);
}

// The f32. keys: the float block, double's first in the list.
TEST(Targets, FloatRegisterBlocks) {
  const target_desc avx2 = parse_target(source_file("targets/x86_avx2.target"), "x86_avx2.target");
  ASSERT_EQ(avx2.blocks.size(), 2u);
  EXPECT_EQ(avx2.blocks[0].elem, element_type::f64);
  const register_block_desc* f = avx2.block_of(element_type::f32);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->ukernel, "f32_avx2_16x6");
  EXPECT_EQ(f->isa, "avx2");  // the target's
  EXPECT_EQ(f->mr * 100 + f->nr, 1606);
  EXPECT_EQ(f->kr, 8);
  EXPECT_EQ(f->vector_elems, 8);
  EXPECT_EQ(f->shape().elem_bytes, 4);
  EXPECT_EQ(avx2.block_of(element_type::f64)->shape().elem_bytes, 8);
  const target_desc avx512 = parse_target(source_file("targets/x86_avx512.target"), "x86_avx512.target");
  EXPECT_EQ(avx512.block_of(element_type::f32)->l1_resident, register_block_desc::l1_panels::b);
  const target_desc vsx = parse_target(source_file("targets/power_vsx.target"), "power_vsx.target");
  EXPECT_EQ(vsx.block_of(element_type::f32)->ukernel, "f32_vsx_16x4");
  const target_desc p10 = parse_target(source_file("targets/power10.target"), "power10.target");
  ASSERT_NE(p10.block_of(element_type::f32), nullptr);
  EXPECT_EQ(p10.block_of(element_type::f32)->ukernel, "f32_mma_16x8");
}

TEST(Targets, FloatBlockKeys) {
  const std::string base = "f32.ukernel = f\nf32.mr = 8\nf32.nr = 4\nname = x\nisa = mma\nukernel = u\nmr = 8\nnr = 8\n"
                           "cache = l1d=32K l2=1M l3=4M\n";
  const target_desc t = parse_target(base + "f32.isa = vsx\n", "t");
  EXPECT_EQ(t.blocks[0].elem, element_type::f64);  // whatever the order of the lines
  EXPECT_EQ(t.block_of(element_type::f32)->isa, "vsx");
  EXPECT_EQ(t.block_of(element_type::f32)->vector_elems, 1);
  EXPECT_EQ(parse_target(base, "t").block_of(element_type::f32)->isa, "mma");
  const auto error = [](const std::string& text) -> std::string {
    try {
      parse_target(text, "t");
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "(accepted)";
  };
  EXPECT_NE(error(base + "f32.vector_doubles = 4\n").find("unknown key 'f32.vector_doubles'"), std::string::npos);
  EXPECT_NE(error(base + "f32.isa = sse\n").find("unknown f32.isa 'sse'"), std::string::npos);
  EXPECT_NE(error(base + "f32.name = y\n").find("unknown key 'f32.name'"), std::string::npos);
  EXPECT_NE(error("name = x\nf32.mr = 4\n").find("name and ukernel are required"), std::string::npos);
  EXPECT_NE(error(base + "f32.kr = 0\n").find("f32.mr, f32.nr, f32.kr and f32.vector_elems must be positive"),
            std::string::npos);
}

TEST(Targets, BadLineIsReportedWithFileAndLine) {
  try {
    parse_target("name = x\nmr = 4\ncolour = blue\n", "bad.target");
    FAIL() << "accepted an unknown key";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.target:3: unknown key 'colour'"), std::string::npos) << e.what();
  }
}

TEST(Targets, L1PanelsKey) {
  const std::string base = "name = x\nisa = avx512\nukernel = u\nmr = 24\nnr = 8\nvector_doubles = 8\n"
                           "cache = l1d=32K l2=1M l3=4M\n";
  const auto l1 = [&](const std::string& extra) { return parse_target(base + extra, "t").blocks[0].l1_resident; };
  EXPECT_EQ(l1(""), register_block_desc::l1_panels::a_and_b);
  EXPECT_EQ(l1("l1_panels = b\n"), register_block_desc::l1_panels::b);
  EXPECT_EQ(l1("l1_panels = a,b\n"), register_block_desc::l1_panels::a_and_b);
  EXPECT_THROW(parse_target(base + "l1_panels = a\n", "t"), std::runtime_error);
}

// Every configuration of every target file meets the model's constraints
// for each register block, S its element's bytes (the model itself is
// tested in tests/runtime/blocking_test.cpp).
TEST(Targets, EveryConfigurationMeetsTheBlockingConstraints) {
  for (const char* file : {"targets/x86_avx512.target", "targets/x86_avx2.target", "targets/generic.target",
                           "targets/power10.target", "targets/power_vsx.target"}) {
    const target_desc t = parse_target(source_file(file), file);
    for (const register_block_desc& r : t.blocks)
      for (const cache_config& c : t.caches) {
        const swblas::blocking b = swblas::choose_blocking(r.shape(), c);
        const std::string what = std::string(file) + " " + enumerator(r.elem);
        const long S = bytes_of(r.elem), vl = r.vector_elems;
        const long k1 = std::max(1L, (static_cast<long>(c.l1d) / 2 / S - vl * vl) / (2 * vl));
        EXPECT_EQ(b.kc % r.kr, 0) << what;  // (5)
        EXPECT_EQ(b.mc % r.mr, 0) << what;  // (6)
        EXPECT_EQ(b.nc % r.nr, 0) << what;  // (7)
        EXPECT_LE(b.kc, static_cast<long>(c.l1d) / 2 / S / vl) << what;  // (1)
        const long way = static_cast<long>(c.l1d) / c.l1d_ways;
        const long a_ways = r.l1_resident == register_block_desc::l1_panels::b ? 1 : (S * r.mr * b.kc + way - 1) / way;
        EXPECT_LE(a_ways + (S * b.kc * r.nr + way - 1) / way, c.l1d_ways - 1) << what;  // (1')
        EXPECT_LE(b.mc, static_cast<long>(c.l2 - c.l1d) / S / k1) << what;             // (3)
        EXPECT_LE(S * b.mc * b.kc, static_cast<long>(c.l2) / 2) << what;               // (3')
        EXPECT_LE(S * b.kc * b.nc, static_cast<long>(c.l3 - c.l2) / 2) << what;        // (4')
      }
  }
}

}  // namespace
}  // namespace swgen
