/* all_allowed: the only race is accepted in a block comment, with its reason; a second
 * comment names a variable that does not race, and a third gives no reason.
 * Expected: 'hits' RACE (suppressed), 'config' race-free; exit status 0; warnings for
 * the allowance that suppresses nothing and for the one without a reason. */
#include <pthread.h>

/* racefree: allow race on hits: a heuristic hint, any value is correct */
int hits;
int config;   /* racefree: allow race on config: set before the threads start */
int misses;   // racefree: allow race on misses

static void *
probe (void *arg)
{
  hits = hits + config;
  return arg;
}

int
main (void)
{
  config = 3;
  pthread_t a, b;
  pthread_create (&a, NULL, probe, NULL);
  pthread_create (&b, NULL, probe, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return misses;
}
