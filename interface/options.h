// The option arguments of the BLAS (TRANS, UPLO, SIDE, DIAG) and CBLAS's
// layout, each parsed into one type from a Fortran character or a CBLAS
// enum, and how a row-major call changes them.
#pragma once

#include <optional>
#include <type_traits>

#include "cblas.h"
#include "enum_value.h"

namespace swblas::api {

enum class order { row_major, col_major };
enum class trans_op { none, trans, conj_trans };
enum class uplo { upper, lower };
enum class side { left, right };
enum class diag { non_unit, unit };

// One legal value of an option as the Fortran and the C interface spell it.
template <class Option, class CblasEnum>
struct spelling {
  char fortran;  // upper case; '\0' where the Fortran interface has no such option
  CblasEnum cblas;
  Option option;
};

inline constexpr spelling<order, CBLAS_LAYOUT> kOrderSpellings[] = {
    {'\0', CblasRowMajor, order::row_major}, {'\0', CblasColMajor, order::col_major}};
inline constexpr spelling<trans_op, CBLAS_TRANSPOSE> kTransSpellings[] = {
    {'N', CblasNoTrans, trans_op::none},
    {'T', CblasTrans, trans_op::trans},
    {'C', CblasConjTrans, trans_op::conj_trans}};
inline constexpr spelling<uplo, CBLAS_UPLO> kUploSpellings[] = {
    {'U', CblasUpper, uplo::upper}, {'L', CblasLower, uplo::lower}};
inline constexpr spelling<side, CBLAS_SIDE> kSideSpellings[] = {
    {'L', CblasLeft, side::left}, {'R', CblasRight, side::right}};
inline constexpr spelling<diag, CBLAS_DIAG> kDiagSpellings[] = {
    {'N', CblasNonUnit, diag::non_unit}, {'U', CblasUnit, diag::unit}};

// Each option's spellings, found by overload on the option's type.
constexpr const auto& spellings(order) { return kOrderSpellings; }
constexpr const auto& spellings(trans_op) { return kTransSpellings; }
constexpr const auto& spellings(uplo) { return kUploSpellings; }
constexpr const auto& spellings(side) { return kSideSpellings; }
constexpr const auto& spellings(diag) { return kDiagSpellings; }

// The reference compares option characters with LSAME: ASCII, either case.
constexpr char ascii_lower(char upper) { return static_cast<char>(upper - 'A' + 'a'); }

// The option a Fortran character names; empty if it names none.
template <class Option>
constexpr std::optional<Option> from_fortran(char c) {
  static_assert(!std::is_same_v<Option, order>, "the Fortran BLAS is column-major");
  for (const auto& s : spellings(Option{}))
    if (c == s.fortran || c == ascii_lower(s.fortran)) return s.option;
  return std::nullopt;
}

// The option a CBLAS enum argument names; empty if its value names none.
template <class Option, class CblasEnum>
std::optional<Option> from_cblas(const CblasEnum& e) {
  for (const spelling<Option, CblasEnum>& s : spellings(Option{}))
    if (static_cast<int>(s.cblas) == raw_int(e)) return s.option;
  return std::nullopt;
}

// A row-major matrix is the column-major storage of its transpose: its
// upper triangle is the lower one there, and a matrix multiplying a
// row-major B from the left multiplies B^T from the right.
constexpr uplo transposed(uplo u) { return u == uplo::upper ? uplo::lower : uplo::upper; }
constexpr side transposed(side s) { return s == side::left ? side::right : side::left; }

}  // namespace swblas::api
