//===- RmeanDialect.h - rmean dialect ---------------------------*- C++ -*-===//
//
// Declares the rmean dialect class, and the typed helpers of the
// attributes its passes mark ops with (one declaration of each name, in
// RmeanDialect.td).
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_H
#define RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

// The dialect's discardable-attribute helpers return these attributes.
#include "rmean/Dialect/Rmean/IR/RmeanAttrs.h"

#include "rmean/Dialect/Rmean/IR/RmeanOpsDialect.h.inc"

namespace mlir::rmean {

/// The unit markers, by the helper ODS generates for each:
/// `RmeanDialect::ReductionAttrHelper`, `FinalizeAttrHelper`,
/// `VectorizeAttrHelper`, `AccumulationLoopAttrHelper`.
template <typename Marker> bool hasMarker(Operation *op) {
  return Marker(op->getContext()).isAttrPresent(op);
}
template <typename Marker> void setMarker(Operation *op) {
  Marker(op->getContext()).setAttr(op, UnitAttr::get(op->getContext()));
}
template <typename Marker> void removeMarker(Operation *op) {
  op->removeAttr(Marker::getNameStr());
}

/// The `rmean.cpu_strategy` of `op`, or null when it has none.
inline CPUStrategyAttr getCPUStrategy(Operation *op) {
  return RmeanDialect::CpuStrategyAttrHelper(op->getContext()).getAttr(op);
}
inline void setCPUStrategy(Operation *op, CPUStrategyAttr strategy) {
  RmeanDialect::CpuStrategyAttrHelper(op->getContext()).setAttr(op, strategy);
}
inline void removeCPUStrategy(Operation *op) {
  op->removeAttr(RmeanDialect::CpuStrategyAttrHelper::getNameStr());
}

/// The `rmean.cpu_large_input` of `op`, or null when it has none.
inline CPULargeInputAttr getCPULargeInput(Operation *op) {
  return RmeanDialect::CpuLargeInputAttrHelper(op->getContext()).getAttr(op);
}
inline void setCPULargeInput(Operation *op, CPULargeInputAttr large) {
  RmeanDialect::CpuLargeInputAttrHelper(op->getContext()).setAttr(op, large);
}
inline void removeCPULargeInput(Operation *op) {
  op->removeAttr(RmeanDialect::CpuLargeInputAttrHelper::getNameStr());
}

/// The `rmean.cpu_short_rows` of `op`, or null when it has none.
inline CPUShortRowsAttr getCPUShortRows(Operation *op) {
  return RmeanDialect::CpuShortRowsAttrHelper(op->getContext()).getAttr(op);
}
inline void setCPUShortRows(Operation *op, CPUShortRowsAttr shortRows) {
  RmeanDialect::CpuShortRowsAttrHelper(op->getContext()).setAttr(op, shortRows);
}
inline void removeCPUShortRows(Operation *op) {
  op->removeAttr(RmeanDialect::CpuShortRowsAttrHelper::getNameStr());
}

/// The `rmean.gpu_strategy` of `op`, or null when it has none.
inline GPUStrategyAttr getGPUStrategy(Operation *op) {
  return RmeanDialect::GpuStrategyAttrHelper(op->getContext()).getAttr(op);
}
inline void setGPUStrategy(Operation *op, GPUStrategyAttr strategy) {
  RmeanDialect::GpuStrategyAttrHelper(op->getContext()).setAttr(op, strategy);
}

} // namespace mlir::rmean

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_H
