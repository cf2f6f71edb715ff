// A program too large to inline every call: each stage calls the one below it twice,
// so stage 14 inlined whole would be 2^14 copies of record (). racefree shares one copy
// of the body of the functions called from two places or more in each thread (warning:
// the program is too large to inline every call); the copy may return to any of its
// callers, which keeps every real run. Every update of `total` is under `lock`, in the
// shared record (), so the coarser model still proves it.
// args: --inline-budget 5000
// expect: total race-free
// racy-twin: share_chain_racy.c share_args_racy.c share_dispatch_racy.c
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void
record (int v)
{
  pthread_mutex_lock (&lock);
  total += v;
  pthread_mutex_unlock (&lock);
}

static void stage0 (int v) { record (v); record (v + 1); }
static void stage1 (int v) { stage0 (v); stage0 (v * 2); }
static void stage2 (int v) { stage1 (v); stage1 (v * 2); }
static void stage3 (int v) { stage2 (v); stage2 (v * 2); }
static void stage4 (int v) { stage3 (v); stage3 (v * 2); }
static void stage5 (int v) { stage4 (v); stage4 (v * 2); }
static void stage6 (int v) { stage5 (v); stage5 (v * 2); }
static void stage7 (int v) { stage6 (v); stage6 (v * 2); }
static void stage8 (int v) { stage7 (v); stage7 (v * 2); }
static void stage9 (int v) { stage8 (v); stage8 (v * 2); }
static void stage10 (int v) { stage9 (v); stage9 (v * 2); }
static void stage11 (int v) { stage10 (v); stage10 (v * 2); }
static void stage12 (int v) { stage11 (v); stage11 (v * 2); }
static void stage13 (int v) { stage12 (v); stage12 (v * 2); }
static void stage14 (int v) { stage13 (v); stage13 (v * 2); }

static void *
worker (void *arg)
{
  stage14 ((int) (long) arg);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  return 0;
}
