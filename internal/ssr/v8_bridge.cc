//go:build cgo && !purego

// A minimal V8 embedding for renderPage: one isolate with one context per tb_isolate,
// created, used and freed by one locked OS thread (engine_v8.go). That thread takes the
// isolate's v8::Locker and enters it once, in tb_isolate_new, and keeps both until
// tb_isolate_free: taking the Locker per call made V8 free and restore its per-thread
// state every time, measured at about 40 µs of a 50 µs round trip.

#include "v8_bridge.h"

#include <libplatform/libplatform.h>
#include <v8.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

namespace {

std::once_flag init_once;
v8::Platform *platform = nullptr;

// Extra room granted when the heap limit is hit, so that V8 can unwind the terminated
// script instead of aborting the whole process.
constexpr size_t kHeapGrace = 64 * 1024 * 1024;

}  // namespace

struct tb_isolate {
  v8::Isolate *isolate = nullptr;
  v8::Locker *locker = nullptr;             // held from tb_isolate_new to tb_isolate_free
  v8::Isolate::Scope *isolate_scope = nullptr;  // likewise
  v8::ArrayBuffer::Allocator *allocator = nullptr;
  v8::Global<v8::Context> context;
  v8::Global<v8::Function> render;
  v8::Global<v8::UnboundScript> script;  // the last script tb_eval ran (the bundle)
  std::string logs;
  std::atomic<bool> oom{false};
};

namespace {

char *copy_bytes(const char *s, size_t n) {
  char *out = static_cast<char *>(malloc(n + 1));
  if (out == nullptr) abort();
  memcpy(out, s, n);
  out[n] = 0;
  return out;
}

void set_data(tb_result *r, const std::string &s) {
  r->data = copy_bytes(s.data(), s.size());
  r->len = s.size();
}

// Copies a JS string out as UTF-8; lone surrogates become U+FFFD as in the other engines.
void set_js_string(v8::Isolate *iso, v8::Local<v8::String> s, char **out, size_t *len) {
  // One pass: a UTF-16 unit never takes more than 3 UTF-8 bytes, so a buffer of 3 per
  // unit always fits, and WriteUtf8 says how much it used. Measuring first with
  // Utf8Length walked the 10-20 KB page twice (24 us of a 190 us render).
  size_t cap = 3 * static_cast<size_t>(s->Length()) + 1;
  char *buf = static_cast<char *>(malloc(cap));
  if (buf == nullptr) abort();
  int n = s->WriteUtf8(iso, buf, static_cast<int>(cap), nullptr,
                       v8::String::NO_NULL_TERMINATION | v8::String::REPLACE_INVALID_UTF8);
  buf[n] = 0;
  *out = buf;
  *len = static_cast<size_t>(n);
}

void take_logs(tb_isolate *t, tb_result *r) {
  if (t->logs.empty()) return;
  r->logs = copy_bytes(t->logs.data(), t->logs.size());
  r->logs_len = t->logs.size();
  t->logs.clear();
}

// __tourbookLog(level, message): the prelude's console forwards here; Go logs the
// records after the call returns, so no callback into Go is needed.
void log_callback(const v8::FunctionCallbackInfo<v8::Value> &info) {
  auto *t = static_cast<tb_isolate *>(info.Data().As<v8::External>()->Value());
  v8::Isolate *iso = info.GetIsolate();
  int level = 0;
  if (info.Length() > 0 && info[0]->IsInt32()) level = info[0].As<v8::Int32>()->Value();
  std::string msg;
  if (info.Length() > 1) {
    v8::String::Utf8Value s(iso, info[1]);
    if (*s != nullptr) msg.assign(*s, s.length());
  }
  uint32_t n = static_cast<uint32_t>(msg.size());
  t->logs.push_back(static_cast<char>(level));
  for (int i = 0; i < 4; i++) t->logs.push_back(static_cast<char>((n >> (8 * i)) & 0xff));
  t->logs.append(msg);
}

size_t near_heap_limit(void *data, size_t current, size_t initial) {
  auto *t = static_cast<tb_isolate *>(data);
  t->oom = true;
  t->isolate->TerminateExecution();
  return current + kHeapGrace;
}

// Fills r from a finished TryCatch; returns true when something went wrong.
bool check(tb_isolate *t, v8::Local<v8::Context> ctx, v8::TryCatch &tc, tb_result *r) {
  v8::Isolate *iso = t->isolate;
  if (t->oom) {
    r->status = TB_OOM;
    set_data(r, "JS heap limit reached");
    return true;
  }
  if (tc.HasTerminated() || iso->IsExecutionTerminating()) {
    r->status = TB_TERMINATED;
    set_data(r, "execution terminated");
    return true;
  }
  if (!tc.HasCaught()) return false;
  r->status = TB_EXCEPTION;
  v8::String::Utf8Value msg(iso, tc.Exception());
  if (*msg != nullptr) {
    r->data = copy_bytes(*msg, msg.length());
    r->len = msg.length();
  } else {
    set_data(r, "unknown JS exception");
  }
  v8::Local<v8::Value> stack;
  if (tc.StackTrace(ctx).ToLocal(&stack) && stack->IsString()) {
    set_js_string(iso, stack.As<v8::String>(), &r->stack, &r->stack_len);
  }
  return true;
}

// Runs the tasks V8 posted for this isolate (GC finalisation and the like): there is
// no event loop to do it otherwise.
void pump(v8::Isolate *iso) {
  while (v8::platform::PumpMessageLoop(platform, iso, v8::platform::MessageLoopBehavior::kDoNotWait)) {
  }
}

// Entered is what every call needs to run JS in t's context, on t's own thread, which
// already holds the Locker and has entered the isolate. Members are constructed in
// declaration order, which is the order V8 requires.
struct Entered {
  v8::HandleScope handles;
  v8::Local<v8::Context> ctx;
  v8::Context::Scope context_scope;

