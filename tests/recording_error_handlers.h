// A test program's own xerbla_ and cblas_xerbla, which replace swblas's (as
// a program's XERBLA does) and record the last call. They are definitions:
// one source file of a test binary includes this.
#pragma once

#include <cblas.h>

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <string>

namespace {

struct handler_calls {
  int count = 0;
  std::string routine;
  int info = 0;
  std::string message;  // cblas_xerbla's form, formatted
};
handler_calls recorded;

}  // namespace

extern "C" void xerbla_(const char* srname, const int* info, size_t len) {
  ++recorded.count;
  recorded.routine.assign(srname, len);
  recorded.info = *info;
}

extern "C" void cblas_xerbla(CBLAS_INT p, const char* rout, const char* form, ...) {
  ++recorded.count;
  recorded.routine = rout;
  recorded.info = p;
  char text[256];
  std::va_list args;
  va_start(args, form);
  std::vsnprintf(text, sizeof text, form, args);
  va_end(args);
  recorded.message = text;
}
