// Pattern: dining philosophers with ordered forks — each philosopher takes the lower-numbered
// fork first (no deadlock) and records each use of a fork while holding it.
// expect: fork_uses[] race-free
// expect: meals race-free
// why: fork_uses[f] is only touched while holding forks[f], and no two philosophers hold the
//   same fork at once; meals is only touched under table_lock.
// racy-twin: philosophers_unlocked_total.c
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
      pthread_mutex_lock (&table_lock);
      meals++;
      pthread_mutex_unlock (&table_lock);
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
  printf ("%ld meals\n", meals);  /* every philosopher has been joined */
  return 0;
}
