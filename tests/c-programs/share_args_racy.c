// Racy twin of share_chain.c: the stages take a counter by pointer, and each worker
// counts its own thread-local `mine`, then the shared `open`, through the same stages.
// The program is too large to inline every call, so the stages are shared, and a shared
// copy follows none of its arguments: its p points to both counters. Had the copy kept
// the first call's argument (&mine, private to the thread), the updates of `open`
// through it would be lost and `open` proved race-free. (`mine` is reported too: the
// shared copy's p may point to it whichever thread runs it, a false alarm of the
// coarser model.)
// args: --inline-budget 5000
// expect: open RACE
// expect: mine RACE
// expect-race-at: open 20 20
// fixed-twin: share_chain.c
#include <pthread.h>
#include <stdio.h>

static __thread long mine;
static long open;

static void stage0 (long *p) { (*p)++; }
static void stage1 (long *p) { stage0 (p); stage0 (p); }
static void stage2 (long *p) { stage1 (p); stage1 (p); }
static void stage3 (long *p) { stage2 (p); stage2 (p); }
static void stage4 (long *p) { stage3 (p); stage3 (p); }
static void stage5 (long *p) { stage4 (p); stage4 (p); }
static void stage6 (long *p) { stage5 (p); stage5 (p); }
static void stage7 (long *p) { stage6 (p); stage6 (p); }
static void stage8 (long *p) { stage7 (p); stage7 (p); }
static void stage9 (long *p) { stage8 (p); stage8 (p); }
static void stage10 (long *p) { stage9 (p); stage9 (p); }
static void stage11 (long *p) { stage10 (p); stage10 (p); }

static void *
worker (void *arg)
{
  (void) arg;
  stage11 (&mine);
  stage11 (&open);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", open);
  return 0;
}
