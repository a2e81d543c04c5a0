// The object that builds the test programs' shared precompiled header
// (swblas_test_pch in tests/CMakeLists.txt); it has no code of its own.
