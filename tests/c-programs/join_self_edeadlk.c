// join_self_edeadlk.c: the worker joins the handle main created it into, that is, itself:
// glibc's pthread_join fails at once with EDEADLK and the worker goes on to write
// `result`, while main writes it too before it joins the worker. The model must let the
// failed join go on (a model that waits there for ever hides the race). The worker's
// read of g_self races too: pthread_create may store the handle after the thread starts.
// expect: result RACE
// expect: g_self RACE
// expect-deadlock: self-join g_self: SELF-JOIN
// fixed-twin: join_self_edeadlk_fixed.c
#include <pthread.h>
#include <stddef.h>

static pthread_t g_self;
static int result;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_join (g_self, NULL);
  result = 1;
  return NULL;
}

int
main (void)
{
  pthread_create (&g_self, NULL, worker, NULL);
  result = 2;
  pthread_join (g_self, NULL);
  return result;
}
