// oneDNN peer: the reduction primitive with algorithm::reduction_mean
// (oneDNN 2.6 API, Debian libdnnl-dev), on the caller's buffers (no copies).
#include "bench_common.h"

#include <dlfcn.h>
#include <oneapi/dnnl/dnnl.hpp>

namespace rbench {

// oneDNN's OpenMP runtime decides its thread count from omp_get_max_threads();
// set it through whichever runtime the process bound (libgomp, or libomp when
// an rmean variant that uses threads is linked in: both export this symbol).
static void setOmpThreads(int n) {
  using Fn = void (*)(int);
  static Fn fn =
      reinterpret_cast<Fn>(dlsym(RTLD_DEFAULT, "omp_set_num_threads"));
  if (fn)
    fn(n);
}

struct OnednnPeer {
  dnnl::engine eng{dnnl::engine::kind::cpu, 0};
  dnnl::stream strm{eng};
  dnnl::reduction prim;
  dnnl::memory src, dst;
  int threads = 1;
};

static dnnl::memory::data_type toDnnl(DType t) {
  switch (t) {
  case DType::F32:
    return dnnl::memory::data_type::f32;
  case DType::F16:
    return dnnl::memory::data_type::f16;
  case DType::BF16:
    return dnnl::memory::data_type::bf16;
  case DType::I8:
    return dnnl::memory::data_type::s8;
  case DType::I32:
    return dnnl::memory::data_type::s32;
  case DType::F64: // not a reduction type of oneDNN 2.6: the peer is n/a
  case DType::I64:
  case DType::C32:
    return dnnl::memory::data_type::undef;
  }
  return dnnl::memory::data_type::undef;
}

static dnnl::memory::dims rowMajorStrides(const dnnl::memory::dims &d) {
  dnnl::memory::dims s(d.size());
  int64_t acc = 1;
  for (size_t i = d.size(); i-- > 0;) {
    s[i] = acc;
    acc *= d[i];
  }
  return s;
}

OnednnPeer *onednnMake(const Case &c, int threads, const void *in, void *out,
                       std::string &impl, std::string &why) {
  try {
    setOmpThreads(threads);
    auto *p = new OnednnPeer;
    p->threads = threads;
    dnnl::memory::dims sd(c.shape.begin(), c.shape.end()), dd = sd;
    for (int64_t a : c.axes)
      dd[a] = 1;
    dnnl::memory::desc smd(sd, toDnnl(c.dt), rowMajorStrides(sd));
    dnnl::memory::desc dmd(dd, toDnnl(c.dt), rowMajorStrides(dd));
    dnnl::reduction::desc d(dnnl::algorithm::reduction_mean, smd, dmd, 0.f,
                            0.f);
    dnnl::reduction::primitive_desc pd(d, p->eng);
    impl = pd.impl_info_str();
    p->prim = dnnl::reduction(pd);
    p->src = dnnl::memory(smd, p->eng, const_cast<void *>(in));
    p->dst = dnnl::memory(dmd, p->eng, out);
    return p;
  } catch (const dnnl::error &e) {
    why = std::string("oneDNN: ") + e.what();
    return nullptr;
  }
}

void onednnRun(OnednnPeer *p) {
  setOmpThreads(p->threads);
  p->prim.execute(p->strm, {{DNNL_ARG_SRC, p->src}, {DNNL_ARG_DST, p->dst}});
  p->strm.wait();
}

void onednnFree(OnednnPeer *p) { delete p; }

std::string onednnVersion() {
  const dnnl_version_t *v = dnnl_version();
  const char *rt = v->cpu_runtime == DNNL_RUNTIME_OMP   ? "OpenMP"
                   : v->cpu_runtime == DNNL_RUNTIME_TBB ? "TBB"
                   : v->cpu_runtime == DNNL_RUNTIME_SEQ ? "sequential"
                                                        : "other";
  return std::to_string(v->major) + "." + std::to_string(v->minor) + "." +
         std::to_string(v->patch) + ", " + rt + " runtime";
}

} // namespace rbench
