//===- rmean-fuzz.cpp - libFuzzer target for rmean ------------------------===//
//
// Feeds arbitrary bytes through rmean the way a host compiler would. Two
// modes (RMEAN_FUZZ_MODE in the environment):
//
//  ir        (default) the bytes are an MLIR module: parse, verify, then
//            canonicalize, convert-rmean-to-linalg, rmean-raise,
//            convert-rmean-to-tosa, the CPU strategy passes one by one and
//            the whole rmean-cpu-pipeline (options picked from the input's
//            hash), each on a fresh copy.
//  pipeline  the bytes are a --pass-pipeline text, run on a fixed module of
//            rmean ops (static, dynamic, runtime axes, several types).
//
// A crash, sanitizer report, assertion or LLVM ERROR is a finding; a
// diagnostic is the expected answer to bad input. Only the builtin, func,
// arith, tensor, complex and rmean dialects are registered for parsing (so
// other dialects' parsers never run), and pipelines naming other passes
// than rmean's, canonicalize and cse are skipped: the fuzzer is after
// rmean's code, not upstream MLIR's (which has its own fuzzers).
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/Passes.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Pipelines/Pipelines.h"
#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {
enum class Mode { IR, Pipeline };

struct Fuzzer {
  /// What rmean's pipelines need (rmean::registerRmeanRequiredDialects...).
  DialectRegistry registry;
  /// The dialects the fuzzer parses: only those, so that the parsers of
  /// other dialects (upstream code, with its own fuzzers) never see the
  /// bytes; the rest of `registry` is added after parsing.
  DialectRegistry parseRegistry;
  Mode mode = Mode::IR;
};

Fuzzer &fuzzer() {
  static Fuzzer instance;
  return instance;
}

/// The module pipeline mode runs on: the layouts, types and axes forms the
/// strategies distinguish.
constexpr const char *kPipelineModule = R"mlir(
func.func @rows(%x: tensor<8x37xf32>) -> tensor<8xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x37xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @cols_f16(%x: tensor<33x20xf16>) -> tensor<1x20xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<33x20xf16> -> tensor<1x20xf16>
  return %0 : tensor<1x20xf16>
}
func.func @middle(%x: tensor<?x?x?xbf16>) -> tensor<?x?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?x?xbf16> -> tensor<?x?xbf16>
  return %0 : tensor<?x?xbf16>
}
func.func @all_i64(%x: tensor<5x7xi64>) -> tensor<i64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<5x7xi64> -> tensor<i64>
  return %0 : tensor<i64>
}
func.func @runtime(%x: tensor<4x?xf64>, %a: tensor<?xi32>) -> tensor<?x?xf64> {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<4x?xf64>, tensor<?xi32> -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}
func.func @complex(%x: tensor<3x16xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -1>} : tensor<3x16xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}
func.func @ui8(%x: tensor<2x3x64xui8>) -> tensor<3xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<2x3x64xui8> -> tensor<3xui8>
  return %0 : tensor<3xui8>
}
)mlir";

/// Whether `text` is a pipeline made only of rmean's passes and pipelines,
/// canonicalize and cse, under builtin.module/func.func/any anchors. Option
/// blocks (`{...}`, balanced) are skipped: their contents are what the
/// passes' own option parsing must survive.
bool isRmeanPipeline(StringRef text) {
  static const llvm::StringSet<> allowed = {"builtin.module",
                                            "func.func",
                                            "any",
                                            "canonicalize",
                                            "cse",
                                            "rmean-cpu-pipeline",
                                            "convert-rmean-to-linalg",
                                            "convert-rmean-to-tosa",
                                            "rmean-raise",
                                            "rmean-view-complex-as-real",
                                            "rmean-split-reduced-runs",
                                            "rmean-select-cpu-strategy",
                                            "rmean-cpu-tile",
                                            "rmean-cpu-vectorize",
                                            "rmean-narrow-accumulators",
                                            "rmean-prefetch",
                                            "rmean-exit-on-failed-check",
                                            "convert-rmean-to-llvm"};
  size_t i = 0, n = text.size();
  bool any = false;
  while (i < n) {
    char c = text[i];
    if (c == ' ' || c == '(' || c == ')' || c == ',') {
      ++i;
      continue;
    }
    if (c == '{') {
      int depth = 0;
      for (; i < n; ++i) {
        depth += text[i] == '{' ? 1 : text[i] == '}' ? -1 : 0;
        if (depth == 0)
          break;
      }
      if (i == n)
        return false;
      ++i;
      continue;
    }
    size_t start = i;
    while (i < n && (std::isalnum(static_cast<unsigned char>(text[i])) ||
                     text[i] == '-' || text[i] == '_' || text[i] == '.'))
      ++i;
    if (i == start || !allowed.contains(text.slice(start, i)))
      return false;
    any = true;
  }
  return any;
}

