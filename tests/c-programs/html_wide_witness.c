// A chain of creations (main starts a, a starts b, b starts c, c starts d), so that a
// race's witness has five threads: c and d both add to `level` without the lock that
// guards `total`; the update of `level` is one line of over 200 characters (the HTML
// report's browser test: lanes that fit, source lines that wrap, badges beside them).
// expect: total race-free
// expect: level RACE
// fixed-twin: html_wide_witness_fixed.c
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;
int level;

static void add_level (int first_contribution_of_this_stage, int second_contribution_of_this_stage)
{
  level = level + first_contribution_of_this_stage + second_contribution_of_this_stage + first_contribution_of_this_stage * second_contribution_of_this_stage + first_contribution_of_this_stage - second_contribution_of_this_stage + 1;
  pthread_mutex_lock (&m);
  total++;
  pthread_mutex_unlock (&m);
}

static void *stage_d (void *arg)
{
  (void) arg;
  add_level (1, 2);
  return NULL;
}

static void *stage_c (void *arg)
{
  pthread_t t;
  (void) arg;
  pthread_create (&t, NULL, stage_d, NULL);
  add_level (3, 4);
  return NULL;
}

static void *stage_b (void *arg)
{
  pthread_t t;
  (void) arg;
  pthread_create (&t, NULL, stage_c, NULL);
  return NULL;
}

static void *stage_a (void *arg)
{
  pthread_t t;
  (void) arg;
  pthread_create (&t, NULL, stage_b, NULL);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, stage_a, NULL);
  return 0;
}
