// Racy twin of lock_elem_inbox.c: main reads a worker's progress after it has released
// the inbox's mutex, while the worker may be updating it.
// expect: inbox[].pending race-free
// expect: inbox[].done RACE
// expect: inbox[].stop race-free
// expect-race-at: inbox[].done 38 62
// fixed-twin: lock_elem_inbox.c
#include <pthread.h>
#include <stdint.h>

#define NWORKERS 4

struct inbox {
  pthread_mutex_t m;
  pthread_cond_t ready;
  int pending;
  int stop;
  long done;
};

static struct inbox inbox[NWORKERS];

static void *
worker (void *arg)
{
  intptr_t id = (intptr_t) arg;
  for (;;)
    {
      pthread_mutex_lock (&inbox[id].m);
      while (inbox[id].pending == 0 && !inbox[id].stop)
        pthread_cond_wait (&inbox[id].ready, &inbox[id].m);
      if (inbox[id].pending == 0)
        {
          pthread_mutex_unlock (&inbox[id].m);
          return NULL;
        }
      inbox[id].pending--;
      inbox[id].done++;
      pthread_mutex_unlock (&inbox[id].m);
    }
}

int
main (void)
{
  pthread_t t[NWORKERS];
  for (int i = 0; i < NWORKERS; i++)
    {
      pthread_mutex_init (&inbox[i].m, NULL);
      pthread_cond_init (&inbox[i].ready, NULL);
    }
  for (intptr_t i = 0; i < NWORKERS; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  long seen = 0, total = 0;
  for (int round = 0; round < 100; round++)
    for (int k = 0; k < NWORKERS; k++)
      {
        pthread_mutex_lock (&inbox[k].m);
        inbox[k].pending++;
        pthread_cond_signal (&inbox[k].ready);
        pthread_mutex_unlock (&inbox[k].m);
        seen += inbox[k].done;
      }
  for (int k = 0; k < NWORKERS; k++)
    {
      pthread_mutex_lock (&inbox[k].m);
      inbox[k].stop = 1;
      total += inbox[k].done;
      pthread_cond_signal (&inbox[k].ready);
      pthread_mutex_unlock (&inbox[k].m);
    }
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (t[i], NULL);
  return seen + total > 0 ? 0 : 1;
}
