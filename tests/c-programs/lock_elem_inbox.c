// Per-worker inboxes, each with its own mutex and condition variable: main posts work to
// every inbox in turn while the workers run; each worker waits on its own inbox (the index
// it was given). Main's loop guesses its counter; the workers' index is split by thread.
// expect: inbox[].pending race-free
// expect: inbox[].done race-free
// expect: inbox[].stop race-free
// racy-twin: lock_elem_inbox_peek.c
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
  long total = 0;
  for (int round = 0; round < 100; round++)
    for (int k = 0; k < NWORKERS; k++)
      {
        pthread_mutex_lock (&inbox[k].m);
        inbox[k].pending++;
        pthread_cond_signal (&inbox[k].ready);
        pthread_mutex_unlock (&inbox[k].m);
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
  return total > 0 ? 0 : 1;
}
