// The source of the programs that build the test programs' shared
// precompiled headers (swblas_test_pch_plain and swblas_test_pch_openmp in
// tests/CMakeLists.txt); it has no code of its own.
