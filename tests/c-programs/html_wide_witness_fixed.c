// html_wide_witness.c with the update of `level` under the lock that guards `total`.
// expect: total race-free
// expect: level race-free
// racy-twin: html_wide_witness.c
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;
int level;

static void add_level (int first_contribution_of_this_stage, int second_contribution_of_this_stage)
{
  pthread_mutex_lock (&m);
  level = level + first_contribution_of_this_stage + second_contribution_of_this_stage + first_contribution_of_this_stage * second_contribution_of_this_stage + first_contribution_of_this_stage - second_contribution_of_this_stage + 1;
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
