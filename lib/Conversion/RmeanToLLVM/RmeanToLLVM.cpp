//===- RmeanToLLVM.cpp - rmean's memref-level ops to the LLVM dialect -----===//
//
// `rmean.view_as_real` on a memref becomes a new descriptor over the same
// pointers (LLVM pointers are opaque: only the offset, sizes and strides
// change). `rmean.check` lowers like upstream's `cf.assert` (a conditional
// branch to a block that prints and aborts), except that the message is a
// printf format whose arguments are the check's values: upstream has no assert
// that prints run-time values, and its `vector.print` needs the runner-utils
// library, which an embedding host does not link; printf is in every libc.
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/RmeanToLLVM/RmeanToLLVM.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_CONVERTRMEANTOLLVMPASS
#include "rmean/Conversion/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// The printf format of `op`'s message (placeholders become `%lld`, a `%`
/// becomes `%%`, a newline ends it as `puts` would) and the values in the
/// order the format reads them.
static std::string buildFormat(CheckOp op, SmallVectorImpl<Value> &args,
                               ValueRange values) {
  std::string format;
  auto appendText = [&](StringRef text) {
    for (char c : text) {
      if (c == '%')
        format += '%';
      format += c;
    }
  };
  // The verifier has accepted the message, so parsing cannot fail here.
  (void)CheckOp::parseMessage(
      op.getMessage(), appendText,
      [&](unsigned index) {
        format += "%lld";
        args.push_back(values[index]);
      },
      [&] { return op.emitOpError(); });
  format += '\n';
  format.push_back('\0');
  return format;
}

/// Whether `op` sits where a block can be split: not in a region that must
/// keep a single block (scf.for before convert-scf-to-cf, ...).
static bool isInCFGBlock(Operation *op) {
  Operation *parent = op->getParentOp();
  return parent && !parent->hasTrait<OpTrait::SingleBlock>();
}

/// A symbol name starting with `base` that `module` does not define yet.
static std::string getUniqueSymbolName(ModuleOp module, StringRef base) {
  std::string name = base.str();
  for (unsigned i = 0; SymbolTable::lookupSymbolIn(module, name); ++i)
    name = (base + "_" + Twine(i)).str();
  return name;
}

namespace {
struct CheckOpLowering : public ConvertOpToLLVMPattern<CheckOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(CheckOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not inside a module");
    if (!isInCFGBlock(op))
      return rewriter.notifyMatchFailure(op, "in a single-block region");
    MLIRContext *ctx = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    FailureOr<LLVM::LLVMFuncOp> printfFn =
        LLVM::lookupOrCreateFn(rewriter, module, "printf", {ptrType},
                               rewriter.getI32Type(), /*isVarArg=*/true);
    FailureOr<LLVM::LLVMFuncOp> abortFn = LLVM::lookupOrCreateFn(
        rewriter, module, "abort", {}, LLVM::LLVMVoidType::get(ctx));
    // lookupOrCreateFn has reported the clash at the existing declaration.
    if (failed(printfFn) || failed(abortFn))
      return rewriter.notifyMatchFailure(
          op, "'printf' or 'abort' is declared with another signature");

    // Split at the check; the failure block prints and aborts.
    Block *opBlock = rewriter.getInsertionBlock();
    Block *continuation =
        rewriter.splitBlock(opBlock, rewriter.getInsertionPoint());
    Block *failure = rewriter.createBlock(opBlock->getParent());
    SmallVector<Value> args;
    std::string format = buildFormat(op, args, adaptor.getValues());
    Value formatPtr = LLVM::createGlobalString(
        loc, rewriter, getUniqueSymbolName(module, "rmean_check_msg"), format,
        LLVM::Linkage::Private);
    args.insert(args.begin(), formatPtr);
    LLVM::CallOp::create(rewriter, loc, *printfFn, args);
    LLVM::CallOp::create(rewriter, loc, *abortFn, ValueRange());
    LLVM::UnreachableOp::create(rewriter, loc);

    rewriter.setInsertionPointToEnd(opBlock);
    rewriter.replaceOpWithNewOp<LLVM::CondBrOp>(op, adaptor.getCondition(),
                                                continuation, failure);
    return success();
  }
};

/// The view of a complex memref as parts: the same allocated and aligned
/// pointers; offset and strides in parts (twice those in elements), the
/// sizes with a trailing 2 of stride 1.
struct ViewAsRealOpLowering : public ConvertOpToLLVMPattern<ViewAsRealOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ViewAsRealOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<MemRefType>(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "a tensor: bufferise first");
    Type descriptorType = typeConverter->convertType(resultType);
    if (!descriptorType)
      return rewriter.notifyMatchFailure(op, "result type not convertible");
    Location loc = op.getLoc();
    MemRefDescriptor input(adaptor.getInput());
    auto result = MemRefDescriptor::poison(rewriter, loc, descriptorType);
    result.setAllocatedPtr(rewriter, loc, input.allocatedPtr(rewriter, loc));
    result.setAlignedPtr(rewriter, loc, input.alignedPtr(rewriter, loc));
    Type indexType = getIndexType();
    Value two = createIndexAttrConstant(rewriter, loc, indexType, 2);
    auto twice = [&](Value v) -> Value {
      return LLVM::MulOp::create(rewriter, loc, v, two);
    };
    result.setOffset(rewriter, loc, twice(input.offset(rewriter, loc)));
    int64_t rank = cast<MemRefType>(op.getInput().getType()).getRank();
    for (int64_t d = 0; d < rank; ++d) {
      result.setSize(rewriter, loc, d, input.size(rewriter, loc, d));
      result.setStride(rewriter, loc, d, twice(input.stride(rewriter, loc, d)));
    }
    result.setConstantSize(rewriter, loc, rank, 2);
    result.setConstantStride(rewriter, loc, rank, 1);
    rewriter.replaceOp(op, {result});
    return success();
  }
};

struct RmeanToLLVMInterface : public ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;
  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &typeConverter,
      RewritePatternSet &patterns) const final {
    populateRmeanToLLVMConversionPatterns(typeConverter, patterns);
  }
};

struct ConvertRmeanToLLVMPass
    : rmean::impl::ConvertRmeanToLLVMPassBase<ConvertRmeanToLLVMPass> {
  void runOnOperation() override {
    WalkResult walk = getOperation().walk([](CheckOp op) {
      if (isInCFGBlock(op))
        return WalkResult::advance();
      op.emitOpError("must be in a block that can be split (a region of "
                     "several blocks); run convert-scf-to-cf first");
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    LLVMConversionTarget target(getContext());
    target.addIllegalOp<CheckOp>();
    // The tensor form has no LLVM lowering: it is for bufferisation.
    target.addDynamicallyLegalOp<ViewAsRealOp>(
        [](ViewAsRealOp op) { return !isa<MemRefType>(op.getType()); });
    LLVMTypeConverter converter(&getContext());
    RewritePatternSet patterns(&getContext());
    populateRmeanToLLVMConversionPatterns(converter, patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::rmean::populateRmeanToLLVMConversionPatterns(
    const LLVMTypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<CheckOpLowering, ViewAsRealOpLowering>(typeConverter);
}

void mlir::rmean::registerConvertRmeanToLLVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RmeanDialect *dialect) {
    dialect->addInterfaces<RmeanToLLVMInterface>();
  });
}
