// Releases through a local pointer set on every path before it is used (in both
// branches, before the loop, on both sides of a goto): each release is of the one
// other object it points to, so every worker keeps the lock protecting its counter.
// expect: by_mutex race-free
// expect: by_sem race-free
// expect: by_rwlock race-free
// expect: by_wait race-free
// main broadcasts `ready` once, maybe before a wait_worker waits, which then waits for
// ever (until main's return ends the process): a lost wake-up.
// expect-deadlock: wait on ready: LOST WAKE-UP
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER, other = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t wait_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t ready = PTHREAD_COND_INITIALIZER;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER, rw_other = PTHREAD_RWLOCK_INITIALIZER;
sem_t gate, spare;
int by_mutex, by_sem, by_rwlock, by_wait;

static void *
mutex_worker (void *arg)
{
  pthread_mutex_t *m;
  pthread_mutex_lock (&other);
  pthread_mutex_lock (&lock);
  if (arg)
    m = &other;
  else
    m = &other;
  pthread_mutex_unlock (m);
  by_mutex++;
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void *
sem_worker (void *arg)
{
  sem_t *s;
  sem_wait (&gate);
  s = arg ? &spare : &spare;
  sem_post (s);
  by_sem++;
  sem_post (&gate);
  return NULL;
}

static void *
rwlock_worker (void *arg)
{
  pthread_rwlock_t *l;
  pthread_rwlock_rdlock (&rw_other);
  pthread_rwlock_wrlock (&rw);
  l = &rw_other;
  for (int i = 0; i < 2 && arg; i++)
    l = &rw_other;
  pthread_rwlock_unlock (l);
  by_rwlock++;
  pthread_rwlock_unlock (&rw);
  return NULL;
}

static void *
wait_worker (void *arg)
{
  pthread_mutex_t *m;
  pthread_mutex_lock (&lock);
  pthread_mutex_lock (&wait_lock);
  if (!arg)
    goto set;
  m = &wait_lock;
  goto wait;
set:
  m = &wait_lock;
wait:
  pthread_cond_wait (&ready, m);
  pthread_mutex_unlock (&wait_lock);
  by_wait++;
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  sem_init (&gate, 0, 1);
  sem_init (&spare, 0, 0);
  for (int i = 0; i < 2; i++)
    {
      pthread_create (&t, NULL, mutex_worker, NULL);
      pthread_create (&t, NULL, sem_worker, NULL);
      pthread_create (&t, NULL, rwlock_worker, NULL);
      pthread_create (&t, NULL, wait_worker, NULL);
    }
  pthread_cond_broadcast (&ready);
  return 0;
}
