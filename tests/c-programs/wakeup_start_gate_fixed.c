// wakeup_start_gate_fixed.c: the start gate has a flag: main sets `open` under the mutex
// and broadcasts; a worker waits only while the gate is closed, so one that comes late
// goes straight through.
// expect: results[] race-free
// expect: open race-free
// racy-twin: wakeup_start_gate.c
#include <pthread.h>
#include <stddef.h>

#define N 4

static pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER;
static int open;
static long results[N];

static void *
worker (void *arg)
{
  long id = (long) arg;
  pthread_mutex_lock (&gate);
  while (open == 0)
    pthread_cond_wait (&go, &gate);
  pthread_mutex_unlock (&gate);
  results[id] = id * 10;
  return NULL;
}

int
main (void)
{
  pthread_t tid[N];
  for (long i = 0; i < N; i++)
    pthread_create (&tid[i], NULL, worker, (void *) i);
  pthread_mutex_lock (&gate);
  open = 1;
  pthread_cond_broadcast (&go);
  pthread_mutex_unlock (&gate);
  for (int i = 0; i < N; i++)
    pthread_join (tid[i], NULL);
  return 0;
}