/// Whether every op of `module` belongs to a dialect the fuzzer targets.
bool usesOnlyTargetDialects(ModuleOp module) {
  static const llvm::StringSet<> dialects = {"builtin", "func",    "arith",
                                             "tensor",  "complex", "rmean"};
  WalkResult walk = module->walk([](Operation *op) {
    return dialects.contains(op->getName().getDialectNamespace())
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  return !walk.wasInterrupted();
}

/// Runs `pipeline` on a copy of `module`; failures are expected answers.
void runOnCopy(ModuleOp module, StringRef pipeline) {
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(module.getContext());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsePassPipeline(pipeline, pm, errorStream)))
    return;
  (void)pm.run(*copy);
}

void fuzzIR(MLIRContext &ctx, StringRef text) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
  if (!module || !usesOnlyTargetDialects(*module))
    return;
  ctx.appendDialectRegistry(fuzzer().registry);
  static const char *const kVectorSizes[] = {"16", "0", "4", "8", "1"};
  static const char *const kThreads[] = {"1", "2", "3"};
  static const char *const kTiles[] = {"1024", "16", "1"};
  static const char *const kTrips[] = {"8", "0", "1", "3"};
  size_t h = llvm::hash_value(text);
  // A bound of 0 bytes puts the fuzzer's small inputs on threads too.
  static const char *const kMinThreadedBytes[] = {"1048576", "0"};
  // A bound of 0 bytes gives them row streams (static, or chosen at run
  // time for dynamic rows: rmean.cpu_large_input) where their rows qualify.
  static const char *const kRowStreamsBytes[] = {"16777216", "0"};
  std::string select =
      std::string("vector-size=") + kVectorSizes[h % 5] +
      " num-threads=" + kThreads[(h / 5) % 3] +
      " cache-tile=" + kTiles[(h / 15) % 3] +
      " min-threaded-bytes=" + kMinThreadedBytes[(h / 4320) % 2] +
      " row-streams-bytes=" + kRowStreamsBytes[(h / 8640) % 2];
  static const char *const kPrefetch[] = {"4096", "64", "0"};
  std::string narrow = std::string("block-trips=") + kTrips[(h / 45) % 4] +
                       ((h / 180) % 2 ? " narrow-f32=false" : "");
  static const char *const kOuterRows[] = {"-1", "0", "8", "3"};
  std::string prefetch = std::string("prefetch-distance=") +
                         kPrefetch[(h / 360) % 3] +
                         " outer-rows-per-step=" + kOuterRows[(h / 1080) % 4];
  const std::string pipelines[] = {
      "builtin.module(canonicalize)",
      "builtin.module(convert-rmean-to-linalg)",
      "builtin.module(func.func(rmean-raise))",
      "builtin.module(convert-rmean-to-tosa)",
      "builtin.module(convert-rmean-to-linalg, "
      "func.func(rmean-view-complex-as-real, rmean-split-reduced-runs, "
      "rmean-select-cpu-strategy{" +
          select +
          "}, rmean-cpu-tile, rmean-cpu-vectorize, "
          "rmean-narrow-accumulators{" +
          narrow + "}))",
      "builtin.module(rmean-cpu-pipeline{" + select + " " + narrow + " " +
          prefetch + "})"};
  for (const std::string &pipeline : pipelines)
    runOnCopy(*module, pipeline);
}

void fuzzPipeline(MLIRContext &ctx, StringRef text) {
  text = text.take_until([](char c) { return c == '\n' || c == '\0'; });
  if (text.size() > 512 || !isRmeanPipeline(text))
    return;
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kPipelineModule, &ctx);
  if (!module)
    std::abort(); // The fixed module is valid: a failure is a finding.
  ctx.appendDialectRegistry(fuzzer().registry);
  runOnCopy(*module, text);
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  Fuzzer &f = fuzzer();
  rmean::registerRmeanRequiredDialectsAndInterfaces(f.registry);
  f.parseRegistry
      .insert<arith::ArithDialect, complex::ComplexDialect, func::FuncDialect,
              rmean::RmeanDialect, tensor::TensorDialect>();
  registerTransformsPasses();
  rmean::registerRmeanConversionPasses();
  rmean::registerRmeanTransformsPasses();
  rmean::registerRmeanPipelines();
  const char *mode = std::getenv("RMEAN_FUZZ_MODE");
  if (mode && StringRef(mode) == "pipeline")
    f.mode = Mode::Pipeline;
  else if (mode && StringRef(mode) != "ir") {
    llvm::errs() << "rmean-fuzz: RMEAN_FUZZ_MODE must be 'ir' or 'pipeline'\n";
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Fuzzer &f = fuzzer();
  MLIRContext ctx(f.parseRegistry, MLIRContext::Threading::DISABLED);
  // Diagnostics are the expected answer to bad input: keep them quiet.
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  // MLIR's lexer reads the byte after the buffer, expecting a NUL there:
  // hand it a NUL-terminated copy, as a file would be.
  std::string copy(reinterpret_cast<const char *>(data), size);
  StringRef text(copy);
  if (f.mode == Mode::Pipeline)
    fuzzPipeline(ctx, text);
  else
    fuzzIR(ctx, text);
  return 0;
}
