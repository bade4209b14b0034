//===- ExitOnFailedCheck.cpp - failed rmean checks exit, not abort --------===//
//
// See the pass description (Passes.td). rmean's checks are recognised by
// their message, the one trace of their origin that survives the lowering
// of cf.assert to LLVM: the aborting block prints a global string that
// starts with "rmean.reduce_mean: ".
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANEXITONFAILEDCHECKPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;

/// The exit status of a failed rmean check (EX_SOFTWARE in sysexits.h).
static constexpr int32_t kFailedCheckStatus = 70;

/// The bytes of the constant global string `value` points to, if any.
static std::optional<std::string> getGlobalString(Value value,
                                                  SymbolTableCollection &st) {
  auto addressOf = value.getDefiningOp<LLVM::AddressOfOp>();
  if (!addressOf)
    return std::nullopt;
  auto global = st.lookupNearestSymbolFrom<LLVM::GlobalOp>(
      addressOf, addressOf.getGlobalNameAttr());
  if (!global || !global.getConstant() || !global.getValueOrNull())
    return std::nullopt;
  Attribute init = global.getValueOrNull();
  if (auto str = dyn_cast<StringAttr>(init))
    return str.str();
  auto dense = dyn_cast<DenseIntElementsAttr>(init);
  if (!dense || !dense.getElementType().isInteger(8))
    return std::nullopt;
  std::string bytes;
  for (const APInt &byte : dense.getValues<APInt>())
    bytes.push_back(static_cast<char>(byte.getZExtValue()));
  return bytes;
}

/// Whether `value` points to an rmean message. Through a block argument
/// (identical failure blocks merged by region simplification, their
/// messages passed as operands), every incoming value must.
static bool isRmeanMessage(Value value, SymbolTableCollection &st,
                           SmallPtrSetImpl<Value> &visited) {
  while (auto gep = value.getDefiningOp<LLVM::GEPOp>())
    value = gep.getBase();
  if (!visited.insert(value).second)
    return true; // A cycle adds no other message.
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg) {
    std::optional<std::string> text = getGlobalString(value, st);
    return text && StringRef(*text).starts_with("rmean.reduce_mean: ");
  }
  Block *block = arg.getOwner();
  if (block->isEntryBlock() || block->hasNoPredecessors())
    return false;
  for (auto it = block->pred_begin(), e = block->pred_end(); it != e; ++it) {
    auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
    if (!branch)
      return false;
    Value incoming =
        branch.getSuccessorOperands(it.getSuccessorIndex())[arg.getArgNumber()];
    if (!incoming || !isRmeanMessage(incoming, st, visited))
      return false;
  }
  return true;
}

/// Whether `abortCall` ends a failed rmean check: an earlier call in its
/// block prints rmean's message (`puts` from cf.assert, `printf` from
/// rmean.check).
static bool endsRmeanCheck(LLVM::CallOp abortCall, SymbolTableCollection &st) {
  for (Operation *op = abortCall->getPrevNode(); op; op = op->getPrevNode()) {
    auto call = dyn_cast<LLVM::CallOp>(op);
    if (!call || call.getArgOperands().empty())
      continue;
    SmallPtrSet<Value, 4> visited;
    if (isRmeanMessage(call.getArgOperands().front(), st, visited))
      return true;
  }
  return false;
}

namespace {
struct RmeanExitOnFailedCheckPass
    : rmean::impl::RmeanExitOnFailedCheckPassBase<RmeanExitOnFailedCheckPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = module.getContext();
    SymbolTableCollection symbolTables;
    SmallVector<LLVM::CallOp> aborts;
    module.walk([&](LLVM::CallOp call) {
      if (call.getCallee() == "abort" && endsRmeanCheck(call, symbolTables))
        aborts.push_back(call);
    });
    if (aborts.empty())
      return;
    OpBuilder b(ctx);
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    Type i32 = IntegerType::get(ctx, 32);
    FailureOr<LLVM::LLVMFuncOp> fflush =
        LLVM::lookupOrCreateFn(b, module, "fflush", {ptrType}, i32);
    FailureOr<LLVM::LLVMFuncOp> exitFn = LLVM::lookupOrCreateFn(
        b, module, "_exit", {i32}, LLVM::LLVMVoidType::get(ctx));
    if (failed(fflush) || failed(exitFn)) {
      module.emitError("a function named 'fflush' or '_exit' exists with an "
                       "unexpected signature; expected i32 (ptr) and "
                       "void (i32)");
      return signalPassFailure();
    }
    for (LLVM::CallOp call : aborts) {
      b.setInsertionPoint(call);
      Location loc = call.getLoc();
      Value null = LLVM::ZeroOp::create(b, loc, ptrType);
      LLVM::CallOp::create(b, loc, *fflush, ValueRange{null});
      Value status = LLVM::ConstantOp::create(
          b, loc, i32, b.getI32IntegerAttr(kFailedCheckStatus));
      LLVM::CallOp::create(b, loc, *exitFn, ValueRange{status});
      call.erase();
    }
  }
};
} // namespace
