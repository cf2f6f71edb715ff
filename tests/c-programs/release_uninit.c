// Releases through a pointer that may not be set yet: an indeterminate value may point
// anywhere, so the release may release any object of its type. Each worker holds the
// lock that protects its counter, and releases another object through a local pointer
// set on one path only (the loop's body, as the model sees it, may not run): that
// release may be of its own lock, so the access after it may be unprotected. The
// mutex, the semaphore, the rwlock and the mutex a condition wait releases.
// expect: by_mutex RACE
// expect: by_sem RACE
// expect: by_rwlock RACE
// expect: by_wait RACE
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
  pthread_mutex_unlock (m);   /* when arg is null, m is indeterminate: maybe &lock */
  by_mutex++;
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void *
sem_worker (void *arg)
{
  sem_t *s;
  sem_wait (&gate);
  if (arg)
    s = &spare;
  sem_post (s);               /* maybe gate: another worker may enter */
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
  for (int i = 0; i < 2 && arg; i++)
    l = &rw_other;
  pthread_rwlock_unlock (l);  /* maybe rw */
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
  if (arg)
    m = &wait_lock;
  pthread_cond_wait (&ready, m);  /* maybe releases lock while it waits */
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
