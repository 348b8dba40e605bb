//go:build cgo && !purego

// C interface between engine_v8.go and v8_bridge.cc. Plain C types only, so cgo can
// call it; every char* in a tb_result is malloc'd and freed by the Go side.
#ifndef TOURBOOK_V8_BRIDGE_H
#define TOURBOOK_V8_BRIDGE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tb_isolate tb_isolate;

enum {
  TB_OK = 0,
  TB_EXCEPTION = 1,  // JS threw: data is String(exception), stack its stack
  TB_TERMINATED = 2, // TerminateExecution stopped it (timeout, cancellation)
  TB_OOM = 3,        // the heap limit was reached; the isolate must be discarded
  TB_FAILED = 4      // a bridge-level failure described in data
};

typedef struct {
  int status;
  char *data;
  size_t len;
  char *stack;
  size_t stack_len;
  // console output as records: 1 byte level, 4 bytes little-endian length, bytes.
  char *logs;
  size_t logs_len;
} tb_result;

void tb_v8_init(void);
tb_isolate *tb_isolate_new(size_t heap_limit_bytes);
// tb_eval compiles and runs a script. cache, when not NULL, is a code cache made by
// tb_code_cache for the same source: *cache_rejected says whether V8 refused it (another
// V8 version or flags, another source), in which case the source was compiled afresh.
// The script is kept for tb_code_cache.
tb_result tb_eval(tb_isolate *t, const char *src, size_t len, const char *name, size_t name_len,
                  const char *cache, size_t cache_len, int *cache_rejected);
// tb_code_cache serialises the last script tb_eval ran, with every function compiled so
// far (after a render: the ones rendering needs), into data; TB_FAILED if V8 cannot.
tb_result tb_code_cache(tb_isolate *t);
// The tag of this V8's version and flags that a code cache depends on (after tb_v8_init).
unsigned int tb_code_cache_tag(void);
const char *tb_v8_version(void);
tb_result tb_bind_render(tb_isolate *t);
tb_result tb_render(tb_isolate *t, const char *page, size_t page_len, const char *props, size_t props_len);
void tb_terminate(tb_isolate *t);
void tb_isolate_free(tb_isolate *t);

#ifdef __cplusplus
}
#endif

#endif
