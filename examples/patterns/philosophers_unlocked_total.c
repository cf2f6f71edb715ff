// Pattern: dining philosophers, meal total without its lock — as philosophers_ordered.c,
// but the philosophers count meals without taking table_lock.
// expect: fork_uses[] race-free
// expect: meals RACE
// why: fork_uses[f] is only touched while holding forks[f], as in the fixed twin, but two
//   philosophers can execute `meals++` at the same time.
// fixed-twin: philosophers_ordered.c
#include <pthread.h>
#include <stdio.h>

#define N 5

static pthread_mutex_t forks[N];
static long fork_uses[N];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static long meals;

static void *philosopher (void *arg)
{
  int id = (int) (long) arg;
  int left = id, right = (id + 1) % N;
  int first = left < right ? left : right;
  int second = left < right ? right : left;
  for (int round = 0; round < 1000; round++)
    {
      pthread_mutex_lock (&forks[first]);
      pthread_mutex_lock (&forks[second]);
      fork_uses[first]++;
      fork_uses[second]++;
      pthread_mutex_unlock (&forks[second]);
      pthread_mutex_unlock (&forks[first]);
      meals++;
    }
  return NULL;
}

int main (void)
{
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_mutex_init (&forks[i], NULL);
  for (long i = 0; i < N; i++)
    pthread_create (&t[i], NULL, philosopher, (void *) i);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  pthread_mutex_lock (&table_lock);
  printf ("%ld meals\n", meals);
  pthread_mutex_unlock (&table_lock);
  return 0;
}
