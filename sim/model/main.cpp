// swblas-sunway-model: prints the modelled Fig. 13 breakdown of paper 000
// (DMA only, + micro kernel, + RMA, + latency hiding) for square shapes, or
// for the shapes given as MxNxK arguments.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "sunway_model.h"

namespace {

bool parse_shape(const std::string& text, swsim::model::shape* s) {
  return std::sscanf(text.c_str(), "%ldx%ldx%ld", &s->m, &s->n, &s->k) == 3 && s->m > 0 && s->n > 0 && s->k > 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<swsim::model::shape> shapes;
  for (int i = 1; i < argc; ++i) {
    swsim::model::shape s{};
    if (!parse_shape(argv[i], &s)) {
      std::cerr << "usage: swblas-sunway-model [MxNxK ...]\n";
      return 2;
    }
    shapes.push_back(s);
  }
  // Square shapes with M, N multiples of 512 and K of 256, as in Fig. 13
  // (the text names 6144, 7680, 10240 and 15360 among them).
  if (shapes.empty())
    for (long n : {1024L, 2048L, 3072L, 4096L, 5120L, 6144L, 7680L, 8192L, 10240L, 12288L, 15360L, 16384L})
      shapes.push_back({n, n, n});
  std::cout << swsim::model::breakdown_table(shapes);
  return 0;
}
