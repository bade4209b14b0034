//===- Passes.h - rmean conversion passes -----------------------*- C++ -*-===//
//
// Declares the conversions out of the rmean dialect and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_CONVERSION_PASSES_H
#define RMEAN_CONVERSION_PASSES_H

#include "rmean/Conversion/RmeanToLLVM/RmeanToLLVM.h"
#include "rmean/Conversion/RmeanToLinalg/RmeanToLinalg.h"
#include "rmean/Conversion/RmeanToTosa/RmeanToTosa.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rmean {

#define GEN_PASS_REGISTRATION
#include "rmean/Conversion/Passes.h.inc"

} // namespace mlir::rmean

#endif // RMEAN_CONVERSION_PASSES_H
