//===- RmeanNumerics.h - the numerics of reduce_mean ------------*- C++ -*-===//
//
// docs/ReduceMean.md §4 in one place: the accumulator of each element type, how
// an element is added to it, and how the sum becomes the mean. The linalg
// conversion, the GPU path and the constant folder all go through this header
// so that they always agree.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANNUMERICS_H
#define RMEAN_DIALECT_RMEAN_IR_RMEANNUMERICS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::rmean {

/// The additive identity rmean's sums start from: -0.0 for floats and
/// vectors of floats (+0.0 would turn a sum of -0.0 values into +0.0), zero
/// for everything else.
TypedAttr getAdditiveIdentity(Builder &b, Type type);

/// How elements of one type are summed and divided.
struct MeanNumerics {
  enum class Kind { Float, SignedInt, UnsignedInt, Complex };

  /// The element type as written in the IR (may be `si*`/`ui*`).
  Type elementType;
  /// The signless type arith computes on (`i8` for `ui8`); the element type
  /// itself for floats and complex numbers.
  Type storageType;
  /// The parts of the running sum, in the order the lowering carries them.
  /// Floats sum in f64 (f64 itself with a Neumaier compensation term, so two
  /// parts), integers in i64 (i128 for 64-bit types), complex numbers as two
  /// f64 parts (four for complex<f64>: each part with its compensation).
  SmallVector<Type, 2> accumulatorTypes;
  Kind kind;

  /// Returns the numerics of `elementType`, or failure if reduce_mean does
  /// not accept it.
  static FailureOr<MeanNumerics> get(Type elementType);

  /// The numerics of an 8- or 16-bit integer `elementType` summing at most
  /// `maxCount` elements per mean in an i32 accumulator, when no such sum
  /// can leave the i32 range: `maxCount < 2^(31 - bits)` (signed or not;
  /// at least 1). The sums and means are those of get()'s i64 accumulator;
  /// only the arithmetic is narrower. Failure for any other type or count.
  static FailureOr<MeanNumerics> getNarrowIntegerSums(Type elementType,
                                                      int64_t maxCount);

  /// Converts an element to the signless storage type (a no-op except for
  /// `si*`/`ui*`, which arith cannot consume).
  Value toStorage(OpBuilder &b, Location loc, Value element) const;
  /// Converts a storage value back to the element type.
  Value fromStorage(OpBuilder &b, Location loc, Value storage) const;

  /// The zero of each accumulator part.
  SmallVector<Value> buildZero(OpBuilder &b, Location loc) const;
  /// Adds one storage-typed element to the running sum `acc`.
  SmallVector<Value> buildAccumulate(OpBuilder &b, Location loc,
                                     Value storageElement,
                                     ValueRange acc) const;
  /// Turns the sum and the element count (an `index`) into the storage-typed
  /// mean: rounded to nearest-even for floats, truncated toward zero for
  /// integers, NaN (floats, complex) or 0 (integers) for an empty count.
  Value buildMean(OpBuilder &b, Location loc, ValueRange acc,
                  Value count) const;

  /// Computes on the host the mean of `input` (of this element type, with a
  /// static shape) over `reducedDims` (sorted, unique, non-negative), shaped
  /// as `resultType`: exact integer means, and float means computed exactly
  /// and rounded once to nearest-even (used by the constant folder; the
  /// compiled code is within one ulp of it). Fails when an element count
  /// involved does not fit in int64_t (see forEachReduction in
  /// RmeanExactArithmetic.h). Walks every input and result element: callers
  /// bound both counts.
  FailureOr<DenseElementsAttr> evaluate(DenseElementsAttr input,
                                        ArrayRef<int64_t> reducedDims,
                                        ShapedType resultType) const;
};

} // namespace mlir::rmean

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANNUMERICS_H
