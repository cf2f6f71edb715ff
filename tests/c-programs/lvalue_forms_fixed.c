// The fixed twin of lvalue_forms.c: the workers write the _Generic selections and the
// parts of the complex variable under the lock, and main reads them under it too.
// expect: level race-free
// expect: hits race-free
// expect: ratio race-free
// expect: phase race-free
// racy-twin: lvalue_forms.c
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int level;
long hits;
double ratio;
double _Complex phase;

#define SLOT(x) _Generic ((x), int: level, long: hits, default: ratio)

static void *
worker (void *arg)
{
  pthread_mutex_lock (&lock);
  SLOT (0) = 1;                        /* level */
  SLOT (0L)++;                         /* hits */
  double *r = &SLOT (0.5);             /* ratio, through a pointer */
  *r = 2.0;
  __real__ phase = 1.0;
  __imag__ phase += 0.5;
  pthread_mutex_unlock (&lock);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&lock);
  int v = level + (int) hits + (int) ratio + (int) __real__ phase;
  pthread_mutex_unlock (&lock);
  return v;
}
