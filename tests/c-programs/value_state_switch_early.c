// As value_state_switch.c, but the consumer also reads the data in the LOADING case,
// while the loader is filling it.
// expect: stage race-free
// expect: loaded[] RACE
// expect-race-at: loaded[] 47 24
// fixed-twin: value_state_switch.c
#include <pthread.h>
#include <stdio.h>

enum stage { IDLE, LOADING, READY };

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static enum stage stage = IDLE;
static int loaded[8];

static void *
loader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&mu);
  stage = LOADING;
  pthread_mutex_unlock (&mu);
  for (int i = 0; i < 8; i++)
    loaded[i] = i + 1;
  pthread_mutex_lock (&mu);
  stage = READY;
  pthread_mutex_unlock (&mu);
  return NULL;
}

static void *
consumer (void *arg)
{
  long sum = 0;
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&mu);
      enum stage now = stage;
      switch (stage)
        {
        case IDLE:
          pthread_mutex_unlock (&mu);
          continue;
        case LOADING:
          pthread_mutex_unlock (&mu);
          sum += loaded[0];
          continue;
        case READY:
          pthread_mutex_unlock (&mu);
          for (int i = 0; i < 8; i++)
            sum += loaded[i];
          break;
        }
      if (now == READY)
        break;
    }
  return (void *) sum;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, consumer, NULL);
  pthread_create (&b, NULL, loader, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
