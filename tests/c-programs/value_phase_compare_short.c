// As value_phase_compare.c, but the worker waits only for phase 1 before it reads the
// weights, which the coordinator may still be filling.
// expect: phase race-free
// expect: input[] race-free
// expect: weights[] RACE
// expect-race-at: weights[] 55 41
// fixed-twin: value_phase_compare.c
#include <pthread.h>

static pthread_mutex_t pm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pc = PTHREAD_COND_INITIALIZER;
static int phase;
static int input[4], weights[4];

static void
publish (int p)
{
  pthread_mutex_lock (&pm);
  phase = p;
  pthread_cond_broadcast (&pc);
  pthread_mutex_unlock (&pm);
}

static void
await (int p)
{
  pthread_mutex_lock (&pm);
  while (phase < p)
    pthread_cond_wait (&pc, &pm);
  pthread_mutex_unlock (&pm);
}

static void *
coordinator (void *arg)
{
  (void) arg;
  for (int i = 0; i < 4; i++)
    input[i] = i;
  publish (1);
  for (int i = 0; i < 4; i++)
    weights[i] = 4 - i;
  publish (2);
  return NULL;
}

static void *
worker (void *arg)
{
  long dot = 0;
  (void) arg;
  await (1);
  int first = input[0];
  await (1);
  for (int i = 0; i < 4; i++)
    dot += (long) input[i] * weights[i];
  return (void *) (dot + first);
}

int
main (void)
{
  pthread_t c, w[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&w[i], NULL, worker, NULL);
  pthread_create (&c, NULL, coordinator, NULL);
  pthread_join (c, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (w[i], NULL);
  return 0;
}
