// The Level 1 BLAS drivers: one template per operation over the element
// type T (float, double, std::complex<float>, std::complex<double>), on
// vector_views that read the caller's increments as the reference does.
// Unit-stride vectors go through the dispatched vector primitives; other
// increments walk the views. Quick returns are the reference's (n < 1, and
// inc < 1 where the reference returns on it); the callers pass the views
// unchecked.
#pragma once

#include "vector_kernels.h"
#include "vector_view.h"

namespace swblas {

// x <-> y, and y := x.
template <class T>
void swap(const vector_view<T>& x, const vector_view<T>& y);
template <class T>
void copy(const vector_view<const T>& x, const vector_view<T>& y);

// y += alpha x (nothing when alpha is zero, as the reference).
template <class T>
void axpy(T alpha, const vector_view<const T>& x, const vector_view<T>& y);

// x := alpha x, with S = T or, for csscal/zdscal, the real type (each part
// scaled); no-op for inc < 1.
template <class T, class S>
void scal(S alpha, const vector_view<T>& x);

// sum x_i y_i and sum conj(x_i) y_i.
template <class T>
T dotu(const vector_view<const T>& x, const vector_view<const T>& y);
template <class T>
T dotc(const vector_view<const T>& x, const vector_view<const T>& y);

// Products of floats summed in double: sb + sum (sdsdot) and sum (dsdot).
double sum_in_double(double start, const vector_view<const float>& x, const vector_view<const float>& y);

// sqrt(sum |x_i|^2) without overflow or underflow (Blue's accumulators);
// incx == 0 counts x[0] n times and a negative one walks back, as the
// reference's 3.10 algorithm does.
template <class T>
real_t<T> nrm2(const vector_view<const T>& x);

// sum |re x_i| + |im x_i|; 0 for inc < 1.
template <class T>
real_t<T> asum(const vector_view<const T>& x);

// The 1-based index of the first largest |re x_i| + |im x_i|; 0 for n < 1
// or inc < 1.
template <class T>
index_t iamax(const vector_view<const T>& x);

// The plane rotation (x, y) := (c x + s y, c y - s x), s and c real.
template <class T>
void rot(const vector_view<T>& x, const vector_view<T>& y, real_t<T> c, real_t<T> s);

// The modified rotation H of param (flag, h11, h21, h12, h22) on (x, y).
template <class R>
void rotm(const vector_view<R>& x, const vector_view<R>& y, const R* param);

// The rotation that zeroes b: a := r, and for a real T b := z (the
// reference's reconstruction value); c real, s of T.
template <class T>
void rotg(T& a, T& b, real_t<T>& c, T& s);

// The modified rotation that zeroes the second component of
// (sqrt(d1) x1, sqrt(d2) y1); param receives H as rotm reads it.
template <class R>
void rotmg(R& d1, R& d2, R& x1, R y1, R* param);

}  // namespace swblas
