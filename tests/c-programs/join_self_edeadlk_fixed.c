// join_self_edeadlk_fixed.c: the worker does not join itself; main writes `result` only
// after it has joined the worker.
// expect: result race-free
// expect: g_self race-free
// racy-twin: join_self_edeadlk.c
#include <pthread.h>
#include <stddef.h>

static pthread_t g_self;
static int result;

static void *
worker (void *arg)
{
  (void) arg;
  result = 1;
  return NULL;
}

int
main (void)
{
  pthread_create (&g_self, NULL, worker, NULL);
  pthread_join (g_self, NULL);
  result += 2;
  return result;
}
