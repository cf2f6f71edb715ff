// A ready flag under a mutex with a condition variable: the producer fills the table,
// then sets the flag and broadcasts under the mutex; each consumer waits while the
// flag is clear and reads the table after it (outside the mutex). The flag is only
// ever 0 or 1, so the model follows its value: a consumer passes its wait loop only
// after the producer has set it, and so after the table was written.
// expect: ready race-free
// expect: table[] race-free
// racy-twin: value_flag_cond_early.c
#include <pthread.h>
#include <stdio.h>

#define N 16

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t filled = PTHREAD_COND_INITIALIZER;
static int ready;
static int table[N];

static void *
producer (void *arg)
{
  (void) arg;
  for (int i = 0; i < N; i++)
    table[i] = i * i;
  pthread_mutex_lock (&lock);
  ready = 1;
  pthread_cond_broadcast (&filled);
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void *
consumer (void *arg)
{
  long sum = 0;
  (void) arg;
  pthread_mutex_lock (&lock);
  while (!ready)
    pthread_cond_wait (&filled, &lock);
  pthread_mutex_unlock (&lock);
  for (int i = 0; i < N; i++)
    sum += table[i];
  return (void *) sum;
}

int
main (void)
{
  pthread_t p, c[3];
  for (int i = 0; i < 3; i++)
    pthread_create (&c[i], NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (p, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (c[i], NULL);
  return 0;
}