  explicit Entered(tb_isolate *t)
      : handles(t->isolate),
        ctx(t->context.Get(t->isolate)),
        context_scope(ctx) {}
};

}  // namespace

extern "C" {

void tb_v8_init(void) {
  std::call_once(init_once, [] {
    // renderToString makes a lot of short-lived garbage. A 32 MB semi-space (V8's default
    // for this heap size is a few MB) cuts the scavenges: measured on the tour page, two
    // renders in parallel went from 175-208 us to 136-137 us an op. It costs up to about
    // 100 MB of young generation per isolate, one isolate per CPU.
    v8::V8::SetFlagsFromString("--max-semi-space-size=32");
    v8::V8::InitializeICU();
    platform = v8::platform::NewDefaultPlatform().release();
    v8::V8::InitializePlatform(platform);
    v8::V8::Initialize();
  });
}

tb_isolate *tb_isolate_new(size_t heap_limit_bytes) {
  auto *t = new tb_isolate();
  t->allocator = v8::ArrayBuffer::Allocator::NewDefaultAllocator();
  v8::Isolate::CreateParams params;
  params.array_buffer_allocator = t->allocator;
  params.constraints.ConfigureDefaultsFromHeapSize(0, heap_limit_bytes);
  t->isolate = v8::Isolate::New(params);
  t->isolate->AddNearHeapLimitCallback(near_heap_limit, t);
  // Microtasks run when we say so (after each call), like the other engines.
  t->isolate->SetMicrotasksPolicy(v8::MicrotasksPolicy::kExplicit);

  t->locker = new v8::Locker(t->isolate);
  t->isolate_scope = new v8::Isolate::Scope(t->isolate);
  v8::HandleScope handles(t->isolate);
  v8::Local<v8::ObjectTemplate> global = v8::ObjectTemplate::New(t->isolate);
  global->Set(t->isolate, "__tourbookLog",
              v8::FunctionTemplate::New(t->isolate, log_callback, v8::External::New(t->isolate, t)));
  v8::Local<v8::Context> ctx = v8::Context::New(t->isolate, nullptr, global);
  t->context.Reset(t->isolate, ctx);
  return t;
}

tb_result tb_eval(tb_isolate *t, const char *src, size_t len, const char *name, size_t name_len,
                  const char *cache, size_t cache_len, int *cache_rejected) {
  tb_result r{};
  v8::Isolate *iso = t->isolate;
  Entered entered(t);
  v8::Local<v8::Context> ctx = entered.ctx;
  v8::TryCatch tc(iso);

  v8::Local<v8::String> source, file;
  if (!v8::String::NewFromUtf8(iso, src, v8::NewStringType::kNormal, static_cast<int>(len)).ToLocal(&source) ||
      !v8::String::NewFromUtf8(iso, name, v8::NewStringType::kNormal, static_cast<int>(name_len)).ToLocal(&file)) {
    r.status = TB_FAILED;
    set_data(&r, "script too large for a V8 string");
    return r;
  }
  v8::ScriptOrigin origin(iso, file);
  v8::ScriptCompiler::CachedData *cached = nullptr;
  v8::ScriptCompiler::CompileOptions options = v8::ScriptCompiler::kNoCompileOptions;
  if (cache != nullptr && cache_len > 0) {
    // Not owned: the bytes are the caller's and outlive the compilation.
    cached = new v8::ScriptCompiler::CachedData(reinterpret_cast<const uint8_t *>(cache), static_cast<int>(cache_len));
    options = v8::ScriptCompiler::kConsumeCodeCache;
  }
  v8::ScriptCompiler::Source compile_source(source, origin, cached);  // owns cached
  v8::Local<v8::UnboundScript> unbound;
  if (v8::ScriptCompiler::CompileUnboundScript(iso, &compile_source, options).ToLocal(&unbound)) {
    t->script.Reset(iso, unbound);
    unbound->BindToCurrentContext()->Run(ctx).IsEmpty();
  }
  if (cache_rejected != nullptr) *cache_rejected = cached != nullptr && compile_source.GetCachedData()->rejected;
  if (!check(t, ctx, tc, &r)) iso->PerformMicrotaskCheckpoint();
  if (r.status == TB_OK) check(t, ctx, tc, &r);
  take_logs(t, &r);
  pump(iso);
  return r;
}

tb_result tb_code_cache(tb_isolate *t) {
  tb_result r{};
  v8::Isolate *iso = t->isolate;
  v8::HandleScope handles(iso);
  if (t->script.IsEmpty()) {
    r.status = TB_FAILED;
    set_data(&r, "no script to cache");
    return r;
  }
  std::unique_ptr<v8::ScriptCompiler::CachedData> data(v8::ScriptCompiler::CreateCodeCache(t->script.Get(iso)));
  if (data == nullptr || data->length <= 0) {
    r.status = TB_FAILED;
    set_data(&r, "V8 made no code cache for the script");
    return r;
  }
  r.data = copy_bytes(reinterpret_cast<const char *>(data->data), static_cast<size_t>(data->length));
  r.len = static_cast<size_t>(data->length);
  return r;
}

unsigned int tb_code_cache_tag(void) { return v8::ScriptCompiler::CachedDataVersionTag(); }

const char *tb_v8_version(void) { return v8::V8::GetVersion(); }

tb_result tb_bind_render(tb_isolate *t) {
  tb_result r{};
  v8::Isolate *iso = t->isolate;
  Entered entered(t);
  v8::Local<v8::Context> ctx = entered.ctx;
  v8::Local<v8::Value> fn;
  v8::Local<v8::String> key = v8::String::NewFromUtf8Literal(iso, "renderPage");
  if (!ctx->Global()->Get(ctx, key).ToLocal(&fn) || !fn->IsFunction()) {
    r.status = TB_FAILED;
    set_data(&r, "the bundle does not define globalThis.renderPage as a function");
    return r;
  }
  t->render.Reset(iso, fn.As<v8::Function>());
  return r;
}

tb_result tb_render(tb_isolate *t, const char *page, size_t page_len, const char *props, size_t props_len) {
  tb_result r{};
  v8::Isolate *iso = t->isolate;
  Entered entered(t);
  v8::Local<v8::Context> ctx = entered.ctx;
  v8::TryCatch tc(iso);

  v8::Local<v8::Value> args[2];
  if (!v8::String::NewFromUtf8(iso, page, v8::NewStringType::kNormal, static_cast<int>(page_len)).ToLocal(&args[0]) ||
      !v8::String::NewFromUtf8(iso, props, v8::NewStringType::kNormal, static_cast<int>(props_len)).ToLocal(&args[1])) {
    r.status = TB_FAILED;
    set_data(&r, "props too large for a V8 string");
    return r;
  }
  v8::Local<v8::Value> out;
  bool ok = t->render.Get(iso)->Call(ctx, ctx->Global(), 2, args).ToLocal(&out);
  if (ok && !check(t, ctx, tc, &r)) {
    iso->PerformMicrotaskCheckpoint();
    if (!check(t, ctx, tc, &r)) {
      if (out->IsString()) {
        set_js_string(iso, out.As<v8::String>(), &r.data, &r.len);
      } else {
        r.status = TB_FAILED;
        set_data(&r, "renderPage did not return a string");
      }
    }
  } else if (!ok) {
    check(t, ctx, tc, &r);
    if (r.status == TB_OK) {
      r.status = TB_FAILED;
      set_data(&r, "renderPage failed without an exception");
    }
  }
  take_logs(t, &r);
  if (r.status == TB_TERMINATED || r.status == TB_OOM) iso->CancelTerminateExecution();
  pump(iso);
  return r;
}

// Safe from any thread at any time: this is how a timeout or a cancelled request stops
// a runaway render.
void tb_terminate(tb_isolate *t) { t->isolate->TerminateExecution(); }

void tb_isolate_free(tb_isolate *t) {
  t->render.Reset();
  t->script.Reset();
  t->context.Reset();
  delete t->isolate_scope;
  delete t->locker;
  v8::platform::NotifyIsolateShutdown(platform, t->isolate);
  t->isolate->Dispose();
  delete t->allocator;
  delete t;
}

}  // extern "C"
