// Lvalues in less common spellings are accesses like any other: a _Generic selection
// that selects an lvalue (written, incremented, its address taken), and the __real__
// and __imag__ parts of a complex variable. The workers write them with no lock while
// main reads them. Before, these writes were lost.
// expect: level RACE
// expect: hits RACE
// expect: ratio RACE
// expect: phase RACE
// fixed-twin: lvalue_forms_fixed.c
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
  SLOT (0) = 1;                        /* level */
  SLOT (0L)++;                         /* hits */
  double *r = &SLOT (0.5);             /* ratio, through a pointer */
  *r = 2.0;
  __real__ phase = 1.0;
  __imag__ phase += 0.5;
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_create (&t, NULL, worker, NULL);
  return level + (int) hits + (int) ratio + (int) __real__ phase;
}
