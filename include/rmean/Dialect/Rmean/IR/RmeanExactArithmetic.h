//===- RmeanExactArithmetic.h - exact host arithmetic -----------*- C++ -*-===//
//
// The exact sums behind the constant folder of reduce_mean
// (docs/ReduceMean.md §4 and §5). The folder's constants are the reference
// the compiled code is compared against, so they are computed without any
// intermediate rounding; the pieces are public so that unit tests can check
// that maths without building IR.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANEXACTARITHMETIC_H
#define RMEAN_DIALECT_RMEAN_IR_RMEANEXACTARITHMETIC_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <optional>

namespace mlir::rmean {

/// Returns the number of elements of `shape`: 0 if any size is 0, otherwise
/// the product of the sizes. Returns std::nullopt if a size is dynamic
/// (negative) or the product does not fit in int64_t.
std::optional<int64_t> getCheckedElementCount(ArrayRef<int64_t> shape);

/// Calls `callback` once per result element of a reduction of a row-major
/// tensor of shape `shape` over `reducedDims` (sorted, unique, each in
/// [0, rank)), in row-major order of the result, with the flat input indices
/// reduced into that element (empty when a reduced size is 0). Fails, without
/// calling `callback`, when the result or the reduced element count does not
/// fit in int64_t, or neither is 0 and their product does not.
LogicalResult
forEachReduction(ArrayRef<int64_t> shape, ArrayRef<int64_t> reducedDims,
                 function_ref<void(ArrayRef<int64_t> inputIndices)> callback);

/// An exact sum of floating-point terms, read out as a mean rounded once.
///
/// Every finite double is a multiple of 2^-1074 below 2^1024, so a 2200-bit
/// fixed-point integer holds the sum of up to 2^64 of them without error;
/// NaNs, infinities and the sign of zero are tracked on the side, as IEEE
/// addition would combine them.
class ExactFloatSum {
public:
  /// Adds `value`, which must convert to an IEEE double exactly (f16, bf16,
  /// f32, f64 and narrower formats do).
  void add(const llvm::APFloat &value);

  /// Returns the exact sum divided by `count`, rounded once to nearest-even
  /// in `sem` (with `count` 1, the rounded sum):
  /// - NaN when `count` is 0, a NaN was added, or both infinities were;
  /// - the infinity added, when one sign of infinity was;
  /// - for IEEE double only, the infinity of an exact sum that overflows a
  ///   double, which is what f64 accumulation yields (the compiled code sums
  ///   f64 in f64, where the other types cannot overflow);
  /// - -0.0 for an exact zero sum whose terms were all -0.0 (or no term),
  ///   +0.0 for any other exact zero sum.
  llvm::APFloat mean(uint64_t count, const llvm::fltSemantics &sem) const;

private:
  /// The exact sum divided by `count`, rounded once to nearest-even in
  /// `sem`, ignoring NaNs and infinities.
  llvm::APFloat divideAndRound(uint64_t count,
                               const llvm::fltSemantics &sem) const;

  static constexpr unsigned kWidth = 2200;
  static constexpr int kScale = 1074;

  /// The sum of the finite terms, in units of 2^-kScale.
  llvm::APInt sum{kWidth, 0};
  bool sawNaN = false, sawPosInf = false, sawNegInf = false;
  bool onlyNegativeZeros = true;
};

/// An exact sum of integers of up to 64 bits, read out as a mean truncated
/// toward zero. 128 bits hold the sum of up to 2^63 terms without overflow,
/// which covers any tensor whose element count fits in int64_t.
class ExactIntegerSum {
public:
  /// Creates an empty sum of signed (`isSigned`) or unsigned terms.
  explicit ExactIntegerSum(bool isSigned) : isSigned(isSigned) {}

  /// Adds `value` (at most 64 bits), sign- or zero-extended by signedness.
  void add(const llvm::APInt &value);

  /// Returns the sum divided by `count`, truncated toward zero, as a
  /// `width`-bit integer; 0 when `count` is 0.
  llvm::APInt mean(uint64_t count, unsigned width) const;

private:
  static constexpr unsigned kWidth = 128;

  bool isSigned;
  llvm::APInt sum{kWidth, 0};
};

} // namespace mlir::rmean

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANEXACTARITHMETIC_H
