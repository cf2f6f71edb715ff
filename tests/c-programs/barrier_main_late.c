// As barrier_main.c, but after the barrier main also reads `scaled`, which the workers
// write after the barrier.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: partial[] race-free
// expect: scaled[] RACE
// expect-race-at: scaled[] 47 30
// expect: grand race-free
// fixed-twin: barrier_main.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXT 128

static pthread_barrier_t sums_ready;
static long partial[MAXT];
static double scaled[MAXT];
static long grand;

static void *
work (void *arg)
{
  long id = (long) arg;
  long s = 0;
  for (long k = id * 1000; k < (id + 1) * 1000; k++)
    s += k % 7;
  partial[id] = s;
  pthread_barrier_wait (&sums_ready);
  scaled[id] = s / 1000.0;
  return NULL;
}

int
main (int argc, char **argv)
{
  unsigned t = argc > 1 ? (unsigned) atoi (argv[1]) : 4;
  pthread_t th[MAXT];
  if (t == 0 || t > MAXT)
    return 1;
  pthread_barrier_init (&sums_ready, NULL, t + 1);
  for (unsigned i = 0; i < t; i++)
    if (pthread_create (&th[i], NULL, work, (void *) (long) i))
      abort ();
  pthread_barrier_wait (&sums_ready);
  for (unsigned i = 0; i < t; i++)
    grand += partial[i] + (long) scaled[i];   /* scaled: written after the barrier */
  printf ("%ld\n", grand);
  for (unsigned i = 0; i < t; i++)
    pthread_join (th[i], NULL);
  for (unsigned i = 0; i < t; i++)
    printf ("%g\n", scaled[i]);
  return 0;
}
