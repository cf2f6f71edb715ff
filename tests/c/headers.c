/* headers.c: every libc header a racefree C input is likely to use, and a small
 * threaded program using them. Must parse with no diagnostics. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
#include <stdatomic.h>
#include <semaphore.h>
#include <unistd.h>
#include <stdint.h>
#include <stdbool.h>
#include <errno.h>
#include <time.h>

#define N_THREADS 4

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t ready;
  int64_t total;
  bool done;
} shared_t;

static shared_t shared = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, false };
static atomic_int hits;
static sem_t slots;
static _Thread_local unsigned seed;

static void *
worker (void *arg)
{
  intptr_t id = (intptr_t) arg;
  seed = (unsigned) time (NULL) + (unsigned) id;
  if (sem_wait (&slots) != 0 && errno == EINTR)
    return NULL;
  pthread_mutex_lock (&shared.lock);
  shared.total += id;
  while (!shared.done)
    pthread_cond_wait (&shared.ready, &shared.lock);
  pthread_mutex_unlock (&shared.lock);
  atomic_fetch_add (&hits, 1);
  sem_post (&slots);
  return NULL;
}

int
main (void)
{
  pthread_t threads[N_THREADS];
  char name[32];
  sem_init (&slots, 0, 2);
  for (intptr_t i = 0; i < N_THREADS; i++)
    {
      snprintf (name, sizeof name, "worker-%ld", (long) i);
      assert (strlen (name) < sizeof name);
      if (pthread_create (&threads[i], NULL, worker, (void *) i) != 0)
        {
          perror ("pthread_create");
          exit (EXIT_FAILURE);
        }
    }
  usleep (1000);
  pthread_mutex_lock (&shared.lock);
  shared.done = true;
  pthread_cond_broadcast (&shared.ready);
  pthread_mutex_unlock (&shared.lock);
  for (int i = 0; i < N_THREADS; i++)
    pthread_join (threads[i], NULL);
  printf ("%lld %d\n", (long long) shared.total, atomic_load (&hits));
  sem_destroy (&slots);
  return 0;
}
