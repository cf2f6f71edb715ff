// The fixed twin of real_module_pool.c: the last error code is thread-local, as errno
// is, so each thread sees its own failures.
// A realistic resource-pool module (a library without main): each pool carries its own
// mutex and condition variable; acquire waits (with a timeout, in a while loop) for a
// free slot, release hands one back and signals, close wakes every waiter. The module
// keeps global statistics: a counter of acquisitions updated atomically, and the last
// error code, written by any failing call without a lock (the race). pool_init and
// pool_destroy are not entries: a client runs them alone, before and after using a
// pool. racefree checks one pool at a time (a representative pool object).
// args: --entry pool_acquire --entry pool_release --entry pool_available --entry pool_close --entry pool_total
// expect: struct pool.slots[].in_use race-free
// expect: struct pool.slots[].owner_tag race-free
// expect: struct pool.free_count race-free
// expect: struct pool.capacity race-free
// expect: struct pool.closed race-free
// expect: struct pool.waiters race-free
// expect: struct pool.acquisitions race-free
// expect: total_acquisitions race-free
// racy-twin: real_module_pool.c
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define POOL_MAX 32

struct slot
{
  bool in_use;
  uint32_t owner_tag;
};

struct pool
{
  pthread_mutex_t lock;
  pthread_cond_t available;
  struct slot slots[POOL_MAX];
  int capacity;
  int free_count;
  int waiters;
  bool closed;
  unsigned long acquisitions;
};

static unsigned long total_acquisitions;
static _Thread_local int last_error;

static void
set_error (int code)
{
  last_error = code;
}

int
pool_init (struct pool *p, int capacity)
{
  if (capacity <= 0 || capacity > POOL_MAX)
    {
      set_error (EINVAL);
      return -1;
    }
  memset (p->slots, 0, sizeof p->slots);
  p->capacity = capacity;
  p->free_count = capacity;
  p->waiters = 0;
  p->closed = false;
  p->acquisitions = 0;
  if (pthread_mutex_init (&p->lock, NULL) != 0)
    return -1;
  if (pthread_cond_init (&p->available, NULL) != 0)
    {
      pthread_mutex_destroy (&p->lock);
      return -1;
    }
  return 0;
}

static int
find_free (struct pool *p)
{
  for (int i = 0; i < p->capacity; i++)
    if (!p->slots[i].in_use)
      return i;
  return -1;
}

static void
deadline_in (struct timespec *ts, int ms)
{
  clock_gettime (CLOCK_REALTIME, ts);
  ts->tv_sec += ms / 1000;
  ts->tv_nsec += (long) (ms % 1000) * 1000000L;
  if (ts->tv_nsec >= 1000000000L)
    {
      ts->tv_sec++;
      ts->tv_nsec -= 1000000000L;
    }
}

int
pool_acquire (struct pool *p, uint32_t tag, int timeout_ms)
{
  struct timespec deadline;
  deadline_in (&deadline, timeout_ms);
  pthread_mutex_lock (&p->lock);
  p->waiters++;
  while (p->free_count == 0 && !p->closed)
    {
      int rc = pthread_cond_timedwait (&p->available, &p->lock, &deadline);
      if (rc == ETIMEDOUT)
        {
          p->waiters--;
          pthread_mutex_unlock (&p->lock);
          set_error (ETIMEDOUT);
          return -1;
        }
    }
  p->waiters--;
  if (p->closed)
    {
      pthread_mutex_unlock (&p->lock);
      set_error (ECANCELED);
      return -1;
    }
  int i = find_free (p);
  p->slots[i].in_use = true;
  p->slots[i].owner_tag = tag;
  p->free_count--;
  p->acquisitions++;
  pthread_mutex_unlock (&p->lock);
  __atomic_fetch_add (&total_acquisitions, 1, __ATOMIC_RELAXED);
  return i;
}

void
pool_release (struct pool *p, int slot)
{
  if (slot < 0 || slot >= POOL_MAX)
    {
      set_error (EINVAL);
      return;
    }
  pthread_mutex_lock (&p->lock);
  if (p->slots[slot].in_use)
    {
      p->slots[slot].in_use = false;
      p->slots[slot].owner_tag = 0;
      p->free_count++;
      pthread_cond_signal (&p->available);
    }
  pthread_mutex_unlock (&p->lock);
}

int
pool_available (const struct pool *p)
{
  pthread_mutex_t *lock = (pthread_mutex_t *) &p->lock;
  pthread_mutex_lock (lock);
  int n = p->closed ? 0 : p->free_count;
  pthread_mutex_unlock (lock);
  return n;
}

void
pool_close (struct pool *p)
{
  pthread_mutex_lock (&p->lock);
  p->closed = true;
  pthread_cond_broadcast (&p->available);
  pthread_mutex_unlock (&p->lock);
}

unsigned long
pool_total (void)
{
  return __atomic_load_n (&total_acquisitions, __ATOMIC_RELAXED);
}

void
pool_destroy (struct pool *p)
{
  pthread_cond_destroy (&p->available);
  pthread_mutex_destroy (&p->lock);
}
