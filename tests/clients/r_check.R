# Dense linear algebra in R, printed in full precision for r_suite.py to
# compare between BLAS libraries, and the BLAS libraries mapped into R.
set.seed(42)
n <- 150
a <- matrix(rnorm(n * n), n)
b <- matrix(rnorm(n * 7), n)
z <- matrix(complex(real = rnorm(n * n), imaginary = rnorm(n * n)), n)
spd <- crossprod(a) + diag(n)
results <- list(
  product = a %*% b,
  complex_product = Mod(z %*% z[, 1:5]),
  crossprod = crossprod(a, b),
  tcrossprod = tcrossprod(b),
  solve = solve(a, b),
  inverse = solve(spd),
  chol = chol(spd),
  qr_linpack = qr.R(qr(a)),
  qr_lapack = abs(qr.R(qr(a, LAPACK = TRUE))),
  qr_solve = qr.solve(a, b),
  determinant = determinant(a)$modulus
)
for (name in names(results)) cat(name, format(as.vector(results[[name]]), digits = 17), "\n")
maps <- readLines("/proc/self/maps")
cat("mapped", unique(sub(".* ", "", grep("blas|lapack", maps, value = TRUE))), "\n")
